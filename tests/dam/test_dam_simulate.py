"""Rules.simulate_block, the entry point of the simulation protocol: arrays and dtypes, fixed
totals in every deal, determinism, a block cut short, recording that changes nothing, team
points, and the refused arguments."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from trickcore.dam import PRESETS, Rules
from trickcore.errors import RulesError


def test_presets_are_the_registry_names() -> None:
    assert {name: preset().game for name, preset in PRESETS.items()} == {
        "dam-avoid": "dam-avoid", "dam-collect": "dam-collect"}


def test_block_arrays_and_dtypes() -> None:
    result = Rules.avoid().simulate_block(np.random.SeedSequence(1), 100, "random")
    assert set(result) == {"points", "tricks", "trump", "last_trick"}
    assert result["points"].shape == (100, 4) and result["points"].dtype == np.int32
    assert result["tricks"].shape == (100, 4) and result["tricks"].dtype == np.int8
    assert result["trump"].dtype == np.int8 and (result["trump"] == -1).all()
    assert set(result["last_trick"].tolist()) <= {0, 1, 2, 3}
    assert (result["tricks"].sum(axis=1) == 26).all()
    assert set(Rules.avoid().summary_fields) <= set(result)


@pytest.mark.parametrize(("rules", "total"), [
    (Rules.avoid(), 684), (Rules.collect(), 40), (Rules.avoid(packs=1, players=3), 342),
    (Rules.collect(jokers="outright", turn_trump=True), 40)])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_every_deal_scores_the_fixed_total(rules: Rules, total: int, policy: str) -> None:
    result = rules.simulate_block(np.random.SeedSequence(2), 500, policy)
    assert (result["points"].sum(axis=1) == total).all()


def test_trump_is_drawn_from_the_turned_card() -> None:
    result = Rules.avoid(turn_trump=True, jokers="neutral").simulate_block(
        np.random.SeedSequence(3), 4000, "random")
    counts = np.bincount(result["trump"] + 1, minlength=5)
    assert counts[0] > 0  # a turned joker: no trump (4 of 108 cards)
    assert all(abs(c / 4000 - 26 / 108) < 0.04 for c in counts[1:])


def test_same_seed_same_deals_and_a_block_cut_short_keeps_its_first_deals() -> None:
    rules = Rules.collect(players=3)
    full = rules.simulate_block(np.random.SeedSequence(4), 50, "random")
    again = rules.simulate_block(np.random.SeedSequence(4), 50, "random")
    short = rules.simulate_block(np.random.SeedSequence(4), 7, "random")
    for name in full:
        assert np.array_equal(full[name], again[name])
        assert np.array_equal(full[name][:7], short[name])
    other = rules.simulate_block(np.random.SeedSequence(5), 50, "random")
    assert not np.array_equal(full["points"], other["points"])


def test_recording_does_not_change_the_deals() -> None:
    rules = Rules.avoid(jokers="outright")
    plain = rules.simulate_block(np.random.SeedSequence(6), 30, "greedy")
    recorded = rules.simulate_block(np.random.SeedSequence(6), 30, "greedy", record=True)
    for name in plain:
        assert np.array_equal(plain[name], recorded[name])
    assert recorded["plays"].shape == (30, 108) and recorded["pile"].shape == (30, 108 - 48)


def test_record_with_no_pile() -> None:
    rules = Rules.avoid(packs=1, hand_size=13)
    result = rules.simulate_block(np.random.SeedSequence(7), 5, "random", record=True)
    assert result["pile"].shape == (5, 0)


def test_team_points_are_the_partners_sums() -> None:
    result = Rules.collect(teams=True).simulate_block(np.random.SeedSequence(8), 20, "random")
    points = result["points"]
    assert np.array_equal(result["team_points"],
                          np.stack([points[:, 0] + points[:, 2], points[:, 1] + points[:, 3]], 1))


def test_an_int_seed_and_zero_deals() -> None:
    rules = Rules.avoid()
    assert rules.simulate_block(7, 0)["points"].shape == (0, 4)
    assert np.array_equal(rules.simulate_block(7, 3)["points"],
                          rules.simulate_block(np.random.SeedSequence(7), 3)["points"])


@pytest.mark.parametrize(("seed", "count", "policy", "message"), [
    (np.random.SeedSequence(1), 10, "best", "unknown policy"),
    (np.random.SeedSequence(1), -1, "random", "count must be a non-negative int"),
    (np.random.SeedSequence(1), 2.5, "random", "count must be a non-negative int"),
    ("seed", 10, "random", "a block seed is a numpy SeedSequence or an int"),
])
def test_bad_arguments_are_refused(seed: Any, count: Any, policy: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.avoid().simulate_block(seed, count, policy)  # type: ignore[arg-type]
