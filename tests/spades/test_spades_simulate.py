"""The simulation protocol (SIMULATION_PROTOCOL.md): arrays and their shapes, determinism, a
block cut short gives the same deals, refusals; misdeal redeals; playouts from a deal."""

from __future__ import annotations

import numpy as np
import pytest

from trickcore.core.errors import RulesError
from trickcore.spades import ALL_MISDEALS, Deal, Rules

STANDARD = Rules.standard()


def test_block_arrays_follow_the_protocol() -> None:
    block = STANDARD.simulate_block(np.random.SeedSequence(1), 50, "random")
    assert STANDARD.game == "spades" and set(STANDARD.summary_fields) <= set(block)
    assert block["bids"].shape == (50, 4) and block["bids"].dtype == np.int8
    assert block["tricks"].shape == (50, 4) and (block["tricks"].sum(axis=1) == 13).all()
    assert block["points"].shape == (50, 2) and block["points"].dtype == np.int32
    assert block["bags"].shape == (50, 2) and block["made"].dtype == np.bool_
    assert (block["redeals"] == 0).all()
    assert ((block["bids"] >= 0) & (block["bids"] <= 13)).all()


def test_cutthroat_block_has_four_sides() -> None:
    block = Rules.standard(partnerships=False).simulate_block(2, 10)
    assert block["points"].shape == (10, 4)


def test_blocks_are_deterministic_and_a_shorter_block_is_a_prefix() -> None:
    for policy in ("random", "greedy"):
        full = STANDARD.simulate_block(7, 23, policy)  # type: ignore[arg-type]
        again = STANDARD.simulate_block(7, 23, policy)  # type: ignore[arg-type]
        short = STANDARD.simulate_block(7, 9, policy)  # type: ignore[arg-type]
        for key in full:
            assert (full[key] == again[key]).all()
            assert (full[key][:9] == short[key]).all()


def test_greedy_play_makes_more_contracts_and_points_than_random_play() -> None:
    random_block = STANDARD.simulate_block(3, 400, "random")
    greedy_block = STANDARD.simulate_block(3, 400, "greedy")
    assert greedy_block["made"].mean() > random_block["made"].mean()
    assert greedy_block["points"].mean() > random_block["points"].mean() + 10


def test_misdeals_are_redealt_in_simulation() -> None:
    rules = Rules.standard(misdeal=ALL_MISDEALS)
    block = rules.simulate_block(5, 300, record=True)
    assert block["redeals"].sum() > 0
    for hands in block["hands"]:
        assert not any(rules.misdeal_reasons(int(h)) for h in hands)


def test_refusals() -> None:
    with pytest.raises(RulesError, match="unknown policy"):
        STANDARD.simulate_block(1, 5, "clever")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="count"):
        STANDARD.simulate_block(1, -1)
    with pytest.raises(RulesError, match="seed"):
        STANDARD.simulate_block("x", 5)  # type: ignore[arg-type]
    assert STANDARD.simulate_block(1, 0)["points"].shape == (0, 2)


def test_playouts_leave_the_deal_unchanged_and_are_reproducible() -> None:
    deal = Deal.random(STANDARD, seed=4, dealer=3)
    deal.bid(4)
    before = deal.to_json()
    first = deal.playouts(30, seed=9)
    assert first.shape == (30, 2) and deal.to_json() == before
    assert (first == deal.playouts(30, seed=9)).all()
    assert (deal.playouts(5, policy="greedy", seed=1) == deal.playouts(5, policy="greedy",
                                                                       seed=1)).all()
    with pytest.raises(RulesError, match="unknown policy"):
        deal.playouts(3, policy="clever")


VARIANT_RULES = [
    STANDARD,
    Rules.standard(partnerships=False),
    Rules.standard(jokers=True, whiz=True, blind_nil=True, blind_nil_behind=0,
                   misdeal=("no-spades", "long-suit")),
    Rules.standard(suicide=True, jokers=True, removed="2C 4S"),
    Rules.standard(mirror=True, blind_nil=False),
]


@pytest.mark.parametrize("rules", VARIANT_RULES)
def test_recording_plays_the_same_deals_as_the_fast_loop(rules: Rules) -> None:
    """Recorded blocks (replayed in the reference by test_spades_random) and the unrecorded
    fast loop draw the same cards."""
    for policy in ("random", "greedy"):
        plain = rules.simulate_block(11, 37, policy)  # type: ignore[arg-type]
        recorded = rules.simulate_block(11, 37, policy, record=True)  # type: ignore[arg-type]
        for key in plain:
            assert (plain[key] == recorded[key]).all(), (policy, key)


def test_a_long_block_plays_the_same_deals_recorded_and_fast() -> None:
    """Enough deals that the rare exact checks of both loops run: the fast loop checks a trick's
    followers' batch exactly about once in 4,096 tricks (36,000 here), the dealer's batches about
    once in 200 deals."""
    plain = STANDARD.simulate_block(3, 3000)
    recorded = STANDARD.simulate_block(3, 3000, record=True)
    for key in plain:
        assert (plain[key] == recorded[key]).all(), key


def play_first_legal(deal: Deal, cards: int) -> None:
    for _ in range(cards):
        deal.play(min(deal.legal_moves()))


def test_playouts_from_the_last_trick_are_the_forced_play() -> None:
    deal = Deal.random(STANDARD, seed=12, dealer=1)
    while deal.phase == "bid":
        deal.bid(deal.policy_bid())
    play_first_legal(deal, 49)
    outcomes = deal.playouts(8, seed=3)
    play_first_legal(deal, 3)
    assert (outcomes == np.array(deal.result().points)).all()


def test_playouts_after_a_renege_score_the_offender_set_whatever_the_play() -> None:
    deal = Deal.random(Rules.standard(renege="table"), seed=5, dealer=0)
    while deal.phase == "bid":
        deal.bid(deal.policy_bid())
    leader = deal.to_act
    play_first_legal(deal, 1)
    follower = deal.to_act
    illegal = [c for c in deal.hand(follower) if c not in deal.legal_moves()]
    assert illegal, "the scripted deal needs a follower able to renege"
    deal.play(illegal[0])
    assert [r.seat for r in deal.reneges] == [follower] and leader != follower
    outcomes = deal.playouts(20, seed=8)
    play_first_legal(deal, 50)
    assert (outcomes == np.array(deal.result().points)).all()


def test_deals_without_misdeals_equal_deals_where_no_hand_meets_the_misdeal_rule() -> None:
    """Without misdeals the block loop deals each lane once; with a misdeal rule no hand meets
    (a 13-card suit is absent from these deals) it checks each deal and keeps it: same block."""
    paired = STANDARD.simulate_block(5, 2001, record=True)
    single = Rules.standard(misdeal=("long-suit",), misdeal_long_suit=13).simulate_block(
        5, 2001, record=True)
    assert (single["redeals"] == 0).all()
    for key in paired:
        assert (paired[key] == single[key]).all(), key
