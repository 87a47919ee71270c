"""CardSet and CardMultiset against Python's set and Counter (hypothesis)."""

import pickle
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import trickcore as tc
from trickcore.core import mask_arrays
from trickcore.core._cardset import multiset_masks
from trickcore.core.card import C2, SA

card_ids = st.integers(0, 55)
id_sets = st.frozensets(card_ids)
multi = st.lists(card_ids, max_size=40).map(
    lambda xs: Counter({c: min(n, 2) for c, n in Counter(xs).items()}))


def as_set(ids: frozenset[int]) -> tc.CardSet:
    return tc.CardSet(sorted(ids))


def as_multiset(counts: Counter[int]) -> tc.CardMultiset:
    return tc.CardMultiset(list(counts.elements()))


@given(id_sets, id_sets)
def test_set_operations_match_python_sets(a: frozenset[int], b: frozenset[int]) -> None:
    x, y = as_set(a), as_set(b)
    assert set(x | y) == a | b
    assert set(x & y) == a & b
    assert set(x - y) == a - b
    assert set(x ^ y) == a ^ b
    assert (x <= y) == (a <= b) and (x < y) == (a < b)
    assert (x >= y) == (a >= b) and (x > y) == (a > b)
    assert (x == y) == (a == b) and (x != y) == (a != b)
    assert x.isdisjoint(y) == a.isdisjoint(b)
    assert x.issubset(y) == a.issubset(b) and x.issuperset(y) == a.issuperset(b)
    assert len(x) == len(a) and bool(x) == bool(a)
    assert [int(c) for c in x] == sorted(a)
    assert [int(c) for c in reversed(x)] == sorted(a, reverse=True)
    assert all(c in x for c in a) and all((c in x) == (c in a) for c in range(56))
    assert x.mask == sum(1 << c for c in a)


@given(id_sets)
def test_set_round_trips(a: frozenset[int]) -> None:
    x = as_set(a)
    assert tc.CardSet.parse(str(x)) == x
    assert eval(repr(x), {"CardSet": tc.CardSet}) == x
    assert pickle.loads(pickle.dumps(x)) == x
    assert hash(x) == hash(tc.CardSet(x.mask))
    assert tc.CardSet(x) == x


@given(id_sets, st.integers(0, 3))
def test_per_suit_views(a: frozenset[int], suit: int) -> None:
    x = as_set(a)
    in_suit = sorted(c for c in a if c < 52 and c // 13 == suit)
    assert [int(c) for c in x.suit(suit)] == in_suit
    assert x.holding(suit) == sum(1 << (c % 13) for c in in_suit)
    assert x.highest(suit) == (in_suit[-1] if in_suit else None)
    assert x.lowest(suit) == (in_suit[0] if in_suit else None)


def test_set_parse_and_contains_strings() -> None:
    hand = tc.CardSet.parse("AS KS, 2C")
    assert len(hand) == 3 and "KS" in hand and "QS" not in hand and SA in hand
    assert tc.CardSet.parse("") == tc.CardSet() and not tc.CardSet()
    assert hand.highest() == SA and hand.lowest() == C2


def test_deck_builders() -> None:
    assert len(tc.CardSet.full()) == 52
    five = tc.CardSet.deck(remove="2D 2C")
    assert len(five) == 50 and "2D" not in five
    assert len(tc.CardSet.deck(jokers=2)) == 54 and "BJ" in tc.CardSet.deck(jokers=2)
    assert len(tc.CardSet.of_suit("H")) == 13


def test_pretty_groups_by_suit_high_first() -> None:
    assert tc.CardSet.parse("2C 10C AS 7S KS").pretty() == "♠ A K 7  ♥ —  ♦ —  ♣ 10 2"


@pytest.mark.parametrize("bad", ["AS AS", "AS XX", "AS,,ZZ"])
def test_bad_set_text(bad: str) -> None:
    with pytest.raises(tc.ParseError):
        tc.CardSet.parse(bad)


def test_bad_set_constructor_inputs() -> None:
    with pytest.raises(tc.ParseError, match="out of range"):
        tc.CardSet(1 << 56)
    with pytest.raises(tc.ParseError, match="out of range"):
        tc.CardSet(-1)
    with pytest.raises(tc.ParseError, match="duplicate"):
        tc.CardSet(["AS", 51])
    with pytest.raises(TypeError):
        tc.CardSet.full() | 5  # type: ignore[operator]


def test_card_in_set_never_raises_for_foreign_values() -> None:
    hand = tc.CardSet.full()
    assert 60 not in hand and -1 not in hand and None not in hand


@given(multi, multi)
def test_multiset_operations_match_counter(a: Counter[int], b: Counter[int]) -> None:
    x, y = as_multiset(a), as_multiset(b)
    assert Counter(int(c) for c in x | y) == a | b
    assert Counter(int(c) for c in x & y) == a & b
    assert Counter(int(c) for c in x - y) == a - b
    assert Counter(int(c) for c in x ^ y) == (a | b) - (a & b)
    total = a + b
    if max(total.values(), default=0) <= 2:
        assert Counter(int(c) for c in x + y) == total
    else:
        with pytest.raises(tc.ParseError, match="two copies"):
            x + y
    assert (x <= y) == all(a[c] <= b[c] for c in a)
    assert (x == y) == (a == b)
    assert len(x) == sum(a.values())
    assert all(x.count(c) == a[c] for c in range(56))
    assert set(x.distinct()) == set(a) and set(x.doubles()) == {c for c in a if a[c] == 2}
    assert pickle.loads(pickle.dumps(x)) == x
    assert eval(repr(x), {"CardMultiset": tc.CardMultiset}) == x
    assert tc.CardMultiset.parse(str(x)) == x


@given(multi, card_ids)
def test_multiset_add_remove(a: Counter[int], card: int) -> None:
    x = as_multiset(a)
    if a[card] == 2:
        with pytest.raises(tc.ParseError, match="third copy"):
            x.add(card)
    else:
        assert x.add(card).count(card) == a[card] + 1
    if a[card] == 0:
        with pytest.raises(tc.ParseError, match="not in the multiset"):
            x.remove(card)
    else:
        assert x.remove(card).count(card) == a[card] - 1
    assert x.count(card) == a[card]


def test_two_packs_builder() -> None:
    deck = tc.CardMultiset.two_packs()
    assert len(deck) == 104 and deck.count("QS") == 2
    with_jokers = tc.CardMultiset.two_packs(jokers=4)
    assert len(with_jokers) == 108 and with_jokers.count("LJ") == 2 and with_jokers.count("BJ") == 2
    assert len(tc.CardMultiset.two_packs(remove="2C")) == 102


def test_multiset_bad_inputs() -> None:
    with pytest.raises(tc.ParseError, match="third copy"):
        tc.CardMultiset.parse("AS AS AS")
    with pytest.raises(tc.ParseError, match="inconsistent"):
        tc.CardMultiset.from_masks(1, 2)


def test_numpy_helpers() -> None:
    hands = [tc.CardSet.parse("AS KS 2C"), tc.CardSet.parse("2H 3H 4H 5H"), tc.CardSet()]
    masks = mask_arrays.to_masks(hands)
    assert masks.dtype == np.uint64 and list(mask_arrays.popcount(masks)) == [3, 4, 0]
    assert mask_arrays.suit_lengths(masks).tolist() == [[1, 0, 0, 2], [0, 0, 4, 0], [0, 0, 0, 0]]
    assert mask_arrays.suit_holdings(masks)[0, 3] == (1 << 12) | (1 << 11)
    assert mask_arrays.from_masks(masks) == hands
    assert mask_arrays.contains(masks, "KS").tolist() == [True, False, False]


@given(multi)
def test_multiset_masks_are_the_multisets_masks(counts: Counter[int]) -> None:
    ids = list(counts.elements())
    multiset = as_multiset(counts)
    assert multiset_masks(ids) == (multiset.once, multiset.twice)


def test_multiset_masks_refuse_a_third_copy_and_a_bad_id() -> None:
    with pytest.raises(tc.ParseError, match="third copy"):
        multiset_masks([5, 5, 5])
    with pytest.raises(tc.ParseError, match="not a card id"):
        multiset_masks([56])
