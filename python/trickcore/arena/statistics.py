"""The duplicate arena's statistics: each bot's score per deal (its mean over the seats it held
in that deal's rotations) and normal intervals over deals of those scores and of their paired
differences (docs/bots.md, "Statistics")."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from trickcore.simulation.stats import z_score

FloatArray = NDArray[np.float64]


@dataclass(frozen=True)
class Interval:
    """A mean over ``count`` deals with its ``level`` confidence interval ``[low, high]``."""

    mean: float
    low: float
    high: float
    count: int
    level: float

    @property
    def excludes_zero(self) -> bool:
        """Whether the interval lies wholly above or below zero."""
        return self.low > 0.0 or self.high < 0.0


def mean_interval(values: FloatArray, level: float = 0.95) -> Interval:
    """The mean of ``values`` (one per deal) and its normal interval mean ± z·sd/√n (sd with
    ddof=1; no width from fewer than two deals: NaN bounds)."""
    z = z_score(level)
    n = int(values.shape[0])
    mean = float(values.mean()) if n else math.nan
    half = z * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else math.nan
    return Interval(mean, mean - half, mean + half, n, level)


def seat_of(entry: int, rotation: int, players: int) -> int:
    """The seat bot ``entry`` (its index in the arena's list) holds in ``rotation``."""
    return (entry + rotation) % players


def entry_scores(values: FloatArray) -> FloatArray:
    """(deals, entries): each entry's mean over the rotations of the values (deals, rotations,
    seats) of the seats it held."""
    _, rotations, players = values.shape
    seats = np.array([[seat_of(e, r, players) for e in range(players)]
                      for r in range(rotations)])
    held = np.take_along_axis(values, seats[np.newaxis, :, :], axis=2)
    result: FloatArray = held.mean(axis=1)
    return result


def bot_scores(values: FloatArray, names: tuple[str, ...]) -> dict[str, FloatArray]:
    """Per bot name, its score per deal: the mean of its entries' scores (a name may sit in
    several seats of the list)."""
    scores = entry_scores(values)
    order = dict.fromkeys(names)
    return {name: scores[:, [e for e, n in enumerate(names) if n == name]].mean(axis=1)
            for name in order}
