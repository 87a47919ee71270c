"""Throughput of the main kernels, best of three, in process CPU time and wall clock.

CPU time is the fairer per-core figure on a shared machine. Run: ``python bench/throughput.py``.
"""

import time
from collections.abc import Callable

import numpy as np

import trickcore as tc
from trickcore import draughts


def rate(fn: Callable[[], object], items: int, reps: int = 3) -> tuple[float, float]:
    best_cpu = best_wall = float("inf")
    for _ in range(reps):
        cpu, wall = time.process_time(), time.perf_counter()
        fn()
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
    return items / best_cpu, items / best_wall


def show(name: str, items: int, fn: Callable[[], object], unit: str) -> None:
    cpu, wall = rate(fn, items)
    print(f"{name:48s} {cpu / 1e6:8.2f} M {unit}/s CPU   {wall / 1e6:8.2f} M/s wall")



t = np.argsort(np.random.default_rng(0).random((1_000_000, 52)), axis=1)[:, :4].astype(np.uint8)
show("trick_winners batch (4 cards, trump)", 1_000_000, lambda: tc.trick_winners(t, 3), "tricks")
show("deal_batch 4 hands of 13", 500_000, lambda: tc.deal_batch(500_000, seed=1), "deals")
ss = np.random.SeedSequence(1)
GAMES = [
    ("svarta-maja, no passing, random", tc.hearts.Rules.svarta_maja(pass_count=0)),
    ("svarta-maja with passing, random", tc.hearts.Rules.svarta_maja()),
    ("spades standard, random", tc.spades.Rules.standard()),
    ("dam avoid 4p two packs 12 cards, random", tc.dam.Rules.avoid()),
]
for name, rules in GAMES:
    show(name, 200_000, lambda r=rules: r.simulate_block(ss, 200_000, "random"), "deals")
b = draughts.Board()
show("draughts perft 10 bulk", 18391564, lambda: draughts.perft(b, 10), "leaves")
show("draughts perft 9 no bulk", 3963680, lambda: draughts.perft(b, 9, bulk=False), "leaves")
