"""Rules objects as JSON, so a saved run records exactly which rules produced it.

A rules object is a frozen dataclass; its fields may hold numbers, strings, tuples, lists,
frozensets, dicts, enums, int subclasses such as ``Card``, card sets and nested dataclasses.
Each non-plain value is tagged with its class path. Decoding imports the class's module and
only ever calls a dataclass constructor, an enum lookup, an int subclass or a card-set
constructor, never arbitrary code. Encoding checks that the result decodes to an equal object.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping
from enum import Enum
from typing import Any

from trickcore.core._cardset import CardMultiset, CardSet
from trickcore.core.errors import SerializationError

PLAIN = (bool, int, float, str, type(None))


def class_path(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def find_class(path: str) -> type:
    module_name, _, qualname = path.partition(":")
    try:
        target: Any = importlib.import_module(module_name)
        for part in qualname.split("."):
            target = getattr(target, part)
    except (ImportError, AttributeError, ValueError) as error:
        raise SerializationError(f"cannot find class {path!r}: {error}") from None
    if not isinstance(target, type):
        raise SerializationError(f"{path!r} is not a class")
    return target


def encode_value(value: Any) -> Any:
    if type(value) in PLAIN:
        return value
    if isinstance(value, Enum):
        return {"enum": class_path(type(value)), "value": encode_value(value.value)}
    if isinstance(value, CardSet):
        return {"cardset": value.mask}
    if isinstance(value, CardMultiset):
        return {"multiset": [value.once, value.twice]}
    if isinstance(value, int):
        return {"int": class_path(type(value)), "value": int(value)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"dataclass": class_path(type(value)), "fields": {
            f.name: encode_value(getattr(value, f.name))
            for f in dataclasses.fields(value) if f.init}}
    if isinstance(value, (tuple, list, frozenset)):
        tag = {tuple: "tuple", list: "list", frozenset: "frozenset"}[type(value)]
        items = sorted(value, key=repr) if isinstance(value, frozenset) else value
        return {tag: [encode_value(item) for item in items]}
    if isinstance(value, Mapping):
        return {"dict": [[encode_value(k), encode_value(v)] for k, v in value.items()]}
    raise SerializationError(f"cannot record a rules value of type {type(value).__name__}: "
                             f"{value!r:.80}")


def decode_value(data: Any) -> Any:
    if type(data) in PLAIN:
        return data
    if not isinstance(data, dict) or not data:
        raise SerializationError(f"malformed rules value {data!r:.80}")
    tag = next(iter(data))
    try:
        if tag == "enum":
            cls = find_class(data["enum"])
            if not issubclass(cls, Enum):
                raise SerializationError(f"{data['enum']!r} is not an enum")
            return cls(decode_value(data["value"]))
        if tag == "cardset":
            return CardSet(int(data["cardset"]))
        if tag == "multiset":
            once, twice = data["multiset"]
            return CardMultiset.from_masks(int(once), int(twice))
        if tag == "int":
            cls = find_class(data["int"])
            if not issubclass(cls, int):
                raise SerializationError(f"{data['int']!r} is not an int type")
            return cls(int(data["value"]))
        if tag == "dataclass":
            cls = find_class(data["dataclass"])
            if not dataclasses.is_dataclass(cls):
                raise SerializationError(f"{data['dataclass']!r} is not a dataclass")
            return cls(**{str(k): decode_value(v) for k, v in data["fields"].items()})
        if tag in ("tuple", "list", "frozenset"):
            items = [decode_value(item) for item in data[tag]]
            return {"tuple": tuple, "list": list, "frozenset": frozenset}[tag](items)
        if tag == "dict":
            return {decode_value(k): decode_value(v) for k, v in data["dict"]}
    except SerializationError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise SerializationError(f"malformed rules value {data!r:.80}: {error}") from None
    raise SerializationError(f"unknown rules value tag {tag!r}")


def encode_rules(rules: object) -> dict[str, Any]:
    """The JSON-ready record of a rules object; raises SerializationError when the rules
    cannot be recorded exactly."""
    if not dataclasses.is_dataclass(rules) or isinstance(rules, type):
        raise SerializationError(
            f"cannot record rules of type {type(rules).__name__}: rules must be a dataclass")
    record = encode_value(rules)
    if decode_value(record) != rules:
        raise SerializationError(f"rules {rules!r:.120} do not survive encoding")
    return dict(record)


def decode_rules(record: Any) -> Any:
    if not isinstance(record, dict) or "dataclass" not in record:
        raise SerializationError(f"malformed rules record {record!r:.80}")
    return decode_value(record)
