"""trickcore.dam.Rules: the presets, the deck, the card values of both scorings (with the fixed
totals over a full deck), and every refused parameter or combination."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from trickcore import Card, CardMultiset, CardSet
from trickcore.core.errors import RulesError
from trickcore.dam import Rules


def deck_total(rules: Rules) -> int:
    values = rules.card_values
    return sum(values[card] for card in rules.deck)


# ---- Cards ----

def test_two_packs_shuffled_together_hold_every_card_twice() -> None:
    deck = Rules.avoid().deck
    assert len(deck) == 104
    assert deck == CardMultiset.two_packs()
    assert all(deck.count(card) == 2 for card in CardSet.full())


def test_one_pack_variant_uses_the_52_cards_once() -> None:
    rules = Rules.avoid(packs=1)
    assert rules.deck == CardMultiset(CardSet.full())
    assert rules.deck_size == 52
    assert rules.pile_size == 52 - 4 * 12


def test_jokers_when_on_are_four_two_per_pack() -> None:
    deck = Rules.avoid(jokers="neutral").deck
    assert len(deck) == 108
    assert deck.count("LJ") == 2 and deck.count("BJ") == 2
    assert Rules.avoid(jokers="neutral", packs=1).deck.count("LJ") == 1
    assert len(Rules.avoid(jokers="outright", packs=1).deck) == 54


def test_no_jokers_by_default() -> None:
    assert not any(card.is_joker for card in Rules.avoid().deck)
    assert Rules.avoid().jokers == "none"


# ---- Table ----

@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players(players: int) -> None:
    rules = Rules.avoid(players=players)
    assert rules.sides == tuple((s,) for s in range(players))


@pytest.mark.parametrize("players", [1, 5, 6])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(RulesError, match=r"players must be 2\.\.4"):
        Rules.avoid(players=players)


def test_partnerships_only_with_four_players_opposite() -> None:
    assert Rules.collect(teams=True).sides == ((0, 2), (1, 3))
    with pytest.raises(RulesError, match="team play needs 4 players"):
        Rules.collect(players=3, teams=True)


def test_hand_size_twelve_by_default_ten_or_thirteen_by_agreement() -> None:
    assert Rules.avoid().hand_size == 12
    assert Rules.avoid(hand_size=10).pile_size == 104 - 40
    assert Rules.avoid(hand_size=13).pile_size == 104 - 52
    for size in (9, 11, 14):
        with pytest.raises(RulesError, match="hand_size must be 10, 12 or 13"):
            Rules.avoid(hand_size=size)


def test_the_rest_of_the_cards_form_the_draw_pile() -> None:
    assert Rules.avoid().pile_size == 104 - 48
    assert Rules.avoid(players=3, jokers="neutral").pile_size == 108 - 36
    assert Rules.avoid(packs=1, hand_size=13).pile_size == 0


# ---- Scoring A: avoid ----

@pytest.mark.parametrize(("card", "value"), [
    ("KH", 0), ("QH", 0), ("AS", 1), ("AH", 1), ("2C", 2), ("7D", 7), ("TH", 10), ("TS", 10),
    ("JC", 11), ("JH", 11), ("QC", 13), ("KD", 13), ("QS", 13), ("KS", 13)])
def test_avoid_card_values(card: str, value: int) -> None:
    assert Rules.avoid().card_value(card) == value


def test_avoid_values_sum_to_684_over_a_full_two_pack_deal() -> None:
    # Per pack: ♣ ♦ ♠ 1 + (2+...+10) + 11 + 13 + 13 = 92 each, ♥ 1 + 54 + 11 + 0 + 0 = 66.
    assert deck_total(Rules.avoid()) == 2 * (3 * 92 + 66) == 684
    assert deck_total(Rules.avoid(packs=1)) == 342


def test_avoid_lowest_total_wins() -> None:
    assert Rules.avoid().lower_wins
    assert Rules.avoid().game == "dam-avoid"


def test_avoid_match_is_one_deal_by_default_or_to_a_limit() -> None:
    assert (Rules.avoid().deals, Rules.avoid().limit) == (1, None)
    rules = Rules.avoid(deals=None, limit=500)
    assert (rules.deals, rules.limit) == (None, 500)


# ---- Scoring B: collect ----

@pytest.mark.parametrize(("card", "value"), [
    ("AS", 1), ("KH", 1), ("QH", 1), ("JD", 1), ("TC", 1), ("9S", 0), ("2H", 0)])
def test_collect_card_values(card: str, value: int) -> None:
    assert Rules.collect().card_value(card) == value


def test_collect_values_sum_to_40_over_a_full_two_pack_deal() -> None:
    assert deck_total(Rules.collect()) == 40
    assert deck_total(Rules.collect(packs=1)) == 20


def test_collect_highest_total_wins_playing_to_100_or_200() -> None:
    rules = Rules.collect()
    assert not rules.lower_wins
    assert rules.game == "dam-collect"
    assert (rules.limit, rules.deals) == (100, None)
    assert Rules.collect(limit=200).limit == 200


def test_the_two_scorings_are_never_mixed() -> None:
    with pytest.raises(RulesError, match="scoring must be one of 'avoid', 'collect'"):
        Rules(scoring="both")  # type: ignore[arg-type]


# ---- Jokers ----

@pytest.mark.parametrize("mode", ["outright", "neutral"])
def test_jokers_score_zero_unless_the_points_variant(mode: str) -> None:
    for rules in (Rules.avoid(jokers=mode), Rules.collect(jokers=mode)):
        assert rules.card_value("LJ") == rules.card_value("BJ") == 0
        assert deck_total(rules) == deck_total(Rules(scoring=rules.scoring))


def test_jokers_points_variant_counts_a_fixed_number() -> None:
    rules = Rules.avoid(jokers="points", joker_points=25)
    assert rules.card_value("LJ") == rules.card_value("BJ") == 25
    assert deck_total(rules) == 684 + 4 * 25


def test_joker_points_without_the_points_variant_are_refused() -> None:
    with pytest.raises(RulesError, match="needs jokers='points'"):
        Rules.avoid(jokers="outright", joker_points=5)


# ---- Other variants and refusals ----

def test_tricks_instead_of_cards_with_an_optional_last_trick_bonus() -> None:
    rules = Rules.collect(score_by="tricks", last_trick_bonus=2)
    assert (rules.score_by, rules.last_trick_bonus) == ("tricks", 2)
    with pytest.raises(RulesError, match="needs score_by='tricks'"):
        Rules.collect(last_trick_bonus=2)
    with pytest.raises(RulesError, match="scores tricks only"):
        Rules.collect(score_by="tricks", jokers="points", joker_points=3)


def test_trump_needs_a_draw_pile_to_turn_a_card_from() -> None:
    assert Rules.avoid(turn_trump=True).turn_trump
    with pytest.raises(RulesError, match="leave no pile"):
        Rules.avoid(packs=1, hand_size=13, turn_trump=True)


@pytest.mark.parametrize(("overrides", "message"), [
    ({"packs": 3}, "packs must be 1 or 2"),
    ({"jokers": "wild"}, "jokers must be one of"),
    ({"duplicates": "both"}, "duplicates must be one of"),
    ({"score_by": "hands"}, "score_by must be one of"),
    ({"players": True}, "players must be an int"),
    ({"teams": 1}, "teams must be True or False"),
    ({"open_hands": "yes"}, "open_hands must be True or False"),
    ({"limit": 0}, "limit must be positive"),
    ({"deals": None, "limit": None}, "a match needs an end"),
    ({"joker_points": 5000, "jokers": "points"}, "joker_points must be within"),
])
def test_invalid_parameters_are_refused_with_the_reason(overrides: dict[str, Any],
                                                        message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.avoid(**overrides)


def test_rules_are_immutable_hashable_and_picklable() -> None:
    rules = Rules.collect(players=3, turn_trump=True, duplicates="last")
    assert hash(rules) == hash(Rules.collect(players=3, turn_trump=True, duplicates="last"))
    assert pickle.loads(pickle.dumps(rules)) == rules
    with pytest.raises(AttributeError):
        rules.players = 4  # type: ignore[misc]


def test_card_value_of_any_spelling() -> None:
    assert Rules.avoid().card_value(Card.parse("J♣")) == Rules.avoid().card_value(9) == 11
