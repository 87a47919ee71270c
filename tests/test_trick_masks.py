"""tc_trick_winning_card (the trick rule from masks, one pack, no jokers) against the reference."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference.trick import reference_winner
from trickcore._trick import _trick_winning_card_masks

import trickcore as tc

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
