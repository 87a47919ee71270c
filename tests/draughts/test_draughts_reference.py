"""The C move generator, the board's make/unmake and its draw claims checked against the
pure-Python reference (tests/reference/draughts.py) on random positions and random games."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from reference.draughts import BLACK, WHITE, Position, draw_claim, is_reversible, legal_paths
from reference.draughts import play as reference_play
from reference.draughts import start as reference_start
from trickcore.draughts import Board, Termination
from trickcore.draughts._board import STARTING_FEN
from trickcore.draughts._playout import playout_choices


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Any well-formed position: up to 12 pieces a side, many kings, no man on its crowning
    row."""
    squares = draw(st.lists(st.integers(1, 32), min_size=1, max_size=24, unique=True))
    pieces: dict[int, tuple[int, bool]] = {}
    counts = {BLACK: 0, WHITE: 0}
    for square in squares:
        color = draw(st.sampled_from([BLACK, WHITE]))
        if counts[color] == 12:
            color = 1 - color
        counts[color] += 1
        crown_row = square > 28 if color == BLACK else square <= 4
        pieces[square] = (color, crown_row or draw(st.booleans()))
    return Position.make(pieces, draw(st.sampled_from([BLACK, WHITE])))


def board_paths(board: Board) -> list[tuple[int, ...]]:
    return [move.path for move in board.legal_moves()]


@given(positions())
def test_legal_moves_match_reference_on_random_positions(position: Position) -> None:
    board = Board(position.fen())
    assert board.fen() == position.fen()
    assert board_paths(board) == legal_paths(position)   # same moves, in path order


@given(positions(), st.data())
def test_push_matches_reference_and_pop_restores(position: Position, data: st.DataObject) -> None:
    board = Board(position.fen())
    paths = legal_paths(position)
    if not paths:
        assert board.outcome() is not None and board.outcome().termination == Termination.NO_MOVES
        return
    path = data.draw(st.sampled_from(paths))
    move = board.parse_move(("x" if board.legal_moves()[0].is_capture else "-").join(
        map(str, path)))
    board.push(move)
    after = reference_play(position, path)
    assert board.fen() == after.fen()
    assert board.reversible_plies == (1 if is_reversible(position, path) else 0)
    board.pop()
    assert board.fen() == position.fen() and board.ply == 0


@settings(max_examples=20)
@given(st.integers(0, 2**32 - 1))
def test_random_games_match_reference(seed: int) -> None:
    rng = np.random.default_rng(seed)
    board = Board()
    position = reference_start()
    for _ in range(150):
        paths = legal_paths(position)
        assert board_paths(board) == paths
        if not paths:
            break
        path = paths[int(rng.integers(len(paths)))]
        board.push(board.legal_moves()[paths.index(path)])
        position = reference_play(position, path)
        assert board.fen() == position.fen()


class PushPopMachine(RuleBasedStateMachine):
    """Pushes and pops on a board in a king ending (where positions repeat) beside a reference
    history; the draw claims must follow the history through every pop."""

    START = "B:WK29,K32,26:BK1,K4,7"

    def __init__(self) -> None:
        super().__init__()
        self.board = Board(self.START)
        self.history = [Position.make(
            {s: (p.color.value, p.is_king) for s in range(1, 33)
             if (p := self.board.piece_at(s)) is not None}, self.board.turn.value)]
        self.reversible = [0]

    @precondition(lambda self: bool(legal_paths(self.history[-1])))
    @rule(data=st.data())
    def push(self, data: st.DataObject) -> None:
        current = self.history[-1]
        path = data.draw(st.sampled_from(legal_paths(current)))
        index = [move.path for move in self.board.legal_moves()].index(path)
        self.board.push(self.board.legal_moves()[index])
        self.history.append(reference_play(current, path))
        self.reversible.append(self.reversible[-1] + 1 if is_reversible(current, path) else 0)

    @precondition(lambda self: len(self.history) > 1)
    @rule()
    def pop(self) -> None:
        self.board.pop()
        self.history.pop()
        self.reversible.pop()

    @invariant()
    def same_position_and_claims(self) -> None:
        assert self.board.fen() == self.history[-1].fen()
        assert self.board.reversible_plies == self.reversible[-1]
        claim = draw_claim(self.history, self.reversible[-1])
        assert self.board.can_claim_threefold_repetition() == (claim == "repetition")
        assert self.board.can_claim_draw() == (claim is not None)


TestPushPop = PushPopMachine.TestCase
TestPushPop.settings = settings(max_examples=30, stateful_step_count=40, deadline=None)


@settings(max_examples=25)
@given(st.integers(0, 2**32 - 1), st.sampled_from([STARTING_FEN, "B:WK29,K32,26:BK1,K4,7"]))
def test_c_playout_ends_where_the_board_says(seed: int, fen: str) -> None:
    """A random game played in C, replayed move by move on a Board with auto_draw, ends at the
    same ply with the same result and the same reason (no moves, repetition, 40-move rule)."""
    choices, result, end, plies = playout_choices(
        np.random.PCG64(seed), Board(fen), True, 0, 100_000)
    board = Board(fen, auto_draw=True)
    for choice in choices:
        assert board.outcome() is None
        board.push(board.legal_moves()[choice])
    outcome = board.outcome()
    assert outcome is not None and board.ply == plies
    assert outcome.termination == Termination(end)
    assert outcome.result() == {1: "1-0", -1: "0-1", 0: "1/2-1/2"}[result]


def test_c_playout_every_kind_of_end_replays_on_the_board() -> None:
    """The first two games (by seed) ending in each way, replayed with auto_draw."""
    found: dict[int, list[int]] = {end: [] for end in (1, 2, 3)}
    seed = 0
    while any(len(seeds) < 2 for seeds in found.values()):
        choices, _, end, plies = playout_choices(
            np.random.PCG64(seed), Board(), True, 0, 100_000)
        if len(found[end]) < 2:
            found[end].append(seed)
            board = Board(auto_draw=True)
            for choice in choices:
                board.push(board.legal_moves()[choice])
            outcome = board.outcome()
            assert outcome is not None and outcome.termination == Termination(end)
            assert board.ply == plies
        seed += 1
        assert seed < 50_000


def test_c_playout_ply_limit_adjudicates_a_draw() -> None:
    choices, result, end, plies = playout_choices(np.random.PCG64(1), Board(), False, 10, 100)
    assert (result, Termination(end), plies, len(choices)) == (0, Termination.MAX_PLIES, 10, 10)


@pytest.mark.parametrize("fen", [
    "B:WK6,K7,K8,K14,K15,K16,K22,K23,24,32:BK1,K2,K3,K4",    # 34 capture sequences
    "B:W:BK2,K8,K9,K10,K11,K17,K18,K19,K25,K26,K27,K28",    # 42 king steps
])
def test_positions_with_the_most_moves_found_by_search(fen: str) -> None:
    """The largest move lists a hill-climbing search over legal positions found (the C move list
    has room for 256, and reports an error rather than overflow)."""
    board = Board(fen)
    position = Position.make(
        {s: (p.color.value, p.is_king) for s in range(1, 33)
         if (p := board.piece_at(s)) is not None}, board.turn.value)
    assert board_paths(board) == legal_paths(position)
    assert len(board_paths(board)) in (34, 42)
