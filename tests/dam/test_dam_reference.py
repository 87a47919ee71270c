"""The C engine against the pure-Python reference (dam_reference.py) over thousands of deals:
the same legal moves at every decision and the same score, for both presets and for random rule
combinations, with the random and the greedy policy; then the Python Deal API (checked moves,
refusals, undo, clone) against the same reference."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest
from dam_strategies import rule_combinations
from hypothesis import given
from hypothesis import strategies as st

from reference.dam import ReferenceDeal, cards_of, counter_of
from trickcore.core.errors import IllegalMoveError
from trickcore.dam import Deal, Rules

PRESETS = {
    "avoid": Rules.avoid(),
    "collect": Rules.collect(),
    "avoid-3-trump-jokers-outright": Rules.avoid(players=3, turn_trump=True, jokers="outright"),
    "collect-2-one-pack-last": Rules.collect(players=2, packs=1, duplicates="last", hand_size=10),
    "collect-teams-tricks": Rules.collect(teams=True, score_by="tricks", last_trick_bonus=3),
}


def replay_block(rules: Rules, result: dict[str, Any], policy: str) -> int:
    """Replays every recorded deal in the reference; returns the number of decisions checked."""
    data = {k: v.tolist() for k, v in result.items()}
    deck = Counter(int(c) for c in rules.deck)
    decisions = 0
    for j in range(len(data["points"])):
        hands = [counter_of(once, twice)
                 for once, twice in zip(data["hands_once"][j], data["hands_twice"][j],
                                        strict=True)]
        pile = data["pile"][j]
        assert sum(hands, Counter()) + Counter(pile) == deck, j
        ref = ReferenceDeal(rules, hands, pile, dealer=0)
        for k, card in enumerate(data["plays"][j]):
            assert cards_of(data["legal"][j][k]) == ref.legal(), (j, k)
            if policy == "greedy":
                assert card == ref.greedy_card(), (j, k)
            ref.play(card)
            decisions += 1
        assert ref.over, j
        assert data["points"][j] == ref.score(), j
        assert data["tricks"][j] == ref.tricks_won, j
        assert data["trump"][j] == (-1 if ref.trump is None else ref.trump), j
        assert data["last_trick"][j] == ref.last_winner, j
    return decisions


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_random_policy_matches_reference(name: str) -> None:
    rules = PRESETS[name]
    result = rules.simulate_block(np.random.SeedSequence(11), 150, "random", record=True)
    assert replay_block(rules, result, "random") == 150 * rules.deck_size


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_greedy_policy_matches_reference(name: str) -> None:
    rules = PRESETS[name]
    result = rules.simulate_block(np.random.SeedSequence(12), 40, "greedy", record=True)
    replay_block(rules, result, "greedy")


@given(rules=rule_combinations(), seed=st.integers(0, 2**32 - 1),
       policy=st.sampled_from(["random", "greedy"]))
def test_random_rule_combinations_match_reference(rules: Rules, seed: int, policy: str) -> None:
    result = rules.simulate_block(np.random.SeedSequence(seed), 6, policy, record=True)
    replay_block(rules, result, policy)


def test_random_policy_is_uniform_among_the_distinct_legal_cards() -> None:
    rules = Rules.avoid()
    result = rules.simulate_block(np.random.SeedSequence(5), 20000, "random", record=True)
    positions = Counter()
    for legal, card in zip(result["legal"][:, 0].tolist(), result["plays"][:, 0].tolist(),
                           strict=True):
        options = sorted(cards_of(legal))
        if len(options) == 12:  # the leader's 12 cards are all different
            positions[options.index(card)] += 1
    total = sum(positions.values())
    assert total > 9000
    for k in range(12):
        assert abs(positions[k] / total - 1 / 12) < 0.012, positions


def fingerprint(deal: Deal) -> tuple[Any, ...]:
    return (deal.phase, deal.to_act, deal.hands(), deal.pile(), deal.tricks, deal.tricks_won,
            deal.points_taken, deal.move_count, tuple(deal.void_suits(s)
                                                      for s in range(deal.players)))


@given(rules=rule_combinations(), seed=st.integers(0, 2**32 - 1))
def test_deal_api_matches_reference_with_refusals_undo_and_clone(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    deal = Deal.random(rules, seed=seed, dealer=rng.randrange(rules.players))
    ref = ReferenceDeal(rules, [Counter(h) for h in deal.hands()],
                        [int(c) for c in deal.dealt_pile()], dealer=deal.dealer)
    while not deal.is_over:
        legal = deal.legal_moves()
        assert {int(c) for c in legal} == ref.legal()
        assert deal.to_act == ref.to_act
        illegal = [c for c in range(56) if c not in legal]
        if illegal:
            before = fingerprint(deal)
            with pytest.raises(IllegalMoveError):
                deal.play(rng.choice(illegal))
            assert fingerprint(deal) == before
        card = rng.choice(sorted(legal))
        if rng.random() < 0.1:
            copy = deal.clone()
            snapshot = fingerprint(deal)
            deal.play(card)
            deal.undo()
            assert fingerprint(deal) == snapshot == fingerprint(copy)
        deal.play(card)
        ref.play(int(card))
        assert [Counter({int(c): h.count(c) for c in h.distinct()}) for h in deal.hands()] == \
            [+h for h in ref.hands]
        assert [set(deal.void_suits(s)) for s in range(rules.players)] == ref.voids
        assert deal.pile_size == len(ref.pile)
    assert list(deal.points()) == ref.score()
    assert deal.to_act is None and ref.to_act is None
    assert not deal.legal_moves()
