"""Checks of the plain arguments of public calls (counts, depths, squares): each refusal is an
ArgumentError naming the argument, so no C conversion meets a float, a bool or a huge int."""

from __future__ import annotations

import operator

from trickcore.core.errors import ArgumentError, TrickcoreError

# The most items one call may ask for (far beyond any memory): keeps C int64 arithmetic exact.
MAX_COUNT = 1 << 48
MAX_INT64 = (1 << 63) - 1


def whole_number(name: str, value: object, low: int, high: int,
                 error: type[TrickcoreError] = ArgumentError) -> int:
    """``value`` as an int in ``low..high``: an int or an integer-like (numpy) value, not a bool,
    a float or text; else ``error`` naming the argument."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise error(f"{name} must be a whole number, not {value!r}")
    number = operator.index(value)
    if not low <= number <= high:
        if low == 0 and number < 0:
            raise error(f"{name} must be non-negative, not {number}")
        raise error(f"{name} must be {low}..{high}, not {number}")
    return number


def count(name: str, value: object, error: type[TrickcoreError] = ArgumentError) -> int:
    """A count of items: a whole number 0..MAX_COUNT."""
    return whole_number(name, value, 0, MAX_COUNT, error)
