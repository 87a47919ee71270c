"""Throughput of the main kernels, best of N runs (default 3), in process CPU time and wall time.

CPU time is the fairer per-core figure on a shared machine. On a virtual machine the host can
take time from the guest ("steal"): the share stolen during the run is printed, and a large one
means the figures are low. Run: ``python bench/throughput.py [--reps N]``.
"""

import argparse
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import trickcore as tc
from trickcore import draughts
from trickcore.simulation import simulate


def cpu_ticks() -> tuple[int, int] | None:
    """(steal, total) jiffies of all CPUs since boot, from /proc/stat (None elsewhere)."""
    stat = Path("/proc/stat")
    if not stat.exists():
        return None
    fields = [int(x) for x in stat.read_text().split("\n", 1)[0].split()[1:]]
    return (fields[7] if len(fields) > 7 else 0), sum(fields)


parser = argparse.ArgumentParser(description="Throughput of the main kernels, best of N runs.")
parser.add_argument("--reps", type=int, default=3, help="runs per kernel (best is shown)")
ARGS = parser.parse_args()
START_TICKS = cpu_ticks()


def rate(fn: Callable[[], object], items: int, reps: int = ARGS.reps) -> tuple[float, float]:
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
GAMES = [
    ("svarta-maja, no passing, random", tc.hearts.Rules.svarta_maja(pass_count=0)),
    ("svarta-maja with passing, random", tc.hearts.Rules.svarta_maja()),
    ("spades standard, random", tc.spades.Rules.standard()),
    ("dam avoid 4p two packs 12 cards, random", tc.dam.Rules.avoid()),
]
for name, rules in GAMES:  # the issues' targets are per core through simulate(): one worker
    show(name, 500_000, lambda r=rules: simulate(r, 500_000, seed=1, workers=1), "deals")
# Draughts perft is a fixed workload this session's speed work never touched: its rate tells
# which speed the VM was running at (it swings between about 170 and 260 M leaves/s).
b = draughts.Board()
show("draughts perft 10 bulk (machine speed reference)", 18391564,
     lambda: draughts.perft(b, 10), "leaves")
show("draughts perft 9 no bulk", 3963680, lambda: draughts.perft(b, 9, bulk=False), "leaves")
end = cpu_ticks()
if START_TICKS and end and end[1] > START_TICKS[1]:
    stolen = (end[0] - START_TICKS[0]) / (end[1] - START_TICKS[1])
    print(f"CPU time stolen by the host during the run: {stolen:.1%}")
