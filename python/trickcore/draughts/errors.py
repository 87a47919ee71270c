"""Draughts-specific errors and warnings; all errors are trickcore errors (ValueError)."""

from __future__ import annotations

from trickcore.core.errors import ParseError, TrickcoreError


class AmbiguousMoveError(ParseError):
    """A short-form move (``9x27``) that names more than one legal capture; the message lists
    every candidate in full form."""


class IllegalMoveWarning(UserWarning):
    """Referee mode: a player's first illegal move of the game, taken back with a warning."""


class TablesError(TrickcoreError):
    """An endgame-tables request that cannot be met: piece counts no table covers, a table file
    missing where building is not allowed, a bad tables folder."""


class TablesCorruptError(TablesError):
    """A table file that is truncated, corrupt (its checksum fails) or not a table file of this
    format: never trusted; rebuilt when building is allowed."""
