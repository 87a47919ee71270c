"""Card kernels: CardSet vs frozenset, trick resolution scalar and batch, dealing.

Throughput figures (items/s) are stored in each benchmark's extra_info and printed by
``pytest bench --benchmark-columns=...``; ratios compare against Python's own structures and the
pure-Python reference rule in tests/reference/trick.py."""

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import trickcore as tc
from benchutil import record_rate

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
from reference.trick import reference_winner

HAND_A = tc.CardSet.parse("AS KS QS 2H 5H 9C TC 3D")
HAND_B = tc.CardSet.parse("KS 2H 7D 8D AC 4C")
FROZEN_A = frozenset(int(c) for c in HAND_A)
FROZEN_B = frozenset(int(c) for c in HAND_B)
QUEEN = tc.Card("QS")


def micro(benchmark: Any, fn: Callable[..., object], *args: object) -> None:
    """Nanosecond operations: many iterations per round, so timer overhead does not dominate."""
    benchmark.pedantic(fn, args=args, iterations=2000, rounds=30, warmup_rounds=1)


OPERATIONS = {
    "union": (HAND_A.__or__, HAND_B, FROZEN_A.__or__, FROZEN_B),
    "difference": (HAND_A.__sub__, HAND_B, FROZEN_A.__sub__, FROZEN_B),
    "contains": (HAND_A.__contains__, QUEEN, FROZEN_A.__contains__, 49),
    "equal": (HAND_A.__eq__, HAND_B, FROZEN_A.__eq__, FROZEN_B),
}


@pytest.mark.parametrize("operation", OPERATIONS)
def test_cardset_op(benchmark: Any, operation: str) -> None:
    method, arg, _, _ = OPERATIONS[operation]
    micro(benchmark, method, arg)


@pytest.mark.parametrize("operation", OPERATIONS)
def test_frozenset_op(benchmark: Any, operation: str) -> None:
    _, _, method, arg = OPERATIONS[operation]
    micro(benchmark, method, arg)


def test_cardset_len(benchmark: Any) -> None:
    micro(benchmark, HAND_A.__len__)


def test_frozenset_len(benchmark: Any) -> None:
    micro(benchmark, FROZEN_A.__len__)


def random_tricks(count: int, players: int = 4) -> np.ndarray:
    rng = np.random.default_rng(0)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :players].astype(np.uint8)


def test_trick_winner_scalar(benchmark: Any) -> None:
    micro(benchmark, tc.trick_winner, [33, 35, 31, 47], 3)


def test_trick_winner_reference_python(benchmark: Any) -> None:
    micro(benchmark, reference_winner, [33, 35, 31, 47], 3)


def test_trick_winners_batch(benchmark: Any, scale: int) -> None:
    tricks = random_tricks(100_000 * scale)
    benchmark(tc.trick_winners, tricks, 3)
    record_rate(benchmark, len(tricks))


def test_trick_winners_batch_two_packs(benchmark: Any, scale: int) -> None:
    tricks = random_tricks(100_000 * scale) // 2 * 2  # pairs of identical cards appear
    benchmark(tc.trick_winners, tricks, None, "last", "none", 2)
    record_rate(benchmark, len(tricks))


def test_deal_batch_four_hands(benchmark: Any, scale: int) -> None:
    count = 50_000 * scale
    benchmark(tc.deal_batch, count, 4, None, None, 1)
    record_rate(benchmark, count)


def test_deal_batch_two_packs(benchmark: Any, scale: int) -> None:
    count = 20_000 * scale
    deck = tc.CardMultiset.two_packs()
    benchmark(tc.deal_batch, count, 4, 12, deck, 1)
    record_rate(benchmark, count)


def test_deal_batch_with_a_stock(benchmark: Any, scale: int) -> None:
    count = 20_000 * scale
    benchmark(tc.deal_batch, count, 3, 5, None, 1)  # 3 hands of 5, a stock of 37 in draw order
    record_rate(benchmark, count)


def test_trick_winners_batch_trump_per_trick(benchmark: Any, scale: int) -> None:
    tricks = random_tricks(100_000 * scale)
    trumps = np.random.default_rng(1).integers(-1, 4, size=len(tricks)).astype(np.int8)
    benchmark(tc.trick_winners, tricks, trumps)
    record_rate(benchmark, len(tricks))
