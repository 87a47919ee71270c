"""Referee mode (the seed's table rules): a player's first illegal move in a game is taken back
with a warning; a second illegal move by the same player in the same game loses it (forfeit).
The referee also records the results that are not about the board: a draw by agreement, a
resignation, a loss on time.

Only moves the rules forbid count: unreadable or ambiguous move text raises as on a Board and
is not a move at all.
"""

from __future__ import annotations

import enum
import warnings

from trickcore.core.errors import IllegalMoveError
from trickcore.draughts._board import Board, Move
from trickcore.draughts.errors import IllegalMoveWarning
from trickcore.draughts.outcome import Outcome, Termination
from trickcore.draughts.pieces import Color

ILLEGAL_MOVES_ALLOWED = 1   # warnings before the next illegal move forfeits the game


class Verdict(enum.Enum):
    """What the referee made of a move: accepted, a warning (taken back) or a forfeit."""
    ACCEPTED = "accepted"   # the move was legal and is played
    WARNING = "warning"     # a first illegal move: taken back, the same player moves again
    FORFEIT = "forfeit"     # a second illegal move: the player loses the game


class Referee:
    """Plays moves on a board for two players and applies the illegal-move rule."""

    def __init__(self, board: Board | None = None) -> None:
        self.board = Board() if board is None else board
        self._illegal = {Color.BLACK: 0, Color.WHITE: 0}
        self._decided: Outcome | None = None   # a result not reached on the board

    def illegal_moves(self, color: Color) -> int:
        """Illegal moves the player has tried in this game."""
        return self._illegal[Color(color)]

    def play(self, move: Move | str) -> Verdict:
        """Plays a move for the side to move, or judges it illegal (the board is unchanged)."""
        if self.outcome() is not None:
            raise IllegalMoveError(f"the game is over ({self.result()}): no more moves")
        mover = self.board.turn
        try:
            self.board.push(move)
        except IllegalMoveError as error:
            self._illegal[mover] += 1
            if self._illegal[mover] > ILLEGAL_MOVES_ALLOWED:
                self._decided = Outcome(Termination.FORFEIT, mover.opponent)
                return Verdict.FORFEIT
            warnings.warn(IllegalMoveWarning(
                f"{mover.name.capitalize()}: {error} (taken back; a second illegal move in this "
                f"game loses it)"), stacklevel=2)
            return Verdict.WARNING
        return Verdict.ACCEPTED

    def agree_draw(self) -> None:
        """Ends the game as a draw by agreement."""
        self._decide(Outcome(Termination.AGREEMENT, None))

    def resign(self, color: Color) -> None:
        """The player of ``color`` resigns: the opponent wins."""
        self._decide(Outcome(Termination.RESIGNATION, Color(color).opponent))

    def lose_on_time(self, color: Color) -> None:
        """The player of ``color`` overstepped the time limit: the opponent wins."""
        self._decide(Outcome(Termination.TIME, Color(color).opponent))

    def _decide(self, outcome: Outcome) -> None:
        if self.outcome() is not None:
            raise IllegalMoveError(f"the game is over ({self.result()}): it cannot end again")
        self._decided = outcome

    def outcome(self) -> Outcome | None:
        """How the game ended (a decision, or the board's own end), or None while it goes on."""
        return self._decided if self._decided is not None else self.board.outcome()

    def result(self) -> str:
        """The PDN result: "1-0", "0-1", "1/2-1/2", or "*" while the game goes on."""
        outcome = self.outcome()
        return "*" if outcome is None else outcome.result()
