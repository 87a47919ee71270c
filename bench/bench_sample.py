"""Sampled consistent deals per second, batch form, one core (docs/kernels.md, "Sampling
consistent deals"): Svarta Maja and Spades positions at trick 5, Dam with 4 players mid-deal.

    PYTHONPATH=python pytest -q -p no:cacheprovider bench/bench_sample.py
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import trickcore as tc
from trickcore.core.seeding import bit_generator

BATCH = 200_000


def at_trick_5(deal: Any) -> Any:
    rng = random.Random(1)
    while deal.phase == "pass":
        deal.pass_cards(deal.to_act, rng.sample(sorted(deal.legal_moves()), 3))
    while deal.phase == "bid":
        deal.bid(3)
    while deal.tricks_played < 4:
        deal.play(rng.choice(sorted(deal.legal_moves())))
    return deal


@pytest.mark.parametrize("game", ["svarta-maja", "spades"])
def test_sampled_deals_per_second(benchmark: Any, game: str) -> None:
    if game == "spades":
        deal = at_trick_5(tc.spades.Deal.random(tc.spades.Rules.standard(), seed=2))
    else:
        deal = at_trick_5(tc.hearts.Deal.random(tc.hearts.Rules.svarta_maja(), seed=2))
    sampler = deal._sampler(deal.observation(0))
    generator = bit_generator(1)
    benchmark(sampler.draw, BATCH, generator)
    rate = BATCH / benchmark.stats.stats.mean
    benchmark.extra_info["deals_per_second"] = rate
    print(f"\n{game}: {rate / 1e6:.2f} M sampled deals/s ({sampler.classes} classes)")


@pytest.mark.parametrize("plays", [20, 40])
def test_sampled_dam_deals_per_second(benchmark: Any, plays: int, scale: int) -> None:
    """Dam, 4 players, two packs, after ``plays`` cards (the pile at 40 and 24 cards)."""
    deal = tc.dam.Deal.random(tc.dam.Rules.avoid(players=4), seed=1)
    rng = random.Random(1)
    for _ in range(plays):
        deal.play(rng.choice(sorted(deal.legal_moves())))
    sampler = deal._sampler(deal.observation(deal.to_act))
    generator = bit_generator(1)
    batch = 20 * scale
    benchmark(sampler.draw, batch, generator)
    rate = batch / benchmark.stats.stats.mean
    benchmark.extra_info["deals_per_second"] = rate
    print(f"\ndam, 4 players, {plays} cards played: {rate / 1e3:.1f} k sampled deals/s")
