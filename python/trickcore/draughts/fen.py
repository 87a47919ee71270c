"""FEN for English draughts positions, as in PDN: ``B:W21,22,K30:B1-12``.

The side to move (``B`` or ``W``), then each side's squares after its letter, in either order;
``K`` marks a king; ranges such as ``1-12`` (or ``K1-3``) are accepted on input. Written with
White's list first and each list numerically sorted.
"""

from __future__ import annotations

import re

from trickcore.core.errors import ParseError
from trickcore.draughts.pieces import Color

_ITEM = re.compile(r"(K?)(\d{1,2})(?:-(\d{1,2}))?")


class FenPosition:
    """A parsed FEN: 32-bit square masks (bit s - 1 = square s) and the side to move."""

    __slots__ = ("black", "kings", "turn", "white")

    def __init__(self, black: int, white: int, kings: int, turn: Color) -> None:
        self.black = black
        self.white = white
        self.kings = kings
        self.turn = turn


def _squares(part: str, fen: str) -> tuple[int, int]:
    """The (pieces, kings) masks of one side's comma-separated square list."""
    pieces = kings = 0
    if not part:
        return pieces, kings
    for item in part.split(","):
        match = _ITEM.fullmatch(item.strip())
        if not match:
            raise ParseError(f"bad square {item.strip()!r} in FEN {fen!r}")
        first = int(match.group(2))
        last = int(match.group(3)) if match.group(3) else first
        if not (1 <= first <= last <= 32):
            raise ParseError(f"square {item.strip()!r} out of 1..32 in FEN {fen!r}")
        for square in range(first, last + 1):
            bit = 1 << (square - 1)
            if pieces & bit:
                raise ParseError(f"square {square} listed twice in FEN {fen!r}")
            pieces |= bit
            if match.group(1):
                kings |= bit
    return pieces, kings


def parse_fen(fen: str) -> FenPosition:
    """Reads a FEN; the position is not checked against the rules here (see Board.from_fen)."""
    if not isinstance(fen, str):
        raise ParseError(f"FEN must be a string, not {type(fen).__name__}")
    text = fen.strip().strip('"').rstrip(".").strip()
    fields = [field.strip() for field in text.split(":")]
    if len(fields) != 3 or fields[0].upper() not in ("B", "W"):
        raise ParseError(f"malformed FEN {fen!r}: expected 'B' or 'W', then ':W...' and ':B...'")
    lists: dict[str, tuple[int, int]] = {}
    for field in fields[1:]:
        color = field[:1].upper()
        if color not in ("B", "W") or color in lists:
            raise ParseError(f"malformed FEN {fen!r}: expected one ':W' and one ':B' list")
        lists[color] = _squares(field[1:].strip(), fen)
    (black, black_kings), (white, white_kings) = lists["B"], lists["W"]
    if black & white:
        square = (black & white & -(black & white)).bit_length()
        raise ParseError(f"square {square} holds a black and a white piece in FEN {fen!r}")
    turn = Color.BLACK if fields[0].upper() == "B" else Color.WHITE
    return FenPosition(black, white, black_kings | white_kings, turn)


def _square_list(pieces: int, kings: int) -> str:
    return ",".join(
        ("K" if kings >> (s - 1) & 1 else "") + str(s)
        for s in range(1, 33) if pieces >> (s - 1) & 1)


def format_fen(black: int, white: int, kings: int, turn: Color) -> str:
    return f"{Color(turn).letter}:W{_square_list(white, kings)}:B{_square_list(black, kings)}"
