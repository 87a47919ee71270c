"""Reproducible random streams: every batch kernel draws from numpy bit generators seeded here.

A run's randomness is a root ``SeedSequence`` (from an int, a SeedSequence, a Generator or None).
Deals and games are cut into blocks of ``BLOCK_SIZE``; block ``k`` draws from its own child stream
``SeedSequence(root.entropy, spawn_key=root.spawn_key + (k,))`` (what ``root.spawn`` would hand
out as child k). Item ``i`` therefore depends only on the seed and ``i``: never on the batch size,
the number of workers, or the executor that ran its block.
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np

from trickcore.core.errors import TrickcoreError

BLOCK_SIZE = 1 << 14

SeedLike: TypeAlias = (
    "int | list[int] | tuple[int, ...] | np.random.SeedSequence | np.random.Generator | None"
)


def root_seed(seed: SeedLike) -> np.random.SeedSequence:
    """The root SeedSequence for a seed. A Generator hands out a fresh child stream each call, so
    consecutive calls with one Generator differ (and replay when the Generator is re-created)."""
    if isinstance(seed, np.random.SeedSequence):
        return seed
    if isinstance(seed, np.random.Generator):
        parent = seed.bit_generator.seed_seq
        if isinstance(parent, np.random.SeedSequence):
            return parent.spawn(1)[0]
        return np.random.SeedSequence(seed.integers(0, 2**63, size=4).tolist())
    if seed is None or isinstance(seed, (int, np.integer, list, tuple)):
        try:
            return np.random.SeedSequence(seed)
        except (TypeError, ValueError) as error:
            raise TrickcoreError(f"invalid seed {seed!r}: {error}") from None
    raise TrickcoreError(
        f"invalid seed {seed!r}: expected an int, a SeedSequence, a numpy Generator or None")


def block_seed(root: np.random.SeedSequence, block: int) -> np.random.SeedSequence:
    """The child stream of block ``block`` of a run seeded by ``root``."""
    return np.random.SeedSequence(
        root.entropy, spawn_key=(*root.spawn_key, block), pool_size=root.pool_size)


def bit_generator(seed: SeedLike) -> np.random.PCG64:
    """The bit generator every kernel draws from: ``numpy.random.PCG64`` on ``root_seed(seed)``
    (the one place trickcore creates one)."""
    return np.random.PCG64(root_seed(seed))


def block_bit_generator(root: np.random.SeedSequence, block: int) -> np.random.PCG64:
    return bit_generator(block_seed(root, block))


def blocks(start: int, count: int, block_size: int = BLOCK_SIZE) -> list[tuple[int, int, int]]:
    """The blocks covering items ``start .. start+count-1``: (block, first offset, item count)."""
    spans = []
    item = start
    end = start + count
    while item < end:
        block, offset = divmod(item, block_size)
        take = min(block_size - offset, end - item)
        spans.append((block, offset, take))
        item += take
    return spans
