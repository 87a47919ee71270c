"""Sampling Dam deals (docs/kernels.md, "Sampling Dam deals"): exact uniformity over the
arrangements of the physical cards against the brute-force twin (tests/reference/sample_dam.py),
every sample a legal history, and no dependence on hidden cards.

The kernel takes hands of 1..13 cards; the tiny hands here keep the twin's enumeration small."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest
from scipy.stats import chisquare

import trickcore as tc
from reference.sample_dam import consistent_outcomes


def tiny_rules(hand_size: int, **rules: Any) -> tc.dam.Rules:
    """Dam rules with hands smaller than the rules allow (the kernel accepts 1..13)."""
    made = tc.dam.Rules.avoid(**rules)
    object.__setattr__(made, "hand_size", hand_size)
    return made


def position(rules: tc.dam.Rules, pile_left: int, seed: int) -> tc.dam.Deal:
    """A random deal played randomly until the pile holds ``pile_left`` cards and a trick
    has just begun or ended."""
    rng = random.Random(seed)
    deal = tc.dam.Deal.random(rules, seed=seed)
    while deal.pile_size > pile_left or (deal.current_trick and deal.pile_size == pile_left
                                         and rng.random() < 0.5):
        deal.play(rng.choice(sorted(deal.legal_moves())))
    return deal


def outcomes_of(deal: tc.dam.Deal, seat: int, samples: int, seed: int = 11) -> Counter[Any]:
    observation = deal.observation(seat)
    sampler = deal._sampler(observation)
    rows = sampler.draw(samples, np.random.PCG64(seed))
    hands = deal._hands(observation, rows)
    piles = rows[:, sampler.owners == -1]
    return Counter((tuple((int(o), int(t)) for o, t in h), tuple(int(c) for c in pile))
                   for h, pile in zip(hands, piles))


def check_uniform(deal: tc.dam.Deal, seat: int, samples: int = 12000) -> None:
    """Every sample is a consistent outcome and the frequencies match the twin's weights."""
    expected = consistent_outcomes(deal, seat)
    counts = outcomes_of(deal, seat, samples)
    assert set(counts) <= set(expected), set(counts) - set(expected)
    assert len(expected) > 2
    keys = sorted(expected)
    total = sum(expected.values())
    observed = [counts.get(k, 0) for k in keys]
    wanted = [samples * expected[k] / total for k in keys]
    assert chisquare(observed, wanted).pvalue > 1e-4


CASES = {
    "2 players, one pack": (dict(players=2, packs=1), 2, 3),
    "3 players, two packs": (dict(players=3), 1, 2),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_uniform(name: str) -> None:
    rules, hand, pile = CASES[name]
    deal = position(tiny_rules(hand, **rules), pile, seed=1)
    check_uniform(deal, deal.to_act if deal.to_act >= 0 else 0)
