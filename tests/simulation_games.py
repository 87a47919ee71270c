"""Test-only rules objects for the simulation framework, built on the real dealing kernel.

Module-level frozen dataclasses, so they pickle into process pools and Dask workers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from trickcore.core.errors import RulesError
from trickcore.simulation import register_rules_class
from trickcore.simulation.random_deals import DealStats


@dataclass(frozen=True)
class FailingDeals:
    """Deal statistics whose block ``fail_block`` raises, as a crashing game kernel would."""

    fail_block: int = 0
    game: ClassVar[str] = "failing-deals"

    def simulate_block(self, seed: np.random.SeedSequence, count: int,
                       policy: str) -> dict[str, NDArray[Any]]:
        if count > 1 and seed.spawn_key[-1] == self.fail_block:
            raise ArithmeticError(f"kernel overflow in block {self.fail_block}")
        return DealStats().simulate_block(seed, count, policy)


@register_rules_class  # saved runs of it load again
@dataclass(frozen=True)
class Measurements:
    """Float, wide-integer and huge unsigned outputs drawn from the block's stream."""

    game: ClassVar[str] = "measurements"

    def simulate_block(self, seed: np.random.SeedSequence, count: int,
                       policy: str) -> dict[str, NDArray[Any]]:
        if policy != "random":
            raise RulesError(f"unknown policy {policy!r}")
        rng = np.random.Generator(np.random.PCG64(seed))
        return {
            "score": rng.normal(100.0, 15.0, size=(count, 2)),
            "wide": rng.integers(-10**6, 10**6, size=count, dtype=np.int64),
            "huge": rng.integers(2**62, 2**64 - 1, size=count, dtype=np.uint64),
            "tiny": rng.integers(-128, 127, size=(count, 3), dtype=np.int8, endpoint=True),
            "flag": rng.random(count) < 0.3,
        }


@dataclass(frozen=True)
class ShiftingLayout:
    """Breaks the protocol after the first block: one row too few, or another dtype."""

    short: bool
    game: ClassVar[str] = "shifting-layout"

    def simulate_block(self, seed: np.random.SeedSequence, count: int,
                       policy: str) -> dict[str, NDArray[Any]]:
        later = seed.spawn_key[-1] > 0
        rows = count - 1 if later and self.short else count
        return {"points": np.zeros((rows, 4), dtype=np.int16 if later else np.int32)}


@dataclass(frozen=True)
class NotAnArray:
    """Breaks the protocol: returns lists."""

    game: ClassVar[str] = "not-an-array"

    def simulate_block(self, seed: np.random.SeedSequence, count: int,
                       policy: str) -> dict[str, Any]:
        return {"points": [0] * count}
