"""Helpers for scripted Spades tests: named hands, and whole deals whose tricks are known.

Which cards may be played never depends on the bids (except through nothing: spades.md has no
bid-dependent play rule), so a deal can be played once to learn how many tricks each seat takes,
and the same cards replayed under the bids a scoring test needs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from trickcore.spades import BidValue, Deal, Rules

# Dealer 3, so seat 0 bids and leads first. Two spades for seat 0; the clubs are won by seat 3.
HANDS = [
    "AS KS 2H 3H 4H 5H 6H 2C 3C 4C 2D 3D 4D",
    "QS JS TS 7H 8H 9H 5C 6C 7C 5D 6D 7D 8D",
    "9S 8S 7S 6S TH JH QH 8C 9C TC 9D TD JD",
    "5S 4S 3S 2S KH AH JC QC KC AC QD KD AD",
]
# Seat 0 holds every spade.
ALL_SPADES = [
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
]


def random_plays(rules: Rules, seed: int, *, dealer: int = 3) -> tuple[Deal, list[int]]:
    """A random deal played to the end with bids of 1 and random legal cards: the cards in
    play order."""
    deal = Deal.random(rules, seed=seed, dealer=dealer)
    while deal.phase == "bid":
        deal.bid(deal.legal_bids()[1] if 1 in deal.legal_bids() else deal.legal_bids()[0])
    rng = random.Random(seed)
    plays = []
    while not deal.is_over:
        card = rng.choice(sorted(int(c) for c in deal.legal_moves()))
        plays.append(card)
        deal.play(card)
    return deal, plays


def scripted_deal(rules: Rules, want: Callable[[tuple[int, ...]], bool],
                  bids: Callable[[tuple[int, ...]], Sequence[BidValue]], *,
                  scores: Sequence[int] | None = None, bags: Sequence[int] | None = None,
                  dealer: int = 3) -> Deal:
    """The first seeded random deal whose tricks per seat satisfy ``want``, replayed with
    ``bids(tricks)`` (per seat 0..3) from ``scores`` and ``bags``."""
    for seed in range(10_000):
        probe, plays = random_plays(rules, seed, dealer=dealer)
        tricks = probe.tricks_won
        if not want(tricks):
            continue
        deal = Deal(rules, list(probe.dealt_hands()), dealer=dealer, scores=scores, bags=bags)
        chosen = bids(tricks)
        while deal.phase == "bid":
            deal.bid(chosen[deal.to_act])
        for card in plays:
            deal.play(card)
        assert deal.tricks_won == tricks
        return deal
    raise AssertionError("no seeded deal has the tricks wanted")
