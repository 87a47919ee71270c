"""Play rules, one named test per rule point of spades.md: the first lead, following suit,
breaking spades, the trick winner, jokers, and reneges in strict and table mode."""

from __future__ import annotations

import pytest
from spades_scripts import ALL_SPADES, HANDS, scripted_deal

from trickcore import CardSet
from trickcore.core.errors import IllegalMoveError
from trickcore.spades import Deal, Renege, Rules

STANDARD = Rules.standard()


def bid_all(deal: Deal, bids: tuple[int | str, ...] = (3, 3, 3, 3)) -> Deal:
    for bid in bids:
        deal.bid(bid)
    return deal


def named(rules: Rules = STANDARD, hands: list[str] = HANDS) -> Deal:
    return bid_all(Deal(rules, hands, dealer=3))


def play(deal: Deal, cards: str) -> None:
    for card in cards.split():
        deal.play(card)


def test_left_of_the_dealer_leads_the_first_trick() -> None:
    for dealer in range(4):
        deal = bid_all(Deal(STANDARD, HANDS, dealer=dealer))
        assert deal.phase == "play" and deal.leader == deal.to_act == (dealer + 1) % 4


def test_first_trick_is_never_led_with_a_spade() -> None:
    deal = named()
    assert deal.legal_moves() == deal.hand(0) - CardSet("AS KS")
    with pytest.raises(IllegalMoveError, match="first trick is never led with a spade"):
        deal.play("AS")


def test_first_trick_led_with_a_spade_when_the_hand_holds_only_spades() -> None:
    deal = named(hands=ALL_SPADES)
    assert deal.legal_moves() == deal.hand(0)
    deal.play("AS")
    assert deal.trick_cards == (CardSet("AS").lowest(),)


def test_a_spade_led_from_a_hand_of_only_spades_does_not_break_spades() -> None:
    deal = named(hands=ALL_SPADES)
    play(deal, "2S 2H 2C 2D")
    assert deal.tricks_won[0] == 1 and not deal.spades_broken


def test_follow_suit_when_able() -> None:
    deal = named()
    deal.play("2H")
    assert deal.legal_moves() == CardSet("7H 8H 9H")
    with pytest.raises(IllegalMoveError, match="must follow ♥"):
        deal.play("5C")


def test_unable_to_follow_any_card_may_be_played() -> None:
    deal = named()
    play(deal, "2C 5C 8C AC  KC 3C 6C 9C  QC 4C 7C TC  JC")
    assert deal.to_act == 0 and not deal.hand(0).suit("C")
    assert deal.legal_moves() == deal.hand(0)


def test_spades_are_not_led_until_broken() -> None:
    deal = named()
    play(deal, "2C 5C 8C AC")
    assert deal.to_act == 3
    with pytest.raises(IllegalMoveError, match="spades not broken"):
        deal.play("2S")
    assert not deal.legal_moves().suit("S")


def test_spades_are_broken_by_a_spade_on_a_trick_led_in_another_suit() -> None:
    deal = named()
    play(deal, "2C 5C 8C AC  KC 3C 6C 9C  QC 4C 7C TC")
    assert not deal.spades_broken
    play(deal, "JC KS")
    assert deal.spades_broken
    play(deal, "JS 6S")
    assert deal.tricks_won[0] == 1 and deal.to_act == 0
    assert "AS" in deal.legal_moves()  # seat 0 may now lead a spade


def test_spades_led_when_the_leader_holds_only_spades() -> None:
    deal = named(hands=ALL_SPADES)
    assert not deal.spades_broken
    assert deal.legal_moves() == deal.hand(0)


def test_any_spade_beats_any_card_of_another_suit() -> None:
    deal = named()
    play(deal, "2C 5C 8C AC  KC 3C 6C 9C  QC 4C 7C TC  JC 2D TS 9D")
    assert deal.tricks_won[1] == 1 and deal.to_act == 1  # T♠ trumps J♣


def test_highest_card_of_the_suit_led_wins_without_spades() -> None:
    deal = named()
    play(deal, "2H 9H QH AH")
    assert deal.tricks_won[3] == 1 and deal.to_act == 3


def test_the_winner_leads_the_next_trick() -> None:
    deal = named()
    play(deal, "2D 8D JD AD")
    assert deal.leader == deal.to_act == 3


JOKER_HANDS = [
    "AS KS 3H 4H 5H 6H 7H 3C 4C 5C 6C 3D 4D",
    "BJ 8H 9H TH JH 7C 8C 9C TC 5D 6D 7D 8D",
    "LJ QS JS TS 9S QH KH AH JC QC KC 9D TD",
    "8S 7S 6S 5S 4S 3S 2S 2H AC JD QD KD AD",
]


def test_jokers_are_the_two_highest_trumps_and_2c_2d_are_removed() -> None:
    rules = Rules.standard(jokers=True)
    assert rules.removed_cards == CardSet("2C 2D")
    assert len(rules.deck) == 52 and "BJ" in rules.deck and "2C" not in rules.deck
    deal = named(rules, JOKER_HANDS)
    play(deal, "3C 7C JC AC  2H")  # seat 3 won the club trick; seat 0 must follow hearts
    play(deal, "3H 8H AH")
    assert deal.tricks_won[2] == 1
    play(deal, "QC 8S 4C 8C")  # spades broken by seat 3's 8♠ on clubs
    assert deal.spades_broken and deal.to_act == 3
    play(deal, "2S AS BJ LJ")  # big > little > A♠
    assert deal.tricks_won[1] == 1


def test_jokers_count_as_spades_for_following_suit() -> None:
    rules = Rules.standard(jokers=True)
    deal = named(rules, JOKER_HANDS)
    play(deal, "3C 7C JC AC  2H 3H 8H AH  QC 8S 4C 8C  2S AS")
    assert deal.to_act == 1
    assert deal.legal_moves() == CardSet("BJ")  # seat 1's only "spade" is the big joker
    with pytest.raises(IllegalMoveError, match="must follow ♠"):
        deal.play("9H")


def test_renege_refused_in_strict_mode_leaves_the_deal_unchanged() -> None:
    deal = named()
    deal.play("2H")
    before = deal.to_json()
    with pytest.raises(IllegalMoveError, match="must follow"):
        deal.play("5C")
    assert deal.to_json() == before and deal.reneges == ()


def test_renege_recorded_in_table_mode_for_not_following_suit() -> None:
    deal = named(Rules.standard(renege="table"))
    play(deal, "2H 5C")
    assert deal.reneges == (Renege(1, CardSet("5C").lowest(), 0, "must-follow"),)
    assert deal.first_renege == 1


def test_renege_recorded_in_table_mode_for_leading_an_unbroken_spade() -> None:
    deal = named(Rules.standard(renege="table"))
    play(deal, "AS")
    play(deal, "QS 9S 5S")
    play(deal, "KS")
    assert [(r.seat, r.rule) for r in deal.reneges] == [(0, "first-trick"), (0, "not-broken")]


def test_table_mode_renege_sets_the_offending_side_and_credits_every_trick_to_the_other() -> None:
    rules = Rules.standard(renege="table")
    deal = scripted_deal(rules, lambda t: t[1] == 0, lambda t: [4, "nil", 3, 2])
    clean = deal.result()
    assert clean.points[1] == 100 + (20 if deal.tricks_won[3] >= 2 else -20) + max(
        deal.tricks_won[3] - 2, 0)
    # The same cards with seat 2 (side 0) reneging: find a seat-2 play outside the rules.
    reneged = Deal(rules, list(deal.dealt_hands()), dealer=3)
    for bid in (4, "nil", 3, 2):
        reneged.bid(bid)
    while not reneged.is_over:
        legal = reneged.legal_moves()
        hand = reneged.hand(reneged.to_act)
        outside = hand - legal
        card = outside.lowest() if reneged.to_act == 2 and outside else legal.lowest()
        reneged.play(card)
    assert reneged.first_renege == 2
    result = reneged.result()
    assert result.points[0] == -70 and not result.made[0] and result.bags_taken[0] == 0
    nil_points = 100 if reneged.tricks_won[1] == 0 else -100
    assert result.made[1] and result.tricks[1] == 13
    # 11 overtricks: 11 bags, and the 10-bag penalty.
    assert result.bags_taken[1] == 11 and result.bags[1] == 1
    assert result.points[1] == nil_points + 20 + 11 - 100


def test_table_mode_renege_fails_the_offending_sides_nil() -> None:
    rules = Rules.standard(renege="table")
    deal = Deal(rules, HANDS, dealer=3)
    for bid in ("nil", 3, 3, 3):
        deal.bid(bid)
    deal.play("AS")  # seat 0, a nil bidder, leads a spade on the first trick
    while not deal.is_over:
        deal.play(deal.legal_moves().lowest())
    assert deal.first_renege == 0
    assert deal.result().points[0] == -100 - 30


def test_a_card_out_of_turn_or_not_held_is_refused_even_in_table_mode() -> None:
    deal = named(Rules.standard(renege="table"))
    with pytest.raises(IllegalMoveError, match="not your turn"):
        deal.play("QS")
    with pytest.raises(IllegalMoveError, match="not your turn"):
        deal.play("2H", seat=1)
    deal.play("2H")
    with pytest.raises(IllegalMoveError, match="played already"):
        deal.play("2H")
    with pytest.raises(IllegalMoveError, match="not in play"):
        deal.play("BJ")
    assert deal.move_count == 5 and deal.reneges == ()


def test_no_card_is_played_before_the_bidding_ends() -> None:
    deal = Deal(STANDARD, HANDS, dealer=3)
    with pytest.raises(IllegalMoveError, match="bidding is not over"):
        deal.play("2H")
    assert deal.legal_moves() == CardSet()


def test_a_deal_ends_after_13_tricks() -> None:
    deal = named()
    while not deal.is_over:
        deal.play(deal.legal_moves().lowest())
    assert sum(deal.tricks_won) == 13 and deal.to_act is None and deal.phase == "over"
    with pytest.raises(IllegalMoveError, match="deal is over"):
        deal.play("2H")
