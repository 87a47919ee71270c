"""PimcBot and IsmctsBot figures (issue #21): the time per card decision (and per Spades bid)
over whole deals on one core, then duplicate arenas of the bot against each opponent (two
against two, A, B, A, B) with the 95% interval of the edge per deal.

    PYTHONPATH=python python bench/pimc_figures.py [--bot pimc|ismcts]
        [--games svarta-maja,spades] [--opponents rule] [--deals 200] [--worlds 64]
        [--iterations 1000] [--timing-deals 5] [--processes 2]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from trickcore import arena
from trickcore.arena.runner import DEAL_TYPES
from trickcore.arena.statistics import mean_interval
from trickcore.bots import BOTS, IsmctsBot, PimcBot, RuleBot, apply_move, register_bot
from trickcore.simulation.registry import rules_for


def decision_times(game: str, bot: Any, deals: int) -> tuple[list[float], list[float]]:
    """Seconds per card decision and per bid of ``bot`` at seat 0 among rule players, over
    whole deals."""
    rules: Any = rules_for(game)
    deal_type: Any = DEAL_TYPES[type(rules)]
    times: list[float] = []
    bids: list[float] = []
    for seed in range(deals):
        deal = deal_type.random(rules, seed=seed)
        bot.reset(seed)
        rule = RuleBot(seed=seed)
        while not deal.is_over:
            seat = deal.to_act
            player: Any = bot if seat == 0 else rule
            start = time.perf_counter()
            move = player.choose(deal, seat)
            if seat == 0 and deal.phase in ("play", "bid"):
                (times if deal.phase == "play" else bids).append(time.perf_counter() - start)
            apply_move(deal, player, seat, move)
    return times, bids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", choices=("pimc", "ismcts"), default="pimc")
    parser.add_argument("--games", default="svarta-maja,spardame,spades")
    parser.add_argument("--opponents", default="rule")
    parser.add_argument("--deals", type=int, default=200, help="0: the timing only")
    parser.add_argument("--worlds", type=int, default=64)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--timing-deals", type=int, default=5)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    # The registry's factories, with this run's budget (the arena's workers build them by name).
    if args.bot == "ismcts":
        register_bot("ismcts", lambda **kw: IsmctsBot(args.iterations, **kw))
        budget = f"{args.iterations} iterations"
    else:
        register_bot("pimc", lambda **kw: PimcBot(args.worlds, **kw))
        budget = f"{args.worlds} worlds"
    for game in args.games.split(","):
        times, bids = decision_times(game, BOTS[args.bot](seed=0, name=args.bot),
                                     args.timing_deals)
        print(f"{game:12} {args.bot} {budget}: {1000 * np.mean(times):.1f} ms per card "
              f"(max {1000 * max(times):.1f}) over {len(times)} decisions", flush=True)
        if bids:
            print(f"{game:12} {args.bot}: {np.mean(bids):.2f} s per bid (max {max(bids):.2f}) "
                  f"over {len(bids)} bids", flush=True)
        for opponent in args.opponents.split(",") if args.deals else ():
            start = time.perf_counter()
            with ProcessPoolExecutor(args.processes) as pool:
                result = arena(game, [args.bot, opponent, args.bot, opponent], deals=args.deals,
                               seed=1, executor=pool)
            scores = result.scores()
            sign = -1.0 if result.lower_is_better else 1.0
            edge = mean_interval(sign * (scores[args.bot] - scores[opponent]))
            verdict = "clear" if edge.low > 0 else "NOT clear"
            print(f"{game:12} {args.bot} > {opponent} edge {edge.mean:+.2f} "
                  f"[{edge.low:+.2f}, {edge.high:+.2f}] {verdict} over {args.deals} duplicate "
                  f"deals ({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
