"""Every public name has a docstring that help() shows: each name in the ``__all__`` of trickcore
and of its game and simulation packages, and every public method and property of those classes
(inherited ones included, as long as trickcore defines them).

Members defined in Cython (.pyx, compiled) are checked at run time too, but their docstrings are
written in the .pyx: the ones still missing are listed in CYTHON_UNDOCUMENTED, and the test
refuses any new gap (remove a name from the list once its .pyx gains a docstring)."""

from __future__ import annotations

import importlib
import inspect
import types
from collections.abc import Iterator
from typing import Any

import pytest

PACKAGES = ("trickcore", "trickcore.hearts", "trickcore.spades", "trickcore.dam",
            "trickcore.draughts", "trickcore.simulation", "trickcore.play")

# Cython attributes (cdef readonly, which take no docstring), by defining class.
CYTHON_UNDOCUMENTED = {
    "trickcore.core._binding.DealBinding.deal_number",
    "trickcore.core._cardset.CardMultiset.once",
    "trickcore.core._cardset.CardMultiset.twice",
    "trickcore.core._cardset.CardSet.mask",
}


def is_cython(member: object) -> bool:
    """Whether ``member`` (a function, method or attribute descriptor) is compiled."""
    return not isinstance(member, (types.FunctionType, property, staticmethod, classmethod))


def doc_of(member: object) -> str | None:
    if isinstance(member, (staticmethod, classmethod)):
        member = member.__func__
    return inspect.getdoc(member)


def public_names() -> Iterator[tuple[str, object]]:
    """(qualified name, object) of every public class and function, each once."""
    seen: set[int] = set()
    for package in PACKAGES:
        module = importlib.import_module(package)
        for name in module.__all__:
            value = getattr(module, name)
            if not (inspect.isclass(value) or inspect.isroutine(value)) or id(value) in seen:
                continue
            seen.add(id(value))
            yield f"{value.__module__}.{value.__qualname__}", value


def members(cls: type[Any]) -> Iterator[tuple[str, object]]:
    """(qualified name, member) of each public method and property trickcore defines on
    ``cls`` or on a class it inherits from, named by the defining class."""
    for name in dir(cls):
        if name.startswith("_"):
            continue
        owner = next(base for base in cls.__mro__ if name in vars(base))
        if not owner.__module__.startswith("trickcore"):
            continue
        member = vars(owner)[name]
        if isinstance(member, (staticmethod, classmethod, property)) or inspect.isroutine(
                member) or inspect.isdatadescriptor(member):
            yield f"{owner.__module__}.{owner.__qualname__}.{name}", member


def undocumented() -> tuple[list[str], set[str]]:
    """The public names without a docstring: (defined in Python, defined in Cython)."""
    python: list[str] = []
    cython: set[str] = set()
    for name, value in public_names():
        if inspect.isclass(value):
            if not (vars(value).get("__doc__") or "").strip():
                python.append(name)
            for member_name, member in members(value):
                if not doc_of(member):
                    (cython.add(member_name) if is_cython(member)
                     else python.append(member_name))
        elif not doc_of(value):
            (cython.add(name) if is_cython(value) else python.append(name))
    return sorted(set(python)), cython


def test_every_public_name_defined_in_python_has_a_docstring() -> None:
    python, _ = undocumented()
    assert python == []


def test_no_new_cython_member_lacks_a_docstring() -> None:
    _, cython = undocumented()
    assert cython <= CYTHON_UNDOCUMENTED, sorted(cython - CYTHON_UNDOCUMENTED)


@pytest.mark.parametrize("package", PACKAGES)
def test_the_walk_covers_each_package(package: str) -> None:
    names = {name for name, _ in public_names()}
    module = importlib.import_module(package)
    classes = [getattr(module, n) for n in module.__all__ if inspect.isclass(getattr(module, n))]
    assert classes and all(f"{c.__module__}.{c.__qualname__}" in names for c in classes)
