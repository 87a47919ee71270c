"""The draughts board as rich text: every dark square shows its number and its piece (``b``
``w`` men, ``B`` ``W`` kings, as ``str(board)`` draws them; ``·`` when empty), the last move's
squares highlighted; under it the last move and the game's move list in PDN order."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from trickcore.draughts import Color, Game
from trickcore.draughts.pieces import SQUARES, square_row_column
from trickcore.play.draughts_game import DraughtsSession

PIECE_STYLES = {Color.BLACK: "bold red", Color.WHITE: "bold bright_white"}


def board_view(session: DraughtsSession) -> RenderableType:
    board = session.board
    last = board.peek()
    marked = set() if last is None else {*last.path, *last.captured}
    cells: dict[tuple[int, int], int] = {square_row_column(s): s for s in SQUARES}
    lines = Text()
    for row in range(8):
        for column in range(8):
            square = cells.get((row, column))
            if square is None:
                lines.append("    ", style="on grey23")
                continue
            piece = board.piece_at(square)
            highlight = " on dark_goldenrod" if square in marked else ""
            lines.append(f"{square:>3}", style="dim" + highlight)
            if piece is None:
                lines.append("·", style="dim" + highlight)
            else:
                lines.append(str(piece), style=PIECE_STYLES[piece.color] + highlight)
        lines.append("\n")
    you = session.color.name.lower()
    parts: list[RenderableType] = [lines, Text(f"you play {you} ({you[0]} and {you[0].upper()})")]
    if last is not None:
        mover = board.turn.opponent.name.capitalize()
        parts.append(Text(f"last move: {mover} {last}"))
    start = (("FEN", board.root().fen()),)  # the first mover numbers the moves
    movetext = Game(start, tuple(board.move_stack)).pdn().split("\n\n")[-1].strip()
    parts.append(Text(f"moves: {movetext if board.ply else '(none yet)'}"))
    outcome = session.outcome()
    if outcome is None:
        parts.append(Text(f"{board.turn.name.capitalize()} to move", style="bold"))
    return Group(*parts)
