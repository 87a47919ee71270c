"""JSON documents for game states: one envelope for every game, card codecs and the tamper
check.

A document is ``{"format": "trickcore", "version": 1, "type": "<module>.<Class>", ...body}``.
Cards are written as text ("QS", a set as "QS AH 2C") so a document reads like a score sheet;
rules go through ``trickcore.core.rules_codec``. A game adds nothing here: its deal and match
classes (``trickcore.core.trick_deal``, ``trickcore.core.trick_match``) compose these pieces. Every
problem raises ``SerializationError`` with the path of the bad item.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from trickcore.core._cardset import CardMultiset, CardSet
from trickcore.core.card import Card
from trickcore.core.errors import ParseError, SerializationError

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
    except (TypeError, ValueError, RecursionError) as error:
        raise SerializationError(f"not a JSON document: {type(error).__name__}: {error}"
                                 ) from None
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
