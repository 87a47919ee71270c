"""Rules are refused where they are built, never later by a kernel: every int field takes ints
only (not None unless optional, not floats, NaN, strings or bools) within the kernel's bounds,
every bool field takes True or False only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import trickcore as tc
from trickcore.core.errors import RulesError
from trickcore.draughts.simulation import Rules as DraughtsRules
from trickcore.simulation.random_deals import DealStats
from trickcore.spades.rules import MAX_SCORE

PRESETS: dict[str, Callable[..., Any]] = {
    "hearts": tc.hearts.Rules.svarta_maja, "spardame": tc.hearts.Rules.spardame,
    "spades": tc.spades.Rules.standard, "dam": tc.dam.Rules.avoid,
    "draughts": DraughtsRules, "deals": DealStats}
INT_FIELDS = {
    "hearts": ["players", "pass_count", "heart_points", "queen_of_spades_points",
               "jack_of_diamonds_points", "jack_of_clubs_points", "no_tricks_bonus"],
    "spardame": ["heart_points", "queen_of_spades_points", "no_tricks_bonus"],
    "spades": ["target", "nil_value", "blind_nil_value", "blind_nil_behind", "bag_limit",
               "bag_penalty", "misdeal_long_suit"],
    "dam": ["players", "hand_size", "packs", "joker_points", "last_trick_bonus"],
    "deals": ["players"],
}
OPTIONAL_INT_FIELDS = {
    "hearts": ["ace_of_hearts_points", "moon_points", "limit", "deals"],
    "spades": ["min_score"], "dam": ["limit", "deals"], "draughts": ["max_plies"],
    "deals": ["hand_size"],
}
BOOL_FIELDS = {
    "hearts": ["queen_pass_restricted", "first_trick_protected", "hearts_must_be_broken",
               "queen_breaks_hearts", "hearts_lead_with_only_queen",
               "moon_needs_all_penalty_cards", "void_if_one_takes_all", "teams"],
    "spades": ["partnerships", "blind_nil", "suicide", "mirror", "whiz", "jokers"],
    "dam": ["teams", "turn_trump", "open_hands"], "draughts": ["auto_draw"],
}
NOT_INTS = [1.0, 4.0, float("nan"), "4", True, [4]]
NOT_BOOLS = ["no", "yes", 1, 0, None, 1.0, float("nan")]


def cases(fields: dict[str, list[str]]) -> list[tuple[str, str]]:
    return [(game, name) for game, names in fields.items() for name in names]


@pytest.mark.parametrize(("game", "name"), cases(INT_FIELDS) + cases(OPTIONAL_INT_FIELDS))
@pytest.mark.parametrize("value", NOT_INTS, ids=repr)
def test_int_fields_take_only_ints(game: str, name: str, value: object) -> None:
    with pytest.raises(RulesError, match=name):
        PRESETS[game](**{name: value})


@pytest.mark.parametrize(("game", "name"), cases(INT_FIELDS))
def test_none_is_refused_for_a_required_int(game: str, name: str) -> None:
    with pytest.raises(RulesError, match=f"{name} must be an int, not None"):
        PRESETS[game](**{name: None})


@pytest.mark.parametrize(("game", "name"), cases(BOOL_FIELDS))
@pytest.mark.parametrize("value", NOT_BOOLS, ids=repr)
def test_bool_fields_take_only_bools(game: str, name: str, value: object) -> None:
    with pytest.raises(RulesError, match=f"{name} must be True or False"):
        PRESETS[game](**{name: value})


@pytest.mark.parametrize(("game", "name"), cases(INT_FIELDS) + cases(OPTIONAL_INT_FIELDS))
@pytest.mark.parametrize("value", [-(10**30), -(2**31), -1001, 1001, 2**31, 10**30])
def test_extreme_ints_are_refused_when_built_or_accepted_by_the_kernel(
        game: str, name: str, value: int) -> None:
    try:
        rules = PRESETS[game](**{name: value})
    except RulesError as error:
        assert name in str(error)
        return
    rules.simulate_block(np.random.SeedSequence(1), 3, "random")  # the kernel takes them


@pytest.mark.parametrize(("overrides", "message"), [
    ({"heart_points": 100}, r"moon_points: the moon is worth 1313, beyond ±1000"),
    ({"queen_of_spades_points": 990}, r"moon is worth 1003"),
    ({"ace_of_hearts_points": 1000}, r"moon is worth 1025"),
])
def test_a_moon_beyond_the_kernel_bound_is_refused(overrides: dict[str, int],
                                                    message: str) -> None:
    with pytest.raises(RulesError, match=message):
        tc.hearts.Rules.svarta_maja(**overrides)
    tc.hearts.Rules.svarta_maja(**overrides, moon_points=26).simulate_block(1, 3)


@pytest.mark.parametrize("field", ["target", "min_score"])
def test_spades_match_ends_within_the_kernel_score_bound(field: str) -> None:
    value = MAX_SCORE + 1 if field == "target" else -MAX_SCORE - 1
    with pytest.raises(RulesError, match=f"{field} must be"):
        tc.spades.Rules.standard(**{field: value})


@pytest.mark.parametrize("rotation", [1, 1.0, True, {"left": 1}])
def test_pass_rotation_must_be_directions(rotation: object) -> None:
    with pytest.raises(RulesError, match="pass_rotation"):
        tc.hearts.Rules.svarta_maja(pass_rotation=rotation)


@pytest.mark.parametrize("start", [None, 3, b"B:W21:B1"])
def test_draughts_start_must_be_text(start: object) -> None:
    with pytest.raises(RulesError, match="start"):
        DraughtsRules(start=start)
