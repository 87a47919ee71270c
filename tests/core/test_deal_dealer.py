"""tc_dealer and one-pack deal_batch against the pure-Python reference of the same bit stream."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import trickcore as tc
from reference.dealing import reference_deal, reference_stock_order
from trickcore.core._deal_batch import _dealer_deals
from trickcore.core.seeding import BLOCK_SIZE, block_bit_generator, root_seed


def word_reader(bit_generator: np.random.BitGenerator):  # type: ignore[no-untyped-def]
    return lambda: int(bit_generator.random_raw())


@st.composite
def deals(draw: st.DrawFn) -> tuple[int, int, int]:
    deck = draw(st.integers(1, (1 << 56) - 1))
    players = draw(st.integers(1, 8))
    hand_size = draw(st.integers(0, bin(deck).count("1") // players))
    return deck, players, hand_size


@given(deals(), st.integers(0, 2**32), st.booleans())
def test_dealer_matches_reference(deal: tuple[int, int, int], seed: int, portable: bool) -> None:
    # On a CPU with fast BMI2 the default select is pdep: both selects must pick the same cards.
    deck, players, hand_size = deal
    bit_generator = np.random.PCG64(seed)
    hands, rests = _dealer_deals(bit_generator, deck, players, hand_size, 3, portable=portable)
    words = word_reader(np.random.PCG64(seed))
    for d in range(3):
        want_hands, want_rest = reference_deal(words, deck, players, hand_size)
        assert hands[d].tolist() == want_hands and int(rests[d]) == want_rest


def test_deal_batch_is_the_dealer_with_the_stock_ordered_after_each_deal() -> None:
    for players, hand_size, count in [(4, 13, 7), (3, 5, 4), (5, 10, 3)]:
        deals_ = tc.deal_batch(count, players=players, hand_size=hand_size, seed=21)
        words = word_reader(block_bit_generator(root_seed(21), 0))
        for d in range(count):
            hands, rest = reference_deal(words, (1 << 52) - 1, players, hand_size)
            assert deals_.hands[d].tolist() == hands
            stock = reference_stock_order(words, rest) if rest else []
            assert deals_.stock[d].tolist() == stock


def test_a_deal_without_a_rest_gives_seat_zero_the_last_hand() -> None:
    hands, rests = _dealer_deals(np.random.PCG64(1), (1 << 52) - 1, 4, 13, 50)
    assert (np.bitwise_or.reduce(hands, axis=1) == (1 << 52) - 1).all() and not rests.any()
    assert (np.bitwise_count(hands) == 13).all()


def test_dealer_refuses_bad_decks() -> None:
    with pytest.raises(tc.TrickcoreError, match="cannot deal"):
        _dealer_deals(np.random.PCG64(1), 1 << 60, 1, 1, 1)
    with pytest.raises(tc.TrickcoreError, match="cannot deal"):
        _dealer_deals(np.random.PCG64(1), 0b111, 2, 2, 1)
    with pytest.raises(tc.TrickcoreError, match="cannot deal"):
        _dealer_deals(np.random.PCG64(1), 0b111, 9, 0, 1)


@pytest.mark.parametrize("deck", [None, tc.CardMultiset.two_packs()])
def test_deals_with_a_stock_do_not_depend_on_the_split(deck: tc.CardMultiset | None) -> None:
    whole = tc.deal_batch(BLOCK_SIZE + 5, players=3, hand_size=5, deck=deck, seed=8)
    piece = tc.deal_batch(11, players=3, hand_size=5, deck=deck, seed=8, start=BLOCK_SIZE - 6)
    rows = slice(BLOCK_SIZE - 6, BLOCK_SIZE + 5)
    assert np.array_equal(piece.hands, whole.hands[rows])
    assert np.array_equal(piece.stock, whole.stock[rows])
    if deck is not None:
        assert piece.twice is not None and whole.twice is not None
        assert np.array_equal(piece.twice, whole.twice[rows])
