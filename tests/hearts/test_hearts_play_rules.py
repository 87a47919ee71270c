"""Scripted deals with named cards, one test per rule of play in docs/rules/hearts.md."""

from __future__ import annotations

import pytest
from hearts_scripts import FOUR_SUITS, MIXED, SIX_HEARTS, finish, hands, play

from trickcore import CardSet
from trickcore.core.errors import IllegalMoveError
from trickcore.hearts import Deal, Rules

NO_PASS = 3  # deal number 3 of the Svarta Maja rotation: no pass


def mixed(**overrides: object) -> Deal:
    return Deal(Rules.svarta_maja(**overrides), MIXED, dealer=3, deal_number=NO_PASS)


def round_robin(rules: Rules, shift: int) -> list[CardSet]:
    """The deck dealt one card at a time, the lowest card to seat ``shift``."""
    cards = list(rules.deck)
    return [CardSet(c for i, c in enumerate(cards) if (i + shift) % rules.players == seat)
            for seat in range(rules.players)]


def check_finished(deal: Deal) -> None:
    """What holds at the end of every deal."""
    rules = deal.rules
    assert deal.is_over and deal.phase == "over" and deal.to_act is None
    assert len(deal.tricks) == rules.hand_size
    assert all(len(t.cards) == rules.players for t in deal.tricks)
    assert sum(deal.tricks_won) == rules.hand_size
    taken = CardSet()
    for seat in range(rules.players):
        assert not deal.hand(seat)
        taken |= deal.taken(seat)
    assert taken == rules.deck
    assert sum(deal.points_taken) == sum(rules.card_value(c) for c in rules.deck)


def test_first_lead_is_two_of_clubs() -> None:
    deal = mixed()
    assert deal.phase == "play" and deal.to_act == 0
    assert deal.legal_moves() == CardSet.parse("2C")
    with pytest.raises(IllegalMoveError, match="the first trick must be led with 2♣"):
        deal.play("3C")
    play(deal, "2C")
    assert deal.trick_cards == (CardSet.parse("2C").lowest(),)
    finish(deal)
    check_finished(deal)


@pytest.mark.parametrize("players", [5, 6])
def test_first_lead_is_the_lowest_club_when_two_of_clubs_is_removed(players: int) -> None:
    rules = Rules.svarta_maja(players=players)
    lowest = "3C" if players == 5 else "4C"
    deal = Deal(rules, round_robin(rules, 2), deal_number=2)
    finish_passes(deal)
    assert deal.legal_moves() == CardSet.parse(lowest)
    assert deal.to_act == next(s for s in range(players) if lowest in deal.hand(s))
    with pytest.raises(IllegalMoveError, match=f"must be led with {lowest[0]}♣"):
        deal.play(next(iter(deal.hand(deal.to_act) - CardSet.parse(lowest))))
    finish(deal)
    check_finished(deal)


def finish_passes(deal: Deal) -> None:
    while deal.phase == "pass":
        seat = deal.to_act
        assert seat is not None
        deal.pass_cards(seat, list(deal.hand(seat))[-deal.rules.pass_count:])


def test_first_lead_any_club_variant() -> None:
    deal = mixed(first_lead="any-club")
    assert deal.legal_moves() == CardSet.parse("2C 3C 4C 5C")
    with pytest.raises(IllegalMoveError, match="must be led with a club"):
        deal.play("AD")
    play(deal, "5C")
    finish(deal)
    check_finished(deal)


def test_first_lead_left_of_dealer_any_card() -> None:
    deal = Deal(Rules.spardame(), MIXED, dealer=2)
    finish_passes(deal)
    assert deal.to_act == 3 and deal.legal_moves() == deal.hand(3)


def test_follow_suit_if_you_can() -> None:
    deal = mixed()
    play(deal, "2C 2D")
    assert deal.legal_moves() == CardSet.parse("6C 7C 8C 9C TC")
    with pytest.raises(IllegalMoveError, match="must follow ♣"):
        deal.play("7D")


def test_void_in_the_suit_led_may_play_any_card() -> None:
    deal = mixed()
    play(deal, "2C 2D 6C AC KC 3C")  # seat 1 holds no club
    assert deal.legal_moves() == deal.hand(1)


def test_play_goes_to_the_left() -> None:
    deal = mixed()
    seen = []
    for card in "2C 2D 6C AC KC 3C QS 7C".split():
        seen.append(deal.to_act)
        deal.play(card)
    assert seen == [0, 1, 2, 3, 3, 0, 1, 2]


def test_highest_card_of_the_suit_led_wins_no_trumps() -> None:
    deal = mixed()
    play(deal, "2C 2D 6C AC KC 3C QS 7C")
    first, second = deal.tricks
    assert first.winner == 3 and first.leader == 0
    assert second.winner == 3  # K♣ beats Q♠: a discard never wins
    assert deal.leader == 3 and deal.to_act == 3


def test_first_trick_protection_with_alternatives() -> None:
    deal = mixed()
    play(deal, "2C")
    assert deal.legal_moves() == CardSet.parse("2D 3D 4D 5D 6D 5S 6S 7S")
    for card in ("5H", "QS"):
        with pytest.raises(IllegalMoveError, match="no heart and not Q♠ on the first trick"):
            deal.play(card)
    play(deal, "2D 6C AC")
    finish(deal)
    check_finished(deal)


def test_first_trick_protection_without_alternatives() -> None:
    # Seat 2 is void in clubs and holds only hearts and Q♠: it may play any of them.
    dealt = hands(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS",
        "2H 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    )
    deal = Deal(Rules.svarta_maja(), dealt, deal_number=NO_PASS)
    play(deal, "2C 2D")
    assert deal.legal_moves() == deal.hand(2)
    play(deal, "QS")
    assert deal.legal_moves() == CardSet.parse("2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS")
    play(deal, "2S")
    finish(deal)
    check_finished(deal)
    assert deal.moon_shooter == 0  # the club hand led and won every trick


def test_first_trick_protection_yields_to_following_suit() -> None:
    rules = Rules.svarta_maja(first_lead="left-of-dealer", pass_count=0)
    dealt = hands(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2S",
        "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS",
        "2H AD 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    )
    deal = Deal(rules, dealt, dealer=0)
    play(deal, "2S")  # seat 1 leads its only spade
    assert deal.legal_moves() == CardSet.parse("QS")  # Q♠ is seat 2's only spade
    play(deal, "QS")
    assert "2H" not in deal.legal_moves() and "3S" in deal.legal_moves()


def test_hearts_cannot_be_led_until_broken() -> None:
    deal = mixed()
    play(deal, "2C 2D 6C AC")
    assert deal.to_act == 3 and not deal.hearts_broken
    assert deal.legal_moves() == deal.hand(3) - CardSet.of_suit("H")
    with pytest.raises(IllegalMoveError, match="hearts not broken"):
        deal.play("QH")


def test_queen_of_spades_may_be_discarded_and_does_not_break_hearts() -> None:
    deal = mixed()
    play(deal, "2C 2D 6C AC KC 3C QS 7C")
    assert deal.taken(3) >= CardSet.parse("QS") and deal.points_taken[3] == 13
    assert not deal.hearts_broken
    with pytest.raises(IllegalMoveError, match="hearts not broken"):
        deal.play("QH")
    play(deal, "QC 4C 5H 8C")  # a heart discarded on a club trick breaks hearts
    assert deal.hearts_broken and deal.points_taken[3] == 14
    play(deal, "QH 2H 6H 9H")
    assert deal.tricks[-1].winner == 3
    finish(deal)
    check_finished(deal)


def test_queen_breaks_hearts_variant() -> None:
    deal = mixed(queen_breaks_hearts=True)
    play(deal, "2C 2D 6C AC KC 3C QS 7C")
    assert deal.hearts_broken
    play(deal, "QH")


def test_hearts_broken_only_by_a_discard() -> None:
    rules = Rules.svarta_maja(players=6, pass_count=0, first_lead="left-of-dealer",
                              first_trick_protected=False)
    deal = Deal(rules, SIX_HEARTS, dealer=5)
    play(deal, "2H TH JH QH AD KH")  # hearts led and followed: not broken
    assert deal.tricks[0].winner == 5 and not deal.hearts_broken
    with pytest.raises(IllegalMoveError, match="hearts not broken"):
        deal.play("AH")
    play(deal, "9S 3H")  # seat 0 is void in spades and discards a heart
    assert deal.hearts_broken
    play(deal, "4C JC 7D 8S")
    play(deal, "AH")
    finish(deal)
    check_finished(deal)


def test_a_hand_of_only_hearts_may_lead_one() -> None:
    rules = Rules.svarta_maja(players=6, pass_count=0, first_lead="left-of-dealer",
                              first_trick_protected=False)
    deal = Deal(rules, SIX_HEARTS, dealer=5)
    assert not deal.hearts_broken and deal.legal_moves() == deal.hand(0) == CardSet.parse(
        "2H 3H 4H 5H 6H 7H 8H 9H")


def test_hearts_may_be_led_when_the_only_other_card_is_the_queen() -> None:
    dealt = hands(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
        "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS",
    )
    base = {"first_lead": "left-of-dealer", "first_trick_protected": False, "pass_count": 0}
    standard = Deal(Rules.svarta_maja(**base), dealt, dealer=2)
    assert standard.legal_moves() == CardSet.parse("QS")
    variant = Deal(Rules.svarta_maja(hearts_lead_with_only_queen=True, **base), dealt, dealer=2)
    assert variant.legal_moves() == variant.hand(3)
    variant.play("AH")


def test_not_your_turn() -> None:
    deal = mixed()
    with pytest.raises(IllegalMoveError, match="not your turn: A♣ is in seat 3's hand and seat 0"):
        deal.play("AC")
    with pytest.raises(IllegalMoveError, match="not your turn: seat 0 is to play, not seat 2"):
        deal.play("2C", seat=2)
    deal.play("2C", seat=0)


def test_a_card_played_already_or_out_of_play() -> None:
    deal = Deal(Rules.svarta_maja(players=5), round_robin(Rules.svarta_maja(players=5), 0),
                deal_number=2)
    with pytest.raises(IllegalMoveError, match="2♣ is not in play"):
        deal.play("2C")
    lead = deal.legal_moves().lowest()
    assert lead is not None
    deal.play(lead)
    with pytest.raises(IllegalMoveError, match="has been played already"):
        deal.play(lead)


@pytest.mark.parametrize("players", [3, 5, 6])
def test_three_five_and_six_players_whole_deals(players: int) -> None:
    for preset in (Rules.svarta_maja, Rules.spardame):
        rules = preset(players=players)
        deal = Deal(rules, round_robin(rules, 1), dealer=players - 1)
        assert all(len(h) == rules.hand_size for h in deal.hands())
        finish(deal)
        check_finished(deal)


def test_whole_deal_where_the_club_hand_takes_every_trick() -> None:
    deal = Deal(Rules.svarta_maja(), FOUR_SUITS, deal_number=NO_PASS)
    finish(deal)
    check_finished(deal)
    assert deal.tricks_won == (13, 0, 0, 0)
    assert all(t.winner == 0 and t.leader == 0 for t in deal.tricks)
