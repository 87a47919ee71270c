"""JSON documents for game states: one envelope for every game, card codecs, a codec for frozen
Rules dataclasses, and the tamper check.

A document is ``{"format": "trickcore", "version": 1, "type": "<module>.<Class>", ...body}``.
Cards are written as text ("QS", a set as "QS AH 2C") so a document reads like a score sheet.
Rules are written field by field and read back through their type hints (bool, int, str,
Literal, None, CardSet, Card and tuples of those), then validated by the Rules class itself.
A game adds nothing here: its deal and match classes (``trickcore.core.deal``,
``trickcore.core.match``)
compose these pieces. Every problem raises ``SerializationError`` with the path of the bad item.
"""

from __future__ import annotations

import dataclasses
import json
import types
from collections.abc import Callable, Mapping
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from trickcore.core._cardset import CardMultiset, CardSet
from trickcore.core.card import Card
from trickcore.core.errors import ParseError, SerializationError, TrickcoreError

FORMAT = "trickcore"
VERSION = 1

R = TypeVar("R")
V = TypeVar("V")
H = TypeVar("H")


def dump(type_tag: str, body: Mapping[str, Any], *, indent: int | None = None) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "type": type_tag, **body},
                      ensure_ascii=False, indent=indent)


def load(text: str | bytes, type_tag: str) -> dict[str, Any]:
    """The body of a document of type ``type_tag``."""
    try:
        document = json.loads(text)
    except (TypeError, ValueError) as error:
        raise SerializationError(f"not a JSON document: {error}") from None
    if not isinstance(document, dict):
        raise SerializationError(
            f"a trickcore document is a JSON object, not {type(document).__name__}")
    if document.get("format") != FORMAT:
        raise SerializationError(f"not a trickcore document (format {document.get('format')!r})")
    if document.get("version") != VERSION:
        raise SerializationError(f"unsupported document version {document.get('version')!r} "
                                 f"(this trickcore reads version {VERSION})")
    if document.get("type") != type_tag:
        raise SerializationError(f"expected a {type_tag} document, not {document.get('type')!r}")
    return document


def field(data: Mapping[str, Any], key: str, kind: type[V], where: str) -> V:
    """``data[key]``, which must be of type ``kind`` (an int is never a bool here)."""
    if key not in data:
        raise SerializationError(f"{where}: missing {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SerializationError(f"{where}.{key}: expected {kind.__name__}, not {value!r}")
    return value


def cards_from_json(value: object, where: str) -> CardSet:
    if not isinstance(value, str):
        raise SerializationError(
            f"{where}: cards are written as text such as 'QS AH', not {value!r}")
    try:
        return CardSet.parse(value)
    except ParseError as error:
        raise SerializationError(f"{where}: {error}") from None


def multiset_from_json(value: object, where: str) -> CardMultiset:
    """Two-pack cards written as text, a card held twice written twice: "QS QS AH"."""
    if not isinstance(value, str):
        raise SerializationError(f"{where}: cards are written as text such as 'QS QS AH', "
                                 f"not {value!r}")
    try:
        return CardMultiset.parse(value)
    except ParseError as error:
        raise SerializationError(f"{where}: {error}") from None


def card_list_from_json(value: object, where: str) -> tuple[Card, ...]:
    """Cards in a meaningful order (a draw pile, top card first), written as text "QS 2C QS"."""
    if not isinstance(value, str):
        raise SerializationError(f"{where}: cards in order are written as text such as "
                                 f"'QS 2C QS', not {value!r}")
    try:
        return tuple(Card.parse(token) for token in value.split())
    except ParseError as error:
        raise SerializationError(f"{where}: {error}") from None


def hands_from_json(document: Mapping[str, Any], read_hand: Callable[[object, str], H]) -> list[H]:
    """The "hands" list of a deal document, each hand read by ``read_hand`` (such as
    cards_from_json) with its path "hands[i]"."""
    hands = document.get("hands")
    if not isinstance(hands, list):
        raise SerializationError(f"hands: expected a list of hands, not {hands!r}")
    return [read_hand(hand, f"hands[{i}]") for i, hand in enumerate(hands)]


def card_from_json(value: object, where: str) -> Card:
    if not isinstance(value, str):
        raise SerializationError(f"{where}: a card is written as text such as 'QS', not {value!r}")
    try:
        return Card.parse(value)
    except ParseError as error:
        raise SerializationError(f"{where}: {error}") from None


def _encode(value: Any) -> Any:
    if isinstance(value, (CardSet, Card)):
        return str(value)
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def rules_to_json(rules: Any) -> dict[str, Any]:
    """Every field of a frozen Rules dataclass, cards as text, tuples as lists."""
    return {f.name: _encode(getattr(rules, f.name)) for f in dataclasses.fields(rules)}


def _decode(value: Any, hint: Any, where: str) -> Any:
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        problems = []
        for option in args:
            try:
                return _decode(value, option, where)
            except SerializationError as error:
                problems.append(str(error))
        raise SerializationError("; ".join(problems))
    if hint is type(None):
        if value is None:
            return None
    elif origin is Literal:
        if any(value == a and type(value) is type(a) for a in args):
            return value
        raise SerializationError(f"{where}: {value!r} is not one of {', '.join(map(repr, args))}")
    elif origin is tuple:
        if isinstance(value, list):
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(_decode(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
            if len(value) == len(args):
                return tuple(_decode(v, a, f"{where}[{i}]")
                             for i, (v, a) in enumerate(zip(value, args, strict=True)))
    elif hint is CardSet:
        return cards_from_json(value, where)
    elif hint is Card:
        return card_from_json(value, where)
    elif hint in (bool, int, str):
        if isinstance(value, hint) and not (hint is int and isinstance(value, bool)):
            return value
    else:
        raise SerializationError(f"{where}: cannot read a field of type {hint!r}")
    raise SerializationError(f"{where}: expected {getattr(hint, '__name__', hint)}, not {value!r}")


def rules_from_json(cls: type[R], data: object, where: str = "rules") -> R:
    """A Rules dataclass from ``rules_to_json`` output; fields left out take their defaults."""
    if not isinstance(data, dict):
        raise SerializationError(f"{where}: expected an object of rule parameters, not {data!r}")
    hints = get_type_hints(cls)
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(data) - names)
    if unknown:
        raise SerializationError(f"{where}: unknown rule parameter(s) {', '.join(unknown)}")
    values = {key: _decode(value, hints[key], f"{where}.{key}") for key, value in data.items()}
    try:
        return cls(**values)
    except TrickcoreError as error:
        raise SerializationError(f"{where}: {error}") from None


def check_summary(recorded: object, actual: Mapping[str, Any], where: str) -> None:
    """Refuses a document whose recorded state differs from what its moves replay to."""
    if not isinstance(recorded, dict):
        raise SerializationError(f"{where}: expected an object, not {recorded!r}")
    unknown = sorted(set(recorded) - set(actual))
    if unknown:
        raise SerializationError(f"{where}: unknown field(s) {', '.join(unknown)}")
    for key, value in recorded.items():
        if value != actual[key]:
            raise SerializationError(f"{where}.{key} is recorded as {value!r} but the moves "
                                     f"replay to {actual[key]!r}: the document was altered")
