"""Plumbing shared by every game's ``Rules.simulate_block``, the entry point of the simulation
protocol that ``trickcore.simulate`` drives (blocks of deals on threads, concatenated in order).

A game's ``simulate_block(seed, count, policy)`` is: ``block_generator(seed)``, its C kernel on
that generator with the GIL released (the arrays of the protocol, first axis ``count``), then
``side_points`` for team play. Deal j of a block depends only on the seed and j.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from trickcore.core import arguments
from trickcore.core.errors import RulesError
from trickcore.core.seeding import bit_generator


def block_generator(seed: np.random.SeedSequence | int) -> np.random.PCG64:
    """The bit generator of one block, from its seed (see ``seeding.bit_generator``)."""
    if isinstance(seed, bool) or not isinstance(seed, (np.random.SeedSequence, int)):
        raise RulesError(f"a block seed is a numpy SeedSequence or an int, not {seed!r}")
    return bit_generator(seed)


def check_count(count: int) -> int:
    """A block's count of deals (see ``core.arguments.count``)."""
    return arguments.count("count", count, RulesError)


def side_points(points: NDArray[np.int32], sides: Sequence[Sequence[int]]) -> NDArray[np.int32]:
    """Points per side (team) from points per seat: shape (deals, len(sides))."""
    totals = np.zeros((points.shape[0], len(sides)), dtype=np.int32)
    for i, seats in enumerate(sides):
        totals[:, i] = points[:, list(seats)].sum(axis=1)
    return totals
