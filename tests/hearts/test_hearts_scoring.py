"""Scripted whole deals with named cards, one test per scoring rule in docs/rules/hearts.md."""

from __future__ import annotations

import pytest
from hearts_scripts import FOUR_SUITS, MIXED, finish, hands, play

from trickcore import Card, CardSet
from trickcore.core.errors import IllegalMoveError
from trickcore.hearts import Deal, Rules

NO_PASS = 3  # deal number 3 of the Svarta Maja rotation: no pass

# Seat 3 must win the first trick with J♣ (its only club); seat 0 wins the second with A♦ and
# then every other trick with its clubs, so it takes all the hearts and Q♠, but not J♣.
JACK_OF_CLUBS_DEAL = hands(
    "2C 3C 4C 5C 6C 7C 8C 9C TC QC KC AC AD",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "2D 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "JC 2H 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
)


def play_jack_of_clubs_deal(rules: Rules, dealer: int = 0) -> Deal:
    deal = Deal(rules, JACK_OF_CLUBS_DEAL, dealer=dealer, deal_number=NO_PASS)
    play(deal, "2C 2S 2D JC")  # seat 3 follows with J♣ and wins
    assert deal.tricks[0].winner == 3
    play(deal, "3D AD 3S 3H")  # seat 0 wins with A♦
    assert deal.tricks[1].winner == 0
    finish(deal)
    assert deal.tricks_won == (12, 0, 0, 1)
    assert deal.taken(3) == CardSet.parse("2C 2S 2D JC")
    return deal


def test_each_heart_one_point_queen_thirteen_total_26() -> None:
    deal = Deal(Rules.svarta_maja(), MIXED, deal_number=NO_PASS)
    play(deal, "2C 2D 6C AC KC 3C QS 7C")
    assert deal.points_taken == (0, 0, 0, 13)
    play(deal, "QC 4C 5H 8C QH 2H 6H 9H")
    assert deal.points_taken == (0, 0, 0, 18)
    finish(deal)  # the lowest legal card each: seat 0 takes only K♥ (in A♦ 6♦ 9♦ K♥)
    assert deal.tricks[7].cards == tuple(Card.parse(c) for c in "AD 6D 9D KH".split())
    assert deal.tricks[7].winner == 0
    assert deal.moon_shooter is None
    assert deal.points() == deal.points_taken == (1, 0, 0, 25)


def test_moon_others_score_26() -> None:
    deal = Deal(Rules.svarta_maja(), FOUR_SUITS, deal_number=NO_PASS)
    finish(deal)
    assert deal.points_taken == (26, 0, 0, 0)
    assert deal.moon_shooter == 0
    assert deal.points() == (0, 26, 26, 26)


def test_moon_shooter_subtracts_26() -> None:
    deal = Deal(Rules.svarta_maja(moon="subtract-from-shooter"), FOUR_SUITS, deal_number=NO_PASS)
    finish(deal)
    assert deal.moon_shooter == 0 and deal.points() == (-26, 0, 0, 0)


def test_moon_off() -> None:
    deal = Deal(Rules.svarta_maja(moon="off"), FOUR_SUITS, deal_number=NO_PASS)
    finish(deal)
    assert deal.moon_shooter is None and deal.points() == (26, 0, 0, 0)


def test_jack_of_clubs_variant_two_points() -> None:
    deal = play_jack_of_clubs_deal(Rules.svarta_maja(jack_of_clubs_points=2, moon="off"))
    assert deal.points() == (26, 0, 0, 2)


def test_jack_of_clubs_variant_moon_needs_the_jack() -> None:
    rules = Rules.svarta_maja(jack_of_clubs_points=2)
    deal = play_jack_of_clubs_deal(rules)  # all hearts and Q♠ to seat 0, J♣ to seat 3
    assert deal.moon_shooter is None and deal.points() == (26, 0, 0, 2)
    everything = Deal(rules, FOUR_SUITS, deal_number=NO_PASS)  # seat 0 takes J♣ too
    finish(everything)
    assert everything.moon_shooter == 0 and everything.points() == (0, 28, 28, 28)


def test_moon_of_hearts_and_queen_only() -> None:
    rules = Rules.svarta_maja(jack_of_clubs_points=2, moon_needs_all_penalty_cards=False)
    deal = play_jack_of_clubs_deal(rules)
    assert deal.moon_shooter == 0 and deal.points() == (0, 26, 26, 28)


def test_jack_of_diamonds_bonus_on_the_13_1_scale() -> None:
    no_moon = play_jack_of_clubs_deal(Rules.svarta_maja(jack_of_diamonds_points=-10, moon="off"))
    assert "JD" in no_moon.taken(0) and no_moon.points() == (16, 0, 0, 0)
    # The shooter keeps the J♦ bonus: only the moon cards change hands.
    moon = play_jack_of_clubs_deal(Rules.svarta_maja(jack_of_diamonds_points=-10))
    assert moon.moon_shooter == 0 and moon.points() == (-10, 26, 26, 26)


def test_bonus_for_taking_no_tricks() -> None:
    deal = Deal(Rules.svarta_maja(no_tricks_bonus=-5, moon="off"), FOUR_SUITS,
                deal_number=NO_PASS)
    finish(deal)
    assert deal.points() == (26, -5, -5, -5)


def test_spardame_card_values() -> None:
    rules = Rules.spardame(pass_count=0)
    deal = Deal(rules, JACK_OF_CLUBS_DEAL, dealer=3)  # left of the dealer (seat 0) leads
    play(deal, "2C 2S 2D JC")
    assert deal.points_taken == (0, 0, 0, 0)  # J♣ is worth nothing here
    play(deal, "3D AD 3S 3H")
    assert deal.points_taken == (10, 0, 0, 0)
    finish(deal)
    # All 13 hearts (12 x 10 + A♥ 20), Q♠ 100 and J♦ -100 to seat 0.
    assert deal.taken(0) >= CardSet.of_suit("H") | CardSet.parse("QS JD")
    assert deal.points() == (140, 0, 0, 0)
    assert not deal.is_void and deal.moon_shooter is None


def test_spardame_penalty_total_240_net_140() -> None:
    deal = Deal(Rules.spardame(pass_count=0), MIXED, dealer=0)
    finish(deal)
    assert sum(deal.points()) == 140 and sum(max(0, p) for p in deal.points()) <= 240


def test_spardame_one_player_takes_every_trick_voids_the_deal() -> None:
    deal = Deal(Rules.spardame(pass_count=0), FOUR_SUITS, dealer=0)  # seat 1 leads diamonds
    finish(deal)
    assert deal.tricks_won == (0, 13, 0, 0)
    assert deal.is_void and deal.points() == (0, 0, 0, 0) and deal.moon_shooter is None


def test_spardame_has_no_moon() -> None:
    deal = Deal(Rules.spardame(pass_count=0, void_if_one_takes_all=False), FOUR_SUITS, dealer=0)
    finish(deal)
    assert deal.moon_shooter is None and deal.points() == (0, 140, 0, 0)


def test_void_deal_takes_precedence_over_the_moon() -> None:
    deal = Deal(Rules.svarta_maja(void_if_one_takes_all=True), FOUR_SUITS, deal_number=NO_PASS)
    finish(deal)
    assert deal.is_void and deal.moon_shooter is None and deal.points() == (0, 0, 0, 0)


def test_children_version_only_the_queen_counts() -> None:
    rules = Rules.svarta_maja(children=True)
    deal = Deal(rules, MIXED, deal_number=NO_PASS)
    play(deal, "2C 2D 6C AC KC 3C QS 7C QC 4C 5H 8C")
    assert deal.points_taken == (0, 0, 0, 1)
    finish(deal)
    assert deal.points() == (0, 0, 0, 1)
    everything = Deal(rules, FOUR_SUITS, deal_number=NO_PASS)
    finish(everything)
    assert everything.moon_shooter is None and everything.points() == (1, 0, 0, 0)


def test_team_play_scores_the_sum_of_partners() -> None:
    deal = Deal(Rules.svarta_maja(teams=True), FOUR_SUITS, deal_number=NO_PASS)
    finish(deal)
    assert deal.points() == (0, 26, 26, 26)
    assert deal.team_points() == (26, 52)


def test_points_only_at_the_end() -> None:
    deal = Deal(Rules.svarta_maja(), MIXED, deal_number=NO_PASS)
    with pytest.raises(IllegalMoveError, match="the deal is not over"):
        deal.points()
    assert deal.moon_shooter is None and not deal.is_void
