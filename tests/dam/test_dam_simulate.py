"""Rules.simulate_block, the entry point of the simulation protocol: arrays and dtypes, fixed
totals in every deal, determinism, a block cut short, recording that changes nothing, the
compiled loops that all play the same deals, team points, and the refused arguments."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from dam_strategies import rule_combinations
from hypothesis import given
from hypothesis import strategies as st

from trickcore.core.errors import RulesError
from trickcore.dam import PRESETS, Rules
from trickcore.dam._core import best_loop_isa, simulate_block
from trickcore.dam.rules import kernel_rules


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


# Rules that reach every specialised loop (players 2, 3, 4; jokers or none) and a short last
# trick (the pile runs out part-way through a refill).
LOOP_RULES = {
    "avoid": Rules.avoid(),
    "collect-trump-outright": Rules.collect(turn_trump=True, jokers="outright"),
    "avoid-3-short-pile": Rules.avoid(players=3),  # 68 in the pile: the last trick is short
    "avoid-4-one-pack-joker-points": Rules.avoid(packs=1, jokers="points", joker_points=5),
    "collect-2-one-pack-neutral-last": Rules.collect(players=2, packs=1, jokers="neutral",
                                                     duplicates="last", hand_size=10),
    "collect-3-trump-tricks": Rules.collect(players=3, turn_trump=True, score_by="tricks",
                                            last_trick_bonus=2),
}


def assert_every_loop_plays_the_same_deals(rules: Rules, seed: int, count: int) -> None:
    """The fast loops (built for BMI2 where the CPU has it, and portable) and the generic loop
    give the same arrays; so does a recorded run (the generic
    loop, which the reference tests replay card by card)."""
    kernel = kernel_rules(rules)
    runs = {loop: simulate_block(kernel, np.random.PCG64(seed), count, "random", False, loop)
            for loop in ("best", "portable", "generic")}
    runs["recorded"] = simulate_block(kernel, np.random.PCG64(seed), count, "random", True)
    for loop, result in runs.items():
        for name, array in runs["generic"].items():
            assert np.array_equal(result[name], array), (loop, name)


@pytest.mark.parametrize("name", sorted(LOOP_RULES))
def test_every_compiled_loop_plays_the_same_deals(name: str) -> None:
    assert_every_loop_plays_the_same_deals(LOOP_RULES[name], 9, 203)  # 203: a short last block


@given(rules=rule_combinations(), seed=st.integers(0, 2**32 - 1), count=st.integers(1, 9))
def test_every_compiled_loop_plays_the_same_deals_for_any_rules(rules: Rules, seed: int,
                                                                 count: int) -> None:
    assert_every_loop_plays_the_same_deals(rules, seed, count)


def test_the_best_loop_runs_bmi2_or_portable() -> None:
    assert best_loop_isa() in {"bmi2", "portable"}


def test_an_unknown_loop_is_refused() -> None:
    with pytest.raises(RulesError, match="unknown loop 'fastest'"):
        simulate_block(kernel_rules(Rules.avoid()), np.random.PCG64(1), 4, "random", False,
                       "fastest")


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
    (np.random.SeedSequence(1), -1, "random", "count must be non-negative, not -1"),
    (np.random.SeedSequence(1), 2.5, "random", "count must be a whole number, not 2.5"),
    ("seed", 10, "random", "a block seed is a numpy SeedSequence or an int"),
])
def test_bad_arguments_are_refused(seed: Any, count: Any, policy: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.avoid().simulate_block(seed, count, policy)  # type: ignore[arg-type]
