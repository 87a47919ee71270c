"""Exception classes. Every error trickcore raises for bad input is a ``ValueError`` subclass whose
message names the rule broken or quotes the bad input; the state it was raised from is unchanged.
"""

from __future__ import annotations


class TrickcoreError(ValueError):
    """Base class of every trickcore input error."""


class ParseError(TrickcoreError):
    """Text (a card, a card set, FEN, PDN, JSON) that cannot be read."""


class InvalidTrickError(TrickcoreError):
    """A trick that cannot be resolved: empty, a card out of range, too many copies of a card."""


class RulesError(TrickcoreError):
    """A rules parameter or a combination of parameters that is not allowed."""


class IllegalMoveError(TrickcoreError):
    """A move, pass or bid the rules do not allow at this point; the state is left unchanged."""


class ArgumentError(TrickcoreError):
    """An argument of the wrong kind or out of range (a count, a depth, a square); the message
    names the argument."""


class SerializationError(ParseError):
    """A serialised game that is malformed, tampered with, or does not replay."""


class SolveError(TrickcoreError):
    """A position or a request the solver cannot take: not in the play phase, a finished deal,
    an objective the game does not have."""


class SolveLimitError(SolveError):
    """A solve stopped at its node limit (``max_nodes``) before it knew the value."""


class BotMoveError(IllegalMoveError):
    """A bot asked to move for a seat that is not to act, or a bot's move that is not a legal
    move of its seat (a custom bot's bug): the message names the bot and the move. Nothing
    moved."""


class UnknownBotError(ArgumentError):
    """A bot name the registry does not know; the message suggests close names."""


class ActionError(IllegalMoveError):
    """An environment action that cannot be taken: out of the action space, masked out, an
    array of the wrong shape or type, or a step of an episode that is over. Nothing moved."""


# C status codes (src/trickcore/status.h) and the class each becomes; the one place they are mapped.
_STATUS_ERRORS: dict[int, type[TrickcoreError]] = {
    1: InvalidTrickError,  # TC_ERR_EMPTY
    2: InvalidTrickError,  # TC_ERR_CARD_RANGE
    3: InvalidTrickError,  # TC_ERR_DUPLICATE
    4: RulesError,  # TC_ERR_ARGUMENT
    5: InvalidTrickError,  # TC_ERR_TOO_LONG
    6: IllegalMoveError,  # TC_ERR_ILLEGAL
    7: IllegalMoveError,  # TC_ERR_STATE
    8: SolveLimitError,  # TC_ERR_LIMIT
}


def error_for_status(status: int, message: str) -> TrickcoreError:
    """The exception for a non-zero C status code."""
    return _STATUS_ERRORS.get(status, TrickcoreError)(message)
