"""The match to the target (dealer rotation, scores and bags carried, both sides past the target,
ties, the minimum-score loss, misdeal redeals), JSON round trips with tamper detection, clone and
undo, and refused calls leaving the state unchanged."""

from __future__ import annotations

import itertools
import json
import pickle
import random
from collections.abc import Callable, Sequence

import pytest
from spades_scripts import HANDS

from trickcore.core.errors import IllegalMoveError, SerializationError, TrickcoreError
from trickcore.spades import ALL_MISDEALS, BidValue, Deal, Match, Rules

Tricks = tuple[int, ...]


def probe(match: Match, seed: int) -> tuple[Tricks, list[int]]:
    """The tricks per seat and the cards of the current deal played at random (on a copy)."""
    deal = match.deal.clone()
    while deal.phase == "bid":
        deal.bid(deal.legal_bids()[1])
    rng = random.Random(seed)
    plays = []
    while not deal.is_over:
        plays.append(rng.choice(sorted(int(c) for c in deal.legal_moves())))
        deal.play(plays[-1])
    return deal.tricks_won, plays


def play_deal(match: Match, bids: Callable[[Tricks], Sequence[BidValue]] | None,
              want: Callable[[Tricks], bool] = lambda t: True) -> Tricks:
    """Plays the current deal with random cards (trying card orders until ``want`` holds) and
    the bids ``bids(tricks)`` per seat (None: the evaluator's)."""
    for seed in range(2000):
        tricks, plays = probe(match, seed)
        if want(tricks):
            break
    else:
        raise AssertionError("no card order gives the tricks wanted")
    chosen = bids(tricks) if bids else None
    while match.deal.phase == "bid":
        match.bid(chosen[match.to_act] if chosen else match.deal.policy_bid())
    for card in plays:
        match.play(card)
    return tricks


def test_dealer_rotates_and_each_deal_starts_from_the_scores_and_bags() -> None:
    match = Match(Rules.standard(target=250), seed=11, dealer=2)
    for _ in range(100):  # contracts one under the tricks taken: made, with bags, to the target
        if match.is_over:
            break
        play_deal(match, lambda t: [max(n - 1, 1) if n else "nil" for n in t])
    deals = [d for d in match.deals if d.is_over]
    assert [d.dealer for d in deals] == [(2 + k) % 4 for k in range(len(deals))]
    assert deals[0].scores_before == (0, 0) and deals[0].bags_before == (0, 0)
    for before, after in itertools.pairwise(deals):
        assert after.scores_before == before.result().totals
        assert after.bags_before == before.result().bags
    assert match.totals == deals[-1].result().totals and match.bags == deals[-1].result().bags
    assert max(match.totals) >= 250 and match.winners == (match.totals.index(max(match.totals)),)


def test_bags_carry_across_deals_with_a_negative_score() -> None:
    match = Match(Rules.standard(bag_limit=3, bag_penalty=50), seed=4)
    play_deal(match, lambda t: [7, 1, 7, 1])
    assert match.totals[0] == -140 and match.bags[0] == 0
    # Side 0 (seats 0 and 2) bids 2 and takes at least 5: three or more bags on a negative score.
    tricks = play_deal(match, lambda t: [1, 7, 1, 7], want=lambda t: t[0] + t[2] >= 5)
    over = tricks[0] + tricks[2] - 2
    assert match.bags[0] == over % 3
    assert match.totals[0] == -140 + 20 + over - 50 * (over // 3)


def test_both_sides_past_the_target_the_higher_wins() -> None:
    match = Match(Rules.standard(target=50), seed=3)
    # Every seat bids exactly what it takes: each side scores 10 a trick, at least 50.
    tricks = play_deal(match, lambda t: list(t),
                       want=lambda t: min(t) >= 1 and 5 <= t[0] + t[2] <= 8)
    totals = match.totals
    assert min(totals) >= 50
    assert totals == (10 * (tricks[0] + tricks[2]), 10 * (tricks[1] + tricks[3]))
    assert match.is_over and match.winners == (totals.index(max(totals)),)
    with pytest.raises(IllegalMoveError, match="match is over"):
        match.play("2C")


def test_a_tie_at_the_top_plays_another_deal() -> None:
    match = Match(Rules.standard(target=90, nil_value=50), seed=2, dealer=3)
    play_deal(match, lambda t: ["nil", t[1], 4, t[3]],
              want=lambda t: t[0] == 0 and t[2] == 4 and t[1] > 0 and t[3] > 0)
    assert match.totals == (90, 90)
    assert not match.is_over and match.winners == ()
    assert len(match.deals) == 2 and match.deal.dealer == 0 and match.deal.phase == "bid"


def test_minimum_score_loss_ends_the_match() -> None:
    match = Match(Rules.standard(min_score=-100), seed=5)
    play_deal(match, lambda t: [7, 7, 7, 7])
    assert match.totals == (-140, -140) and not match.is_over  # both fell: a tie, play on
    play_deal(match, lambda t: [7, 1, 7, 1], want=lambda t: t[1] + t[3] >= 2)
    assert match.totals[0] == -280 and match.is_over and match.winners == (1,)


def test_minimum_score_loss_is_off_by_default() -> None:
    match = Match(Rules.standard(), seed=5)
    play_deal(match, lambda t: [7, 7, 7, 7])
    play_deal(match, lambda t: [7, 7, 7, 7])
    assert match.totals == (-280, -280) and not match.is_over


def test_misdeal_is_redealt_by_the_same_dealer_and_does_not_count() -> None:
    rules = Rules.standard(misdeal=ALL_MISDEALS)
    for seed in range(200):
        match = Match(rules, seed=seed, dealer=1)
        claimants = [p for p in range(4) if rules.misdeal_reasons(match.deal.hand(p))]
        if claimants:
            break
    else:
        raise AssertionError("no seed deals a misdeal hand")
    match.claim_misdeal(claimants[0])
    assert len(match.deals) == 2 and match.deals_played == 0
    assert match.deal.dealer == 1 and match.totals == (0, 0)
    match.undo()
    assert len(match.deals) == 1 and match.deal.phase == "bid"


def test_cutthroat_match_has_four_sides() -> None:
    match = Match(Rules.standard(partnerships=False, target=150), seed=2)
    for _ in range(100):
        if match.is_over:
            break
        play_deal(match, None)
    assert len(match.totals) == 4 and len(match.winners) == 1
    assert match.seat_totals == match.totals


# ---- JSON ----

def played_deal(rules: Rules, moves: int, *, scores: tuple[int, ...] = (0, 150)) -> Deal:
    deal = Deal(rules, HANDS, dealer=3, scores=scores, bags=(2, 7))
    deal.look(2)
    rng = random.Random(moves)
    for _ in range(moves):
        if deal.is_over:
            break
        if deal.phase == "bid":
            deal.bid(rng.choice(deal.legal_bids()))
        else:
            deal.play(rng.choice(sorted(deal.legal_moves())))
    return deal


@pytest.mark.parametrize("moves", [0, 2, 4, 9, 30, 56])
def test_deal_json_round_trip_replays_to_an_identical_state(moves: int) -> None:
    deal = played_deal(Rules.standard(jokers=False, whiz=True), moves)
    text = deal.to_json(indent=1)
    copy = Deal.from_json(text)
    assert copy.to_json(indent=1) == text
    assert copy.hands() == deal.hands() and copy.bids == deal.bids
    assert [copy.has_seen(p) for p in range(4)] == [deal.has_seen(p) for p in range(4)]
    if deal.is_over:
        assert copy.result() == deal.result()


def test_deal_json_round_trip_with_a_table_mode_renege() -> None:
    deal = Deal(Rules.standard(renege="table"), HANDS, dealer=3)
    for bid in (3, 3, 3, 3):
        deal.bid(bid)
    deal.play("2H")
    deal.play("5C")
    copy = Deal.from_json(deal.to_json())
    assert copy.reneges == deal.reneges and len(copy.reneges) == 1


def tampered(text: str, change: Callable[[dict[str, object]], None]) -> str:
    document = json.loads(text)
    change(document)
    return json.dumps(document)


def test_tampered_deal_documents_are_refused() -> None:
    text = played_deal(Rules.standard(), 20).to_json()

    def swap_hands(d: dict) -> None:  # type: ignore[type-arg]
        d["hands"][0], d["hands"][1] = d["hands"][1], d["hands"][0]

    def other_bid(d: dict) -> None:  # type: ignore[type-arg]
        d["moves"][1]["bid"] = 13 if d["moves"][1]["bid"] != 13 else 12

    def other_total(d: dict) -> None:  # type: ignore[type-arg]
        d["state"]["tricks_won"][0] += 1

    def bad_card(d: dict) -> None:  # type: ignore[type-arg]
        d["moves"][-1]["play"] = "ZZ"

    def bad_bags(d: dict) -> None:  # type: ignore[type-arg]
        d["bags"] = [12, 0]

    for change, reason in ((swap_hands, "does not replay|altered"), (other_bid, "altered"),
                           (other_total, "altered"), (bad_card, "card"),
                           (bad_bags, "impossible deal")):
        with pytest.raises(SerializationError, match=reason):
            Deal.from_json(tampered(text, change))
    for junk in ("", "[]", '{"format": "trickcore", "version": 1, "type": "hearts.Deal"}'):
        with pytest.raises(SerializationError):
            Deal.from_json(junk)


def test_match_json_round_trip_and_tamper_check() -> None:
    match = Match(Rules.standard(target=200), seed=21)
    play_deal(match, None)
    play_deal(match, None)
    match.bid(match.deal.legal_bids()[2])
    text = match.to_json()
    copy = Match.from_json(text)
    assert copy.to_json() == text and copy.totals == match.totals and copy.bags == match.bags

    def altered_hand(d: dict) -> None:  # type: ignore[type-arg]
        d["deals"][1]["hands"][0], d["deals"][1]["hands"][2] = (d["deals"][1]["hands"][2],
                                                                 d["deals"][1]["hands"][0])

    def altered_bags(d: dict) -> None:  # type: ignore[type-arg]
        d["state"]["bags"] = [9, 9]

    for change in (altered_hand, altered_bags):
        with pytest.raises(SerializationError, match="altered"):
            Match.from_json(tampered(text, change))


# ---- clone, undo, refused calls ----

def test_undo_restores_every_earlier_state_exactly() -> None:
    deal = Deal(Rules.standard(), HANDS, dealer=3, scores=(0, 200))
    states = [deal.to_json()]
    deal.look(0)
    states.append(deal.to_json())
    rng = random.Random(1)
    while not deal.is_over:
        if deal.phase == "bid":
            deal.bid(rng.choice(deal.legal_bids()))
        else:
            deal.play(rng.choice(sorted(deal.legal_moves())))
        states.append(deal.to_json())
    for state in reversed(states[:-1]):
        deal.undo()
        assert deal.to_json() == state
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        deal.undo()


def test_clone_is_independent() -> None:
    deal = played_deal(Rules.standard(), 10)
    copy = deal.clone()
    before = deal.to_json()
    while not copy.is_over:
        copy.play(copy.legal_moves().lowest())
    assert deal.to_json() == before and copy.is_over and not deal.is_over
    with pytest.raises(TypeError):
        hash(deal)


def test_refused_calls_leave_the_deal_unchanged() -> None:
    rules = Rules.standard(misdeal=("no-spades",))
    deal = Deal(rules, HANDS, dealer=3, scores=(0, 50))
    deal.bid(3)
    deal.bid(3)
    while_bidding: list[Callable[[], object]] = [
        lambda: deal.play("2H"), lambda: deal.bid(20), lambda: deal.bid("many"),
        lambda: deal.bid("blind nil"), lambda: deal.bid(3, seat=1), lambda: deal.look(0),
        lambda: deal.look(7), lambda: deal.claim_misdeal(0), lambda: deal.claim_misdeal("x"),
        lambda: deal.hand(4), lambda: deal.observation(-1),
    ]
    while_playing: list[Callable[[], object]] = [
        lambda: deal.play("AS"), lambda: deal.play("XX"), lambda: deal.play(None),
        lambda: deal.play("2H", seat=2), lambda: deal.bid(3), lambda: deal.look(1),
        lambda: deal.claim_misdeal(0),
    ]
    for calls in (while_bidding, while_playing):
        before = deal.to_json()
        for call in calls:
            with pytest.raises(TrickcoreError):
                call()
            assert deal.to_json() == before
        while deal.phase == "bid":
            deal.bid(3)


def test_bad_constructor_arguments_are_refused() -> None:
    rules = Rules.standard()
    bad: list[tuple[dict[str, object], str]] = [
        ({"hands": HANDS[:3]}, "3 hands"),
        ({"hands": [HANDS[0]] * 4}, "more than one seat"),
        ({"hands": ["AS", *HANDS[1:]]}, "holds 1 cards"),
        ({"hands": HANDS, "dealer": 4}, "no seat 4"),
        ({"hands": HANDS, "scores": (0,)}, "one int per side"),
        ({"hands": HANDS, "bags": (10, 0)}, "within 0..9"),
        ({"hands": [HANDS[0].replace("2D", "BJ"), *HANDS[1:]]}, "not in play"),
    ]
    for kwargs, message in bad:
        with pytest.raises(TrickcoreError, match=message):
            Deal(rules, **kwargs)  # type: ignore[arg-type]


def test_deals_pickle_and_a_match_gives_the_current_deals_observation() -> None:
    deal = played_deal(Rules.standard(), 12)
    copy = pickle.loads(pickle.dumps(deal))
    assert copy.to_json() == deal.to_json()
    match = Match(Rules.standard(), seed=1, dealer=3)
    match.bid(match.deal.policy_bid())
    assert match.observation(1).bids[0] == match.deal.bids[0]
    assert match.legal_bids() == match.deal.legal_bids()
