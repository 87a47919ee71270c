"""tc_shuffle (deal.h's one batched draw) against the pure-Python reference of its bit stream,
and Dam's dealing against the same reference: Dam deals by this shuffle's stream."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import trickcore as tc
from reference.dealing import reference_shuffle
from trickcore.core._deal_batch import _shuffled
from trickcore.core.deal_batch import deck_ids
from trickcore.core.seeding import block_bit_generator, root_seed
from trickcore.dam import Rules


def word_reader(bit_generator: np.random.BitGenerator):  # type: ignore[no-untyped-def]
    return lambda: int(bit_generator.random_raw())


@given(st.lists(st.integers(0, 55), max_size=112), st.integers(-1, 113), st.integers(0, 2**32))
def test_shuffle_matches_reference(cards: list[int], keep: int, seed: int) -> None:
    got = _shuffled(np.random.PCG64(seed), np.array(cards, dtype=np.uint8), keep=keep)
    assert got.tolist() == reference_shuffle(word_reader(np.random.PCG64(seed)), cards, keep)


def test_rejected_batches_are_redrawn_from_fresh_words() -> None:
    # A 112-card shuffle rejects a batch about once in 7.5 shuffles (the first batch: 2^32 mod
    # 112*111*110*109 is 2.8% of 2^32); these 40 seeds reject 6, whose redraws come after the
    # shuffle's 14 words.
    cards = list(range(56)) * 2
    for seed in range(40):
        got = _shuffled(np.random.PCG64(seed), np.array(cards, dtype=np.uint8))
        assert got.tolist() == reference_shuffle(word_reader(np.random.PCG64(seed)), cards, 1)
        assert sorted(got.tolist()) == sorted(cards)


def test_shuffle_stops_before_keep() -> None:
    cards = np.arange(20, dtype=np.uint8)
    got = _shuffled(np.random.PCG64(3), cards, keep=20)
    assert got.tolist() == cards.tolist()  # no steps, no draws


def test_two_pack_deals_shuffle_the_previous_order_above_the_first_hand() -> None:
    deck = tc.CardMultiset.two_packs()
    deals = tc.deal_batch(5, players=3, hand_size=12, deck=deck, seed=4)
    words = word_reader(block_bit_generator(root_seed(4), 0))
    cards = deck_ids(deck).tolist()
    for d in range(5):
        cards = reference_shuffle(words, cards, 12)
        for seat in range(3):
            want = tc.CardMultiset([tc.Card(c) for c in cards[12 * seat:12 * seat + 12]])
            assert deals.hand(d, seat) == want
        assert deals.stock[d].tolist() == cards[36:]


def test_dam_deals_by_the_shuffle_stream() -> None:
    # Dam deals in groups of 16 lanes: each deal shuffles its lane's deck as the lane's last deal
    # left it (card order at first) with keep = hand size, one deal after another (18 deals: a
    # group and part of the next); the greedy policy draws nothing more. Hands, then the pile in
    # draw order.
    rules = Rules.avoid()
    group, deals = 16, 18
    result = rules.simulate_block(np.random.SeedSequence(9), deals, "greedy", record=True)
    words = word_reader(np.random.PCG64(np.random.SeedSequence(9)))
    deck = [c for c in range(56) for _ in range(rules.deck.count(tc.Card(c)))]
    lane_decks = [deck] * group
    for deal in range(deals):
        cards = lane_decks[deal % group] = reference_shuffle(words, lane_decks[deal % group],
                                                              rules.hand_size)
        for seat in range(rules.players):
            hand = cards[seat * rules.hand_size:(seat + 1) * rules.hand_size]
            want = tc.CardMultiset([tc.Card(c) for c in hand])
            assert int(result["hands_once"][deal, seat]) == want.once
            assert int(result["hands_twice"][deal, seat]) == want.twice
        assert result["pile"][deal].tolist() == cards[rules.players * rules.hand_size:]
