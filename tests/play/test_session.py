"""The play sessions without a terminal: the referee's refusals leave the state unchanged, undo
goes back to the person's previous decision, saved games continue exactly, the same seed gives
the same bot moves, hints and grades agree with the solver."""

from __future__ import annotations

import pytest

from trickcore.core.errors import IllegalMoveError, ParseError, SerializationError
from trickcore.draughts import Board, Color
from trickcore.play import commands
from trickcore.play.draughts_game import DraughtsSession
from trickcore.play.opponents import make_opponent
from trickcore.play.session import SOLVE_AT, CardSession, bots_for
from trickcore.simulation.registry import rules_for


def advance(session: CardSession) -> None:
    """Plays the bots until the person is to act (or the match is over)."""
    while not session.is_over and not session.human_to_act:
        session.bot_move()


def first_legal(session: CardSession) -> None:
    """The person's move: the first legal card, the rule bot's pass or bid."""
    deal = session.deal
    if deal.phase == "play":
        session.play(min(deal.legal_moves()))
    else:
        session.hint().move.apply_to(session.match)


def test_an_illegal_card_is_refused_with_the_referees_message_and_nothing_changes() -> None:
    session = CardSession(rules_for("svarta-maja", pass_count=0), seed=2)
    advance(session)
    while set(session.deal.legal_moves()) == set(session.hand_order()):
        first_legal(session)
        advance(session)
    before = session.to_json()
    illegal = next(c for c in session.hand_order() if c not in session.deal.legal_moves())
    with pytest.raises(IllegalMoveError, match="must follow"):
        session.play(illegal)
    assert session.to_json() == before


def test_undo_goes_back_to_the_persons_previous_decision() -> None:
    session = CardSession(rules_for("spades"), seed=4, bots=["rule", "random", "greedy"])
    advance(session)
    first_legal(session)  # the bid
    advance(session)
    before = session.to_json()
    first_legal(session)
    advance(session)
    assert session.undo() >= 1
    assert session.to_json() == before and session.human_to_act


def test_undo_before_any_move_is_refused() -> None:
    session = CardSession(rules_for("dam-collect"), seed=1, seat=2)
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        session.undo()


def test_a_saved_game_continues_exactly_and_the_seed_replays_the_bots() -> None:
    def play(session: CardSession, moves: int) -> None:
        for _ in range(moves):
            advance(session)
            first_legal(session)

    session = CardSession(rules_for("spardame"), seed=7, bots=["pimc", "rule", "random"],
                          level=1)
    play(session, 4)
    loaded = CardSession.from_json(session.to_json())
    assert loaded.to_json() == session.to_json()
    play(session, 3)
    play(loaded, 3)
    replayed = CardSession(rules_for("spardame"), seed=7, bots=["pimc", "rule", "random"],
                           level=1)
    play(replayed, 7)
    assert loaded.to_json() == session.to_json() == replayed.to_json()


def test_a_saved_game_that_is_not_one_is_refused() -> None:
    with pytest.raises(SerializationError):
        CardSession.from_json('{"format": "something else"}')
    with pytest.raises(SerializationError):
        CardSession.from_json("[1, 2")


def test_bots_per_seat_and_their_count_is_checked() -> None:
    seats = bots_for(["pimc", "rule"], 3, 1)
    assert seats[1] is None and [b.name for b in seats if b] == ["pimc", "rule"]
    with pytest.raises(ValueError, match="one per other seat"):
        bots_for(["rule", "rule"], 4, 0)


def test_the_exact_hint_is_the_solvers_best_and_the_grade_finds_no_cost() -> None:
    session = CardSession(rules_for("svarta-maja", pass_count=0), seed=5)
    advance(session)
    deal = session.deal
    exact = []
    while not session.is_over and session.deal is deal:
        hint = session.hint()
        if hint.exact:
            solution = session._solve(session.deal)
            assert hint.values[hint.move.card] == -solution.value  # Hearts: points count against
            exact.append(hint.move.card)
        session.play(hint.move.card)
        advance(session)
        if deal.is_over:
            break
    assert len(exact) == SOLVE_AT
    grades = session.grade(deal)
    assert {g.played for g in grades[-SOLVE_AT:]} == set(exact)
    assert all(g.cost == 0 for g in grades[-SOLVE_AT:]) and all(g.cost >= 0 for g in grades)


def test_commands_read_cards_by_name_or_number_bids_and_helpers() -> None:
    session = CardSession(rules_for("svarta-maja"), seed=1)
    hand = session.hand_order()
    assert commands.cards("1, 2 3", hand) == hand[:3]
    assert commands.card("Q♠", hand) == commands.card("qs", hand) == commands.card("QS", hand)
    assert str(commands.card("10h", hand)) == "TH"
    assert commands.bid("blind  nil") == "blind nil" and commands.bid("4") == 4
    assert commands.helper("save x.json") == commands.Helper("save", "x.json")
    assert commands.helper("qs") is None
    for bad, message in (("99", "no card number 99"), ("zz", "zz"), ("qs kh", "one card")):
        with pytest.raises(ParseError, match=message):
            commands.card(bad, hand)
    with pytest.raises(ParseError, match="file name"):
        commands.helper("load")


def test_draughts_refuses_a_move_with_the_referees_message() -> None:
    rules = rules_for("draughts", start="W:W18:B14")
    session = DraughtsSession(rules, seat=1)
    with pytest.raises(IllegalMoveError, match="a capture is compulsory"):
        session.push("18-15")
    assert session.board.ply == 0
    session.push("18x9")
    assert session.outcome() is not None and not session.human_to_act


def test_draughts_undo_and_pdn_round_trip() -> None:
    session = DraughtsSession(rules_for("draughts"), seed=3)
    session.push("11-15")
    session.opponent_move()
    fen = session.board.fen()
    hints = session.hint()
    assert len(hints) == 3 and hints[0].score >= hints[1].score >= hints[2].score
    session.push(str(hints[0].move))
    session.opponent_move()
    assert session.undo() == 2 and session.board.fen() == fen
    assert [(h.move, h.score, h.pv) for h in session.hint()] == \
        [(h.move, h.score, h.pv) for h in hints]  # the same position, the same hint
    loaded = DraughtsSession.from_pdn(session.to_pdn())
    assert loaded.board.fen() == fen and loaded.board.move_stack == session.board.move_stack
    loaded.push("8-11")
    session.push("8-11")
    assert loaded.opponent_move() == session.opponent_move()


def test_the_random_opponent_depends_on_the_seed_and_the_position_only() -> None:
    board = Board()
    one, two = make_opponent("random", 1), make_opponent("random", 1)
    assert one.choose(board) == two.choose(board.copy())
    picks = {make_opponent("random", seed).choose(board) for seed in range(40)}
    assert picks == set(board.legal_moves())
    assert board.turn == Color.BLACK
    with pytest.raises(ValueError, match="unknown draughts opponent"):
        make_opponent("engin")


def test_the_engine_opponent_plays_the_same_move_in_the_same_position() -> None:
    board = Board("W:W21,22,K30:B9,K13")
    engine = make_opponent("engine2")
    first = engine.choose(board)
    make_opponent("engine2").choose(Board())   # another search between does not change it
    assert engine.choose(board.copy()) == first and first in board.legal_moves()
    assert make_opponent("engine1").choose(Board("B:W6:B1")) in Board("B:W6:B1").legal_moves()
    assert DraughtsSession(rules_for("draughts")).opponent.name == "engine"
