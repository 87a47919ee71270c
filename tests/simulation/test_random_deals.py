"""DealStats: per-seat hand figures of random deals, checked against a pure-Python reference."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from trickcore import CardSet
from trickcore.core.errors import RulesError
from trickcore.simulation import simulate
from trickcore.simulation.random_deals import DealStats, high_card_points

POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


def reference_figures(mask: int) -> tuple[int, list[int]]:
    """High-card points and suit lengths of one hand, card by card."""
    cards = [str(card) for card in CardSet(mask)]
    lengths = [sum(1 for c in cards if c[-1] == suit) for suit in "CDHS"]
    return sum(POINTS.get(c[0], 0) for c in cards), lengths


def test_figures_match_the_reference_hand_by_hand() -> None:
    rows = DealStats(players=3, hand_size=10).simulate_block(
        np.random.SeedSequence(5), 400, "random")
    assert rows["hands"].shape == (400, 3)
    for deal in range(400):
        for seat in range(3):
            mask = int(rows["hands"][deal, seat])
            assert bin(mask).count("1") == 10
            points, lengths = reference_figures(mask)
            assert rows["hcp"][deal, seat] == points
            assert rows["lengths"][deal, seat].tolist() == lengths
            assert rows["longest"][deal, seat] == max(lengths)
            assert rows["void"][deal, seat] == (0 in lengths)


def test_high_card_points_of_named_hands() -> None:
    hands = np.array([CardSet("AS AH AD AC KS KH KD KC QS QH QD QC JS").mask,
                      CardSet("2C 3C 4C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D").mask], dtype=np.uint64)
    assert high_card_points(hands).tolist() == [37, 0]


def test_void_rate_and_mean_points_agree_with_combinatorics() -> None:
    deals = 200_000
    result = simulate(DealStats(), deals, seed=2024, stats_only=True)
    total = comb(52, 13)
    void = (4 * comb(39, 13) - 6 * comb(26, 13) + 4 * comb(13, 13)) / total  # ≈ 0.0512
    low, high = result.stats["void"].confidence_interval(0.999)
    assert np.all(low < void) and np.all(void < high)
    low, high = result.stats["hcp"].confidence_interval(0.999)
    assert np.all(low < 10.0) and np.all(10.0 < high)  # 40 points over 4 hands
    assert result.stats["hcp"].maximum[0] <= 37


def test_invalid_deals_are_refused_when_built() -> None:
    with pytest.raises(RulesError, match=r"players must be 1\.\.8, not 9"):
        DealStats(players=9)
    with pytest.raises(RulesError, match="cannot deal 4 hands of 14 cards"):
        DealStats(hand_size=14)
    with pytest.raises(RulesError, match="cannot deal 4 hands of 0 cards"):
        DealStats(hand_size=0)
    with pytest.raises(RulesError, match="unknown policy 'greedy' for deals"):
        DealStats().simulate_block(np.random.SeedSequence(1), 1, "greedy")


def test_rules_are_immutable_values() -> None:
    assert DealStats() == DealStats(players=4) and hash(DealStats()) == hash(DealStats(4))
    assert DealStats().cards_per_hand == 13 and DealStats(players=5).cards_per_hand == 10
    with pytest.raises(AttributeError):
        DealStats().players = 3  # type: ignore[misc]
