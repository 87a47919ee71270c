"""The mask form of the trick rule (src/trickcore/trick_bits.h, used by the simulation loops)
against the pure-Python trick reference: any trick of up to eight cards from two packs and
jokers, with or without trumps, both duplicate rules and the three joker modes Dam uses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference.trick import reference_winner
from trickcore._dam import trick_winner_bits
from trickcore.errors import ParseError, RulesError


@st.composite
def tricks(draw: st.DrawFn) -> tuple[list[int], int | None, str, str]:
    jokers = draw(st.sampled_from(["none", "outright", "neutral"]))
    ids = range(56 if jokers != "none" else 52)
    # Few distinct cards, so identical cards (two packs) are frequent; at most two copies each.
    pool = draw(st.lists(st.sampled_from(ids), min_size=1, max_size=5, unique=True))
    cards = draw(st.lists(st.sampled_from(pool + pool), min_size=1, max_size=8).filter(
        lambda cs: all(cs.count(c) <= 2 for c in cs)))
    trump = draw(st.sampled_from([None, 0, 1, 2, 3]))
    return cards, trump, draw(st.sampled_from(["first", "last"])), jokers


@given(tricks())
def test_mask_form_matches_the_reference(trick: tuple[list[int], int | None, str, str]) -> None:
    cards, trump, duplicates, jokers = trick
    assert trick_winner_bits(cards, trump, duplicates, jokers) == \
        reference_winner(cards, trump, duplicates, jokers)


@pytest.mark.parametrize(("cards", "trump", "duplicates", "jokers", "winner"), [
    ([33, 35, 31, 47], None, "first", "none", 1),   # the seed's example: ♥J beats ♥9, ♥7, ♠10
    ([35, 35, 30], None, "first", "none", 0),       # two ♥J: the first played
    ([35, 35, 30], None, "last", "none", 1),        # ... or the last
    ([35, 2, 2, 30], 0, "last", "none", 2),         # two trump ♣4: the last
    ([35, 53, 52, 51], None, "last", "outright", 1),  # the first joker, whatever the rule
    ([52, 53], None, "first", "neutral", 0),        # neutral jokers only: the first card
    ([52, 20, 25], None, "first", "neutral", 2),    # a joker led: the next card sets the suit
])
def test_named_tricks(cards: list[int], trump: int | None, duplicates: str, jokers: str,
                      winner: int) -> None:
    assert trick_winner_bits(cards, trump, duplicates, jokers) == winner
    assert reference_winner(cards, trump, duplicates, jokers) == winner


def test_bad_tricks_are_refused() -> None:
    with pytest.raises(RulesError, match="1 to 32 cards"):
        trick_winner_bits([], None, "first", "none")
    with pytest.raises(ParseError, match=r"card ids are 0\.\.55"):
        trick_winner_bits([64], None, "first", "none")
