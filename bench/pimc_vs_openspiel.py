"""PimcBot against OpenSpiel's C++ IS-MCTS bot in Hearts (issue #21), both inside one table.

A trickcore Svarta Maja deal (rules set to OpenSpiel's ``hearts`` defaults: docs/bots.md, "PimcBot
against OpenSpiel") is the referee; every move is mirrored into a ``pyspiel`` state, on which
``pyspiel.ISMCTSBot`` chooses for its seats. Deal ``i`` (dealer 3, so both pass in seat order 0..3;
deal number ``i``: passes left, right, across, none) is played twice, PimcBot at seats 0 and 2
then at 1 and 3, so each bot holds every hand once: the edge is IS-MCTS's mean points per seat
minus PimcBot's, per deal, with its 95% interval. IS-MCTS gets the simulations that take
PimcBot's mean time per card (measured first), unless ``--simulations`` is given. Both pass
as trickcore's rule player: OpenSpiel 2.0.2's IS-MCTS crashes asked to pass after another seat.

    PYTHONPATH=python python bench/pimc_vs_openspiel.py [--deals 100] [--worlds 64]
        [--simulations N] [--uct-c 18.2] [--processes 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pyspiel

from trickcore import hearts
from trickcore.arena.statistics import mean_interval
from trickcore.bots import PimcBot, apply_move
from trickcore.core._cardset import CardSet
from trickcore.core.card import Card
from trickcore.core.seeding import bit_generator

# OpenSpiel's hearts defaults: pass 3 (direction by chance), 2C leads, no points on the first
# trick, hearts must be broken and Q♠ breaks them, no J♦ or no-trick bonus, the moon +26.
OPENSPIEL = {"pass_cards": True, "no_pts_on_first_trick": True, "can_lead_any_club": False,
             "jd_bonus": False, "avoid_all_tricks_bonus": False, "must_break_hearts": True,
             "qs_breaks_hearts": True, "can_lead_hearts_instead_of_qs": False}
RULES = hearts.Rules.svarta_maja(queen_breaks_hearts=True)
GAME = pyspiel.load_game("hearts", OPENSPIEL)
OFFSET_ACTION = {0: 0, 1: 1, 2: 2, 3: 3}  # trickcore pass offset -> OpenSpiel pass direction
_probe = GAME.new_initial_state()
_probe.apply_action(1)
CARD_OF = {a: Card.parse(_probe.action_to_string(a)) for a in range(52)}
ACTION_OF = {card: a for a, card in CARD_OF.items()}


def mirrored(deal: hearts.Deal) -> Any:
    """The OpenSpiel state dealt as ``deal``: its pass direction, then card k to seat k % 4."""
    state = GAME.new_initial_state()
    state.apply_action(OFFSET_ACTION[deal.pass_offset])
    hands = [sorted(deal.hand(s)) for s in range(4)]
    for k in range(52):
        state.apply_action(ACTION_OF[hands[k % 4][k // 4]])
    return state


def ismcts_bot(seed: int, evaluator: Any, simulations: int, uct_c: float) -> Any:
    """OpenSpiel's IS-MCTS: random rollouts, unlimited world samples, the most visited move."""
    return pyspiel.ISMCTSBot(seed, evaluator, uct_c, simulations, -1,
                             pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)


def play_game(index: int, seed: int, pimc_seats: tuple[int, ...], worlds: int,
              simulations: int, uct_c: float) -> dict[str, Any]:
    """One game of deal ``index``: points per seat, the mean seconds per card of each bot (where
    there was a choice), and the decisions at which the two referees' legal cards differed."""
    deal = hearts.Deal.random(RULES, seed=[seed, index], dealer=3, deal_number=index)
    state = mirrored(deal)
    game_seed = int(np.random.Generator(bit_generator([seed, index, *pimc_seats])).integers(2**31))
    pimc = PimcBot(worlds, seed=game_seed)
    evaluator = pyspiel.RandomRolloutEvaluator(1, game_seed)  # the bot does not own it
    ismcts = ismcts_bot(game_seed, evaluator, simulations, uct_c)
    times: dict[str, list[float]] = {"pimc": [], "ismcts": []}
    differ = refused = 0
    seat: Any
    while deal.phase == "pass":  # both pass as the rule player (docs/bots.md says why)
        seat = deal.to_act
        move: Any = pimc.choose(deal, seat)
        apply_move(deal, pimc, seat, move)
        for card in sorted(move.cards):
            state.apply_action(ACTION_OF[card])
    while not deal.is_over:
        seat = deal.to_act
        assert state.current_player() == seat
        legal = deal.legal_moves()
        if CardSet(CARD_OF[a] for a in state.legal_actions()) != legal:
            differ += 1
        if len(legal) == 1:
            card = next(iter(legal))
        elif seat in pimc_seats:
            start = time.perf_counter()
            move = pimc.choose(deal, seat)
            card = move.card
            times["pimc"].append(time.perf_counter() - start)
        else:
            start = time.perf_counter()
            card = CARD_OF[ismcts.step(state)]
            times["ismcts"].append(time.perf_counter() - start)
            if card not in legal:  # the hearts-only lead difference (docs/bots.md)
                refused += 1
                card = min(legal)
        deal.play(card)
        state.apply_action(ACTION_OF[card])
    points = deal.points()
    assert tuple(26 - r for r in state.returns()) == points, (points, state.returns())
    return {"points": points, "pimc": times["pimc"], "ismcts": times["ismcts"],
            "differ": differ, "refused": refused}


def joined(lists: Iterable[list[float]]) -> list[float]:
    return list(itertools.chain.from_iterable(lists))


def play_deal(index: int, seed: int, worlds: int, simulations: int,
              uct_c: float) -> dict[str, Any]:
    """Deal ``index`` twice (PimcBot at 0, 2 then at 1, 3): IS-MCTS's mean points per seat
    minus PimcBot's, and the games' timings."""
    seatings = ((0, 2), (1, 3))
    games = [play_game(index, seed, seats, worlds, simulations, uct_c) for seats in seatings]
    pimc = np.mean([g["points"][s] for g, seats in zip(games, seatings, strict=True)
                    for s in seats])
    ismcts = np.mean([g["points"][s] for g, seats in zip(games, seatings[::-1], strict=True)
                      for s in seats])
    return {"edge": float(ismcts - pimc), "pimc": joined(g["pimc"] for g in games),
            "ismcts": joined(g["ismcts"] for g in games),
            "differ": sum(g["differ"] for g in games),
            "refused": sum(g["refused"] for g in games)}


def simulation_time(simulations: int, uct_c: float, positions: int = 20) -> float:
    """Seconds per IS-MCTS simulation, over card decisions of random Hearts positions."""
    rng = np.random.default_rng(0)
    spent, done = 0.0, 0
    while done < positions:
        state = GAME.new_initial_state()
        while state.is_chance_node():
            state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
        for _ in range(int(rng.integers(12, 40))):
            state.apply_action(int(rng.choice(state.legal_actions())))
        evaluator = pyspiel.RandomRolloutEvaluator(1, done)
        bot = ismcts_bot(done, evaluator, simulations, uct_c)
        start = time.perf_counter()
        bot.step(state)
        spent += time.perf_counter() - start
        done += 1
    return spent / (positions * simulations)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--worlds", type=int, default=64)
    parser.add_argument("--simulations", type=int, default=None)
    parser.add_argument("--uct-c", type=float, default=18.2)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    simulations = args.simulations
    if simulations is None:
        calibration = [play_deal(10**6 + i, args.seed, args.worlds, 100, args.uct_c)
                       for i in range(2)]
        pimc_time = float(np.mean(joined(d["pimc"] for d in calibration)))
        per_simulation = simulation_time(1000, args.uct_c)
        simulations = max(1, round(pimc_time / per_simulation))
        print(f"PimcBot {args.worlds} worlds: {1000 * pimc_time:.1f} ms per card; IS-MCTS "
              f"{1e6 * per_simulation:.1f} us per simulation -> {simulations} simulations",
              flush=True)
    start = time.perf_counter()
    deals: list[dict[str, Any]] = []
    with ProcessPoolExecutor(args.processes) as pool:
        for deal in pool.map(play_deal, range(args.deals), [args.seed] * args.deals,
                             [args.worlds] * args.deals, [simulations] * args.deals,
                             [args.uct_c] * args.deals):
            deals.append(deal)
            if len(deals) % 25 == 0 or len(deals) == args.deals:
                report(deals, args, simulations, time.perf_counter() - start)


def report(deals: list[dict[str, Any]], args: Any, simulations: int, elapsed: float) -> None:
    """The edge so far, the bots' mean time per card and the rule differences met."""
    edge = mean_interval(np.array([d["edge"] for d in deals]))
    pimc_ms = 1000 * np.mean(joined(d["pimc"] for d in deals))
    ismcts_ms = 1000 * np.mean(joined(d["ismcts"] for d in deals))
    print(f"pimc ({args.worlds} worlds, {pimc_ms:.1f} ms per card) vs OpenSpiel ISMCTSBot "
          f"({simulations} simulations, {ismcts_ms:.1f} ms per card, uct_c {args.uct_c}): "
          f"PimcBot better by {edge.mean:+.2f} [{edge.low:+.2f}, {edge.high:+.2f}] points per "
          f"deal over {len(deals)} duplicate deals ({elapsed:.0f} s on {args.processes} "
          f"processes; legal sets differed at {sum(d['differ'] for d in deals)} decisions, "
          f"{sum(d['refused'] for d in deals)} IS-MCTS cards refused)", flush=True)

if __name__ == "__main__":
    main()
