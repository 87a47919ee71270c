"""Moves as text, FEN, the board's API and its pictures, and refused input (which must leave the
board exactly as it was)."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trickcore import draughts
from trickcore.core.errors import IllegalMoveError, ParseError, TrickcoreError
from trickcore.draughts import AmbiguousMoveError, Board, Color, Move, Piece

# -- moves --------------------------------------------------------------------------------------

def test_move_parse_full_forms() -> None:
    step = Move.parse("11-15")
    assert step.path == (11, 15) and step.captured == () and not step.is_capture
    jump = Move.parse("15x24x31")
    assert jump.path == (15, 24, 31) and jump.captured == (19, 27)
    assert jump.start == 15 and jump.end == 31 and jump.is_capture
    assert jump.captured_mask == (1 << 18) | (1 << 26)
    assert str(jump) == "15x24x31" and repr(jump) == "Move.parse('15x24x31')"


def test_moves_compare_hash_and_pickle_by_path() -> None:
    assert Move.parse("11-15") == Move((11, 15)) and Move.parse("11-15") != Move.parse("11-16")
    assert hash(Move.parse("15x24")) == hash(Move([15, 24]))
    assert sorted([Move.parse("12-16"), Move.parse("9-13")]) == [Move.parse("9-13"),
                                                                  Move.parse("12-16")]
    move = Move.parse("10x19x26x17x10")
    assert pickle.loads(pickle.dumps(move)) == move
    assert len({Move.parse("11-15"), Move.parse("11-15")}) == 1


@pytest.mark.parametrize(("text", "message"), [
    ("", "bad move"), ("11", "bad move"), ("11-", "bad move"), ("a1-b2", "bad move"),
    ("11-15-19", "a step joins two squares"), ("0-4", "1..32"), ("33x24", "1..32"),
    ("11-20", "not a diagonal neighbour"), ("11x15", "not a single jump"),
    ("9x27", "Board.parse_move"), ("11-15x18", "mixes"),
])
def test_move_parse_refuses_bad_text(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        Move.parse(text)


@pytest.mark.parametrize(
    "path", [(11,), (11, 19), (1, 10, 1, 10), (5, 12), (0, 4), (4, 33), (3, 12, 3)])
def test_move_constructor_refuses_impossible_paths(path: tuple[int, ...]) -> None:
    with pytest.raises(IllegalMoveError):
        Move(path)


def test_parse_move_accepts_a_unique_short_form() -> None:
    board = Board("B:W6,14,15,22,24:B1")
    assert str(board.parse_move("1x26")) == "1x10x17x26"
    assert str(board.parse_move("1x10x19x28")) == "1x10x19x28"


def test_parse_move_short_form_ambiguity_lists_the_candidates() -> None:
    board = Board("B:W6,14,15,22,23:B1")
    with pytest.raises(AmbiguousMoveError, match="1x10x17x26, 1x10x19x26"):
        board.parse_move("1x26")
    assert isinstance(AmbiguousMoveError("x"), ParseError)


def test_parse_move_prefers_the_exact_full_form() -> None:
    board = Board("W:WK10:B14,15,22,23")
    assert str(board.parse_move("10x19x26x17x10")) == "10x19x26x17x10"
    with pytest.raises(AmbiguousMoveError, match="10x17x26x19x10, 10x19x26x17x10"):
        board.parse_move("10x10")


def test_parse_move_illegal_move_lists_the_legal_ones() -> None:
    with pytest.raises(IllegalMoveError, match="legal moves are 9-13, 9-14"):
        Board().parse_move("11-14")
    with pytest.raises(ParseError, match="written with 'x'"):
        Board("B:W18,32:B14").parse_move("14-23")


# -- FEN ----------------------------------------------------------------------------------------

def test_fen_round_trip_sorted_with_kings() -> None:
    fen = "W:W9,K18,22,K31:B1,K5,12,K27"
    assert Board(fen).fen() == fen
    assert Board("W:WK31,22,9,K18:BK27,12,K5,1").fen() == fen


def test_fen_accepts_ranges_either_order_and_spaces() -> None:
    assert Board("B:B1-12:W21-32").fen() == draughts.STARTING_FEN
    assert Board(' B : W 21-32 : B 1-12 . ').fen() == draughts.STARTING_FEN
    assert Board("W:WK1-3:B26").fen() == "W:WK1,K2,K3:B26"
    assert Board.from_fen("B:W:B1").pieces(Color.WHITE) == ()


@pytest.mark.parametrize(("fen", "message"), [
    ("", "malformed FEN"), ("X:W1:B2", "malformed FEN"), ("B:W1", "malformed FEN"),
    ("B:W1:W2", "one ':W' and one ':B'"), ("B:W1,x:B2", "bad square 'x'"),
    ("B:W0:B2", "out of 1..32"), ("B:W33:B2", "out of 1..32"), ("B:W5-3:B2", "out of 1..32"),
    ("B:W1,1:B2", "listed twice"), ("B:W7:B7", "black and a white piece"),
    ("B:W13-25:B1", "more than 12 pieces"), ("B:W21:B30", "crowning row"),
    ("B:W2:B20", "crowning row"),
])
def test_bad_fen_is_refused_quoting_the_input(fen: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        Board(fen)


def test_fen_must_be_text() -> None:
    with pytest.raises(ParseError, match="string"):
        Board(123)  # type: ignore[arg-type]


# -- board API ----------------------------------------------------------------------------------

def test_pieces_per_square_and_masks() -> None:
    board = Board("W:W9,K18:B1,K27")
    assert board.piece_at(1) == Piece.BLACK_MAN and board.piece_at(27) == Piece.BLACK_KING
    assert board.piece_at(9) == Piece.WHITE_MAN and board.piece_at(18) == Piece.WHITE_KING
    assert board.piece_at(2) is None
    assert board.black == (1 << 0) | (1 << 26) and board.white == (1 << 8) | (1 << 17)
    assert board.kings == (1 << 17) | (1 << 26)
    assert board.pieces(Color.BLACK) == (1, 27) and board.turn == Color.WHITE
    assert str(Piece.WHITE_KING) == "W" and Piece.of(Color.BLACK, king=False) == Piece.BLACK_MAN
    with pytest.raises(IllegalMoveError, match=r"1\.\.32"):
        board.piece_at(33)


def test_push_pop_history_copy_and_equality() -> None:
    board = Board()
    board.push("11-15")
    board.push(Move.parse("23-19"))
    assert board.ply == 2 and [str(m) for m in board.move_stack] == ["11-15", "23-19"]
    assert str(board.peek()) == "23-19"
    clone = board.copy()
    assert clone == board and clone is not board and copy.copy(board) == board
    clone.push("8-11")
    assert clone != board and board.ply == 2
    assert str(clone.pop()) == "8-11" and clone == board
    assert board.root() == Board() and board.root().ply == 0
    restored = pickle.loads(pickle.dumps(board))
    assert restored == board and restored.move_stack == board.move_stack
    with pytest.raises(TypeError):
        hash(board)


def test_zobrist_hash_is_incremental_and_follows_the_position() -> None:
    board = Board()
    start = board.zobrist_hash()
    for move in ("11-15", "22-18", "15x22", "25x18"):
        board.push(move)
        assert board.zobrist_hash() == Board(board.fen()).zobrist_hash()
    assert board.zobrist_hash() != start
    for _ in range(4):
        board.pop()
    assert board.zobrist_hash() == start
    assert Board("W:W21-32:B1-12").zobrist_hash() != start   # the side to move counts


def test_refused_calls_leave_the_board_unchanged() -> None:
    board = Board()
    board.push("11-15")
    before = (board.fen(), board.ply, board.move_stack, board.zobrist_hash())
    for bad in ("23-18x", "12-16", "22-17-13", "9x14", 42, None):
        with pytest.raises((TrickcoreError, TypeError)):
            board.push(bad)  # type: ignore[arg-type]
        assert (board.fen(), board.ply, board.move_stack, board.zobrist_hash()) == before
    empty = Board()
    with pytest.raises(IllegalMoveError, match="no move to take back"):
        empty.pop()


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        Board().push("11-14")
    with pytest.raises(ValueError):
        Board("nonsense")


# -- pictures -----------------------------------------------------------------------------------

def test_text_diagram() -> None:
    text = str(Board("W:W9,K18:B1,K27"))
    assert text.splitlines() == [
        "8   b   .   .   .    1- 4",
        "7 .   .   .   .      5- 8",
        "6   w   .   .   .    9-12",
        "5 .   .   .   .     13-16",
        "4   .   W   .   .   17-20",
        "3 .   .   .   .     21-24",
        "2   .   .   B   .   25-28",
        "1 .   .   .   .     29-32",
        "  a b c d e f g h",
        "White to move",
    ]


def test_svg_rendering() -> None:
    image = Board("W:W9,K18:B1,K27")._repr_svg_()
    assert image.startswith("<svg") and image.endswith("</svg>")
    assert image.count("<rect") == 64 and image.count('class="black_man"') == 1
    assert image.count('class="white_king"') == 1 and image.count('stroke="#d4a017"') == 2
    assert ">32</text>" in image


FEN_ALPHABET = "BWK:,-.0123456789 x"


@given(st.text(alphabet=FEN_ALPHABET, max_size=40))
def test_any_fen_text_either_parses_or_raises_parse_error(text: str) -> None:
    try:
        board = Board(text)
    except ParseError:
        return
    assert Board(board.fen()) == board


@given(st.text(alphabet="0123456789-x ", max_size=12))
def test_any_move_text_either_parses_or_raises_a_trickcore_error(text: str) -> None:
    board = Board("B:W6,14,15,22,23:B1,K30")
    try:
        move = board.parse_move(text)
    except TrickcoreError:
        return
    assert move in board.legal_moves()
