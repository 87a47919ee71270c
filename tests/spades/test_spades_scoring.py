"""Scoring, one named test per rule point and per worked example of spades.md."""

from __future__ import annotations

import pytest
from spades_scripts import scripted_deal

from trickcore.bots import RuleBot
from trickcore.core.errors import ArgumentError, IllegalMoveError
from trickcore.spades import Deal, Rules
from trickcore.spades._core import bid_code
from trickcore.spades.rules import kernel_rules

STANDARD = Rules.standard()


def side_bids(first: int | str, second: int | str, other: tuple[int | str, int | str] = (3, 3)):
    """Bids per seat: side 0 (seats 0, 2) bids first/second, side 1 bids ``other``."""
    return lambda tricks: [first, other[0], second, other[1]]


def test_worked_example_bid_7_took_7_scores_70() -> None:
    deal = scripted_deal(STANDARD, lambda t: t[0] + t[2] == 7, side_bids(4, 3))
    result = deal.result()
    assert result.points[0] == 70
    assert result.bags_taken[0] == 0 and result.made[0] and result.contracts[0] == 7


def test_worked_example_bid_7_took_9_scores_72_and_2_bags() -> None:
    deal = scripted_deal(STANDARD, lambda t: t[0] + t[2] == 9, side_bids(4, 3))
    result = deal.result()
    assert result.points[0] == 72
    assert result.bags_taken[0] == 2 and result.bags[0] == 2


def test_worked_example_bid_7_took_6_scores_minus_70() -> None:
    deal = scripted_deal(STANDARD, lambda t: t[0] + t[2] == 6, side_bids(4, 3))
    result = deal.result()
    assert result.points[0] == -70
    assert not result.made[0] and result.bags_taken[0] == 0


def test_worked_example_eight_bags_and_three_overtricks_cost_100_leaving_1_bag() -> None:
    deal = scripted_deal(STANDARD, lambda t: t[0] + t[2] == 10, side_bids(4, 3),
                         bags=(8, 0))
    result = deal.result()
    assert result.bags_taken[0] == 3
    assert result.points[0] == 70 + 3 - 100
    assert result.bags[0] == 1 and result.penalties[0] == 1


def test_worked_example_nil_with_no_trick_scores_100() -> None:
    deal = scripted_deal(STANDARD, lambda t: t[0] == 0 and t[2] > 0,
                         lambda t: ["nil", 3, t[2], 3])
    result = deal.result()
    assert result.points[0] == 100 + 10 * deal.tricks_won[2]
    assert result.bags_taken[0] == 0


def test_worked_example_nil_with_one_trick_scores_minus_100_and_the_trick_is_a_bag() -> None:
    deal = scripted_deal(STANDARD, lambda t: t[0] == 1 and t[2] > 0,
                         lambda t: ["nil", 3, t[2], 3])
    result = deal.result()
    assert result.points[0] == -100 + 10 * deal.tricks_won[2]
    assert result.bags_taken[0] == 1


def test_failed_nil_tricks_never_count_toward_the_partners_contract() -> None:
    # Seat 2 bids one more than it takes: seat 0's tricks (a failed nil) do not make it up.
    deal = scripted_deal(STANDARD, lambda t: t[0] >= 2 and t[2] < 12,
                         lambda t: ["nil", 3, t[2] + 1, 3])
    result = deal.result()
    assert not result.made[0]
    assert result.points[0] == -100 - 10 * (deal.tricks_won[2] + 1)
    assert result.bags_taken[0] == deal.tricks_won[0]


def test_blind_nil_scores_200_made_and_minus_200_failed() -> None:
    for took, sign in ((0, 1), (1, -1)):
        deal = scripted_deal(STANDARD, lambda t, took=took: t[1] == took and t[3] > 0,
                             lambda t: [3, "blind nil", 3, t[3]], scores=(150, 0))
        assert deal.result().points[1] == sign * 200 + 10 * deal.tricks_won[3]


def test_double_nil_side_has_contract_0_and_all_its_tricks_are_bags() -> None:
    deal = scripted_deal(STANDARD, lambda t: t[0] == 0 and t[2] == 2,
                         lambda t: ["nil", 3, "nil", 3])
    result = deal.result()
    assert result.contracts[0] == 0
    assert result.points[0] == 100 - 100
    assert result.bags_taken[0] == 2


def test_nil_and_blind_nil_values_are_parameters() -> None:
    rules = Rules.standard(target=300, nil_value=50, blind_nil_value=120)
    deal = scripted_deal(rules, lambda t: t[0] == 0 and t[2] > 0,
                         lambda t: ["nil", 3, t[2], 3])
    assert deal.result().points[0] == 50 + 10 * deal.tricks_won[2]
    blind = scripted_deal(rules, lambda t: t[1] == 0 and t[3] > 0,
                          lambda t: [3, "blind nil", 3, t[3]], scores=(100, 0))
    assert blind.result().points[1] == 120 + 10 * blind.tricks_won[3]


def test_bags_are_kept_in_their_own_counter_not_derived_from_the_score() -> None:
    # The same deal from different starting counters: the points differ only by the penalty.
    def run(bags: int) -> Deal:
        return scripted_deal(STANDARD, lambda t: t[0] + t[2] == 9, side_bids(4, 3),
                             scores=(137, 0), bags=(bags, 0))
    low, high = run(0).result(), run(9).result()
    assert low.bags[0] == 2 and low.points[0] == 72 and low.totals[0] == 209
    assert high.bags[0] == 1 and high.points[0] == 72 - 100 and high.totals[0] == 109


def test_bag_penalty_with_a_negative_score() -> None:
    deal = scripted_deal(STANDARD, lambda t: t[0] + t[2] == 3, side_bids(1, 1),
                         scores=(-150, 40), bags=(9, 0))
    result = deal.result()
    assert result.points[0] == 20 + 1 - 100
    assert result.totals[0] == -150 + 20 + 1 - 100
    assert result.bags[0] == 0


def test_bag_limit_and_penalty_are_parameters_and_can_apply_twice() -> None:
    rules = Rules.standard(bag_limit=3, bag_penalty=50)
    deal = scripted_deal(rules, lambda t: t[0] + t[2] == 9, side_bids(1, 1), bags=(2, 0))
    result = deal.result()
    # 7 overtricks on 2 bags: 9 bags, three penalties, none left.
    assert result.penalties[0] == 3 and result.bags[0] == 0
    assert result.points[0] == 20 + 7 - 150


def test_cutthroat_scores_each_seat_alone() -> None:
    rules = Rules.standard(partnerships=False)
    deal = scripted_deal(rules, lambda t: t[0] >= 2 and t[1] == 0,
                         lambda t: [2, "nil", t[2] + 1, max(t[3], 1)])
    result = deal.result()
    assert len(result.points) == 4
    assert result.points[0] == 20 + deal.tricks_won[0] - 2
    assert result.points[1] == 100
    assert result.points[2] == -10 * (deal.tricks_won[2] + 1)
    assert rules.sides == ((0,), (1,), (2,), (3,))


def test_the_score_is_known_only_at_the_end() -> None:
    deal = Deal.random(STANDARD, seed=5, dealer=3)
    with pytest.raises(IllegalMoveError, match="not over"):
        deal.result()


def test_a_misdeal_scores_nothing() -> None:
    rules = Rules.standard(misdeal=("no-spades",))
    hands = ["2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
             "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"]
    deal = Deal(rules, hands, dealer=3, scores=(30, 60), bags=(4, 5))
    deal.claim_misdeal(0)
    result = deal.result()
    assert result.points == (0, 0) and result.totals == (30, 60) and result.bags == (4, 5)


@pytest.mark.parametrize("rules", [STANDARD, Rules.standard(partnerships=False),
                                   Rules.standard(bag_limit=5, bag_penalty=50)],
                         ids=["partnerships", "cutthroat", "bags-5"])
def test_score_tricks_is_the_referees_score_of_a_finished_deal(rules: Rules) -> None:
    # What bots use to score a deal they imagine: the same points as the deal played out.
    kernel = kernel_rules(rules)
    rule = RuleBot(seed=1)
    for seed in range(12):
        sides = len(rules.sides)
        scores = [(seed * 37 + 11 * k) % 400 - 150 for k in range(sides)]
        bags = [(seed + 3 * k) % rules.bag_limit for k in range(sides)]
        deal = Deal.random(rules, seed=seed, scores=scores, bags=bags)
        while not deal.is_over:
            rule.choose(deal, deal.to_act).apply_to(deal)
        if deal.is_misdeal:
            continue
        codes = [bid_code(b) for b in deal.bids]
        assert kernel.score_tricks(codes, deal.tricks_won, scores, bags) == deal.result().points


def test_score_tricks_refuses_what_is_not_a_deal() -> None:
    kernel = kernel_rules(STANDARD)
    with pytest.raises(ArgumentError, match="4 bids"):
        kernel.score_tricks([3, 3, 3], [4, 3, 3, 3], [0, 0], [0, 0])
    with pytest.raises(ArgumentError, match="not bid codes"):
        kernel.score_tricks([3, 3, 3, 3], [4, 4, 4, 4], [0, 0], [0, 0])
    with pytest.raises(ArgumentError, match="not bid codes"):
        kernel.score_tricks([3, 3, 3, 16], [4, 3, 3, 3], [0, 0], [0, 0])
