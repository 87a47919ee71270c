"""How a game of draughts ended.

Results are written from Black's side first, Black being the first player: ``1-0`` Black won,
``0-1`` White won, ``1/2-1/2`` drawn, ``*`` unfinished (the PDN convention of English draughts:
the first player's score first).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from trickcore.draughts.pieces import Color


class Termination(enum.IntEnum):
    """Why a game ended; the first four values are the C playout kernel's codes."""

    NO_MOVES = 1      # the side to move has no piece left or no legal move: it loses
    REPETITION = 2    # draw: a threefold-repetition claim became possible (automatic draws)
    FORTY_MOVES = 3   # draw: a 40-move-rule claim became possible (automatic draws)
    MAX_PLIES = 4     # draw by adjudication at a simulation's ply limit
    FORFEIT = 5       # a second illegal move by the same player (referee mode): that player loses
    AGREEMENT = 6     # draw agreed by the players
    RESIGNATION = 7   # a player resigned: the opponent wins
    TIME = 8          # a player lost on time


RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


@dataclass(frozen=True)
class Outcome:
    termination: Termination
    winner: Color | None   # None for a draw

    def result(self) -> str:
        """``1-0`` (Black won), ``0-1`` (White won) or ``1/2-1/2``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == Color.BLACK else "0-1"
