"""Danish Dam speed: C block simulation (4 players, two packs, 12-card hands with refill; one and
two workers; the portable loop, for CPUs without a fast BMI2, too) against the pure-Python
reference, the per-card cost of legal_moves() + play() from Python, clone()/undo(), and
playouts.

Run: ``PYTHONPATH=python python -m pytest bench/bench_dam.py --benchmark-columns=min,mean,ops``.
Throughputs are stored as ``items_per_s`` (deals, cards or playouts per second, best round) and
printed at the end; the C/reference ratio is the ratio of the two simulate figures.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from benchutil import play_lowest, play_then_undo, record_rate, two_workers
from trickcore.dam import Deal, Rules
from trickcore.dam._core import simulate_block
from trickcore.dam.rules import kernel_rules

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))
from reference.dam import ReferenceDeal  # noqa: E402

AVOID = Rules.avoid()  # 4 players, two packs, 12 cards each, 56 in the draw pile


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_simulate_avoid_one_worker(benchmark: Any, scale: int, policy: str) -> None:
    count = (20_000 if policy == "random" else 4_000) * scale
    benchmark(AVOID.simulate_block, np.random.SeedSequence(1), count, policy)
    record_rate(benchmark, count)


@pytest.mark.parametrize("loop", ["portable"])
def test_simulate_avoid_scalar_loops(benchmark: Any, scale: int, loop: str) -> None:
    """The loop for any x86-64 or other CPU ("portable"). Against the first test's figure
    (built for BMI2 where the CPU has a fast one: see trickcore.dam._core.best_loop_isa()), the
    BMI2 / portable ratio."""
    kernel = kernel_rules(AVOID)
    count = 20_000 * scale
    benchmark(lambda: simulate_block(kernel, np.random.PCG64(1), count, "random", False, loop))
    record_rate(benchmark, count)


def test_simulate_collect_trump_jokers_one_worker(benchmark: Any, scale: int) -> None:
    rules = Rules.collect(turn_trump=True, jokers="outright")
    count = 20_000 * scale
    benchmark(rules.simulate_block, np.random.SeedSequence(1), count)
    record_rate(benchmark, count)


def test_simulate_avoid_two_workers(benchmark: Any, scale: int) -> None:
    two_workers(benchmark, AVOID.simulate_block, 20_000 * scale)


def reference_deals(count: int, seed: int) -> None:
    """The same work in pure Python: shuffle and deal, random legal cards with refills to the
    end, score."""
    rng = random.Random(seed)
    cards = [int(c) for c in AVOID.deck]
    for _ in range(count):
        rng.shuffle(cards)
        hands = [Counter(cards[12 * p:12 * p + 12]) for p in range(4)]
        deal = ReferenceDeal(AVOID, hands, cards[48:])
        while not deal.over:
            deal.play(rng.choice(sorted(deal.legal())))
        deal.score()


def test_simulate_pure_python_reference(benchmark: Any, scale: int) -> None:
    count = 5 * scale
    benchmark(reference_deals, count, 1)
    record_rate(benchmark, count)


def play_whole_deal(deal: Deal) -> None:
    play_lowest(deal, 104)


def test_legal_moves_and_play_per_card(benchmark: Any, scale: int) -> None:
    start = Deal.random(AVOID, seed=1)
    benchmark.pedantic(play_whole_deal, setup=lambda: ((start.clone(),), {}),
                       rounds=100 * scale)
    record_rate(benchmark, 104)


def mid_deal() -> Deal:
    deal = Deal.random(AVOID, seed=2)
    play_lowest(deal, 50)
    return deal


def test_clone_mid_deal(benchmark: Any) -> None:
    deal = mid_deal()
    benchmark.pedantic(deal.clone, iterations=2000, rounds=30, warmup_rounds=1)


def test_play_and_undo(benchmark: Any) -> None:
    benchmark.pedantic(play_then_undo(mid_deal()), iterations=1000, rounds=30, warmup_rounds=1)


def test_playouts_from_mid_deal(benchmark: Any, scale: int) -> None:
    deal = mid_deal()
    count = 5_000 * scale
    benchmark(deal.playouts, count, seed=1)
    record_rate(benchmark, count)
