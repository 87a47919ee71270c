"""The engine's search checked against plain negamax (tests/reference/draughts_search.py), its
draw claims, mate distances, limits and arguments; the openings and matches."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.draughts_search import root_score
from trickcore.core.errors import ArgumentError, TrickcoreError
from trickcore.draughts import Board, Color, Move, Tables, TableValue
from trickcore.draughts._search import TABLE_WIN
from trickcore.draughts.commands import register
from trickcore.draughts.engine import (
    FEATURES,
    MATE,
    WEIGHTS,
    Engine,
    GameOverError,
    Limit,
    SearchLimitError,
)
from trickcore.draughts.match import match
from trickcore.draughts.openings import three_move_openings

EXACT = Engine(hash_mb=0, reductions=False)
ENGINE = Engine(hash_mb=1)


def random_board(seed: int, plies: int, *, auto_draw: bool = False) -> Board:
    """A board after up to ``plies`` random moves from the start (fewer if the game ends)."""
    rng = random.Random(seed)
    board = Board(auto_draw=auto_draw)
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves or board.is_game_over():
            break
        board.push(rng.choice(moves))
    return board


ENDGAMES = ["W:WK10:BK1,K3", "B:W18,K27:B14,K5", "W:W21,22,K30:B9,K13", "B:WK19,26:BK1,10",
            "B:W6:B1", "W:W25,26,27:B14,15,K22"]


@given(st.integers(0, 10**9), st.integers(0, 60), st.integers(1, 4), st.booleans())
def test_search_equals_negamax(seed: int, plies: int, depth: int, auto_draw: bool) -> None:
    board = random_board(seed, plies, auto_draw=auto_draw)
    if board.is_game_over():
        return
    result = EXACT.search(board, depth=depth)
    assert result.score == root_score(board, depth)
    assert result.pv[0] == result.move and result.move in board.legal_moves()
    assert result.depth == depth or result.mate is not None   # a forced end stops early


@pytest.mark.parametrize("fen", ENDGAMES)
def test_endgames_equal_negamax_at_depth_5(fen: str) -> None:
    board = Board(fen)
    assert EXACT.search(board, depth=5).score == root_score(board, 5)


def test_mate_distances() -> None:
    win = ENGINE.search(Board("B:W6:B1"), depth=4)   # 1x10 takes White's last piece
    assert (str(win.move), win.score, win.mate) == ("1x10", MATE - 1, 1)
    for fen, mate in [("W:W10:B1,3", -2), ("W:W13:B1,K2", -4)]:   # White's man is lost
        board = Board(fen)
        result = EXACT.search(board, depth=6)
        assert result.score == root_score(board, 6) and result.mate == mate


def test_repetition_is_the_only_way_out() -> None:
    """Black, a king down, can only save the game by the repetition 6-1 (White could then claim
    a third 1/28,32 position, which ends the game drawn)."""
    board = Board("B:WK28,K32:BK1", auto_draw=True)
    for move in ["1-6", "28-24", "6-1", "24-28", "1-6", "28-24"]:
        board.push(move)
    assert Engine.evaluate(board) < 0
    for depth in (1, 3, 6):
        result = ENGINE.search(board, depth=depth)
        assert (str(result.move), result.score) == ("6-1", 0)
        assert EXACT.search(board, depth=depth).score == root_score(board, depth) == 0


def king_walk(board: Board, plies: int, rng: random.Random) -> Board:
    """The board after a random walk of quiet king moves that ends no game (retried from the
    start when it gets stuck)."""
    start = board.copy()
    while board.reversible_plies < plies:
        quiet = [m for m in board.legal_moves() if not m.is_capture]
        rng.shuffle(quiet)
        for move in quiet:
            board.push(move)
            if board.outcome() is None:
                break
            board.pop()
        else:
            board = start.copy()
    return board


def test_forty_move_rule_draws() -> None:
    """After 79 reversible plies every move of Black's lets White claim the 40-move rule."""
    board = king_walk(Board("W:WK28,K32:BK1", auto_draw=True), 79, random.Random(5))
    assert board.turn == Color.BLACK and Engine.evaluate(board) < 0
    assert ENGINE.search(board, depth=5).score == 0


def test_optional_claims_are_a_floor() -> None:
    board = Board("B:WK28,K32:BK1")   # claims optional: the same repetition, as a floor
    for move in ["1-6", "28-24", "6-1", "24-28", "1-6", "28-24", "6-1"]:
        board.push(move)
    assert board.can_claim_draw()
    assert EXACT.search(board, depth=3).score == root_score(board, 3) >= 0


def table_score(tables: Tables, board: Board, ply: int) -> int:
    """The search's score of a probed position ``ply`` plies below the root, for its mover."""
    value = tables.probe(board)
    assert value is not None
    return {TableValue.WIN: TABLE_WIN - ply, TableValue.DRAW: 0,
            TableValue.LOSS: -(TABLE_WIN - ply)}[value]


def random_endgame(rng: random.Random, pieces: int) -> Board:
    """A random position of ``pieces`` pieces, both sides on the board, the game not over."""
    while True:
        squares = rng.sample(range(1, 33), pieces)
        parts: dict[str, list[str]] = {"B": [], "W": []}
        for i, square in enumerate(squares):
            color = "B" if i < rng.randint(1, pieces - 1) else "W"
            crowned = square > 28 if color == "B" else square < 5
            parts[color].append(("K" if crowned or rng.random() < 0.4 else "") + str(square))
        board = Board(f"{rng.choice('BW')}:W{','.join(parts['W'])}:B{','.join(parts['B'])}")
        if parts["W"] and not board.is_game_over():
            return board


def test_tables_score_the_captures_that_leave_fewer_pieces(built: Tables) -> None:
    """Below the root only positions with fewer pieces than the root are probed: with every move
    a capture that leaves no capture pending, the root's score is the best of its children's
    table values."""
    engine, rng, checked = Engine(tables=built, hash_mb=0, reductions=False), random.Random(3), 0
    while checked < 40:
        board = random_endgame(rng, 5)
        moves, best, quiet = board.legal_moves(), -TABLE_WIN, True
        if not moves[0].captured:
            continue
        for move in moves:
            board.push(move)
            if board.is_game_over():
                best = MATE - 1
            else:
                quiet = quiet and not board.legal_moves()[0].captured
                best = max(best, -table_score(built, board, 1))
            board.pop()
        if not quiet:
            continue
        assert engine.search(board, depth=2).score == best, board.fen()
        checked += 1
    assert engine.tables is built


def defend(tables: Tables, engine: Engine, board: Board) -> Move:
    """A table-perfect defender: a move keeping the best table value, the engine's pick of them."""
    keep = tables.best_moves(board)
    for line in engine.analyse(board, multipv=len(board.legal_moves()), depth=6):
        if line.move in keep:
            return line.move
    raise AssertionError("analyse ranks every legal move")


def test_engine_without_tables_converts_won_endgames(built: Tables) -> None:
    """Won 4-piece positions (by the tables) won by the tableless engine, 300,000 nodes a move,
    against a table-perfect defender before the 40-move rule or a repetition lets it claim a
    draw."""
    rng, attacker, defender, games = random.Random(11), Engine(), Engine(), 0
    while games < 12:
        board = random_endgame(rng, 4)
        if board.legal_moves()[0].captured or built.probe(board) != TableValue.WIN:
            continue
        side, start = board.turn, board.fen()
        attacker.clear()
        while not board.is_game_over() and not board.can_claim_forty_move_rule() \
                and not (board.turn != side and board.can_claim_draw()):
            board.push(attacker.search(board, nodes=300_000).move if board.turn == side
                       else defend(built, defender, board))
        outcome = board.outcome()
        assert outcome is not None and outcome.winner == side, (start, board.fen())
        games += 1


def test_engine_tables_must_be_tables() -> None:
    with pytest.raises(ArgumentError, match=r"tables must be a draughts\.Tables"):
        Engine(tables="tables")  # type: ignore[arg-type]


def test_no_illegal_move_in_random_positions() -> None:
    engine = Engine(hash_mb=1)
    for seed in range(1500):
        board = random_board(seed, seed % 80)
        if board.is_game_over():
            continue
        result = engine.search(board, nodes=1 + seed % 300)
        assert result.move in board.legal_moves()
        assert all(m is not None for m in result.pv)


def test_limits_stop_with_legal_moves() -> None:
    board = Board()
    for result in (ENGINE.search(board, nodes=1), ENGINE.search(board, time=0.001),
                   ENGINE.search(board, depth=1)):
        assert result.move in board.legal_moves() and result.nodes >= 1
    timed = ENGINE.search(board, time=0.05)
    assert timed.time < 1.0 and timed.depth >= 1


def test_time_limit_holds_inside_an_iteration() -> None:
    # The limit stops the search mid-iteration (the clock read every 1024 nodes); the margin is
    # for a shared machine's scheduling, not the search.
    board = random_board(5, 24)
    result = Engine().search(board, time=0.2)
    assert result.move in board.legal_moves() and result.time < 0.2 + 0.1


def test_search_leaves_the_board_unchanged() -> None:
    board = random_board(3, 20)
    before = (board.fen(), board.ply, board.move_stack, board.reversible_plies)
    ENGINE.search(board, depth=6)
    ENGINE.analyse(board, multipv=3, depth=4)
    ENGINE.play(board, Limit(nodes=500))
    assert (board.fen(), board.ply, board.move_stack, board.reversible_plies) == before


def test_analyse_multipv() -> None:
    board = Board()
    lines = EXACT.analyse(board, multipv=3, depth=3)
    assert len(lines) == 3 and len({line.move for line in lines}) == 3
    assert [line.score for line in lines] == sorted((line.score for line in lines), reverse=True)
    scores = sorted((root_score_after(board, m) for m in board.legal_moves()), reverse=True)
    assert [line.score for line in lines] == scores[:3]


def root_score_after(board: Board, move: object) -> int:
    from reference.draughts_search import negamax
    board.push(move)   # type: ignore[arg-type]
    score = -negamax(board, 2, 1)
    board.pop()
    return score


def test_play_gives_a_move_and_a_ponder_move() -> None:
    played = ENGINE.play(Board(), Limit(depth=6))
    assert played.move == played.info.move and played.ponder == played.info.pv[1]


@pytest.mark.parametrize("limits", [{}, {"depth": 0}, {"depth": -1}, {"depth": 1000},
                                    {"time": -1.0}, {"time": 0}, {"time": float("nan")},
                                    {"nodes": 0}, {"depth": 2.5}, {"depth": True}])
def test_bad_limits_raise(limits: dict[str, float]) -> None:
    with pytest.raises(SearchLimitError):
        ENGINE.search(Board(), **limits)   # type: ignore[arg-type]


def test_bad_arguments_raise() -> None:
    with pytest.raises(GameOverError):
        ENGINE.search(Board("B:W6:B"), depth=3)
    with pytest.raises(SearchLimitError):
        ENGINE.analyse(Board(), multipv=0, depth=2)
    for bad in ({"tables": object()}, {"hash_mb": -1}, {"hash_mb": "big"}):
        with pytest.raises(TrickcoreError):
            Engine(**bad)   # type: ignore[arg-type]
    assert issubclass(SearchLimitError, ValueError) and issubclass(GameOverError, ValueError)


def test_evaluation_is_the_weighted_features() -> None:
    for seed in range(50):
        board = random_board(seed, 40)
        features = Engine.features(board)
        assert list(features) == list(FEATURES)
        weighted = zip(WEIGHTS, FEATURES, strict=True)
        assert Engine.evaluate(board) == sum(w * features[f] for w, f in weighted)
    assert Engine.evaluate(Board()) == 0


def test_openings_are_the_156_legal_ballots() -> None:
    openings = three_move_openings()
    assert len(openings) == 156 and len({o.moves for o in openings}) == 156
    assert [o.number for o in openings] == sorted(o.number for o in openings)
    for opening in openings:   # each move legal for the referee
        assert opening.board().ply == 3 and not opening.board().is_game_over()


def test_match_plays_both_colours() -> None:
    result = match(Engine(hash_mb=1), Engine(hash_mb=1), openings=three_move_openings()[:2],
                   time_per_move=None, depth=2)
    assert len(result.games) == 4
    assert [g.a_color for g in result.games] == [Color.BLACK, Color.WHITE] * 2
    assert result.wins + result.draws + result.losses == 4
    assert result.score.count == 2
    total = sum(g.a_points for g in result.games)
    assert result.score.mean == pytest.approx(total / 4)


def test_analyse_command(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["draughts-analyse", "B:W6:B1", "--depth", "3"])
    assert args.run(args) == 0
    out = capsys.readouterr().out
    assert out.startswith("depth 1 score win in 1 plies pv 1x10") and "nps" in out


def test_analyse_command_refuses_a_bad_fen(capsys: pytest.CaptureFixture[str]) -> None:
    from trickcore.cli import main
    assert main(["draughts-analyse", "B:W21-32:X1-12", "--time", "0.1"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_scores_read_as_men_or_plies_to_the_end() -> None:
    assert EXACT.search(Board("W:W25,26,27:B14,15,K22"), depth=7).format_score() == \
        "win in 5 plies"
    assert EXACT.search(Board("W:WK32:BK27,K23,K24"), depth=7).format_score() == \
        "loss in 4 plies"
    even = EXACT.search(Board(), depth=2)
    assert even.mate is None and even.format_score() == f"{even.score / 100:+.2f}"
