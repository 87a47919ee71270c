"""Rules.simulate_block, the entry point of the simulation protocol: arrays, determinism,
refusals, threads, and invariants over whole runs. (The policies' every decision is checked
against the reference in test_hearts_reference.py.)"""

from __future__ import annotations

import math
import pickle
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from trickcore import CardSet
from trickcore.core.errors import RulesError
from trickcore.core.seeding import block_seed, root_seed
from trickcore.hearts import Rules


def test_block_arrays_follow_the_protocol() -> None:
    rules = Rules.svarta_maja()
    result = rules.simulate_block(np.random.SeedSequence(1), 100)
    expected = {"points": ((100, 4), np.int32), "tricks": ((100, 4), np.int8),
                "moon": ((100,), np.bool_), "void": ((100,), np.bool_),
                "shooter": ((100,), np.int8), "direction": ((100,), np.int8)}
    assert {k: (v.shape, v.dtype) for k, v in result.items()} == expected
    assert set(rules.summary_fields) <= set(result)
    assert (result["tricks"].sum(axis=1) == 13).all()


def test_same_seed_same_deals_other_seed_other_deals() -> None:
    rules = Rules.spardame()
    one = rules.simulate_block(np.random.SeedSequence(4), 500)
    again = rules.simulate_block(np.random.SeedSequence(4), 500)
    assert np.array_equal(one["points"], again["points"])
    assert not np.array_equal(one["points"],
                              rules.simulate_block(np.random.SeedSequence(5), 500)["points"])
    assert np.array_equal(rules.simulate_block(7, 10)["points"],
                          rules.simulate_block(np.random.SeedSequence(7), 10)["points"])


def test_unknown_policy_and_bad_counts_are_refused() -> None:
    rules = Rules.svarta_maja()
    with pytest.raises(RulesError, match="unknown policy 'smart'"):
        rules.simulate_block(np.random.SeedSequence(1), 10, "smart")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="count must be non-negative, not -1"):
        rules.simulate_block(np.random.SeedSequence(1), -1)
    with pytest.raises(RulesError, match="a block seed is"):
        rules.simulate_block("seed", 1)  # type: ignore[arg-type]
    empty = rules.simulate_block(np.random.SeedSequence(1), 0, record=True)
    assert all(len(v) == 0 for v in empty.values())


def test_svarta_maja_every_deal_scores_26_or_a_moon() -> None:
    result = Rules.svarta_maja().simulate_block(np.random.SeedSequence(2), 20000)
    totals = result["points"].sum(axis=1)
    moon = result["moon"]
    assert (totals[~moon] == 26).all() and (totals[moon] == 78).all()
    assert moon.any() and not result["void"].any()
    shooters = result["shooter"][moon]
    assert (result["points"][moon, shooters] == 0).all()
    # Every pass direction of the rotation occurs.
    assert set(result["direction"].tolist()) == {0, 1, 2, 3}


def test_spardame_every_deal_nets_140_or_is_void() -> None:
    result = Rules.spardame(players=3).simulate_block(np.random.SeedSequence(3), 20000)
    totals = result["points"].sum(axis=1)
    assert (totals[~result["void"]] == 140).all() and not result["moon"].any()


def test_void_deals_score_nothing() -> None:
    # Three cards each, so one player often takes every trick.
    in_play = CardSet.parse("QS JD AH KH 2C 3C 4D 5S 6S")
    rules = Rules.spardame(players=3, removed=CardSet.full() - in_play)
    result = rules.simulate_block(np.random.SeedSequence(3), 5000)
    void = result["void"]
    assert 0.05 < void.mean() < 0.95
    assert (result["points"][void] == 0).all() and (result["tricks"][void].max(axis=1) == 3).all()
    assert (result["points"][~void].sum(axis=1) == 100 - 100 + 20 + 10).all()


def test_team_points() -> None:
    rules = Rules.svarta_maja(players=6, teams=True)
    result = rules.simulate_block(np.random.SeedSequence(8), 300)
    points = result["points"]
    assert np.array_equal(result["team_points"], points[:, :3] + points[:, 3:])


def test_blocks_on_threads_equal_blocks_in_order() -> None:
    rules = Rules.svarta_maja()
    root = root_seed(11)
    seeds = [block_seed(root, k) for k in range(4)]
    serial = [rules.simulate_block(s, 3000)["points"] for s in seeds]
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = list(pool.map(lambda s: rules.simulate_block(s, 3000)["points"], seeds))
    for a, b in zip(serial, threaded, strict=True):
        assert np.array_equal(a, b)


def test_rules_pickle_for_process_executors() -> None:
    rules = Rules.spardame(players=4, card_points={"2C": 1})
    copy = pickle.loads(pickle.dumps(rules))
    assert copy == rules
    assert np.array_equal(copy.simulate_block(np.random.SeedSequence(1), 50)["points"],
                          rules.simulate_block(np.random.SeedSequence(1), 50)["points"])


@pytest.mark.parametrize("rules", [
    Rules.svarta_maja(), Rules.svarta_maja(pass_count=0), Rules.svarta_maja(players=3),
    Rules.svarta_maja(players=6, pass_count=0), Rules.spardame(), Rules.spardame(players=5),
], ids=["svarta-maja", "svarta-maja-no-passing", "svarta-maja-3", "svarta-maja-6-no-passing",
        "spardame", "spardame-5"])
def test_the_plain_random_loop_plays_the_recorded_deals(rules: Rules) -> None:
    # Without recording, random deals run in a loop variant of their own (on x86-64 CPUs with
    # fast BMI2, one compiled for them): the same deals as the recording loop, which the
    # reference checks card by card; an odd count leaves a lane of the last pair unused.
    plain = rules.simulate_block(np.random.SeedSequence(21), 301)
    recorded = rules.simulate_block(np.random.SeedSequence(21), 301, record=True)
    for key, values in plain.items():
        np.testing.assert_array_equal(values, recorded[key])


def test_random_play_picks_uniformly_among_the_legal_cards() -> None:
    # Each card of the random policy is uniform among its legal cards, whatever its place in the
    # trick (the lead from its own byte, the three followers from one batched draw): the rank of
    # the card played within its legal set, grouped by place and set size, passes a chi-square
    # test of uniformity (Wilson-Hilferty's normal approximation of the statistic; the seed is
    # fixed, so the outcome is too).
    out = Rules.svarta_maja(pass_count=0).simulate_block(np.random.SeedSequence(5), 6000,
                                                         record=True)
    plays, legal = out["plays"].astype(np.uint64), out["legal"]
    below = legal & ((np.uint64(1) << plays) - np.uint64(1))
    ranks = np.vectorize(int.bit_count, otypes=[np.int64])(below.astype(object))
    sizes = np.vectorize(int.bit_count, otypes=[np.int64])(legal.astype(object))
    places = np.broadcast_to(np.arange(52) % 4, plays.shape)
    tested = 0
    for place in range(4):
        for size in range(2, 14):
            chosen = ranks[(places == place) & (sizes == size)]
            if chosen.size < 50 * size:
                continue
            counts = np.bincount(chosen, minlength=size)
            assert counts.size == size, (place, size)
            assert _chi_square_z(counts) < 4.0, (place, size, counts)
            tested += 1
    assert tested >= 30


def _chi_square_z(counts: np.ndarray) -> float:
    """The standard normal deviate of the chi-square statistic of counts against uniform."""
    expected = counts.sum() / counts.size
    statistic = float(((counts - expected) ** 2).sum() / expected)
    df = counts.size - 1
    return ((statistic / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
