"""Passing: counts, directions by deal number, the exchange, and the Spardame Q♠ restriction."""

from __future__ import annotations

from itertools import combinations

import pytest
from hearts_scripts import MIXED, hands

from trickcore import CardSet
from trickcore.core.errors import IllegalMoveError
from trickcore.hearts import Deal, Rules

PASSES = {0: "2C 3C 4C", 1: "2D 3D 4D", 2: "6C 7C 8C", 3: "JC QC KC"}  # three cards per seat


@pytest.mark.parametrize(("deal_number", "direction", "offset"), [
    (0, "left", 1), (1, "right", 3), (2, "across", 2), (4, "left", 1), (6, "across", 2)])
def test_svarta_maja_passes_three_left_right_across_then_none(
        deal_number: int, direction: str, offset: int) -> None:
    deal = Deal(Rules.svarta_maja(), MIXED, dealer=3, deal_number=deal_number)
    assert deal.phase == "pass" and deal.pass_direction == direction
    for seat, cards in PASSES.items():
        deal.pass_cards(seat, cards)
    assert deal.phase == "play"
    for seat, cards in PASSES.items():
        receiver = (seat + offset) % 4
        assert CardSet.parse(cards) <= deal.hand(receiver)
        assert deal.received(receiver) == CardSet.parse(cards)
        assert deal.passed(seat) == CardSet.parse(cards)
    # The holder of 2♣ after the exchange leads it.
    assert deal.to_act == (0 + offset) % 4 and deal.legal_moves() == CardSet.parse("2C")


@pytest.mark.parametrize("deal_number", [3, 7])
def test_every_fourth_deal_has_no_pass(deal_number: int) -> None:
    deal = Deal(Rules.svarta_maja(), MIXED, deal_number=deal_number)
    assert deal.phase == "play" and deal.pass_direction == "none"
    with pytest.raises(IllegalMoveError, match="no passing in this deal"):
        deal.pass_cards(0, "2C 3C 4C")


def test_no_passing_variant() -> None:
    rules = Rules.svarta_maja(pass_count=0)
    for number in range(4):
        deal = Deal(rules, MIXED, deal_number=number)
        assert deal.phase == "play" and deal.pass_direction == "none"


def test_passes_are_chosen_before_seeing_what_is_received() -> None:
    deal = Deal(Rules.svarta_maja(), MIXED, dealer=3, deal_number=0)
    before = deal.hands()
    assert deal.to_act == 0  # the dealer's left passes first; any seat may pass
    deal.pass_cards(2, PASSES[2])
    deal.pass_cards(0, PASSES[0])
    deal.pass_cards(3, PASSES[3])
    assert deal.hands() == before  # nothing changes hands until everyone has passed
    assert deal.to_act == 1
    assert deal.observation(0).received is None and deal.observation(0).passed == CardSet.parse(
        PASSES[0])
    deal.pass_cards(1, PASSES[1])
    assert deal.observation(0).received == CardSet.parse(PASSES[3])


def test_pass_refusals_name_the_rule() -> None:
    deal = Deal(Rules.svarta_maja(), MIXED, deal_number=0)
    before = deal.to_json()
    cases = [
        ((0, "2C 3C"), "pass exactly 3 cards, not 2"),
        ((0, "2C 3C 4C 5C"), "pass exactly 3 cards, not 4"),
        ((0, "2C 3C AS"), "cannot pass A♠: not in seat 0's hand"),
        ((4, "2C 3C 4C"), "no seat 4"),
        (("1", "2D 3D 4D"), "no seat '1'"),
        ((0, "2C 3C XX"), "not a card"),
        ((0, 17), "not a set of cards|card"),
    ]
    for (seat, cards), message in cases:
        with pytest.raises(ValueError, match=message):
            deal.pass_cards(seat, cards)  # type: ignore[arg-type]
        assert deal.to_json() == before
    deal.pass_cards(0, "2C 3C 4C")
    with pytest.raises(IllegalMoveError, match="seat 0 has already passed"):
        deal.pass_cards(0, "5C AD KD")
    with pytest.raises(IllegalMoveError, match="cards are being passed"):
        deal.play("2D")


def test_three_players_rotate_left_right_none() -> None:
    rules = Rules.svarta_maja(players=3)
    assert [rules.pass_direction(n) for n in range(6)] == ["left", "right", "none"] * 2


def test_spardame_two_cards_to_the_left_every_deal() -> None:
    rules = Rules.spardame()
    assert [rules.pass_direction(n) for n in range(3)] == ["left"] * 3
    deal = Deal(rules, MIXED, dealer=0, deal_number=5)
    picks = {0: "2C 3C", 1: "2D 3D", 2: "6C 7C", 3: "JC QC"}
    for seat, cards in picks.items():
        three = CardSet.parse(cards) | CardSet([max(deal.hand(seat))])
        with pytest.raises(IllegalMoveError, match="pass exactly 2 cards, not 3"):
            deal.pass_cards(seat, three)
        deal.pass_cards(seat, cards)
    for seat, cards in picks.items():
        assert CardSet.parse(cards) <= deal.hand((seat + 1) % 4)


# Seat 0 holds Q♠, other spades, J♦, hearts, clubs and diamonds.
QUEEN_HAND = hands(
    "QS 2S 3S JD 2H AH 2C KC 3D 4D 5D 6D 7D",
    "4S 5S 6S 7S 8S 9S TS JS KS AS 3H 4H 5H",
    "6H 7H 8H 9H TH JH QH KH 3C 4C 5C 6C 7C",
    "8C 9C TC JC QC AC 2D 8D 9D TD QD KD AD",
)


def test_spardame_queen_pass_restriction_every_pair() -> None:
    deal = Deal(Rules.spardame(), QUEEN_HAND)
    before = deal.to_json()
    partners = CardSet.parse("2S 3S JD")
    for other in deal.hand(0) - CardSet.parse("QS"):
        pair = CardSet([other]) | CardSet.parse("QS")
        if other in partners:
            deal.pass_cards(0, pair)
            deal.undo()
        else:
            with pytest.raises(IllegalMoveError,
                               match="Q♠ may only be passed with another spade or J♦"):
                deal.pass_cards(0, pair)
        assert deal.to_json() == before
    for pair in combinations(deal.hand(0) - CardSet.parse("QS"), 2):
        deal.pass_cards(0, pair)  # any two cards without Q♠
        deal.undo()
    assert deal.to_json() == before


def test_spardame_queen_without_a_partner_cannot_be_passed() -> None:
    dealt = hands(
        "QS 2H 3H 4H 5H 6H 7H 8H 9H 2C 3C 4C 5C",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS TH",
        "JH QH KH AH 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    )
    deal = Deal(Rules.spardame(), dealt, dealer=3)
    assert deal.to_act == 0 and deal.legal_moves() == deal.hand(0) - CardSet.parse("QS")
    with pytest.raises(IllegalMoveError, match="Q♠ may only be passed"):
        deal.pass_cards(0, "QS 2H")


def test_queen_restriction_with_three_cards_passed() -> None:
    deal = Deal(Rules.svarta_maja(queen_pass_restricted=True), QUEEN_HAND)
    with pytest.raises(IllegalMoveError, match="Q♠ may only be passed"):
        deal.pass_cards(0, "QS 2H AH")
    deal.pass_cards(0, "QS 2H 2S")
