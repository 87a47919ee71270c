"""Checks for the fields of the games' Rules objects: each refusal is a RulesError naming the
field and quoting the bad value."""

from __future__ import annotations

from typing import Any, get_args

from trickcore.core._cardset import CardSet
from trickcore.core.errors import ParseError, RulesError


def int_field(name: str, value: object) -> int:
    """``value`` if it is an int (a bool is not)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be an int, not {value!r}")
    return value


def bool_field(name: str, value: object) -> bool:
    """``value`` if it is True or False (never 0, 1 or "no")."""
    if not isinstance(value, bool):
        raise RulesError(f"{name} must be True or False, not {value!r}")
    return value


def check_choice(name: str, value: object, alias: Any) -> None:
    """Refuses a ``value`` that is not one of the Literal ``alias``'s choices."""
    choices = get_args(alias)
    if value not in choices:
        raise RulesError(f"{name} must be one of {', '.join(map(repr, choices))}, not {value!r}")


def cards_field(name: str, value: object) -> CardSet:
    """``value`` as a CardSet (a CardSet, a string such as "2C 3C", or an iterable of cards)."""
    try:
        return CardSet(value)  # type: ignore[arg-type]
    except (TypeError, ParseError) as error:
        raise RulesError(f"{name}: not a set of cards: {value!r} ({error})") from None
