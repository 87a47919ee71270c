"""The one JSON codec of rules objects (frozen dataclasses), for game documents and saved runs.

A rules object is written field by field as plain JSON: cards and card sets as text ("QS",
"2C 2D"), enums by value, nested dataclasses as objects, tuples, lists and frozensets as lists,
dicts as lists of pairs. It is read back through the class's type hints, so decoding only ever
calls the constructors those hints name, then the class's own validation. A saved run's record
adds the class path: ``{"dataclass": "module:Class", "fields": {...}}``, which must name one
of trickcore's rules classes or a class registered with ``register_rules_class``.
"""

from __future__ import annotations

import dataclasses
import importlib
import types
from collections.abc import Mapping
from enum import Enum
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from trickcore.core._cardset import CardMultiset, CardSet
from trickcore.core.card import Card
from trickcore.core.errors import SerializationError, TrickcoreError
from trickcore.core.json_codec import card_from_json, cards_from_json, multiset_from_json

R = TypeVar("R")
PLAIN = (bool, int, float, str, type(None))
CARD_READERS: dict[Any, Any] = {
    Card: card_from_json, CardSet: cards_from_json, CardMultiset: multiset_from_json}


def _encode(value: Any) -> Any:
    if type(value) in PLAIN:
        return value
    if isinstance(value, Enum):
        return _encode(value.value)
    if isinstance(value, (Card, CardSet, CardMultiset)):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return rules_to_json(value)
    if isinstance(value, (tuple, list)):
        return [_encode(v) for v in value]
    if isinstance(value, frozenset):
        return [_encode(v) for v in sorted(value, key=repr)]
    if isinstance(value, Mapping):
        return [[_encode(k), _encode(v)] for k, v in value.items()]
    raise SerializationError(f"cannot record a rules value of type {type(value).__name__}: "
                             f"{value!r:.80}")


def rules_to_json(rules: Any) -> dict[str, Any]:
    """Every constructor field of a frozen rules dataclass, as plain JSON values."""
    return {f.name: _encode(getattr(rules, f.name))
            for f in dataclasses.fields(rules) if f.init}


def _items(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise SerializationError(f"{where}: expected a list, not {value!r:.80}")
    return value


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
        items = _items(value, where)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(v, args[0], f"{where}[{i}]") for i, v in enumerate(items))
        if len(items) == len(args):
            return tuple(_decode(v, a, f"{where}[{i}]")
                         for i, (v, a) in enumerate(zip(items, args, strict=True)))
    elif origin in (list, frozenset):
        decoded = [_decode(v, args[0], f"{where}[{i}]") for i, v in enumerate(_items(value, where))]
        return origin(decoded)
    elif origin is dict:
        pairs = _items(value, where)
        if all(isinstance(p, list) and len(p) == 2 for p in pairs):
            return {_decode(k, args[0], f"{where} key"): _decode(v, args[1], f"{where}[{k!r}]")
                    for k, v in pairs}
    elif isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(value)
        except ValueError:
            raise SerializationError(f"{where}: {value!r} is not a {hint.__name__}") from None
    elif hint in CARD_READERS:
        return CARD_READERS[hint](value, where)
    elif isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return rules_from_json(hint, value, where)
    elif hint in (bool, int, float, str):
        if isinstance(value, hint) and not (hint is not bool and isinstance(value, bool)):
            return value
        if hint is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
    else:
        raise SerializationError(f"{where}: cannot read a field of type {hint!r}")
    raise SerializationError(f"{where}: expected {getattr(hint, '__name__', hint)}, not {value!r}")


def fields_from_json(cls: type, data: object, where: str = "rules") -> dict[str, Any]:
    """The constructor arguments of rules dataclass ``cls`` that JSON object ``data`` gives
    (such as a rules file of a few parameters), each read through the field's type hint."""
    if not isinstance(data, dict):
        raise SerializationError(
            f"{where}: expected an object of rule parameters, not {data!r:.80}")
    hints = get_type_hints(cls)
    names = {f.name for f in dataclasses.fields(cls) if f.init}
    unknown = sorted(set(data) - names)
    if unknown:
        raise SerializationError(f"{where}: unknown rule parameter(s) {', '.join(unknown)}")
    return {key: _decode(value, hints[key], f"{where}.{key}") for key, value in data.items()}


def rules_from_json(cls: type[R], data: object, where: str = "rules") -> R:
    """A rules dataclass from ``rules_to_json`` output; fields left out take their defaults."""
    values = fields_from_json(cls, data, where)
    try:
        return cls(**values)
    except TrickcoreError as error:
        raise SerializationError(f"{where}: {error}") from None


def _class_path(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


# The rules classes a saved run may name: trickcore's own, imported from these fixed modules
# only when a record names them, and the classes registered with ``register_rules_class``. A
# file never makes the codec import a module of its choosing.
BUILTIN_CLASSES = frozenset({
    "trickcore.hearts.rules:Rules",
    "trickcore.spades.rules:Rules",
    "trickcore.dam.rules:Rules",
    "trickcore.draughts.simulation:Rules",
    "trickcore.simulation.random_deals:DealStats",
})
_registered: dict[str, type] = {}


def register_rules_class(cls: type[R]) -> type[R]:
    """Allows saved runs to name the rules dataclass ``cls`` (trickcore's own rules classes
    are always allowed); returns ``cls``, so it also serves as a class decorator."""
    if not isinstance(cls, type) or not dataclasses.is_dataclass(cls):
        raise SerializationError(f"only a rules dataclass can be registered, not {cls!r:.80}")
    _registered[_class_path(cls)] = cls
    return cls


def _find_class(path: str) -> type:
    if path in _registered:
        return _registered[path]
    if path not in BUILTIN_CLASSES:
        raise SerializationError(
            f"rules class {path!r:.120} is not allowed: a saved run may name trickcore's rules "
            "classes and those registered with trickcore.simulation.register_rules_class")
    module_name, _, name = path.partition(":")
    cls: type = getattr(importlib.import_module(module_name), name)
    return cls


def encode_rules(rules: object) -> dict[str, Any]:
    """The record of a rules object with its class; SerializationError when it cannot be
    recorded exactly."""
    if not dataclasses.is_dataclass(rules) or isinstance(rules, type):
        raise SerializationError(
            f"cannot record rules of type {type(rules).__name__}: rules must be a dataclass")
    record = {"dataclass": _class_path(type(rules)), "fields": rules_to_json(rules)}
    if decode_rules(record) != rules:
        raise SerializationError(f"rules {rules!r:.120} do not survive encoding")
    return record


def decode_rules(record: Any) -> Any:
    """The rules object of an ``encode_rules`` record."""
    if not isinstance(record, dict) or not isinstance(record.get("dataclass"), str):
        raise SerializationError(f"malformed rules record {record!r:.80}")
    cls = _find_class(record["dataclass"])
    return rules_from_json(cls, record.get("fields"), record["dataclass"])
