"""Dealing: reproducible from any seed form, independent of batch size, uniform, two packs."""

from pathlib import Path

import numpy as np
import pytest

import trickcore as tc
from trickcore.core.seeding import BLOCK_SIZE

GOLDEN = Path(__file__).parent.parent / "data" / "golden_deals.txt"


def chi_square_z(chi2: float, df: int) -> float:
    """Wilson-Hilferty normal score of a chi-square statistic (large: too far from uniform)."""
    return ((chi2 / df) ** (1 / 3) - (1 - 2 / (9 * df))) / (2 / (9 * df)) ** 0.5


def test_hands_partition_the_deck() -> None:
    deals = tc.deal_batch(200, players=4, seed=3)
    assert deals.hands.shape == (200, 4) and deals.hands.dtype == np.uint64
    assert (np.bitwise_count(deals.hands) == 13).all()
    assert (np.bitwise_or.reduce(deals.hands, axis=1) == (1 << 52) - 1).all()
    assert deals.stock.shape == (200, 0)


def test_same_seed_same_deals_and_different_seeds_differ() -> None:
    a, b = tc.deal_batch(50, seed=11), tc.deal_batch(50, seed=11)
    assert np.array_equal(a.hands, b.hands)
    assert not np.array_equal(a.hands, tc.deal_batch(50, seed=12).hands)


def test_deals_do_not_depend_on_batch_size() -> None:
    count = BLOCK_SIZE + 100
    whole = tc.deal_batch(count, seed=5)
    pieces = [tc.deal_batch(n, seed=5, start=s) for s, n in
              [(0, 10), (10, BLOCK_SIZE - 20), (BLOCK_SIZE - 10, 110)]]
    assert np.array_equal(whole.hands, np.concatenate([p.hands for p in pieces]))
    assert np.array_equal(tc.deal_batch(10, seed=5).hands, whole.hands[:10])


def test_seed_forms() -> None:
    ss = np.random.SeedSequence(42)
    assert np.array_equal(tc.deal_batch(5, seed=ss).hands, tc.deal_batch(5, seed=42).hands)
    first = tc.deal_batch(5, seed=np.random.default_rng(1)).hands
    again = tc.deal_batch(5, seed=np.random.default_rng(1)).hands
    assert np.array_equal(first, again)
    rng = np.random.default_rng(1)
    tc.deal_batch(5, seed=rng)
    assert not np.array_equal(first, tc.deal_batch(5, seed=rng).hands)
    with pytest.raises(tc.TrickcoreError, match="invalid seed"):
        tc.deal_batch(1, seed="seven")  # type: ignore[arg-type]
    with pytest.raises(tc.TrickcoreError, match="invalid seed"):
        tc.deal_batch(1, seed=-1)


def test_golden_deals_are_stable() -> None:
    # Golden vectors: a change to the shuffle or the stream derivation breaks reproducibility.
    rows = [line.split() for line in GOLDEN.read_text().splitlines() if not line.startswith("#")]
    checked = 0
    for row in rows:
        if row[0] == "two-packs":
            seed, index, rest = int(row[1]), int(row[2]), " ".join(row[3:])
            deals = tc.deal_batch(index + 1, players=3, hand_size=12,
                                  deck=tc.CardMultiset.two_packs(), seed=seed)
            *hands, stock = rest.split(" | ")
            assert [str(deals.hand(index, p)) for p in range(3)] == hands
            assert " ".join(str(tc.Card(int(c))) for c in deals.stock[index]) == stock
        else:
            seed, index = int(row[0]), int(row[1])
            deals = tc.deal_batch(index + 1, seed=seed)
            assert [str(deals.hand(index, p)) for p in range(4)] == " ".join(row[2:]).split(" | ")
        checked += 1
    assert checked == 11


def test_card_to_seat_frequencies_are_uniform() -> None:
    deals = tc.deal_batch(20_000, players=4, seed=9)
    bits = (deals.hands[:, :, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)
    counts = bits.sum(axis=0).astype(float)  # (seat, card)
    chi2 = float(((counts - 5000.0) ** 2 / 5000.0).sum())
    assert chi_square_z(chi2, df=52 * 3) < 4.5, f"card-to-seat not uniform: chi2={chi2:.1f}"


def test_position_in_stock_is_uniform() -> None:
    deals = tc.deal_batch(20_000, players=3, hand_size=5, seed=4)
    assert deals.stock.shape == (20_000, 37)
    top = np.bincount(deals.stock[:, 0], minlength=52).astype(float)
    expected = 20_000 / 52
    chi2 = float(((top - expected) ** 2 / expected).sum())
    assert chi_square_z(chi2, df=51) < 4.5, f"top stock card not uniform: chi2={chi2:.1f}"


def test_two_packs_deal_multisets() -> None:
    deck = tc.CardMultiset.two_packs(jokers=4)
    deals = tc.deal_batch(300, players=4, hand_size=12, deck=deck, seed=2)
    assert deals.twice is not None and deals.stock.shape == (300, 108 - 48)
    for d in range(300):
        hands = [deals.hand(d, p) for p in range(4)]
        assert all(isinstance(h, tc.CardMultiset) and len(h) == 12 for h in hands)
        rest = tc.CardMultiset([int(c) for c in deals.stock[d]])
        total = hands[0] + hands[1] + hands[2] + hands[3] + rest
        assert total == deck
    assert deals.twice.any(), "some hand should hold both copies of a card"


def test_uneven_and_bad_deals() -> None:
    five = tc.deal_batch(3, players=5, seed=1)
    assert (np.bitwise_count(five.hands) == 10).all() and five.stock.shape == (3, 2)
    with pytest.raises(tc.RulesError, match="cannot deal"):
        tc.deal_batch(1, players=4, hand_size=14)
    with pytest.raises(tc.RulesError, match="players"):
        tc.deal_batch(1, players=9)
    with pytest.raises(tc.RulesError, match="non-negative"):
        tc.deal_batch(-1)
    assert len(tc.deal_batch(0, seed=1)) == 0
