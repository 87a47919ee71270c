"""PimcBot: sampled worlds valued by the solver or by playouts; legal whole deals, seeds,
the exact values near the end, the time budget, and what it refuses."""

from __future__ import annotations

import time

import pytest

import trickcore as tc
from bot_games import RULES, play, plays_a_whole_deal, position
from trickcore import arena
from trickcore.arena.statistics import mean_interval
from trickcore.bots import PimcBot, RuleBot, make_bot
from trickcore.core.errors import ArgumentError, RulesError
from trickcore.search import ReusableSolver


@pytest.mark.parametrize("game", RULES)
def test_pimc_plays_whole_deals_legally(game: str) -> None:
    assert plays_a_whole_deal(RULES[game], lambda seed: PimcBot(8, seed=seed))


def test_pimc_is_reproducible_by_seed() -> None:
    rules = RULES["svarta-maja"]
    first = play(rules, [PimcBot(8, seed=5)] + [RuleBot(seed=s) for s in range(3)], seed=2)
    again = play(rules, [PimcBot(8, seed=5)] + [RuleBot(seed=s) for s in range(3)], seed=2)
    assert first.history == again.history


@pytest.mark.parametrize("game", ["svarta-maja", "spades"])
def test_pimc_values_a_world_by_the_solver_once_few_cards_remain(game: str) -> None:
    rules = RULES[game]
    deal = position(rules, 4, 3)
    bot = PimcBot(4, solve_at=3, seed=1)
    seat = deal.to_act
    legal = sorted(deal.legal_moves())
    solution = deal.solve("score" if game == "spades" else None, seat=seat)
    sign = -1 if solution.lower_is_better else 1
    assert bot.values(deal, seat, legal, ReusableSolver()) == {
        c: sign * solution.values[c] for c in legal}


def test_pimc_values_a_world_by_playouts_before_that() -> None:
    deal = position(RULES["svarta-maja"], 6, 9)
    bot = PimcBot(4, solve_at=3, seed=1)
    seat = deal.to_act
    legal = sorted(deal.legal_moves())
    values = bot.values(deal, seat, legal, ReusableSolver())
    for card in legal:
        after = deal.clone()
        after.play(card)
        assert values[card] == -float(after.playouts(1, policy="rule", seed=0)[0, seat])


def test_pimc_keeps_to_its_time_budget() -> None:
    deal = position(RULES["svarta-maja"], 7, 12)
    bot = PimcBot(4096, time=0.02, min_worlds=4, seed=1)
    start = time.perf_counter()
    move = bot.choose(deal, deal.to_act)
    assert time.perf_counter() - start < 2.0  # 4096 worlds would take seconds
    assert move.card in deal.legal_moves()


def test_pimc_beats_random_play_in_a_duplicate_arena() -> None:
    result = arena("svarta-maja", ["pimc", "random", "pimc", "random"], deals=12, seed=1)
    scores = result.scores()
    edge = mean_interval(scores["random"] - scores["pimc"])  # points: lower is better
    assert edge.low > 0


def test_pimc_refuses_what_it_cannot_do() -> None:
    with pytest.raises(ArgumentError, match="worlds"):
        PimcBot(0)
    with pytest.raises(ArgumentError, match="time"):
        PimcBot(time=0)
    deal = tc.dam.Deal.random(tc.dam.Rules.avoid(open_hands=True), seed=1)
    with pytest.raises(RulesError, match="open_hands"):   # its rule player's own hand is hidden
        make_bot("pimc").choose(deal, deal.to_act)
