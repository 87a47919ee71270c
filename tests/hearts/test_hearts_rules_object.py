"""The Rules object: presets, every parameter, derived values, and invalid combinations."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError, fields

import pytest

from trickcore import Card, CardSet
from trickcore.core.errors import RulesError
from trickcore.hearts import PRESETS, Rules


def test_svarta_maja_preset_values() -> None:
    rules = Rules.svarta_maja()
    assert rules.game == "svarta-maja"
    assert rules.players == 4 and rules.hand_size == 13 and not rules.removed_cards
    assert rules.pass_count == 3
    assert rules.rotation == ("left", "right", "across", "none")
    assert rules.first_lead == "lowest-club"
    assert rules.first_trick_protected and rules.hearts_must_be_broken
    assert not rules.queen_breaks_hearts and not rules.queen_pass_restricted
    assert rules.moon == "add-to-others" and rules.moon_value == 26
    assert rules.limit == 100 and rules.deals is None
    assert rules.penalty_cards == CardSet.of_suit("H") | CardSet.parse("QS")


def test_spardame_preset_values() -> None:
    rules = Rules.spardame()
    assert rules.game == "spardame"
    assert rules.pass_count == 2 and rules.rotation == ("left",) and rules.queen_pass_restricted
    assert rules.first_lead == "left-of-dealer"
    assert not rules.first_trick_protected and not rules.hearts_must_be_broken
    assert rules.moon == "off" and rules.void_if_one_takes_all
    assert rules.limit == 500


def test_one_pack_no_jokers_52_cards_for_four() -> None:
    assert Rules.svarta_maja().deck == CardSet.full()


@pytest.mark.parametrize(("players", "removed", "hand_size"), [
    (3, "2D", 17), (4, "", 13), (5, "2D 2C", 10), (6, "2D 2C 3D 3C", 8)])
def test_low_cards_removed_so_the_pack_divides_evenly(players: int, removed: str,
                                                        hand_size: int) -> None:
    for preset in (Rules.svarta_maja, Rules.spardame):
        rules = preset(players=players)
        assert rules.removed_cards == CardSet.parse(removed)
        assert rules.hand_size == hand_size
        assert len(rules.deck) == players * hand_size
        # No heart and not Q♠ is ever removed: the penalty total never changes.
        assert CardSet.of_suit("H") | CardSet.parse("QS") <= rules.deck


def test_removal_list_is_a_parameter() -> None:
    rules = Rules.svarta_maja(players=3, removed="2S")
    assert rules.removed_cards == CardSet.parse("2S") and rules.hand_size == 17
    assert Rules.svarta_maja(removed=["2C", "3C", "4C", "5C"]).hand_size == 12


def test_pass_rotation_odd_players_has_no_across() -> None:
    assert Rules.svarta_maja(players=3).rotation == ("left", "right", "none")
    assert Rules.svarta_maja(players=5).rotation == ("left", "right", "none")
    assert Rules.svarta_maja(players=6).rotation == ("left", "right", "across", "none")
    assert Rules.svarta_maja(players=6).rotation_offsets == (1, 5, 3, 0)


def test_card_values_norwegian_and_swedish_scales() -> None:
    swedish = Rules.svarta_maja()
    assert swedish.card_value("QS") == 13 and swedish.card_value("AH") == 1
    assert swedish.card_value("2H") == 1 and swedish.card_value("JD") == 0
    assert sum(swedish.card_values) == 26
    norwegian = Rules.spardame()
    assert norwegian.card_value("QS") == 100 and norwegian.card_value("AH") == 20
    assert norwegian.card_value("KH") == 10 and norwegian.card_value("JD") == -100
    assert sum(v for v in norwegian.card_values if v > 0) == 240
    assert sum(norwegian.card_values) == 140


def test_any_other_card_can_be_given_points() -> None:
    rules = Rules.svarta_maja(card_points={"KS": 5, "AS": 7}, jack_of_clubs_points=2)
    assert dict(rules.card_points) == {Card.parse("KS"): 5, Card.parse("AS"): 7}
    assert rules.card_value("KS") == 5 and rules.card_value("AS") == 7
    assert rules.card_value("JC") == 2
    assert rules.penalty_cards == CardSet.parse("JC KS AS QS") | CardSet.of_suit("H")
    assert rules.moon_value == 26 + 14


def test_moon_cards_every_penalty_card_or_hearts_and_queen() -> None:
    with_jack = Rules.svarta_maja(jack_of_clubs_points=2)
    assert "JC" in with_jack.moon_cards and with_jack.moon_value == 28
    without = Rules.svarta_maja(jack_of_clubs_points=2, moon_needs_all_penalty_cards=False)
    assert "JC" not in without.moon_cards and without.moon_value == 26
    assert Rules.svarta_maja(moon_points=20).moon_value == 20


def test_team_sides() -> None:
    assert Rules.svarta_maja(teams=True).sides == ((0, 2), (1, 3))
    assert Rules.svarta_maja(players=6, teams=True).sides == ((0, 3), (1, 4), (2, 5))
    assert Rules.svarta_maja().sides == ((0,), (1,), (2,), (3,))


def test_children_version_preset() -> None:
    rules = Rules.svarta_maja(children=True)
    assert rules.card_value("QS") == 1 and rules.card_value("AH") == 0
    assert sum(rules.card_values) == 1
    assert rules.moon == "off" and rules.deals == 1 and rules.limit is None


@pytest.mark.parametrize(("overrides", "message"), [
    ({"players": 7}, "players must be 3..6"),
    ({"players": 2}, "players must be 3..6"),
    ({"pass_count": 14}, "pass_count 14"),
    ({"players": 6, "pass_count": 8}, "pass_count 8"),
    ({"pass_count": -1}, "pass_count -1"),
    ({"removed": "2C"}, "do not divide evenly among 4 players"),
    ({"players": 5, "removed": "2D"}, "do not divide evenly among 5 players"),
    ({"removed": "LJ"}, "from the 52-card pack"),
    ({"players": 5, "pass_rotation": ("left", "across")}, "no 'across' pass with 5 players"),
    ({"pass_rotation": ("sideways",)}, "pass_rotation must be one of"),
    ({"pass_rotation": ()}, "pass_rotation must list"),
    ({"first_lead": "2C"}, "first_lead must be one of"),
    ({"moon": "sometimes"}, "moon must be one of"),
    ({"teams": True, "players": 5}, "team play needs 4 or 6 players"),
    ({"limit": None, "deals": None}, "a match needs an end"),
    ({"limit": 0}, "limit must be positive"),
    ({"heart_points": 5000}, "within ±1000"),
    ({"heart_points": 1.5}, "heart_points must be an int"),
    ({"teams": "yes"}, "teams must be True or False"),
    ({"players": True}, "players must be an int"),
    ({"card_points": {"XX": 3}}, "card_points"),
    ({"game": "hearts"}, "game must be one of"),
    ({"heart_points": 0, "queen_of_spades_points": 0}, "a moon needs at least one card"),
    ({"players": 3, "removed": CardSet.of_suit("C")}, "needs a club in play"),
])
def test_invalid_rules_are_refused_when_built(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.svarta_maja(**overrides)


def test_rules_are_immutable_hashable_and_picklable() -> None:
    rules = Rules.spardame(players=5)
    with pytest.raises(FrozenInstanceError):
        rules.players = 4  # type: ignore[misc]
    assert hash(rules) == hash(Rules.spardame(players=5))
    assert rules == Rules.spardame(players=5) != Rules.spardame()
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert {rules: 1}[Rules.spardame(players=5)] == 1


def test_every_parameter_has_a_description_that_help_shows() -> None:
    doc = " ".join((Rules.__doc__ or "").split())
    for f in fields(Rules):
        assert f.metadata["doc"], f.name
        assert f"{f.name} : " in doc and " ".join(f.metadata["doc"].split()) in doc, f.name


def test_presets_registry_names_the_games() -> None:
    assert set(PRESETS) == {"svarta-maja", "spardame"}
    assert PRESETS["spardame"](players=3).game == "spardame"
    # Other combinations keep the family name of the preset they came from.
    assert Rules.svarta_maja(pass_count=0, moon="off").game == "svarta-maja"
