"""Fits the evaluation's weights (src/draughts/eval.c, dr_eval_weights) by logistic regression of
self-play results on the features, and prints the table rescaled so that a man weighs 100.

    PYTHONPATH=python python bench/tune_eval.py [--games 600] [--depth 4] [--seed 1]

Games: each starts from a 3-move ballot (in turn) and a few random plies, then the engine plays
both sides to ``--depth``; every position without a pending capture is a sample, labelled with
the game's result for its side to move (1 win, 0.5 draw, 0 loss). The model is
P(win) = sigmoid(w . features), fitted by Newton's method on the cross-entropy with a small
ridge term (docs/draughts-engine.md, "Tuning").
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from trickcore.draughts.engine import FEATURES, WEIGHTS, Engine, Limit
from trickcore.draughts.openings import three_move_openings

RANDOM_PLIES = 4
MAX_PLIES = 300
RIDGE = 1e-3


def self_play(games: int, depth: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = random.Random(seed)
    engine = Engine()
    features: list[tuple[int, ...]] = []
    labels: list[float] = []
    openings = three_move_openings()
    for game in range(games):
        board = openings[game % len(openings)].board()
        for _ in range(RANDOM_PLIES):
            if board.is_game_over():
                break
            board.push(rng.choice(board.legal_moves()))
        engine.clear()
        samples: list[tuple[tuple[int, ...], int]] = []
        while not board.is_game_over() and board.ply < MAX_PLIES:
            moves = board.legal_moves()
            if not moves[0].is_capture:
                samples.append((tuple(Engine.features(board).values()), int(board.turn)))
            board.push(engine.play(board, Limit(depth=depth)).move)
        outcome = board.outcome()
        winner = None if outcome is None else outcome.winner
        for values, turn in samples:
            features.append(values)
            labels.append(0.5 if winner is None else float(int(winner) == turn))
    return np.array(features, dtype=np.float64), np.array(labels, dtype=np.float64)


def fit(x: np.ndarray, y: np.ndarray, steps: int = 30) -> np.ndarray:
    """Newton's method on the mean cross-entropy of sigmoid(x w) against y (no intercept: the
    features are differences, so the model is symmetric between the sides)."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        gradient = x.T @ (p - y) / len(y) + RIDGE * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x / len(y) + RIDGE * np.eye(x.shape[1])
        w -= np.linalg.solve(hessian, gradient)
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    x, y = self_play(args.games, args.depth, args.seed)
    print(f"{args.games} games, {len(y)} positions ({time.perf_counter() - started:.0f} s); "
          f"results: {np.mean(y == 1):.1%} won, {np.mean(y == 0.5):.1%} drawn by the side to move")
    w = fit(x, y)
    scaled = np.rint(100 * w / w[FEATURES.index("man")]).astype(int)
    for name, coefficient, weight, old in zip(FEATURES, w, scaled, WEIGHTS, strict=True):
        print(f"  {name:12} logistic {coefficient:+.4f}  weight {weight:+4d}  (now {old})")
    current = np.array(WEIGHTS, dtype=np.float64) * w[0] / 100
    for label, weights in (("fitted", w), ("current table", current)):
        p = 1.0 / (1.0 + np.exp(-x @ weights))
        loss = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
        print(f"  cross-entropy with the {label} weights: {loss:.4f}")


if __name__ == "__main__":
    main()
