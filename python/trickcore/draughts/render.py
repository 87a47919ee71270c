"""Pictures of a board: a text diagram (``str(board)``) and SVG for notebooks (``_repr_svg_``).

Both show the board with White at the bottom, as in the standard numbering (1 = b8 top left
dark square, 32 = g1)."""

from __future__ import annotations

from typing import Protocol

from trickcore.draughts.pieces import SQUARES, Color, Piece, square_row_column


class _Position(Protocol):
    @property
    def turn(self) -> Color: ...

    def piece_at(self, square: int) -> Piece | None: ...


def _grid(board: _Position) -> list[list[tuple[int, Piece | None] | None]]:
    """8 rows of 8 cells from Black's side: (square, piece) on dark squares, None on light."""
    grid: list[list[tuple[int, Piece | None] | None]] = [[None] * 8 for _ in range(8)]
    for square in SQUARES:
        row, column = square_row_column(square)
        grid[row][column] = (square, board.piece_at(square))
    return grid


def diagram(board: _Position) -> str:
    """Pieces as ``b``/``w`` (men) and ``B``/``W`` (kings), empty dark squares as ``.``; the
    squares of each row are listed on the right."""
    lines = []
    for row, cells in enumerate(_grid(board)):
        marks = " ".join(" " if cell is None else "." if cell[1] is None else str(cell[1])
                         for cell in cells)
        first = 4 * row + 1
        lines.append(f"{8 - row} {marks}   {first:2}-{first + 3:2}")
    lines.append("  a b c d e f g h")
    lines.append(f"{board.turn.name.capitalize()} to move")
    return "\n".join(lines)


_CELL = 40
_COLORS = {"light": "#f0d9b5", "dark": "#946f51", Color.BLACK: "#8b1a1a", Color.WHITE: "#f5f5f0"}


def svg(board: _Position, *, size: int = 8 * _CELL) -> str:
    """The board as an SVG image: square numbers on the dark squares, kings with a ring."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {8 * _CELL} {8 * _CELL}" '
             f'width="{size}" height="{size}">']
    for row, cells in enumerate(_grid(board)):
        for column, cell in enumerate(cells):
            x, y = column * _CELL, row * _CELL
            fill = _COLORS["light" if cell is None else "dark"]
            parts.append(f'<rect x="{x}" y="{y}" width="{_CELL}" height="{_CELL}" fill="{fill}"/>')
            if cell is None:
                continue
            square, piece = cell
            parts.append(f'<text x="{x + 2}" y="{y + 10}" font-size="9" fill="#e8e0d0" '
                         f'font-family="sans-serif">{square}</text>')
            if piece is None:
                continue
            cx, cy = x + _CELL // 2, y + _CELL // 2
            stroke = "#222" if piece.color == Color.WHITE else "#f0e0c0"
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="{_CELL * 0.38:.1f}" '
                         f'fill="{_COLORS[piece.color]}" stroke="{stroke}" stroke-width="1.5" '
                         f'class="{piece.name.lower()}"/>')
            if piece.is_king:
                parts.append(f'<circle cx="{cx}" cy="{cy}" r="{_CELL * 0.2:.1f}" fill="none" '
                             f'stroke="#d4a017" stroke-width="3"/>')
    parts.append("</svg>")
    return "".join(parts)
