"""The trick rule in mask form (trick.h) against the pure-Python trick reference:
tc_trick_winning_card (one pack, no jokers) and tc_trick_winner_bits (any trick of up to eight
cards from two packs and jokers, with or without trumps, both duplicate rules and the three
joker modes Dam uses)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import trickcore as tc
from reference.trick import reference_winner
from trickcore.core._trick import _trick_winner_bits, _trick_winning_card_masks
from trickcore.core.errors import ParseError, RulesError

SUIT = 0x1FFF


def suit_mask(suit: int | None) -> int:
    return 0 if suit is None else SUIT << (13 * suit)


def mask_of(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


@given(st.lists(st.integers(0, 51), min_size=3, max_size=6, unique=True),
       st.one_of(st.none(), st.integers(0, 3)))
def test_winning_card_from_masks_matches_reference(cards: list[int], trump: int | None) -> None:
    got = _trick_winning_card_masks(mask_of(cards), suit_mask(cards[0] // 13), suit_mask(trump))
    assert got == cards[reference_winner(cards, trump)]


def test_highest_trump_beats_the_suit_led_and_a_void_discard_never_wins() -> None:
    cards = [tc.Card.parse(c) for c in "AH KH 2S QH".split()]
    hearts, spades = suit_mask(2), suit_mask(3)
    assert _trick_winning_card_masks(mask_of(cards), hearts, spades) == tc.Card.parse("2S")
    assert _trick_winning_card_masks(mask_of(cards), hearts, 0) == tc.Card.parse("AH")


def test_a_trick_without_the_suit_led_or_trumps_is_refused() -> None:
    with pytest.raises(tc.InvalidTrickError, match="suit led"):
        _trick_winning_card_masks(mask_of([0, 1]), suit_mask(2), 0)


@st.composite
def two_pack_tricks(draw: st.DrawFn) -> tuple[list[int], int | None, str, str]:
    jokers = draw(st.sampled_from(["none", "outright", "neutral"]))
    ids = range(56 if jokers != "none" else 52)
    # Few distinct cards, so identical cards (two packs) are frequent; at most two copies each.
    pool = draw(st.lists(st.sampled_from(ids), min_size=1, max_size=5, unique=True))
    cards = draw(st.lists(st.sampled_from(pool + pool), min_size=1, max_size=8).filter(
        lambda cs: all(cs.count(c) <= 2 for c in cs)))
    trump = draw(st.sampled_from([None, 0, 1, 2, 3]))
    return cards, trump, draw(st.sampled_from(["first", "last"])), jokers


@given(two_pack_tricks())
def test_winner_bits_matches_the_reference(trick: tuple[list[int], int | None, str, str]) -> None:
    cards, trump, duplicates, jokers = trick
    assert _trick_winner_bits(cards, trump, duplicates, jokers) == \
        reference_winner(cards, trump, duplicates, jokers)


@pytest.mark.parametrize(("cards", "trump", "duplicates", "jokers", "winner"), [
    ([33, 35, 31, 47], None, "first", "none", 1),   # Dam's example: ♥J beats ♥9, ♥7, ♠10
    ([35, 35, 30], None, "first", "none", 0),       # two ♥J: the first played
    ([35, 35, 30], None, "last", "none", 1),        # ... or the last
    ([35, 2, 2, 30], 0, "last", "none", 2),         # two trump ♣4: the last
    ([35, 53, 52, 51], None, "last", "outright", 1),  # the first joker, whatever the rule
    ([52, 53], None, "first", "neutral", 0),        # neutral jokers only: the first card
    ([52, 20, 25], None, "first", "neutral", 2),    # a joker led: the next card sets the suit
])
def test_winner_bits_named_tricks(cards: list[int], trump: int | None, duplicates: str,
                                  jokers: str, winner: int) -> None:
    assert _trick_winner_bits(cards, trump, duplicates, jokers) == winner
    assert reference_winner(cards, trump, duplicates, jokers) == winner


def test_winner_bits_refuses_bad_tricks() -> None:
    with pytest.raises(RulesError, match="1 to 32 cards"):
        _trick_winner_bits([], None, "first", "none")
    with pytest.raises(ParseError, match=r"card ids are 0\.\.55"):
        _trick_winner_bits([64], None, "first", "none")
