"""Perft: the published start-position values (depths 1..9 here, deeper in bench/) and positions
with kings checked against the pure-Python reference, with and without bulk counting."""

from __future__ import annotations

import pytest
from draughts_perft_data import perft_cases

from reference.draughts import Position, legal_paths
from reference.draughts import perft as reference_perft
from reference.draughts import play as reference_play
from trickcore import draughts
from trickcore.core.errors import RulesError


@pytest.mark.parametrize(("fen", "depth", "leaves"), perft_cases(max_depth=9))
def test_perft_start_position_matches_published_values(fen: str, depth: int, leaves: int) -> None:
    board = draughts.Board(fen)
    assert draughts.perft(board, depth) == leaves
    if depth <= 7:
        assert draughts.perft(board, depth, bulk=False) == leaves


def test_perft_without_bulk_counting_depth_9() -> None:
    fen, depth, leaves = perft_cases(max_depth=9)[-1]
    assert depth == 9
    assert draughts.perft(draughts.Board(fen), depth, bulk=False) == leaves


KING_POSITIONS = [
    # kings of both sides in open play
    "W:WK10,K19,23,27,30:BK14,K22,6,9,12",
    # a lone king against men and a king (captures in every direction)
    "B:WK18,15,23,24,26,31:BK11",
    # the king loop: the white king on 10 can go round 15/22/23/14 either way
    "W:WK10:B14,15,22,23",
    # a man crowned in the middle of a capture: 22x31 stops there (as a king it would go on
    # over 27), beside a king with two continuations (14x23x30, 14x23x32)
    "B:W26,27,18,K10:B22,K14,7",
    # a long men's multi-jump (3x10x19x28) beside a king's double jump (11x20x27)
    "B:W6,7,15,16,24:B2,3,K11",
    # men of both sides close to crowning, kings behind
    "W:W5,6,K20,K30:B26,27,K3,K12",
]


def _reference(fen: str) -> Position:
    board = draughts.Board(fen)
    pieces = {s: (piece.color.value, piece.is_king)
              for s in range(1, 33) if (piece := board.piece_at(s)) is not None}
    return Position.make(pieces, board.turn.value)


@pytest.mark.parametrize("fen", KING_POSITIONS)
@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_positions_with_kings_match_reference(fen: str, depth: int) -> None:
    board = draughts.Board(fen)
    expected = reference_perft(_reference(fen), depth)
    assert draughts.perft(board, depth) == expected
    assert draughts.perft(board, depth, bulk=False) == expected


def test_perft_counts_both_routes_of_a_king_loop() -> None:
    board = draughts.Board("W:WK10:B14,15,22,23")
    loops = [m for m in board.legal_moves() if m.start == m.end]
    assert {str(m) for m in loops} >= {"10x19x26x17x10", "10x17x26x19x10"}
    assert draughts.perft(board, 1) == len(board.legal_moves()) == len(legal_paths(_reference(
        board.fen())))


def test_perft_depth_zero_is_one_and_bad_depth_is_refused() -> None:
    board = draughts.Board()
    assert draughts.perft(board, 0) == 1
    with pytest.raises(RulesError, match="depth"):
        draughts.perft(board, -1)
    with pytest.raises(RulesError, match="depth"):
        draughts.perft(board, 65)


def test_perft_of_a_position_is_the_sum_over_its_moves() -> None:
    board = draughts.Board()
    total = 0
    for move in board.legal_moves():
        board.push(move)
        total += draughts.perft(board, 4)
        board.pop()
    assert total == draughts.perft(board, 5) == 7361
    assert reference_perft(reference_play(_reference(board.fen()), (11, 15)), 2) == \
        draughts.perft(_pushed(board, "11-15"), 2)


def _pushed(board: draughts.Board, move: str) -> draughts.Board:
    child = board.copy()
    child.push(move)
    return child
