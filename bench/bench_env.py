"""Environment stepping (issue #19): ``VecEnv.step`` of every game with random opponents,
observations and masks written, on one thread and on two, and the multi-agent mode; the side
by side table against OpenSpiel and PettingZoo-style stepping is bench/env_figures.py.

Run: ``PYTHONPATH=python python -m pytest bench/bench_env.py --benchmark-columns=min,mean,ops``.
A round is one step of 1024 environments per thread (128 in short mode) taking the first legal
action of each mask; each records ``items_per_s`` (environment steps per second) and checks
that the batch stayed legal (every row has a legal action, rewards only where episodes end).
"""

from __future__ import annotations

from typing import Any

import pytest

from benchutil import record_rate
from conftest import SHORT
from env_figures import GAMES, available
from trickcore.env import VecEnv

ENVS = 128 if SHORT else 1024
BUILT = [game for game in GAMES if available(game)]


def stepper(env: VecEnv) -> Any:
    _, masks, _ = env.reset()

    def step() -> None:
        _, new_masks, rewards, terminated, truncated, _ = env.step(masks.argmax(axis=1))
        assert new_masks.any(axis=1).all()
        done = terminated | truncated
        assert not rewards[~done].any()

    return step


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("game", BUILT)
def test_vec_env_step(benchmark: Any, game: str, threads: int) -> None:
    with VecEnv(game, ENVS * threads, seed=1, threads=threads) as env:
        benchmark(stepper(env))
    record_rate(benchmark, ENVS * threads)


@pytest.mark.parametrize("game", BUILT)
def test_vec_env_step_multi_agent(benchmark: Any, game: str) -> None:
    with VecEnv(game, ENVS, seed=1, opponents=None) as env:
        benchmark(stepper(env))
    record_rate(benchmark, ENVS)
