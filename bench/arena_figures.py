"""Strength of the built-in bots: duplicate arenas of RuleBot, GreedyBot and RandomBot in every
card game, two of a kind against two (A, B, A, B: in Spades the partnerships), and whether each
step rule > greedy > random has its 95% interval clear of zero.

    PYTHONPATH=python python bench/arena_figures.py [--deals 2000] [--seed 1] [--workers 2]
"""

from __future__ import annotations

import argparse

from trickcore import arena
from trickcore.arena.statistics import mean_interval

GAMES = ("svarta-maja", "spardame", "spades", "dam-avoid", "dam-collect")
PAIRS = (("rule", "greedy"), ("greedy", "random"), ("rule", "random"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    print(f"{args.deals} duplicate deals x 4 rotations, seed {args.seed}; edge: the first bot's "
          "advantage per deal (points, lower-is-better games negated), 95% interval")
    for game in args.games.split(","):
        for first, second in PAIRS:
            result = arena(game, [first, second, first, second], deals=args.deals,
                           seed=args.seed, workers=args.workers)
            scores = result.scores()
            sign = -1.0 if result.lower_is_better else 1.0
            edge = mean_interval(sign * (scores[first] - scores[second]))
            verdict = "clear" if edge.low > 0 else "NOT clear"
            print(f"{game:12} {first:>6} > {second:<6} edge {edge.mean:+8.2f} "
                  f"[{edge.low:+8.2f}, {edge.high:+8.2f}]  {verdict}  ({result.elapsed:.1f} s)")

if __name__ == "__main__":
    main()
