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
from reference.sample_dam import consistent_outcomes, schedule


def tiny_rules(hand_size: int, **rules: Any) -> tc.dam.Rules:
    """Dam rules with hands smaller than the rules allow (the kernel accepts 1..13)."""
    made = tc.dam.Rules.avoid(**rules)
    object.__setattr__(made, "hand_size", hand_size)
    return made


def position(rules: tc.dam.Rules, pile_left: int, seed: int) -> tc.dam.Deal:
    """A random deal played randomly until the pile holds ``pile_left`` cards, then perhaps a
    card or two more."""
    rng = random.Random(seed)
    deal = tc.dam.Deal.random(rules, seed=seed)
    extra = rng.randrange(3)
    while deal.pile_size > pile_left or (extra and not deal.is_over):
        if deal.pile_size <= pile_left:
            extra -= 1
        deal.play(rng.choice(sorted(deal.legal_moves())))
    return deal


def outcomes_of(deal: tc.dam.Deal, seat: int, samples: int, seed: int = 11,
                rounding: tuple[int, int] | None = None) -> Counter[Any]:
    """The sampler's outcomes: (hands now as (once, twice) masks, the pile in draw order)."""
    observation = deal.observation(seat)
    sampler = deal._sampler(observation, rounding)
    rows = sampler.draw(samples, np.random.PCG64(seed))
    hands = deal._hands(observation, rows)
    piles = rows[:, sampler.owners == -1]
    return Counter((tuple((int(o), int(t)) for o, t in h), tuple(int(c) for c in pile))
                   for h, pile in zip(hands, piles, strict=True))


def past_voids(deal: tc.dam.Deal) -> list[int]:
    """The seats hidden from the seat to act that showed a void and drew after it."""
    plays, draws, _ = schedule(deal)
    return [p for p in range(deal.rules.players) if p != deal.to_act and
            any(lacking and any(after >= trick for after in draws[p])
                for trick, _, lacking in plays[p])]


def informative(rules: tc.dam.Rules, pile: int, seed: int) -> tuple[tc.dam.Deal, dict[Any, int]]:
    """The position of ``seed`` and its consistent outcomes: few, and with hands of two far from
    equally likely (so that a sampler ignoring the history would fail)."""
    deal = position(rules, pile, seed)
    expected = consistent_outcomes(deal, deal.to_act)
    weights = sorted(expected.values())
    assert 3 <= len(weights) <= 120
    assert rules.hand_size == 1 or weights[-1] >= 1.9 * weights[0]
    return deal, expected


CASES: dict[str, tuple[dict[str, Any], int, int, int]] = {  # rules, hand, pile left, seed
    "2 players, one pack, collect": (dict(players=2, packs=1, scoring="collect"), 2, 3, 4),
    "2 players, two packs, duplicates last, jokers neutral": (
        dict(players=2, duplicates="last", jokers="neutral"), 2, 2, 54),
    "3 players, jokers outright": (dict(players=3, jokers="outright"), 2, 1, 13),
    "4 players, teams, the pile's order": (dict(players=4, teams=True), 1, 2, 1),
    "open hands": (dict(players=3, open_hands=True), 2, 2, 1),
    "turned trump": (dict(players=2, turn_trump=True), 2, 3, 1),
    "2 players, voids shown between draws, late": (dict(players=2), 2, 2, 7),
}


def assert_uniform(deal: tc.dam.Deal, expected: dict[Any, int],
                   rounding: tuple[int, int] | None = None) -> None:
    """The sampler's outcomes against the exact ones (chi-square)."""
    samples = 4000
    counts = outcomes_of(deal, deal.to_act, samples, rounding=rounding)
    assert set(counts) <= set(expected), set(counts) - set(expected)
    keys = sorted(expected)
    total = sum(expected.values())
    observed = [counts.get(k, 0) for k in keys]
    assert chisquare(observed, [samples * expected[k] / total for k in keys]).pvalue > 1e-4


@pytest.mark.parametrize("name", sorted(CASES))
def test_uniform_over_physical_arrangements(name: str) -> None:
    rules, hand, pile, seed = CASES[name]
    deal, expected = informative(tiny_rules(hand, **rules), pile, seed)
    assert "between draws" not in name or past_voids(deal)
    assert_uniform(deal, expected)


@pytest.mark.parametrize("name", ["3 players, jokers outright",
                                  "4 players, teams, the pile's order",
                                  "2 players, voids shown between draws, late"])
def test_uniform_with_the_split_rounded_to_one_bit(name: str) -> None:
    """The split's counts and the seats' ways rounded up to 1 bit: their refusals are frequent,
    the law stays exact (the kernel's roundings rarely refuse, so this is their test)."""
    rules, hand, pile, seed = CASES[name]
    deal, expected = informative(tiny_rules(hand, **rules), pile, seed)
    assert_uniform(deal, expected, rounding=(1, 1))


def test_a_rounding_finer_than_the_kernels_is_refused() -> None:
    deal = position(tiny_rules(2, players=3), 1, 13)
    with pytest.raises(tc.ArgumentError, match="rounding must be at most"):
        deal._sampler(deal.observation(deal.to_act), (1, 64))


@pytest.mark.parametrize("rules", [dict(players=4), dict(players=3, turn_trump=True),
                                   dict(players=2, open_hands=True, jokers="outright")])
def test_worlds_replay_to_the_same_observation(rules: dict[str, Any]) -> None:
    """Each world deals the sampled hands and pile and gives the seat the same observation
    (the turned card included, wherever it went); near the end ``solve`` runs on it."""
    made = tc.dam.Rules.avoid(hand_size=10, **rules)
    for plays in (made.players * 3, made.deck_size - 2 * made.players):
        deal = tc.dam.Deal.random(made, seed=plays)
        rng = random.Random(plays)
        for _ in range(plays):
            deal.play(rng.choice(sorted(deal.legal_moves())))
        seat = deal.to_act
        hands = deal.sample_hands(seat, 4, seed=5)
        worlds = deal.sample_worlds(seat, 4, seed=5)
        assert hands.shape == (4, made.players, 2)
        for world, row in zip(worlds, hands, strict=True):
            assert world.observation(seat) == deal.observation(seat)
            assert [(h.once, h.twice) for h in world.hands()] == [tuple(map(int, h)) for h in row]
            assert world.pile_size == deal.pile_size
        if deal.pile_size == 0:
            assert set(worlds[0].solve().values) == set(deal.legal_moves())


def test_samples_never_depend_on_hidden_cards() -> None:
    """A world with the same observation but other hidden cards gives the same samples."""
    made = tc.dam.Rules.avoid(players=3, hand_size=10)
    deal = tc.dam.Deal.random(made, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        deal.play(rng.choice(sorted(deal.legal_moves())))
    seat = deal.to_act
    for world in deal.sample_worlds(seat, 3, seed=8):
        assert world.hands() != deal.hands() or world.pile != deal.pile
        assert (world.sample_hands(seat, 16, seed=2) == deal.sample_hands(seat, 16, seed=2)).all()


def test_a_view_no_deal_gives_is_refused() -> None:
    made = tc.dam.Rules.avoid(players=2, hand_size=10)
    deal = tc.dam.Deal.random(made, seed=1)
    observation = deal.observation(0)
    with pytest.raises(ValueError, match="no deal is consistent"):
        tc.dam._sample.sampler(tc.dam.rules.kernel_rules(made), 0, 0, False, -1,
                               [(0, 0), (0, 0)], [(1, 0)])
    assert deal.observation(0) == observation
