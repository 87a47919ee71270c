"""Sides, pieces and squares of English draughts (squares 1..32 in the standard numbering)."""

from __future__ import annotations

import enum

SQUARES = range(1, 33)


class Color(enum.IntEnum):
    """A side. Black (the dark side, "red" in WCDF sets) moves first, from squares 1..12."""

    BLACK = 0
    WHITE = 1

    @property
    def opponent(self) -> Color:
        return Color(1 - self)

    @property
    def letter(self) -> str:
        """``B`` or ``W``, as in FEN."""
        return "BW"[self]


class Piece(enum.Enum):
    """A piece: a man or a king of one side. ``str(piece)`` is its diagram letter."""

    BLACK_MAN = (Color.BLACK, False)
    BLACK_KING = (Color.BLACK, True)
    WHITE_MAN = (Color.WHITE, False)
    WHITE_KING = (Color.WHITE, True)

    @property
    def color(self) -> Color:
        color: Color = self.value[0]
        return color

    @property
    def is_king(self) -> bool:
        king: bool = self.value[1]
        return king

    @classmethod
    def of(cls, color: Color, *, king: bool) -> Piece:
        return cls((Color(color), king))

    def __str__(self) -> str:
        letter = "bw"[self.color]
        return letter.upper() if self.is_king else letter


def square_row_column(square: int) -> tuple[int, int]:
    """The (row, column) of a square, both 0..7, row 0 at Black's side (1 = b8 = row 0, column 1;
    29 = a1 = row 7, column 0)."""
    row, offset = divmod(square - 1, 4)
    return row, 2 * offset + (1 if row % 2 == 0 else 0)


def square_name(square: int) -> str:
    """The algebraic name of a square seen with White at the bottom: 1 = b8, 32 = g1."""
    row, column = square_row_column(square)
    return "abcdefgh"[column] + str(8 - row)
