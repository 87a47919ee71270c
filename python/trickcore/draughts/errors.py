"""Draughts-specific errors and warnings; all errors are trickcore errors (ValueError)."""

from __future__ import annotations

from trickcore.core.errors import ParseError


class AmbiguousMoveError(ParseError):
    """A short-form move (``9x27``) that names more than one legal capture; the message lists
    every candidate in full form."""


class IllegalMoveWarning(UserWarning):
    """Referee mode: a player's first illegal move of the game, taken back with a warning."""
