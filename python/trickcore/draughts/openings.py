"""The 3-move ballot openings (the ACF list, 156 in use), shipped as data/openings.txt: a match
plays each opening with both colours (docs/draughts-engine.md, "Matches")."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from trickcore.draughts._board import Board


@dataclass(frozen=True)
class Opening:
    """A ballot: its number in the ACF list of 174 and its three moves (Black, White, Black)."""

    number: int
    moves: tuple[str, ...]

    def board(self) -> Board:
        """A board after the opening's moves, with automatic draws (as matches play)."""
        board = Board(auto_draw=True)
        for move in self.moves:
            board.push(move)
        return board

    def __str__(self) -> str:
        return f"ACF {self.number}: {' '.join(self.moves)}"


@cache
def three_move_openings() -> tuple[Opening, ...]:
    """The 156 openings in ACF order."""
    text = resources.files("trickcore.draughts").joinpath("data/openings.txt").read_text()
    openings = []
    for line in text.splitlines():
        if line and not line.startswith("#"):
            number, moves = line.split("\t")
            openings.append(Opening(int(number), tuple(moves.split())))
    return tuple(openings)
