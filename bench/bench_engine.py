"""Engine speed: nodes a second of a fixed-depth search from the start position and from a
middlegame (a fresh 4 MB table each round). Full size searches to depth 16; the CI short mode
(TRICKCORE_BENCH_SHORT=1) to depth 10. Each test records ``items_per_s`` (nodes a second, best
round). The figures with time limits and the matches are in bench/engine_figures.py."""

from __future__ import annotations

from typing import Any

import pytest

from benchutil import record_rate
from trickcore.draughts import Board, Engine

MIDDLEGAME = "W:W14,19,21,23,24,29,30,31:B1,2,3,4,10,12,13,16"   # ACF 60 + 20 plies


@pytest.mark.parametrize("fen", [Board().fen(), MIDDLEGAME], ids=["start", "middlegame"])
def test_search_nodes(benchmark: Any, scale: int, fen: str) -> None:
    depth = 16 if scale >= 10 else 10
    board = Board(fen)

    def search() -> int:
        return Engine().search(board, depth=depth).nodes

    nodes = benchmark.pedantic(search, rounds=3, iterations=1)
    assert nodes > 0
    record_rate(benchmark, nodes)
