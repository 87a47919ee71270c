"""Draughts speed: perft from C (with and without bulk counting), a ply of legal_moves() + push()
+ pop() from Python against the pure-Python reference, and random-game simulation.

Full size (``pytest bench/bench_draughts.py``) runs perft 11 from the start position; the CI
short mode (TRICKCORE_BENCH_SHORT=1) runs perft 8. Each test records its rate in extra_info
(``items_per_s``: leaves, plies or games per second, best round).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

from trickcore.draughts import Board, perft
from trickcore.draughts.simulation import Rules

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "draughts"))
from draughts_perft_data import perft_cases

from reference.draughts import legal_paths, play, start

PERFT_LEAVES = {depth: leaves for fen, depth, leaves in perft_cases(max_depth=12)
                if fen == Board().fen()}   # tests/data/draughts_perft.txt


def _perft_depth(scale: int) -> int:
    return 11 if scale >= 10 else 8


def _record_rate(benchmark: Any, key: str, count: int) -> None:
    if benchmark.stats is None:   # --benchmark-disable: run once, nothing measured
        return
    seconds = benchmark.stats.stats.min
    benchmark.extra_info[key] = count
    benchmark.extra_info["seconds"] = round(seconds, 4)
    benchmark.extra_info["items_per_s"] = round(count / seconds)
    benchmark.extra_info["ns_each"] = round(seconds / count * 1e9, 1)


def test_perft_bulk(benchmark: Any, scale: int) -> None:
    depth = _perft_depth(scale)
    leaves = benchmark.pedantic(perft, args=(Board(), depth), rounds=3, iterations=1)
    assert leaves == PERFT_LEAVES[depth]
    _record_rate(benchmark, "leaves", leaves)


def test_perft_no_bulk(benchmark: Any, scale: int) -> None:
    depth = _perft_depth(scale)
    leaves = benchmark.pedantic(perft, args=(Board(), depth), kwargs={"bulk": False},
                                rounds=3, iterations=1)
    assert leaves == PERFT_LEAVES[depth]
    _record_rate(benchmark, "leaves", leaves)


def _middle_game() -> Board:
    board = Board()
    for move in ("11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14"):
        board.push(move)
    return board


def test_python_ply_legal_moves_push_pop(benchmark: Any, scale: int) -> None:
    board = _middle_game()
    plies = 20_000 * scale

    def run() -> None:
        legal, push, pop = board.legal_moves, board.push, board.pop
        for _ in range(plies):
            push(legal()[0])
            pop()

    benchmark.pedantic(run, rounds=3, iterations=1)
    _record_rate(benchmark, "plies", plies)


def test_reference_ply_legal_moves_play(benchmark: Any, scale: int) -> None:
    """The pure-Python reference doing the same work (generate, play the first move)."""
    position = start()
    for path in ((11, 15), (23, 19), (8, 11), (22, 17), (9, 13), (17, 14), (10, 17), (21, 14)):
        position = play(position, path)
    plies = 500 * scale

    def run() -> None:
        for _ in range(plies):
            play(position, legal_paths(position)[0])

    benchmark.pedantic(run, rounds=3, iterations=1)
    _record_rate(benchmark, "plies", plies)


def test_simulate_random_games(benchmark: Any, scale: int) -> None:
    rules = Rules()
    games = 2_000 * scale
    result = benchmark.pedantic(rules.simulate_block, args=(np.random.SeedSequence(1), games),
                                rounds=3, iterations=1)
    _record_rate(benchmark, "games", games)
    benchmark.extra_info["plies"] = int(result["plies"].sum())
