"""trick_winner against the pure-Python reference, the seed's worked example, and bad input."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import trickcore as tc
from reference.trick import reference_winner

trumps = st.one_of(st.none(), st.integers(0, 3))


@st.composite
def one_pack_tricks(draw: st.DrawFn) -> list[int]:
    return draw(st.lists(st.integers(0, 51), min_size=1, max_size=8, unique=True))


@st.composite
def two_pack_tricks(draw: st.DrawFn, jokers: bool = False) -> list[int]:
    top = 53 if jokers else 51
    cards = draw(st.lists(st.integers(0, top), min_size=1, max_size=8))
    return [c for i, c in enumerate(cards) if cards[:i].count(c) < 2]


@given(one_pack_tricks(), trumps)
def test_one_pack_matches_reference(cards: list[int], trump: int | None) -> None:
    assert tc.trick_winner(cards, trump=trump) == reference_winner(cards, trump)


@given(two_pack_tricks(), trumps, st.sampled_from(["first", "last"]))
def test_two_packs_match_reference(cards: list[int], trump: int | None, rule: str) -> None:
    got = tc.trick_winner(cards, trump=trump, duplicates=rule, packs=2)  # type: ignore[arg-type]
    assert got == reference_winner(cards, trump, rule)


@given(two_pack_tricks(jokers=True), st.integers(0, 3), st.sampled_from(["first", "last"]),
       st.sampled_from(["top-trump", "outright", "neutral"]))
def test_jokers_match_reference(cards: list[int], trump: int, rule: str, mode: str) -> None:
    got = tc.trick_winner(cards, trump=trump, duplicates=rule, jokers=mode, packs=2)  # type: ignore[arg-type]
    assert got == reference_winner(cards, trump, rule, mode)


four_cards = st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True)


@given(st.lists(four_cards, min_size=1, max_size=30), trumps)
def test_batch_matches_scalar(tricks: list[list[int]], trump: int | None) -> None:
    winners = tc.trick_winners(np.array(tricks), trump=trump)
    assert winners.tolist() == [tc.trick_winner(t, trump=trump) for t in tricks]


def test_batch_with_a_trump_per_trick() -> None:
    tricks = np.array([[0, 5, 40, 3], [0, 5, 40, 3], [0, 5, 40, 3]])
    assert tc.trick_winners(tricks, trump=np.array([-1, 3, 1])).tolist() == [1, 2, 1]


def test_seed_example_highest_of_suit_led_wins_without_trump() -> None:
    # Danish Dam seed: ♥9 led, ♥J, ♥7, ♠10 (void in hearts): ♥J wins, ♠10 does not count.
    assert tc.trick_winner(["♥9", "♥J", "♥7", "♠10"]) == 1


def test_any_trump_beats_the_suit_led() -> None:
    assert tc.trick_winner("AH KH 2S QH", trump="S") == 2
    assert tc.trick_winner("AH 3S 2S", trump="S") == 1


def test_duplicates_first_and_last() -> None:
    assert tc.trick_winner("JH JH 9H", packs=2) == 0
    assert tc.trick_winner("JH JH 9H", packs=2, duplicates="last") == 1
    assert tc.trick_winner("9H 2S 2S", trump="S", packs=2, duplicates="last") == 2


def test_joker_modes() -> None:
    assert tc.trick_winner("AS BJ LJ", trump="S", jokers="top-trump") == 1
    assert tc.trick_winner("AH LJ", trump="S", jokers="top-trump") == 1
    assert tc.trick_winner("AH LJ BJ", jokers="outright") == 1
    assert tc.trick_winner("AH LJ", jokers="neutral") == 0
    assert tc.trick_winner("LJ 2C AC 5H", jokers="neutral") == 2  # the next card sets the suit


@pytest.mark.parametrize(
    ("cards", "kwargs", "message"),
    [([], {}, "empty"),
     (["AS", "AS"], {}, "duplicate card 'AS' in a one-pack trick"),
     (["AS", "AS", "AS"], {"packs": 2}, "third copy of 'AS'"),
     ([60], {}, "out of range"),
     (["BJ"], {}, "joker 'BJ'"),
     (["AS"], {"duplicates": "middle"}, "unknown duplicates rule 'middle'"),
     (["AS"], {"jokers": "wild"}, "unknown joker mode 'wild'"),
     (["AS"], {"jokers": "top-trump"}, "needs a trump suit"),
     (["AS"], {"packs": 3}, "packs must be 1 or 2"),
     (["XS"], {}, "'XS'"),
     (["AS"] * 17, {"packs": 2}, "at most 16")],
)
def test_bad_tricks_raise_value_errors_naming_the_problem(
        cards: list[object], kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tc.trick_winner(cards, **kwargs)  # type: ignore[arg-type]


def test_batch_bad_input_names_the_trick() -> None:
    with pytest.raises(tc.InvalidTrickError, match="trick 1: duplicate card 'AS'"):
        tc.trick_winners(np.array([[1, 2], [51, 51]]))
    with pytest.raises(tc.InvalidTrickError, match="out of range"):
        tc.trick_winners(np.array([[1, 99]]))
    with pytest.raises(tc.InvalidTrickError, match="2-d"):
        tc.trick_winners(np.array([1, 2]))
    assert tc.trick_winners(np.zeros((0, 4), dtype=np.uint8)).shape == (0,)
