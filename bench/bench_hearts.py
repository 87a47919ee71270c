"""Hearts-family speed: C block simulation (1 and 2 workers) against the pure-Python reference,
the per-card cost of legal_moves() + play() from Python, and clone()/undo().

Run: ``PYTHONPATH=python python -m pytest bench/bench_hearts.py --benchmark-columns=min,mean,ops``.
Throughput benchmarks store ``items_per_s`` (deals or playouts per second) for the summary
lines of bench/conftest.py; the per-card benchmark stores ``us_per_card``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from benchutil import play_lowest, play_then_undo, record_rate, two_workers
from trickcore.hearts import Deal, Rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from reference.hearts import ReferenceDeal

NO_PASSING = Rules.svarta_maja(pass_count=0)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_simulate_svarta_maja_no_passing_one_worker(benchmark: Any, scale: int,
                                                    policy: str) -> None:
    count = 20_000 * scale
    seed = np.random.SeedSequence(1)
    benchmark(NO_PASSING.simulate_block, seed, count, policy)
    record_rate(benchmark, count)


def test_simulate_svarta_maja_with_passing_one_worker(benchmark: Any, scale: int) -> None:
    rules = Rules.svarta_maja()
    count = 20_000 * scale
    benchmark(rules.simulate_block, np.random.SeedSequence(1), count)
    record_rate(benchmark, count)


def test_simulate_svarta_maja_no_passing_two_workers(benchmark: Any, scale: int) -> None:
    two_workers(benchmark, NO_PASSING.simulate_block, 20_000 * scale)


def reference_deals(count: int, seed: int) -> None:
    """The same work in pure Python: deal, then random legal cards to the end, then score."""
    rng = random.Random(seed)
    cards = list(range(52))
    for _ in range(count):
        rng.shuffle(cards)
        deal = ReferenceDeal(NO_PASSING, [set(cards[13 * p:13 * p + 13]) for p in range(4)])
        while deal.phase != "over":
            deal.play(rng.choice(sorted(deal.legal())))
        deal.score()


def test_simulate_pure_python_reference(benchmark: Any, scale: int) -> None:
    count = 20 * scale
    benchmark(reference_deals, count, 1)
    record_rate(benchmark, count)


def play_whole_deal(deal: Deal) -> None:
    play_lowest(deal, 52)


def test_legal_moves_and_play_per_card(benchmark: Any, scale: int) -> None:
    start = Deal.random(NO_PASSING, seed=1)
    benchmark.pedantic(play_whole_deal, setup=lambda: ((start.clone(),), {}),
                       rounds=200 * scale)
    if benchmark.stats is not None:
        benchmark.extra_info["us_per_card"] = benchmark.stats.stats.min / 52 * 1e6


def mid_deal() -> Deal:
    deal = Deal.random(NO_PASSING, seed=2)
    play_lowest(deal, 26)
    return deal


def test_clone_mid_deal(benchmark: Any) -> None:
    benchmark(mid_deal().clone)


def test_play_and_undo(benchmark: Any) -> None:
    benchmark(play_then_undo(mid_deal()))


def test_playouts_from_mid_deal(benchmark: Any, scale: int) -> None:
    deal = mid_deal()
    count = 2_000 * scale
    benchmark(deal.playouts, count, seed=1)
    record_rate(benchmark, count)
