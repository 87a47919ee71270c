"""Helpers shared by the bench_*.py files (importable because pytest puts bench/ on sys.path)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from trickcore.core.seeding import block_seed, root_seed


def record_rate(benchmark: Any, items: float, key: str = "items_per_s") -> None:
    """Stores ``key``: ``items`` done per round, per second of the best round (for the summary
    lines of bench/conftest.py; nothing under --benchmark-disable, where no time is measured)."""
    if benchmark.stats is not None:
        benchmark.extra_info[key] = items / benchmark.stats.stats.min


def two_workers(benchmark: Any, simulate_block: Callable[[np.random.SeedSequence, int], object],
                count: int) -> None:
    """Benchmarks two blocks of ``count`` items (the first two block seeds of seed 1) run by
    ``simulate_block`` on two threads, as simulate(workers=2) does, and records the rate."""
    root = root_seed(1)
    seeds = [block_seed(root, k) for k in range(2)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        def run() -> None:
            list(pool.map(lambda seed: simulate_block(seed, count), seeds))

        benchmark(run)
    record_rate(benchmark, 2 * count)


def play_lowest(deal: Any, cards: int) -> None:
    """Plays the lowest legal card ``cards`` times: a cheap, repeatable line of play."""
    for _ in range(cards):
        deal.play(deal.legal_moves().lowest())


def play_then_undo(deal: Any) -> Callable[[], None]:
    """A step that plays the lowest legal card of ``deal`` and takes it back (a search step),
    leaving the deal as it was, so it can be timed over and over."""
    card = deal.legal_moves().lowest()

    def step() -> None:
        deal.play(card)
        deal.undo()

    return step
