"""The searchers' Spades bids (bots/spades_bidding.py): the number of the best mean deal score
over sampled worlds solved, the rule player's nils, never two nils in one partnership."""

from __future__ import annotations

import pytest

from trickcore import CardSet
from trickcore.bots import IsmctsBot, PimcBot, RuleBot
from trickcore.bots.spades_bidding import finish_bidding
from trickcore.core.errors import ArgumentError
from trickcore.spades import Bid, Deal, Look, Rules

STANDARD = Rules.standard()
SPADES = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
WEAK = "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 2S 3S"  # the evaluator's nil: no sure trick


def hands_with(seat: int, hand: str) -> list[CardSet]:
    """``hand`` at ``seat``, the rest of the pack dealt in order to the other seats."""
    held = CardSet(hand)
    rest = [card for card in STANDARD.deck if card not in held]
    others = iter([CardSet(rest[k * 13:(k + 1) * 13]) for k in range(3)])
    return [held if s == seat else next(others) for s in range(4)]


def test_thirteen_trumps_bid_what_the_partner_left_of_the_thirteen_tricks() -> None:
    deal = Deal(STANDARD, hands_with(3, SPADES), dealer=0)
    deal.bid(1, seat=1)  # seat 3's partner
    deal.bid(3, seat=2)
    assert RuleBot(seed=1).choose(deal, 3) == Bid(3, 13)  # a contract of 14: set
    assert PimcBot(bid_worlds=2, seed=1).choose(deal, 3) == Bid(3, 12)


def test_the_bid_scores_best_over_the_worlds_by_the_solvers_own_score() -> None:
    # With the partner's number known and no bags before, the side's deal score grows with its
    # tricks, so the solver's "score" value of each world is the score of its solved tricks.
    deal = Deal.random(STANDARD, seed=4)
    deal.bid(3, seat=1)
    deal.bid(3, seat=2)
    chosen = PimcBot(bid_worlds=3, seed=7).choose(deal, 3)
    assert isinstance(chosen, Bid) and isinstance(chosen.value, int)
    worlds = PimcBot(seed=7).worlds_of(deal, 3, 3)  # the same first draw of the same stream
    totals = dict.fromkeys((chosen.value - 1, chosen.value, chosen.value + 1), 0)
    for world in worlds:
        for number in [n for n in totals if 1 <= n <= 13]:
            imagined = world.clone()
            imagined.bid(number, seat=3)
            finish_bidding(imagined)
            totals[number] += imagined.solve_value("score", seat=3)
    assert all(totals[chosen.value] >= total for n, total in totals.items() if 1 <= n <= 13)
    assert all(totals[chosen.value] > totals[n] for n in totals if 1 <= n < chosen.value)


def test_a_weak_hand_bids_nil_unless_the_partner_did() -> None:
    deal = Deal(STANDARD, hands_with(3, WEAK), dealer=0)
    deal.bid(4, seat=1)
    deal.bid(3, seat=2)
    assert PimcBot(bid_worlds=2, seed=1).choose(deal, 3) == Bid(3, "nil")
    deal = Deal(STANDARD, hands_with(3, WEAK), dealer=0)
    deal.bid("nil", seat=1)
    deal.bid(3, seat=2)
    assert RuleBot(seed=1).choose(deal, 3) == Bid(3, "nil")
    move = PimcBot(bid_worlds=2, seed=1).choose(deal, 3)
    assert isinstance(move, Bid) and isinstance(move.value, int) and move.value >= 1


def test_no_blind_nil_beside_a_partners_blind_nil() -> None:
    behind = 2 * STANDARD.blind_nil_behind
    deal = Deal(STANDARD, hands_with(3, WEAK), dealer=0, scores=(behind, 0))
    rule = RuleBot(seed=1)
    first = rule.choose(deal, 1)
    assert first == Bid(1, "blind nil")
    first.apply_to(deal)
    deal.bid(3, seat=2)
    assert rule.choose(deal, 3) == Bid(3, "blind nil")
    bot = PimcBot(bid_worlds=2, seed=1)
    assert bot.choose(deal, 3) == Look(3)
    deal.look(3)
    move = bot.choose(deal, 3)
    assert isinstance(move, Bid) and isinstance(move.value, int)


def test_solver_bids_are_reproducible_and_leave_the_deal_unchanged() -> None:
    deal = Deal.random(STANDARD, seed=9)
    seat = deal.to_act
    assert seat is not None
    before = deal.to_json()
    first = [PimcBot(bid_worlds=2, seed=3).choose(deal, seat) for _ in range(2)]
    assert first[0] == first[1]
    assert deal.to_json() == before
    assert IsmctsBot(bid_worlds=2, seed=3).choose(deal, seat) == first[0]


def test_no_bid_worlds_bids_as_the_rule_player() -> None:
    deal = Deal(STANDARD, hands_with(3, SPADES), dealer=0)
    deal.bid(1, seat=1)
    deal.bid(3, seat=2)
    assert PimcBot(bid_worlds=0, seed=1).choose(deal, 3) == RuleBot(seed=1).choose(deal, 3)


@pytest.mark.parametrize("bad", [-1, 1.5, True, "16"])
def test_bid_worlds_must_be_a_count(bad: object) -> None:
    with pytest.raises(ArgumentError, match="bid_worlds"):
        PimcBot(bid_worlds=bad)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="bid_worlds"):
        IsmctsBot(bid_worlds=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", [{}, {"partnerships": False}, {"jokers": True},
                                     {"suicide": True}, {"mirror": True, "blind_nil": False},
                                     {"whiz": True}],
                         ids=["standard", "cutthroat", "jokers", "suicide", "mirror", "whiz"])
def test_solver_bids_are_legal_under_every_bidding_variant(variant: dict[str, bool]) -> None:
    rules = Rules.standard(**variant)
    deal = Deal.random(rules, seed=2)
    bot = PimcBot(bid_worlds=2, seed=1)
    while deal.phase == "bid":
        seat = deal.to_act
        assert seat is not None
        move = bot.choose(deal, seat)
        assert isinstance(move, (Bid, Look))
        if isinstance(move, Bid):
            assert move.value in deal.legal_bids()
        move.apply_to(deal)
    assert deal.phase == "play"
