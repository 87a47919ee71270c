"""Bidding, one named test per rule point of spades.md: order, nil, blind nil and its threshold,
looking, the suicide, mirror and whiz constraints, misdeals, and the observation of a seat that
may still bid blind nil."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from spades_scripts import ALL_SPADES, HANDS

from reference.spades import estimate
from trickcore import CardSet
from trickcore.core.errors import IllegalMoveError, ParseError
from trickcore.spades import ALL_MISDEALS, Deal, Rules

STANDARD = Rules.standard()
NUMBERS = tuple(range(1, 14))


def test_bidding_starts_left_of_the_dealer_and_goes_clockwise_once_each() -> None:
    deal = Deal(STANDARD, HANDS, dealer=1)
    order = []
    while deal.phase == "bid":
        order.append(deal.to_act)
        deal.bid(2)
    assert order == [2, 3, 0, 1]
    assert deal.bids == (2, 2, 2, 2) and deal.phase == "play"


def test_a_bid_is_a_number_of_tricks_1_to_13_or_nil() -> None:
    deal = Deal(STANDARD, HANDS, dealer=3)
    assert deal.legal_bids() == ("nil", *NUMBERS)
    for bad in (14, -1):
        with pytest.raises(IllegalMoveError, match=r"1\.\.13 tricks"):
            deal.bid(bad)
    for bad in ("seven", 2.5, None, True):
        with pytest.raises(ParseError, match="not a bid"):
            deal.bid(bad)  # type: ignore[arg-type]
    assert deal.move_count == 0 and deal.bids == (None,) * 4


def test_a_plain_bid_of_0_is_nil() -> None:
    deal = Deal(STANDARD, HANDS, dealer=3)
    deal.bid(0)
    deal.bid("NIL")
    assert deal.bids[:2] == ("nil", "nil")


def test_bids_are_read_from_text_and_numpy_integers() -> None:
    deal = Deal(STANDARD, HANDS, dealer=3, scores=(0, 100))
    deal.bid(" Blind-Nil ")
    deal.bid("4")
    deal.bid(np.int8(5))
    assert deal.bids[:3] == ("blind nil", 4, 5)


def test_bids_need_not_add_up_to_anything() -> None:
    deal = Deal(STANDARD, HANDS, dealer=3)
    for bid in (13, 13, 13, 13):
        deal.bid(bid)
    assert deal.phase == "play"


def test_a_bid_out_of_turn_is_refused() -> None:
    deal = Deal(STANDARD, HANDS, dealer=3)
    with pytest.raises(IllegalMoveError, match="not your turn: seat 0 is to bid"):
        deal.bid(3, seat=2)
    deal.bid(3, seat=0)
    assert deal.to_act == 1


def test_no_bid_after_the_bidding() -> None:
    deal = Deal(STANDARD, HANDS, dealer=3)
    for _ in range(4):
        deal.bid(1)
    with pytest.raises(IllegalMoveError, match="bidding is over"):
        deal.bid(1)
    assert deal.legal_bids() == ()


def test_blind_nil_allowed_when_the_side_is_exactly_100_behind() -> None:
    deal = Deal(STANDARD, HANDS, dealer=3, scores=(0, 100))
    assert deal.blind_nil_eligible(0) and deal.blind_nil_eligible(2)
    assert not deal.blind_nil_eligible(1)
    assert deal.legal_bids()[-1] == "blind nil"
    deal.bid("blind nil")
    assert deal.bids[0] == "blind nil"


def test_blind_nil_refused_when_the_side_is_99_behind() -> None:
    deal = Deal(STANDARD, HANDS, dealer=3, scores=(1, 100))
    assert "blind nil" not in deal.legal_bids()
    with pytest.raises(IllegalMoveError, match="at least 100 points behind"):
        deal.bid("blind nil")
    assert deal.move_count == 0


def test_blind_nil_refused_for_the_side_ahead() -> None:
    deal = Deal(STANDARD, HANDS, dealer=3, scores=(0, 300))
    deal.bid(3)
    with pytest.raises(IllegalMoveError, match="behind"):
        deal.bid("blind nil")


def test_blind_nil_threshold_200_both_sides() -> None:
    rules = Rules.standard(blind_nil_behind=200)
    assert "blind nil" not in Deal(rules, HANDS, dealer=3, scores=(0, 199)).legal_bids()
    assert "blind nil" in Deal(rules, HANDS, dealer=3, scores=(0, 200)).legal_bids()


def test_blind_nil_in_cutthroat_is_measured_against_the_leader() -> None:
    rules = Rules.standard(partnerships=False)
    deal = Deal(rules, HANDS, dealer=3, scores=(50, 149, 150, 20))
    assert [deal.blind_nil_eligible(p) for p in range(4)] == [True, False, False, True]


def test_blind_nil_only_before_looking_at_the_hand() -> None:
    deal = Deal(STANDARD, HANDS, dealer=3, scores=(0, 150))
    assert not deal.has_seen(0)
    deal.look(0)
    assert deal.has_seen(0) and "blind nil" not in deal.legal_bids()
    with pytest.raises(IllegalMoveError, match="has seen its cards"):
        deal.bid("blind nil")
    with pytest.raises(IllegalMoveError, match="already seen"):
        deal.look(0)


def test_a_seat_can_look_before_its_turn_and_a_partner_keeps_its_blind_nil() -> None:
    deal = Deal(STANDARD, HANDS, dealer=3, scores=(0, 150))
    deal.look(2)
    deal.bid(4)  # seat 0 bids without looking first: the bid shows it its hand
    assert deal.has_seen(0)
    deal.bid(3)
    assert "blind nil" not in deal.legal_bids()  # seat 2 looked


def test_blind_nil_not_played_when_switched_off() -> None:
    deal = Deal(Rules.standard(blind_nil=False), HANDS, dealer=3, scores=(0, 400))
    assert deal.has_seen(0) and "blind nil" not in deal.legal_bids()
    with pytest.raises(IllegalMoveError, match="blind_nil=False"):
        deal.bid("blind nil")


def test_observation_hides_the_hand_of_a_possible_blind_nil_bidder_until_it_bids() -> None:
    deal = Deal(STANDARD, HANDS, dealer=3, scores=(0, 150))
    seat0 = deal.observation(0)
    assert not seat0.hand_seen and seat0.hand == CardSet()
    assert seat0.legal_bids[-1] == "blind nil"
    assert deal.observation(1).hand == CardSet(HANDS[1])  # side 1 may not bid blind nil
    deal.bid("blind nil")
    seat0 = deal.observation(0)
    assert seat0.hand_seen and seat0.hand == CardSet(HANDS[0])
    assert seat0.bids == ("blind nil", None, None, None)
    assert not deal.observation(2).hand_seen


def test_observation_of_an_unseen_hand_lists_only_blind_nil_among_its_bids() -> None:
    """Under whiz the number bid is the count of spades held: an unseen hand's observation
    must not list it (the seat looks, or bids blind nil)."""
    deal = Deal(Rules.standard(whiz=True), HANDS, dealer=3, scores=(0, 150))
    assert not deal.has_seen(0)
    assert deal.observation(0).legal_bids == ("blind nil",)
    deal.look(0)
    assert deal.observation(0).legal_bids == deal.legal_bids()


def test_observation_shows_all_bids_and_plays_and_nothing_hidden() -> None:
    deal = Deal(STANDARD, HANDS, dealer=3)
    for bid in (3, "nil", 4, 5):
        deal.bid(bid)
    deal.play("2H")
    seen = deal.observation(1)
    assert seen.bids == (3, "nil", 4, 5) and seen.hand == CardSet(HANDS[1])
    assert seen.current_trick is not None and [str(c) for c in seen.current_trick.cards] == ["2H"]
    assert seen.legal_bids == () and seen.scores_before == (0, 0)
    assert not hasattr(seen, "hands")


def test_suicide_second_bidder_must_bid_nil_after_a_number() -> None:
    deal = Deal(Rules.standard(suicide=True), HANDS, dealer=3)
    deal.bid(4)
    deal.bid(3)
    assert deal.legal_bids() == ("nil",)
    with pytest.raises(IllegalMoveError, match="partner seat 0 bid 4, so seat 2 must bid nil"):
        deal.bid(2)
    deal.bid("nil")
    assert deal.legal_bids() == ("nil",)


def test_suicide_second_bidder_must_bid_a_number_after_a_nil() -> None:
    deal = Deal(Rules.standard(suicide=True), HANDS, dealer=3)
    deal.bid("nil")
    deal.bid(3)
    assert deal.legal_bids() == NUMBERS
    with pytest.raises(IllegalMoveError, match="must bid a number"):
        deal.bid("nil")


def test_suicide_blind_nil_counts_as_the_sides_nil() -> None:
    deal = Deal(Rules.standard(suicide=True), HANDS, dealer=3, scores=(0, 200))
    deal.bid("blind nil")
    deal.bid(3)
    assert deal.legal_bids() == NUMBERS
    deal.bid(5)
    deal.bid("nil")
    assert deal.phase == "play"


def test_suicide_first_bidder_of_a_side_chooses() -> None:
    deal = Deal(Rules.standard(suicide=True), HANDS, dealer=3)
    assert deal.legal_bids() == ("nil", *NUMBERS)


def test_mirror_bid_is_exactly_the_number_of_spades_held() -> None:
    deal = Deal(Rules.standard(mirror=True, blind_nil=False), HANDS, dealer=3)
    assert deal.legal_bids() == (2,)
    with pytest.raises(IllegalMoveError, match="mirror: seat 0 holds 2 spades"):
        deal.bid(3)
    deal.bid(2)
    assert deal.legal_bids() == (3,)


def test_mirror_with_no_spades_bids_nil() -> None:
    deal = Deal(Rules.standard(mirror=True, blind_nil=False), ALL_SPADES, dealer=0)
    assert deal.legal_bids() == ("nil",)  # seat 1 holds only hearts


def test_whiz_bid_is_the_number_of_spades_held_or_nil() -> None:
    deal = Deal(Rules.standard(whiz=True), HANDS, dealer=3)
    assert deal.legal_bids() == ("nil", 2)
    with pytest.raises(IllegalMoveError, match="whiz: seat 0 holds 2 spades and must bid 2 or nil"):
        deal.bid(4)
    deal.bid("nil")
    assert deal.legal_bids() == ("nil", 3)


def test_whiz_allows_blind_nil_when_eligible() -> None:
    deal = Deal(Rules.standard(whiz=True), HANDS, dealer=3, scores=(0, 100))
    assert deal.legal_bids() == ("nil", 2, "blind nil")


def test_jokers_count_as_spades_for_mirror_and_whiz() -> None:
    rules = Rules.standard(jokers=True, mirror=True, blind_nil=False)
    hands = [
        "BJ LJ AS 3H 4H 5H 6H 7H 3C 4C 5C 6C 3D",
        "KS 8H 9H TH JH 7C 8C 9C TC 4D 5D 6D 7D",
        "QS JS TS 9S QH KH AH JC QC KC 8D 9D TD",
        "8S 7S 6S 5S 4S 3S 2S 2H AC JD QD KD AD",
    ]
    assert Deal(rules, hands, dealer=3).legal_bids() == (3,)


MISDEAL_HANDS = {
    "no-spades": "2H 3H 4H 5H 6H KH AH 2C 3C JC 2D 3D 4D",
    "no-face-cards": "AS 2S 3S 2H 3H 4H AH 2C 3C 4C 2D 3D 4D",
    "long-suit": "AS KS 2H 3H 4H 5H 6H 7H 8H 2C 3C 2D 3D",
}
NO_MISDEAL = "AS 2S 3S KH 3H 4H 5H 2C 3C 4C 2D 3D 4D"


def deal_for(hand: str, rules: Rules) -> Deal:
    rest = list(rules.deck - CardSet(hand))
    return Deal(rules, [hand, rest[0:13], rest[13:26], rest[26:39]], dealer=3)


@pytest.mark.parametrize("condition", ALL_MISDEALS)
def test_misdeal_asked_for_by_a_qualifying_hand(condition: str) -> None:
    rules = Rules.standard(misdeal=(condition,))
    deal = deal_for(MISDEAL_HANDS[condition], rules)
    assert rules.misdeal_reasons(deal.hand(0)) == (condition,)
    deal.claim_misdeal(0)
    assert deal.is_over and deal.is_misdeal and deal.misdeal_seat == 0


@pytest.mark.parametrize("condition", ALL_MISDEALS)
def test_misdeal_refused_for_a_hand_that_does_not_qualify(condition: str) -> None:
    rules = Rules.standard(misdeal=(condition,))
    deal = deal_for(NO_MISDEAL, rules)
    with pytest.raises(IllegalMoveError, match="no misdeal"):
        deal.claim_misdeal(0)
    assert deal.phase == "bid" and deal.move_count == 0


def test_misdeal_condition_not_in_force_is_refused() -> None:
    rules = Rules.standard(misdeal=("no-spades",))
    deal = deal_for(MISDEAL_HANDS["long-suit"], rules)
    with pytest.raises(IllegalMoveError, match="no spade"):
        deal.claim_misdeal(0)


def test_misdeal_long_suit_length_is_a_parameter() -> None:
    hand = MISDEAL_HANDS["long-suit"]  # seven hearts
    assert Rules.standard(misdeal=("long-suit",)).misdeal_reasons(hand) == ("long-suit",)
    assert Rules.standard(misdeal=("long-suit",), misdeal_long_suit=8).misdeal_reasons(hand) == ()


def test_misdeal_only_before_the_first_bid() -> None:
    rules = Rules.standard(misdeal=ALL_MISDEALS)
    deal = deal_for(MISDEAL_HANDS["no-spades"], rules)
    deal.bid(2)
    with pytest.raises(IllegalMoveError, match="before the first bid"):
        deal.claim_misdeal(0)


def test_misdeal_not_played_by_default() -> None:
    deal = deal_for(MISDEAL_HANDS["no-spades"], STANDARD)
    with pytest.raises(IllegalMoveError, match="misdeals are not played"):
        deal.claim_misdeal(0)


def test_any_seat_may_ask_for_a_misdeal_not_only_the_one_to_bid() -> None:
    rules = Rules.standard(misdeal=ALL_MISDEALS)
    hand = MISDEAL_HANDS["no-spades"]
    rest = list(rules.deck - CardSet(hand))
    deal = Deal(rules, [rest[0:13], rest[13:26], hand, rest[26:39]], dealer=3)
    deal.claim_misdeal(2)
    assert deal.misdeal_seat == 2


def test_the_evaluator_counts_sure_tricks() -> None:
    assert STANDARD.estimate("2H 3H 4H 5H 6H 7H 2C 3C 4C 2D 3D 4D 5D") == 0
    # A K Q J of spades, and A K of a two-card side suit.
    assert STANDARD.estimate("AS KS QS JS 2H 3H 4H AC KC 2D 3D 4D 5D") == 6
    # Five low spades: two long trumps, and a club void ruffed with a spare trump.
    assert STANDARD.estimate("2S 3S 4S 5S 6S 2H 3H 4H 5H 2D 3D 4D 5D") == 3


@given(st.booleans(), st.lists(st.sampled_from(range(4)), min_size=13, max_size=13),
       st.randoms(use_true_random=False))
def test_the_evaluator_matches_the_reference_on_lopsided_hands(jokers: bool, suits: list[int],
                                                               rng: random.Random) -> None:
    """Hands drawn suit by suit (long suits, voids, honours in long suits, jokers): the C
    estimate (per-suit popcounts and a table) equals the reference's card-by-card count."""
    rules = Rules.standard(jokers=jokers)
    by_suit = [[int(c) for c in rules.deck if (min(c // 13, 3)) == s] for s in range(4)]
    for cards in by_suit:
        rng.shuffle(cards)
    hand = set()
    for s in suits:  # the next suit with cards left when this one ran out (jokers: 12 clubs)
        while not by_suit[s]:
            s = (s + 1) % 4
        hand.add(by_suit[s].pop())
    assert rules.estimate(sorted(hand)) == estimate(rules, hand)


def test_the_evaluator_bids_nil_with_a_weak_hand_and_the_estimate_otherwise() -> None:
    weak = deal_for("2H 3H 4H 5H 6H 7H 2C 3C 4C 2D 3D 4D 5D", STANDARD)
    assert weak.policy_bid() == "nil"
    strong = deal_for("AS KS QS JS 2H 3H 4H AC KC 2D 3D 4D 5D", STANDARD)
    assert strong.policy_bid() == 6


def test_the_evaluator_bids_what_mirror_forces() -> None:
    deal = Deal(Rules.standard(mirror=True, blind_nil=False), HANDS, dealer=3)
    assert deal.policy_bid() == 2
