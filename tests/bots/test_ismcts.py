"""IsmctsBot: legal whole deals in every phase and sampled game, seeds, the deal left unchanged,
the iteration and time budgets, the best card where every world agrees, and what it refuses."""

from __future__ import annotations

import time
from typing import Any

import pytest

import trickcore as tc
from bot_games import RULES, play, plays_a_whole_deal, position
from trickcore.bots import IsmctsBot, RuleBot, make_bot
from trickcore.core.errors import ArgumentError, BotMoveError


@pytest.mark.parametrize("game", RULES)
def test_ismcts_plays_whole_deals_legally_in_every_phase(game: str) -> None:
    assert plays_a_whole_deal(RULES[game], lambda seed: IsmctsBot(40, seed=seed))


def test_ismcts_is_reproducible_by_seed_and_reset() -> None:
    rules = RULES["spades"]
    first = play(rules, [IsmctsBot(30, seed=5)] + [RuleBot(seed=s) for s in range(3)], seed=2)
    bot = IsmctsBot(30, seed=9)
    bot.reset(5)
    again = play(rules, [bot] + [RuleBot(seed=s) for s in range(3)], seed=2)
    assert first.history == again.history


def test_ismcts_leaves_the_deal_unchanged_and_keeps_to_its_iterations() -> None:
    deal = position(RULES["svarta-maja"], 4, 9)
    before = deal.to_json()
    root = IsmctsBot(150, seed=1).search(deal, deal.to_act)
    assert deal.to_json() == before
    assert sum(child.visits for child in root.children.values()) == 150
    assert set(root.children) == set(deal.legal_moves())


def test_ismcts_keeps_to_its_time_budget() -> None:
    deal = position(RULES["svarta-maja"], 7, 12)
    bot = IsmctsBot(10**7, time=0.05, seed=1)
    start = time.perf_counter()
    move = bot.choose(deal, deal.to_act)
    assert time.perf_counter() - start < 2.0  # 10**7 iterations would take hours
    assert move.card in deal.legal_moves()


def best_cards(deal: Any) -> set[Any] | None:
    """The cards best for the seat to act by the solver in each of 64 sampled worlds when that
    set is the same in every world and leaves some legal card out, else None. (Spades' late
    positions rarely have one: its contracts are mostly decided, so every card ties.)"""
    seat, best = deal.to_act, None
    for world in deal.sample_worlds(seat, 64, seed=0):
        solution = world.solve(seat=seat)
        sign = -1 if solution.lower_is_better else 1
        values = {card: sign * value for card, value in solution.values.items()}
        winners = {card for card, value in values.items() if value == max(values.values())}
        if best not in (None, winners) or len(winners) == len(values):
            return None
        best = winners
    return best


@pytest.mark.parametrize("game", ["svarta-maja", "spardame"])
def test_ismcts_finds_a_card_that_is_best_in_every_world(game: str) -> None:
    rules = RULES[game]
    found = 0
    for seed in range(40):
        deal = position(rules, seed, 3)
        best = best_cards(deal)
        if best is None:
            continue
        assert IsmctsBot(600, seed=seed).choose(deal, deal.to_act).card in best
        found += 1
        if found == 2:
            break
    assert found == 2


def test_ismcts_is_registered_and_refuses_what_it_cannot_do() -> None:
    assert isinstance(make_bot("ismcts", seed=1), IsmctsBot)
    for bad in ({"iterations": 0}, {"time": 0}, {"exploration": -1.0}, {"worlds": 0},
                {"rollout": 3}):
        with pytest.raises(ArgumentError, match=next(iter(bad))):
            IsmctsBot(**bad)
    deal = position(RULES["svarta-maja"], 1, 8)
    with pytest.raises(ArgumentError, match="rollout 'minimax'"):
        IsmctsBot(rollout="minimax").choose(deal, deal.to_act)
    with pytest.raises(BotMoveError, match="ismcts"):
        make_bot("ismcts").choose(deal, (deal.to_act + 1) % 4)
    dam = tc.dam.Deal.random(tc.dam.Rules.avoid(), seed=1)
    move = IsmctsBot(iterations=20, seed=1).choose(dam, dam.to_act)   # rule rollouts in Dam too
    assert move.card in dam.legal_moves()
