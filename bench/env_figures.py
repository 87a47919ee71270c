"""The environment figures issue #19 asks for, side by side in one run: VecEnv steps per second
per game (random opponents, observations and masks written) on one and two threads, the
multi-agent mode, OpenSpiel 2.0.2's SyncVectorEnv on the same game, and PettingZoo-style
stepping of our own single environment (``trickcore.env.pettingzoo``).

Run: ``PYTHONPATH=python python bench/env_figures.py [--envs N] [--seconds S]``.

A VecEnv figure times ``env.step`` alone over rounds of ``--envs`` environments whose actions
are the first legal action of each mask (taken before the timer starts), so it is the
environment's own rate; "loop" adds choosing those actions with numpy each step. OpenSpiel and
PettingZoo steps take a uniformly random legal action for the player to act, chosen in Python,
and every action counts as a step (for OpenSpiel that includes the opponents' actions, which
our single-agent figure does not count: the ratios are conservative).
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import shlex
import sys
import time
from typing import Any

import numpy as np

from trickcore.env import VecEnv

GAMES = {  # ours -> OpenSpiel's game name, where it has the game
    "svarta-maja": "hearts", "spardame": None, "spades": "spades", "dam-avoid": None,
    "dam-collect": None, "draughts": "checkers",
}


def vec_rate(game: str, envs: int, threads: int, seconds: float,
             opponents: str | None = "random") -> tuple[float, float]:
    env = VecEnv(game, envs, seed=1, opponents=opponents, threads=threads)
    _, masks, _ = env.reset()
    stepping = looping = 0.0
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        t0 = time.perf_counter()
        actions = masks.argmax(axis=1)
        t1 = time.perf_counter()
        _, masks, *_ = env.step(actions)
        t2 = time.perf_counter()
        stepping += t2 - t1
        looping += t2 - t0
        steps += envs
    env.close()
    return steps / stepping, steps / looping


def open_spiel_rate(name: str, envs: int, seconds: float) -> float:
    from open_spiel.python import rl_environment
    from open_spiel.python.rl_agent import StepOutput
    from open_spiel.python.vector_env import SyncVectorEnv
    vector = SyncVectorEnv([rl_environment.Environment(name) for _ in range(envs)])
    time_steps = vector.reset()
    rng = np.random.default_rng(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        outputs = []
        for ts in time_steps:
            legal = ts.observations["legal_actions"][ts.observations["current_player"]]
            outputs.append(StepOutput(action=legal[rng.integers(len(legal))], probs=None))
        time_steps, _, _, _ = vector.step(outputs, reset_if_done=True)
        steps += envs
    return steps / (time.perf_counter() - start)


def pettingzoo_rate(game: str, seconds: float) -> float:
    from trickcore.env.pettingzoo import TrickcoreAEC
    env: Any = TrickcoreAEC(game)
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset()
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
    return steps / (time.perf_counter() - start)


def available(game: str) -> bool:
    try:
        VecEnv(game, 1)
    except ValueError:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, default=4096)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    print("$ " + shlex.join(["python", "bench/env_figures.py", *sys.argv[1:]]))
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    have_spiel = importlib.util.find_spec("open_spiel") is not None
    print(f"{'game':12} {'1 thread':>10} {'2 threads':>10} {'loop':>10} {'multi':>10} "
          f"{'OpenSpiel':>10} {'x':>8} {'PettingZoo':>10} {'x':>6}   (steps/s)")
    for game, spiel_name in GAMES.items():
        if not available(game):
            print(f"{game:12} (no environment in this build)")
            continue
        one, loop = vec_rate(game, args.envs, 1, args.seconds)
        two, _ = vec_rate(game, args.envs * 2, 2, args.seconds)
        multi, _ = vec_rate(game, args.envs, 1, args.seconds, opponents=None)
        spiel = (open_spiel_rate(spiel_name, 16, args.seconds)
                 if have_spiel and spiel_name else float("nan"))
        zoo = pettingzoo_rate(game, args.seconds)
        print(f"{game:12} {one:10.3g} {two:10.3g} {loop:10.3g} {multi:10.3g} {spiel:10.3g} "
              f"{two / spiel:8.0f} {zoo:10.3g} {two / zoo:6.0f}")


if __name__ == "__main__":
    main()
