"""Train a small Svarta Maja player with numpy alone: REINFORCE on a linear softmax policy
over the legal cards, against the built-in random opponents, on 256 environments stepped in C.

Run: ``python examples/train_hearts_numpy.py [--updates N] [--envs N] [--seed S]``. It prints
the mean points per deal of the learning seat (lower is better; a random player scores about
6.5) every 20 updates, then the trained player's mean against the same random opponents and
against random play, both over fresh deals.
"""

from __future__ import annotations

import argparse

import numpy as np
from numpy.typing import NDArray

from trickcore.env import VecEnv


def policy(weights: NDArray[np.float64], bits: NDArray[np.uint8],
           masks: NDArray[np.bool_]) -> NDArray[np.float64]:
    """Action probabilities: a softmax of linear scores over the legal actions."""
    logits = bits @ weights
    logits = np.where(masks, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


def sample(p: NDArray[np.float64], rng: np.random.Generator) -> NDArray[np.int64]:
    u = rng.random((p.shape[0], 1))
    return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1)


def evaluate(env: VecEnv, weights: NDArray[np.float64] | None, deals: int,
             rng: np.random.Generator) -> float:
    """Mean points per deal of the seat played by `weights` (None: uniformly random)."""
    obs, masks, _ = env.reset(seed=int(rng.integers(2**31)))
    total, done = 0.0, 0
    while done < deals:
        if weights is None:
            p = masks / masks.sum(axis=1, keepdims=True)
        else:
            p = policy(weights, env.unpack(obs).astype(np.float64), masks)
        obs, masks, rewards, terminated, _, _ = env.step(sample(p, rng))
        total += float(rewards[terminated].sum())
        done += int(terminated.sum())
    return -total / done


def train(updates: int, envs: int, seed: int, rate: float = 0.5, report: bool = True,
          eval_deals: int = 4096) -> tuple[NDArray[np.float64], float, float]:
    """REINFORCE: every environment plays one whole deal per update (they start together, and
    deal k passes the same way in all of them, so they end together), then the weights move
    along the log-probability gradients of its decisions, scaled by its normalised reward."""
    rng = np.random.default_rng(seed)
    env = VecEnv("svarta-maja", envs, seed=seed, opponents="random")
    weights = np.zeros((env.obs_bits, env.num_actions))
    obs, masks, _ = env.reset()
    for update in range(1, updates + 1):
        decisions = []
        terminated = np.zeros(envs, dtype=bool)
        while not terminated.any():
            bits = env.unpack(obs).astype(np.float64)
            p = policy(weights, bits, masks)
            actions = sample(p, rng)
            chosen = -p
            chosen[np.arange(envs), actions] += 1.0  # d log p(action) / d logits
            decisions.append((bits, chosen))
            obs, masks, rewards, terminated, _, _ = env.step(actions)
        assert terminated.all()
        advantage = (rewards - rewards.mean()) / (rewards.std() + 1e-6)
        for bits, chosen in decisions:
            weights += rate * bits.T @ (chosen * advantage[:, None]) / envs
        if report and update % 20 == 0:
            print(f"update {update:4d}: {-rewards.mean():.2f} points per deal")
    trained = evaluate(env, weights, eval_deals, rng)
    random_play = evaluate(env, None, eval_deals, rng)
    return weights, trained, random_play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--updates", type=int, default=200)
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    _, trained, random_play = train(args.updates, args.envs, args.seed)
    print(f"trained: {trained:.2f} points per deal; random play: {random_play:.2f}")


if __name__ == "__main__":
    main()
