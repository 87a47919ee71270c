"""The interface between a game and the simulation framework (see docs/architecture.md).

A game's rules object is immutable and picklable, and has:

- ``game``: its registry name (``"svarta-maja"``, ``"draughts"``...);
- ``simulate_block(seed, count, policy)``: plays ``count`` deals from ``PCG64(seed)`` in C and
  returns a dict of numpy arrays with ``count`` rows each; row ``j`` never depends on ``count``;
- optionally ``summary_fields``: the arrays worth a summary line (default: every numeric array);
- optionally ``unit``: the plural noun of one item (default ``"deals"``; ``"games"`` for draughts);
- optionally ``value_names``: for a field of one column, what each of its values means, in the
  order plots show them (draughts ``result``: Black wins, draw, White wins); plots also name
  columns by seat or by side from ``players`` and ``sides`` when the rules have them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from trickcore.simulation.errors import SimulationArgumentError, SimulationError

Rows: TypeAlias = dict[str, NDArray[Any]]

DEFAULT_UNIT = "deals"


@runtime_checkable
class SimulationRules(Protocol):
    """What ``simulate`` needs of a rules object (see the module docstring)."""

    @property
    def game(self) -> str:
        """The game's registry name."""

    def simulate_block(
        self, seed: np.random.SeedSequence, count: int, policy: str
    ) -> Mapping[str, NDArray[Any]]:
        """Plays ``count`` items from ``seed`` under ``policy``: arrays with ``count`` rows, row
        ``j`` depending only on the seed and ``j``."""


def check_rules(rules: object) -> SimulationRules:
    """``rules`` if it implements the protocol, else a clear SimulationArgumentError."""
    if not isinstance(rules, SimulationRules) or not isinstance(rules.game, str):
        raise SimulationArgumentError(
            f"{type(rules).__name__} cannot be simulated: rules need a 'game' name and a "
            "'simulate_block(seed, count, policy)' method (see trickcore.simulation.protocol)")
    return rules


def unit_of(rules: SimulationRules) -> str:
    unit = getattr(rules, "unit", DEFAULT_UNIT)
    return unit if isinstance(unit, str) else DEFAULT_UNIT


@dataclass(frozen=True)
class Column:
    """The layout of one output array: its dtype and the shape of one row."""

    dtype: np.dtype[Any]
    shape: tuple[int, ...]

    @property
    def numeric(self) -> bool:
        return self.dtype.kind in "biuf"


Layout: TypeAlias = dict[str, Column]


def layout_of(rows: Mapping[str, Any], count: int, game: str) -> Layout:
    """The layout of a block's output, checking it is a mapping of arrays with ``count`` rows."""
    if not isinstance(rows, Mapping) or not rows:
        raise SimulationError(
            f"{game}: simulate_block returned {type(rows).__name__}, expected a non-empty dict "
            "of numpy arrays")
    layout: Layout = {}
    for name, array in rows.items():
        if not isinstance(name, str) or not isinstance(array, np.ndarray):
            raise SimulationError(
                f"{game}: simulate_block returned {name!r}: {type(array).__name__}, expected "
                "str keys and numpy arrays")
        if array.ndim == 0 or array.shape[0] != count:
            raise SimulationError(
                f"{game}: simulate_block array {name!r} has shape {array.shape}, expected "
                f"{count} rows")
        layout[name] = Column(array.dtype, tuple(array.shape[1:]))
    return layout


def check_layout(rows: Mapping[str, Any], count: int, expected: Layout, game: str) -> None:
    """Checks that a block's output has the layout of the run's first block."""
    if _has_layout(rows, count, expected):
        return
    got = layout_of(rows, count, game)
    if got != expected:
        changes = "; ".join(
            f"{name!r}: {describe(expected.get(name))} -> {describe(got.get(name))}"
            for name in sorted(set(got) | set(expected)) if got.get(name) != expected.get(name))
        raise SimulationError(f"{game}: simulate_block output changed layout between blocks: "
                              f"{changes}")


def _has_layout(rows: Mapping[str, Any], count: int, expected: Layout) -> bool:
    """The quick check of every block: True when ``rows`` has exactly the expected layout."""
    if not isinstance(rows, Mapping) or rows.keys() != expected.keys():
        return False
    for name, column in expected.items():
        array = rows[name]
        if not (isinstance(array, np.ndarray) and array.dtype == column.dtype
                and array.shape == (count, *column.shape)):
            return False
    return True


def describe(column: Column | None) -> str:
    return "absent" if column is None else f"{column.dtype}{list(column.shape)}"


def summary_fields(rules: SimulationRules, layout: Layout) -> tuple[str, ...]:
    """The fields that get running statistics: the rules' ``summary_fields``, else every
    numeric field."""
    declared = getattr(rules, "summary_fields", None)
    if declared is None:
        return tuple(name for name, column in layout.items() if column.numeric)
    fields = tuple(declared)
    for name in fields:
        column = layout.get(name)
        if column is None or not column.numeric:
            raise SimulationError(
                f"{rules.game}: summary field {name!r} is not a numeric output array "
                f"(outputs: {sorted(layout)})")
    return fields
