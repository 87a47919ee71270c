"""Random deals checked against the pure-Python reference: the legal bids and cards at every
decision, the bags, the scores, for random rule combinations, scores and bags; and the C
simulator's recorded deals replayed in the reference (legal bids, the evaluator's bids, legal
cards, scores)."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from reference.spades import BLIND_NIL, ReferenceDeal, cards_of, policy_bid
from trickcore.spades import ALL_MISDEALS, Deal, Rules
from trickcore.spades._core import bid_code, bid_value


@st.composite
def rules_strategy(draw: st.DrawFn) -> Rules:
    variant = draw(st.sampled_from(["standard", "suicide", "mirror", "whiz"]))
    partnerships = draw(st.booleans()) if variant != "suicide" else True
    jokers = draw(st.booleans())
    removed = None
    if jokers and draw(st.booleans()):
        removed = " ".join(draw(st.permutations(["2C", "2D", "3H", "4S", "KC"]))[:2])
    return Rules.standard(
        partnerships=partnerships,
        suicide=variant == "suicide", mirror=variant == "mirror", whiz=variant == "whiz",
        blind_nil=variant != "mirror" and draw(st.booleans()),
        blind_nil_behind=draw(st.sampled_from([0, 100, 200])),
        nil_value=draw(st.sampled_from([50, 100])),
        bag_limit=draw(st.sampled_from([3, 5, 10])),
        bag_penalty=draw(st.sampled_from([0, 50, 100])),
        renege=draw(st.sampled_from(["strict", "table"])),
        jokers=jokers, removed=removed,
        misdeal=tuple(draw(st.sets(st.sampled_from(ALL_MISDEALS)))),
        misdeal_long_suit=draw(st.integers(6, 8)),
    )


def play_against_reference(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    deck = [int(c) for c in rules.deck]
    rng.shuffle(deck)
    hands = [set(deck[13 * p:13 * p + 13]) for p in range(4)]
    sides = len(rules.sides)
    scores = [rng.choice([0, 50, -120, 230, 480]) for _ in range(sides)]
    bags = [rng.randrange(rules.bag_limit) for _ in range(sides)]
    dealer = rng.randrange(4)
    deal = Deal(rules, [sorted(h) for h in hands], dealer=dealer, scores=scores, bags=bags)
    ref = ReferenceDeal(rules, hands, dealer, scores + [0] * (4 - sides), bags + [0] * (4 - sides))
    start = deal.to_json()
    for seat in range(4):
        assert deal.has_seen(seat) == ref.seen[seat]
        assert set(deal.hand(seat)) == hands[seat]
    claimants = [p for p in range(4) if ref.misdeal_reasons(p)]
    if claimants and rng.random() < 0.5:
        deal.claim_misdeal(claimants[0])
        assert deal.is_over and deal.is_misdeal
        assert deal.result().points == (0,) * sides
        check_round_trip_and_undo(deal, start)
        return
    while deal.phase == "bid":
        assert deal.to_act == ref.to_act
        legal = {bid_code(b) for b in deal.legal_bids()}
        assert legal == ref.legal_bids()
        if not ref.seen[ref.to_act] and rng.random() < 0.3:
            deal.look(ref.to_act)
            ref.seen[ref.to_act] = True
            continue
        code = rng.choice(sorted(legal))
        deal.bid(bid_value(code))
        ref.bid(code)
    while deal.phase == "play":
        assert deal.to_act == ref.to_act
        legal = ref.legal_cards()
        assert {int(c) for c in deal.legal_moves()} == legal
        options = sorted(legal)
        if rules.renege == "table" and rng.random() < 0.05:
            options = sorted(ref.hands[ref.to_act])
        card = rng.choice(options)
        deal.play(card)
        ref.play(card)
    assert deal.tricks_won == tuple(ref.tricks_won)
    assert [r.seat for r in deal.reneges] == ref.reneges
    expected = ref.score()
    result = deal.result()
    assert list(result.points) == expected["points"]
    assert list(result.totals) == expected["totals"]
    assert list(result.bags) == expected["bags"]
    check_round_trip_and_undo(deal, start)


def check_round_trip_and_undo(deal: Deal, start: str) -> None:
    """The finished deal replays from its JSON, and undoing every move restores the start."""
    text = deal.to_json()
    assert Deal.from_json(text).to_json() == text
    while deal.move_count:
        deal.undo()
    assert deal.to_json() == start


@given(rules_strategy(), st.integers(0, 2**32 - 1))
def test_random_deals_match_the_reference(rules: Rules, seed: int) -> None:
    play_against_reference(rules, seed)


def test_standard_rules_many_random_deals_match_the_reference() -> None:
    for seed in range(150):
        play_against_reference(Rules.standard(renege="table" if seed % 3 == 0 else "strict"),
                               seed)


def replay_block(rules: Rules, block: dict[str, np.ndarray], j: int) -> None:
    hands = [cards_of(int(m)) for m in block["hands"][j]]
    assert set().union(*hands) == {int(c) for c in rules.deck}
    ref = ReferenceDeal(rules, hands, dealer=0)
    assert not any(ref.misdeal_reasons(p) for p in range(4))
    for i in range(4):
        legal = {c for c in range(15) if int(block["legal_bids"][j, i]) >> c & 1}
        assert legal == ref.legal_bids()
        code = policy_bid(ref)
        assert int(block["bids"][j, ref.to_act]) == code
        ref.bid(code)
    for i in range(52):
        legal_mask = sum(1 << c for c in ref.legal_cards())
        assert int(block["legal"][j, i]) == legal_mask
        ref.play(int(block["plays"][j, i]))
    assert list(block["tricks"][j]) == ref.tricks_won
    expected = ref.score()
    assert list(block["points"][j]) == expected["points"]


@given(rules_strategy(), st.integers(0, 2**32 - 1), st.sampled_from(["random", "greedy"]))
def test_simulated_deals_replay_in_the_reference(rules: Rules, seed: int, policy: str) -> None:
    block = rules.simulate_block(seed, 6, policy, record=True)  # type: ignore[arg-type]
    for j in range(6):
        replay_block(rules, block, j)
        assert not (block["bids"][j] == BLIND_NIL).any()

