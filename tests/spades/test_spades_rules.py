"""The Rules object: defaults as in spades.md, every parameter validated when the rules are
built, invalid combinations refused, immutability and the JSON codec."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from trickcore import CardSet
from trickcore.core.errors import RulesError, SerializationError
from trickcore.core.rules_codec import rules_from_json, rules_to_json
from trickcore.spades import ALL_MISDEALS, Rules


def test_standard_rules_follow_spades_md() -> None:
    rules = Rules.standard()
    assert rules.game == "spades" and rules.players == 4
    assert rules.partnerships and rules.sides == ((0, 2), (1, 3))
    assert rules.target == 500 and rules.min_score is None
    assert (rules.nil_value, rules.blind_nil_value, rules.blind_nil_behind) == (100, 200, 100)
    assert (rules.bag_limit, rules.bag_penalty) == (10, 100)
    assert rules.renege == "strict" and rules.bidding == "standard"
    assert rules.deck == CardSet.full() and rules.trumps == CardSet.of_suit("S")
    assert rules.misdeal == ()


def test_other_targets_with_nil_worth_50() -> None:
    rules = Rules.standard(target=200, nil_value=50, blind_nil_value=100)
    assert (rules.target, rules.nil_value, rules.blind_nil_value) == (200, 50, 100)


def test_jokers_replace_the_removed_cards_as_top_trumps() -> None:
    rules = Rules.standard(jokers=True, removed="3H 4C")
    assert rules.removed_cards == CardSet("3H 4C")
    assert rules.trumps == CardSet.of_suit("S") | CardSet("LJ BJ")
    assert len(rules.deck) == 52


@pytest.mark.parametrize("overrides, message", [
    ({"partnerships": 1}, "partnerships must be True or False"),
    ({"target": 0}, "target must be positive"),
    ({"target": "500"}, "target must be an int"),
    ({"min_score": 0}, "min_score must be negative"),
    ({"nil_value": -50}, "nil_value must be 0..1000"),
    ({"blind_nil_value": 5000}, "blind_nil_value must be 0..1000"),
    ({"blind_nil_behind": -1}, "blind_nil_behind must be"),
    ({"bag_limit": 0}, "bag_limit must be 1..100"),
    ({"bag_penalty": -100}, "bag_penalty must be 0..1000"),
    ({"renege": "lenient"}, "renege must be one of 'strict', 'table'"),
    ({"suicide": True, "whiz": True}, "suicide and whiz"),
    ({"mirror": True, "whiz": True, "blind_nil": False}, "mirror and whiz"),
    ({"suicide": True, "partnerships": False}, "needs partnerships"),
    ({"mirror": True}, "blind_nil=False"),
    ({"removed": "2C 2D"}, "needs jokers=True"),
    ({"jokers": True, "removed": "2C"}, "exactly two cards"),
    ({"jokers": True, "removed": "2C LJ"}, "exactly two cards"),
    ({"jokers": True, "removed": "XX"}, "not a set of cards"),
    ({"misdeal": ("no-aces",)}, "misdeal must be one of"),
    ({"misdeal": ("long-suit", "long-suit")}, "twice"),
    ({"misdeal_long_suit": 5}, "misdeal_long_suit must be 6..13"),
    ({"game": "hearts"}, "game must be one of 'spades'"),
])
def test_invalid_rules_are_refused_when_built(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.standard(**overrides)


def test_valid_variant_combinations() -> None:
    assert Rules.standard(whiz=True, jokers=True).bidding == "whiz"
    assert Rules.standard(suicide=True, misdeal=ALL_MISDEALS).bidding == "suicide"
    assert Rules.standard(mirror=True, blind_nil=False, partnerships=False).bidding == "mirror"
    assert Rules.standard(misdeal="no-spades long-suit").misdeal == ("no-spades", "long-suit")


def test_rules_are_immutable_hashable_and_picklable() -> None:
    rules = Rules.standard(jokers=True, misdeal=ALL_MISDEALS)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 300  # type: ignore[misc]
    assert hash(rules) == hash(Rules.standard(jokers=True, misdeal=ALL_MISDEALS))
    assert pickle.loads(pickle.dumps(rules)) == rules


def test_rules_json_round_trip_and_validation() -> None:
    rules = Rules.standard(jokers=True, removed="3H 4C", misdeal=("no-spades",), min_score=-300,
                           renege="table")
    assert rules_from_json(Rules, rules_to_json(rules)) == rules
    broken = {**rules_to_json(rules), "suicide": True, "partnerships": False}
    with pytest.raises(SerializationError, match="needs partnerships"):
        rules_from_json(Rules, broken)
