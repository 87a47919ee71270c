"""The C engine against the pure-Python reference (hearts_reference.py) over thousands of deals:
the same legal moves at every decision and the same score, for both presets and for random rule
combinations, with the random and the greedy policy; then the Python Deal API (checked moves,
refusals, undo, clone) against the same reference."""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from reference.hearts import ReferenceDeal, cards_of
from trickcore import CardSet
from trickcore.core.card import Card
from trickcore.core.errors import IllegalMoveError, RulesError
from trickcore.hearts import Deal, Rules

PRESETS = {
    "svarta-maja": Rules.svarta_maja(),
    "svarta-maja-no-passing": Rules.svarta_maja(pass_count=0),
    "spardame": Rules.spardame(),
    "spardame-5": Rules.spardame(players=5),
}


def replay_block(rules: Rules, result: dict[str, Any], policy: str) -> int:
    """Replays every recorded deal in the reference; returns the number of decisions checked."""
    n = rules.players
    data = {k: v.tolist() for k, v in result.items()}
    decisions = 0
    for j in range(len(data["points"])):
        hands = [cards_of(m) for m in data["hands"][j]]
        ref = ReferenceDeal(rules, hands, dealer=0, deal_number=data["direction"][j])
        if ref.phase == "pass":
            for seat in range(n):
                cards = cards_of(data["passes"][j][seat])
                assert ref.pass_ok(seat, cards), (j, seat, cards)
                if policy == "greedy":
                    assert cards == ref.greedy_pass(seat), (j, seat)
                ref.do_pass(seat, cards)
                decisions += 1
        else:
            assert not any(data["passes"][j])
        for k, card in enumerate(data["plays"][j]):
            assert cards_of(data["legal"][j][k]) == ref.legal(), (j, k)
            if policy == "greedy":
                assert card == ref.greedy_card(), (j, k)
            ref.play(card)
            decisions += 1
        points, shooter, void = ref.score()
        assert data["points"][j] == points, j
        assert data["tricks"][j] == ref.tricks_won, j
        assert data["shooter"][j] == (-1 if shooter is None else shooter), j
        assert data["moon"][j] == (shooter is not None), j
        assert data["void"][j] == void, j
    return decisions


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_random_policy_match_reference(name: str) -> None:
    rules = PRESETS[name]
    result = rules.simulate_block(np.random.SeedSequence(11), 1000, "random", record=True)
    assert replay_block(rules, result, "random") >= 1000 * len(rules.deck)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_greedy_policy_match_reference(name: str) -> None:
    rules = PRESETS[name]
    result = rules.simulate_block(np.random.SeedSequence(12), 250, "greedy", record=True)
    replay_block(rules, result, "greedy")


@st.composite
def rule_combinations(draw: st.DrawFn) -> Rules:
    players = draw(st.integers(3, 6))
    directions = ["left", "right", "none"] + (["across"] if players % 2 == 0 else [])
    removed = None
    if draw(st.booleans()):
        size = 52 % players + players * draw(st.integers(0, 1))
        removed = CardSet(draw(st.sets(st.integers(0, 51), min_size=size, max_size=size)))
    values = st.integers(-15, 15)
    settings: dict[str, Any] = {
        "players": players,
        "removed": removed,
        "pass_count": draw(st.integers(0, 4)),
        "pass_rotation": tuple(draw(st.lists(st.sampled_from(directions), min_size=1,
                                             max_size=5))),
        "queen_pass_restricted": draw(st.booleans()),
        "first_lead": draw(st.sampled_from(["lowest-club", "any-club", "left-of-dealer"])),
        "first_trick_protected": draw(st.booleans()),
        "hearts_must_be_broken": draw(st.booleans()),
        "queen_breaks_hearts": draw(st.booleans()),
        "hearts_lead_with_only_queen": draw(st.booleans()),
        "heart_points": draw(values),
        "ace_of_hearts_points": draw(st.none() | values),
        "queen_of_spades_points": draw(st.integers(-20, 120)),
        "jack_of_diamonds_points": draw(st.integers(-100, 5)),
        "jack_of_clubs_points": draw(st.integers(0, 3)),
        "card_points": tuple(draw(st.dictionaries(st.integers(0, 51).map(Card), values,
                                                  max_size=3)).items()),
        "moon": draw(st.sampled_from(["off", "add-to-others", "subtract-from-shooter"])),
        "moon_needs_all_penalty_cards": draw(st.booleans()),
        "moon_points": draw(st.none() | st.integers(0, 60)),
        "no_tricks_bonus": draw(values),
        "void_if_one_takes_all": draw(st.booleans()),
    }
    preset = draw(st.sampled_from([Rules.svarta_maja, Rules.spardame]))
    try:
        return preset(**settings)
    except RulesError:
        assume(False)
        raise


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rules=rule_combinations(), seed=st.integers(0, 2**32))
def test_random_rule_combinations_match_reference(rules: Rules, seed: int) -> None:
    for policy, count in (("random", 30), ("greedy", 10)):
        result = rules.simulate_block(np.random.SeedSequence(seed), count, policy, record=True)
        replay_block(rules, result, policy)


def test_recording_does_not_change_the_deals() -> None:
    rules = Rules.svarta_maja()
    plain = rules.simulate_block(np.random.SeedSequence(5), 203)
    recorded = rules.simulate_block(np.random.SeedSequence(5), 203, record=True)
    for key, values in plain.items():
        np.testing.assert_array_equal(values, recorded[key])


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_a_block_cut_short_keeps_its_first_deals(policy: str) -> None:
    rules = Rules.spardame()
    long = rules.simulate_block(np.random.SeedSequence(9), 37, policy, record=True)
    for count in (0, 1, 5, 10):
        short = rules.simulate_block(np.random.SeedSequence(9), count, policy, record=True)
        for key, values in short.items():
            np.testing.assert_array_equal(values, long[key][:count])


def test_random_policy_is_uniform_among_legal_cards() -> None:
    rules = Rules.svarta_maja(pass_count=0)
    result = rules.simulate_block(np.random.SeedSequence(3), 4000, record=True)
    legal, plays = result["legal"].ravel(), result["plays"].ravel().astype(np.uint64)
    sizes = np.bitwise_count(legal)
    below = np.bitwise_count(legal & ((np.uint64(1) << plays) - np.uint64(1)))
    for size in range(2, 9):
        positions = below[sizes == size]
        counts = np.bincount(positions, minlength=size)
        expected = len(positions) / size
        assert len(positions) > 2000
        # Within six standard deviations of uniform for every position.
        assert np.all(np.abs(counts - expected) < 6 * np.sqrt(expected)), (size, counts)


def test_random_passes_are_uniform_among_the_hand() -> None:
    rules = Rules.svarta_maja()
    result = rules.simulate_block(np.random.SeedSequence(4), 3000, record=True)
    counts = np.zeros(13, dtype=np.int64)
    for hands, passes in zip(result["hands"].tolist(), result["passes"].tolist(), strict=True):
        for hand, passed in zip(hands, passes, strict=True):
            if passed:
                cards = sorted(cards_of(hand))
                for card in cards_of(passed):
                    counts[cards.index(card)] += 1
    expected = counts.sum() / 13  # each of the 13 cards is passed with probability 3/13
    assert counts.sum() == 3 * 4 * np.count_nonzero(result["passes"][:, 0])
    assert np.all(np.abs(counts - expected) < 6 * np.sqrt(expected)), counts


def test_random_passes_are_uniform_among_legal_passes_under_the_queen_rule() -> None:
    # Spardame passes two cards, Q♠ only with another spade or J♦. Four cards each, so the hand
    # holding Q♠ has 3 + (its partners) legal passes; each must be equally likely.
    in_play = CardSet.parse("QS JD 5S 6S 2C 3C 4C 5C 2H 3H 4H 5H")
    rules = Rules.spardame(players=3, removed=CardSet.full() - in_play)
    result = rules.simulate_block(np.random.SeedSequence(6), 20000, record=True)
    queen_id = int(Card.parse("QS"))
    counts: dict[int, np.ndarray] = {}
    for hands, passes in zip(result["hands"].tolist(), result["passes"].tolist(), strict=True):
        for hand, passed in zip(hands, passes, strict=True):
            cards = cards_of(hand)
            if queen_id not in cards:
                continue
            legal = sorted(pair for pair in itertools.combinations(sorted(cards), 2)
                           if queen_id not in pair or rules_allow_queen_pass(pair, queen_id))
            counts.setdefault(len(legal), np.zeros(len(legal), dtype=np.int64))
            counts[len(legal)][legal.index(tuple(sorted(cards_of(passed))))] += 1
    assert set(counts) == {3, 4, 5, 6}
    for size, cells in counts.items():
        expected = cells.sum() / size
        assert np.all(np.abs(cells - expected) < 6 * np.sqrt(expected)), (size, cells)


def rules_allow_queen_pass(pair: tuple[int, ...], queen: int) -> bool:
    """The Spardame restriction: Q♠ goes with another spade or J♦."""
    partner = next(c for c in pair if c != queen)
    return partner // 13 == 3 or partner == 22


def fingerprint(deal: Deal) -> tuple[Any, ...]:
    return (deal.phase, deal.to_act, deal.hands(), deal.trick_cards, deal.tricks_won,
            deal.points_taken, deal.move_count, deal.hearts_broken)


@given(rules=rule_combinations(), seed=st.integers(0, 2**32))
@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_deal_api_matches_reference_with_refusals_undo_and_clone(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    deal = Deal.random(rules, seed=seed, dealer=rng.randrange(rules.players),
                       deal_number=rng.randrange(8))
    ref = ReferenceDeal(rules, [set(h) for h in deal.hands()], deal.dealer, deal.deal_number)
    snapshots: list[tuple[Deal, tuple[Any, ...]]] = []
    while not deal.is_over:
        before = fingerprint(deal)
        if rng.random() < 0.1:
            snapshots.append((deal.clone(), before))
        if deal.phase == "pass":
            seat = rng.randrange(rules.players)
            hand = sorted(deal.hand(seat))
            cards = set(rng.sample(hand, min(len(hand), rules.pass_count + rng.choice([0, 0, 1]))))
            if ref.pass_ok(seat, cards):
                deal.pass_cards(seat, cards)
                ref.do_pass(seat, cards)
            else:
                with pytest.raises(IllegalMoveError):
                    deal.pass_cards(seat, cards)
                assert fingerprint(deal) == before
            continue
        legal = ref.legal()
        assert set(deal.legal_moves()) == legal
        card = rng.choice([*sorted(ref.hands[ref.to_act]), rng.randrange(56)])
        if card in legal:
            deal.play(card)
            ref.play(card)
        else:
            with pytest.raises(IllegalMoveError):
                deal.play(card)
            assert fingerprint(deal) == before
    points, shooter, void = ref.score()
    assert deal.points() == tuple(points)
    assert deal.moon_shooter == shooter and deal.is_void == void
    for snapshot, recorded in snapshots:
        assert fingerprint(snapshot) == recorded  # a clone is unaffected by later moves
    while snapshots:
        copy, recorded = snapshots.pop()
        while deal.move_count > recorded[6]:
            deal.undo()
        assert fingerprint(deal) == recorded
        assert deal.legal_moves() == copy.legal_moves()


def reachable_scores(ref: ReferenceDeal) -> set[tuple[int, ...]]:
    """The score of every way the reference deal `ref` (in play) can be played to its end."""
    if ref.phase == "over":
        return {tuple(ref.score()[0])}
    scores: set[tuple[int, ...]] = set()
    for card in sorted(ref.legal()):
        child = copy.deepcopy(ref, {id(ref.rules): ref.rules})
        child.play(card)
        scores |= reachable_scores(child)
    return scores


@given(rules=rule_combinations(), seed=st.integers(0, 2**32), data=st.data())
@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_random_playouts_end_as_the_reference_can(rules: Rules, seed: int,
                                                  data: st.DataObject) -> None:
    # Playouts take the fast random loop from the next trick on: from a few tricks before the
    # end (sometimes within a trick), every playout's score is one the reference can reach,
    # and with two tricks or fewer left (at least 1/64 for each way to play) every such score
    # turns up among 2000 playouts.
    n = rules.players
    tricks_left = data.draw(st.integers(1, min(rules.hand_size, 3 if n <= 4 else 2)))
    within = data.draw(st.integers(0, n - 1)) if tricks_left < rules.hand_size else 0
    rng = random.Random(seed)
    deal = Deal.random(rules, seed=seed, dealer=rng.randrange(n), deal_number=rng.randrange(8))
    ref = ReferenceDeal(rules, [set(h) for h in deal.hands()], deal.dealer, deal.deal_number)
    for seat in range(n) if deal.phase == "pass" else ():
        cards = set(deal.hand(seat) - CardSet.parse("QS")) if rules.queen_pass_restricted \
            else set(deal.hand(seat))
        passed = set(sorted(cards)[:rules.pass_count])
        deal.pass_cards(seat, passed)
        ref.do_pass(seat, passed)
    while sum(len(h) for h in ref.hands) > tricks_left * n - within:
        card = rng.choice(sorted(ref.legal()))
        deal.play(card)
        ref.play(card)
    scores = {tuple(p) for p in deal.playouts(2000, seed=seed).tolist()}
    reachable = reachable_scores(ref)
    assert scores <= reachable
    if tricks_left <= 2:
        assert scores == reachable
