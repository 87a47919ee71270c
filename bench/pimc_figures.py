"""PimcBot figures (issue #21): the time per card decision over whole deals on one core, then
a duplicate arena of PimcBot against RuleBot (two against two, A, B, A, B) with the 95%
interval of the edge per deal.

    PYTHONPATH=python python bench/pimc_figures.py [--games svarta-maja,spades] [--deals 200]
        [--worlds 64] [--timing-deals 5] [--processes 2]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from trickcore import arena, hearts, spades
from trickcore.arena.statistics import mean_interval
from trickcore.bots import PimcBot, RuleBot, apply_move
from trickcore.simulation.registry import rules_for


def decision_times(game: str, worlds: int, deals: int) -> list[float]:
    """Seconds per card decision of a PimcBot at seat 0 among rule players, over whole deals."""
    rules: Any = rules_for(game)
    deal_type: Any = hearts.Deal if isinstance(rules, hearts.Rules) else spades.Deal
    times = []
    for seed in range(deals):
        deal = deal_type.random(rules, seed=seed)
        pimc, rule = PimcBot(worlds, seed=seed), RuleBot(seed=seed)
        while not deal.is_over:
            seat = deal.to_act
            bot: Any = pimc if seat == 0 else rule
            start = time.perf_counter()
            move = bot.choose(deal, seat)
            if seat == 0 and deal.phase == "play":
                times.append(time.perf_counter() - start)
            apply_move(deal, bot, seat, move)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="svarta-maja,spardame,spades")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=64)
    parser.add_argument("--timing-deals", type=int, default=5)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    for game in args.games.split(","):
        times = decision_times(game, args.worlds, args.timing_deals)
        print(f"{game:12} {args.worlds} worlds: {1000 * np.mean(times):.1f} ms per card "
              f"(max {1000 * max(times):.1f}) over {len(times)} decisions", flush=True)
        start = time.perf_counter()
        with ProcessPoolExecutor(args.processes) as pool:
            result = arena(game, ["pimc", "rule", "pimc", "rule"], deals=args.deals, seed=1,
                           executor=pool)
        scores = result.scores()
        sign = -1.0 if result.lower_is_better else 1.0
        edge = mean_interval(sign * (scores["pimc"] - scores["rule"]))
        verdict = "clear" if edge.low > 0 else "NOT clear"
        print(f"{game:12} pimc > rule edge {edge.mean:+.2f} [{edge.low:+.2f}, {edge.high:+.2f}] "
              f"{verdict} over {args.deals} duplicate deals "
              f"({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
