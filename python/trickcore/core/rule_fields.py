"""The fields of the games' Rules objects: their checks (each refusal is a RulesError naming the
field and quoting the bad value), their documentation (``rule``, ``documented``) and the one-line
summary ``str(rules)`` gives (``describe``)."""

from __future__ import annotations

import dataclasses
import functools
import inspect
import textwrap
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar, get_args

from trickcore.core._cardset import CardSet
from trickcore.core.errors import ParseError, RulesError

T = TypeVar("T")
R = TypeVar("R")
Formatter = Callable[[Any], str]  # words one field's value for ``describe``


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


def check_match_end(limit: object, deals: object) -> None:
    """A match ends at a score ``limit``, after a number of ``deals``, or both (each positive)."""
    for name, value in (("limit", limit), ("deals", deals)):
        if value is not None and int_field(name, value) <= 0:
            raise RulesError(f"{name} must be positive or None, not {value}")
    if limit is None and deals is None:
        raise RulesError("a match needs an end: set limit, deals or both")


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


def rule(default: T, doc: str) -> T:
    """A Rules dataclass field with its ``default`` and what it means, ``doc``: the one place a
    field is explained (``documented`` lists it in the class docstring that ``help()`` shows)."""
    return dataclasses.field(default=default, metadata={"doc": doc})


def documented(cls: type[R]) -> type[R]:
    """Appends a "Parameters" section to a Rules dataclass's docstring: every init field, its
    default and its ``rule(..., doc)`` text. A field without a doc is refused (TypeError) when
    the class is defined."""
    entries = []
    for spec in dataclasses.fields(cls):  # type: ignore[arg-type]
        if not spec.init:
            continue
        doc = spec.metadata.get("doc")
        if not doc:
            raise TypeError(f"{cls.__qualname__}.{spec.name} has no doc: declare it with rule()")
        body = textwrap.fill(doc, 96, initial_indent="    ", subsequent_indent="    ")
        entries.append(f"{spec.name} : {spec.type}, default {spec.default!r}\n{body}")
    head = inspect.cleandoc(cls.__doc__ or "")
    cls.__doc__ = f"{head}\n\nParameters\n----------\n" + "\n".join(entries)
    _built_once(cls)
    return cls


def _built_once(cls: type[Any]) -> None:
    """Makes a frozen dataclass's ``__init__`` refuse a second call, which would rewrite the
    fields of a value every cache and every deal shares (frozen stops setattr, not __init__)."""
    init = cls.__init__

    @functools.wraps(init)
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if vars(self):
            raise TypeError(f"{type(self).__name__} is immutable: {self!r} cannot be built again")
        init(self, *args, **kwargs)

    cls.__init__ = __init__


def _text(value: object) -> str:
    if isinstance(value, CardSet):
        return " ".join(card.symbol for card in value) or "none"
    if isinstance(value, tuple):
        return " ".join(map(_text, value)) or "none"
    return "none" if value is None else str(value)


def describe(rules: Any, baseline: Any, essentials: Iterable[str], covered: Iterable[str],
             labels: Mapping[str, Formatter] | None = None) -> str:
    """A one-line human summary of ``rules``: the ``essentials`` (already worded by the game;
    they cover the fields named in ``covered``), then every other field whose value differs
    from ``baseline`` (the preset the rules come from), worded by ``labels[name]`` when given,
    else as "nil value 50", "no teams" or "queen breaks hearts"."""
    labels = labels or {}
    skip = set(covered)
    parts = list(essentials)
    for spec in dataclasses.fields(rules):
        value = getattr(rules, spec.name)
        if spec.name in skip or not spec.init or value == getattr(baseline, spec.name):
            continue
        if spec.name in labels:
            parts.append(labels[spec.name](value))
            continue
        label = spec.name.replace("_", " ")
        if isinstance(value, bool):
            parts.append(label if value else f"no {label}")
        else:
            parts.append(f"{label} {_text(value)}")
    return ", ".join(parts)


def _deals(value: int | None) -> str:
    if value is None:
        return "no fixed number of deals"
    return f"{value} deal" if value == 1 else f"{value} deals"


# How ``describe`` words the end of a match, for the games that have ``limit`` and ``deals``.
MATCH_END_LABELS: dict[str, Formatter] = {
    "limit": lambda value: "no limit" if value is None else f"to {value}",
    "deals": _deals,
}
