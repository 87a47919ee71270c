"""deal.h's 128-bit multiply, on which every bounded draw rests: the portable fallback (four
32-bit products, used where the compiler has no 128-bit type) and the __int128 path must both
agree with Python's exact integers, so a seed deals the same cards on every platform."""

from __future__ import annotations

import random
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

EDGES = [0, 1, 2, 3, 0xFFFFFFFF, 0x100000000, 0xFFFFFFFFFFFFFFFF, 0x8000000000000000,
         0x7FFFFFFFFFFFFFFF, 0xFFFFFFFF00000000, 0x00000000FFFFFFFF, 52, 52 * 51 * 50 * 49]


@pytest.fixture(scope="module", params=[False, True], ids=["int128", "portable"])
def multiply(request: pytest.FixtureRequest, build_c: Callable[..., Path]) -> Path:
    flags = ("-DTC_PORTABLE_MUL64",) if request.param else ()
    return build_c("mul64", ["tests/c/mul64.c"], flags)


def test_tc_mul64_matches_exact_integers(multiply: Path) -> None:
    rng = random.Random(64)
    pairs = [(a, b) for a in EDGES for b in EDGES]
    pairs += [(rng.getrandbits(64), rng.getrandbits(64)) for _ in range(2000)]
    pairs += [(rng.getrandbits(64), rng.randrange(1, 1 << 16)) for _ in range(1000)]
    text = "".join(f"{a} {b}\n" for a, b in pairs)
    out = subprocess.run([str(multiply)], input=text, capture_output=True, text=True, check=True)
    got = [tuple(map(int, line.split())) for line in out.stdout.splitlines()]
    assert got == [((a * b) >> 64, (a * b) & (2**64 - 1)) for a, b in pairs]
