"""Scripted Dam deals with named cards, one test per rule point of docs/rules/dam.md: leading,
following suit, the trick (the seed's worked example, duplicates, trump, jokers), the refill from
the draw pile (order, a short pile, the turned card drawn last), playing out, and the scores.

Unless a test says otherwise the dealer is seat 0, so seat 1 leads and play goes 1, 2, 3, 0;
``deal_with`` completes the named hands with clubs and diamonds."""

from __future__ import annotations

import pytest
from dam_scripts import deal_with, play_all

from trickcore import Card, CardMultiset, CardSet, Suit
from trickcore.core.errors import IllegalMoveError
from trickcore.dam import Deal, Rules

AVOID = Rules.avoid()


def first_legal(deal: Deal) -> Card:
    return next(iter(deal.legal_moves()))


def finish(deal: Deal) -> None:
    while not deal.is_over:
        deal.play(first_legal(deal))


def cards(text: str) -> CardSet:
    return CardSet.parse(text)


# ---- The seed's worked example ----

def test_seed_example_jack_of_hearts_wins_and_spade_ten_does_not_count() -> None:
    # A ♥9, B ♥J, C ♥7, D (no hearts) ♠10: B wins with the highest card of the suit led.
    deal = deal_with(AVOID, ["9H", "JH", "7H", "TS"], dealer=3)  # A = seat 0, left of dealer 3
    assert deal.to_act == 0
    play_all(deal, "9H JH 7H")
    assert not deal.hand(3).distinct().suit(Suit.HEARTS)
    assert Card.parse("TS") in deal.legal_moves()
    deal.play("TS")
    trick = deal.tricks[0]
    assert trick.cards == tuple(map(Card.parse, ["9H", "JH", "7H", "TS"]))
    assert trick.winner == 1
    assert deal.to_act == 1


# ---- Play ----

@pytest.mark.parametrize("dealer", range(4))
def test_the_player_left_of_the_dealer_leads(dealer: int) -> None:
    assert deal_with(AVOID, [""] * 4, dealer=dealer).to_act == (dealer + 1) % 4


def test_follow_suit_if_you_can() -> None:
    deal = deal_with(AVOID, ["", "5S", "2S KH", ""])
    deal.play("5S")
    assert deal.legal_moves() == cards("2S")
    before = deal.to_json()
    with pytest.raises(IllegalMoveError, match="must follow suit"):
        deal.play("KH")
    assert deal.to_json() == before


def test_any_card_when_void_in_the_suit_led() -> None:
    deal = deal_with(AVOID, ["", "5S", "KH", ""])
    deal.play("5S")
    assert deal.legal_moves() == deal.hand(2).distinct()
    deal.play("KH")
    assert deal.void_suits(2) == {Suit.SPADES}


def test_legal_moves_are_the_cards_not_the_copies() -> None:
    deal = deal_with(AVOID, ["", "AS AS KS", "", ""])
    hand = deal.hand(1)
    assert hand.count("AS") == 2 and len(hand) == 12
    assert deal.legal_moves() == hand.distinct()
    assert len(deal.legal_moves()) < len(hand)


def test_ace_high_two_low() -> None:
    deal = deal_with(AVOID, ["QS", "2S", "AS", "KS"])
    play_all(deal, "2S AS KS QS")
    assert deal.tricks[0].winner == 2


def test_the_winner_takes_the_trick_and_leads_the_next() -> None:
    deal = deal_with(AVOID, ["4S", "2S", "AS", "KS"])
    play_all(deal, "2S AS KS 4S")
    assert deal.tricks_won == (0, 0, 1, 0)
    assert deal.points_taken == (0, 0, 2 + 1 + 13 + 4, 0)
    assert deal.taken(2) == CardMultiset.parse("2S AS KS 4S")
    assert deal.to_act == deal.leader == 2


# ---- Duplicates ----

@pytest.mark.parametrize(("rule", "winner"), [("first", 2), ("last", 3)])
def test_two_identical_top_cards_in_one_trick(rule: str, winner: int) -> None:
    deal = deal_with(Rules.avoid(duplicates=rule), ["2S", "KS", "AS", "AS"])
    play_all(deal, "KS AS AS 2S")
    assert deal.tricks[0].winner == winner


def test_first_identical_card_wins_by_default() -> None:
    assert Rules.avoid().duplicates == "first"


@pytest.mark.parametrize(("rule", "winner"), [("first", 3), ("last", 0)])
def test_two_pairs_of_duplicates_in_one_trick(rule: str, winner: int) -> None:
    deal = deal_with(Rules.avoid(duplicates=rule), ["AS", "KS", "KS", "AS"])
    play_all(deal, "KS KS AS AS")
    assert deal.tricks[0].winner == winner


@pytest.mark.parametrize("rule", ["first", "last"])
def test_copies_across_two_tricks_and_back_from_the_pile(rule: str) -> None:
    # Seat 1 holds both ♠A; ♥A twice more comes in the pile. Each trick holds one copy of ♠A,
    # which wins it whatever the duplicates rule; the pile hands back more copies.
    rules = Rules.avoid(duplicates=rule)
    deal = deal_with(rules, ["2S 3S", "AS AS", "4S 5S", "6S 7S"], pile_top="AH AH 2H 3H")
    play_all(deal, "AS 4S 6S 2S")
    assert deal.tricks[0].winner == 1
    assert deal.hand(1).count("AS") == 1 and deal.hand(1).count("AH") == 1
    assert deal.hand(2).count("AH") == 1
    play_all(deal, "AS 5S 7S 3S")
    assert deal.tricks[1].winner == 1
    assert deal.hand(1).count("AS") == 0
    assert deal.taken(1).count("AS") == 2


@pytest.mark.parametrize(("rule", "winner"), [("first", 2), ("last", 3)])
def test_a_trump_duplicate(rule: str, winner: int) -> None:
    # ♥7 turned: hearts are trump. Two ♥3 trump a spade lead; the duplicates rule picks one.
    rules = Rules.avoid(duplicates=rule, turn_trump=True)
    deal = deal_with(rules, ["AS", "5S", "3H", "3H"], pile_top="7H")
    assert deal.trump == Suit.HEARTS
    play_all(deal, "5S 3H 3H AS")
    assert deal.tricks[0].winner == winner


def test_trump_beats_the_suit_led() -> None:
    deal = deal_with(Rules.avoid(turn_trump=True), ["AS", "KS", "2H", "QS"], pile_top="9H")
    play_all(deal, "KS 2H QS AS")
    assert deal.tricks[0].winner == 2


def test_a_trump_led_is_the_suit_led() -> None:
    deal = deal_with(Rules.avoid(turn_trump=True), ["", "4H", "AH", "KH"], pile_top="9H")
    play_all(deal, "4H AH KH")
    assert deal.legal_moves() == deal.hand(0).distinct()  # seat 0 holds no heart
    deal.play(first_legal(deal))
    assert deal.tricks[0].winner == 2


# ---- Trump from the turned card ----

def test_turned_card_sets_trump_and_goes_to_the_bottom_of_the_pile() -> None:
    rules = Rules.avoid(turn_trump=True)
    deal = deal_with(rules, [""] * 4, pile_top="QD 5S")
    assert deal.trump == Suit.DIAMONDS
    assert deal.trump_card == Card.parse("QD")
    assert deal.pile_size == rules.pile_size
    assert deal.pile()[0] == Card.parse("5S")
    assert deal.pile()[-1] == Card.parse("QD")
    assert deal.dealt_pile()[0] == Card.parse("QD")


def test_turned_card_is_drawn_last() -> None:
    deal = Deal.random(Rules.avoid(turn_trump=True), seed=3)
    turned = deal.trump_card
    assert turned is not None
    while deal.pile_size:
        assert deal.pile()[-1] == turned
        last_drawer = trick_checking_refill(deal)
    assert deal.hand(last_drawer).count(turned) >= 1


def test_turned_joker_means_no_trump() -> None:
    rules = Rules.avoid(turn_trump=True, jokers="neutral")
    deal = deal_with(rules, ["", "KS", "2H", ""], pile_top="BJ")
    assert deal.trump_card == Card.parse("BJ")
    assert deal.trump is None
    play_all(deal, "KS 2H")
    finish_trick(deal)
    assert deal.tricks[0].winner == 1


def finish_trick(deal: Deal) -> None:
    count = len(deal.tricks)
    while len(deal.tricks) == count:
        deal.play(first_legal(deal))


def test_no_card_is_turned_without_the_trump_variant() -> None:
    deal = Deal.random(AVOID, seed=1)
    assert deal.trump is None and deal.trump_card is None


# ---- Jokers ----

def test_joker_outright_the_first_joker_played_wins() -> None:
    rules = Rules.avoid(jokers="outright", duplicates="last")
    deal = deal_with(rules, ["BJ", "KS", "LJ", "AS"])
    play_all(deal, "KS LJ AS BJ")
    assert deal.tricks[0].winner == 2


def test_joker_outright_three_and_four_jokers_across_two_tricks() -> None:
    rules = Rules.avoid(jokers="outright", duplicates="last")
    deal = deal_with(rules, ["5S 6S", "KS 2S", "LJ LJ", "BJ BJ"])
    play_all(deal, "KS LJ BJ 5S")  # the first joker (seat 2's LJ) wins over a later BJ
    assert deal.tricks[0].winner == 2
    play_all(deal, "LJ BJ 6S 2S")  # seat 2 leads its second LJ; seat 3's second BJ comes later
    assert deal.tricks[1].winner == 2
    assert deal.taken(2).count("LJ") == 2 and deal.taken(2).count("BJ") == 2


def test_joker_neutral_never_wins() -> None:
    rules = Rules.avoid(jokers="neutral")
    deal = deal_with(rules, ["2S", "KS", "BJ", "LJ"])
    play_all(deal, "KS BJ LJ 2S")
    assert deal.tricks[0].winner == 1
    assert deal.points_taken[1] == 13 + 2


def test_jokers_only_trick_goes_to_its_leader_when_jokers_are_neutral() -> None:
    rules = Rules.avoid(jokers="neutral", players=2, packs=1, hand_size=10)
    deal = deal_with(rules, ["BJ", "LJ"])  # seat 1 leads
    play_all(deal, "LJ BJ")
    assert deal.tricks[0].winner == 1


def test_joker_points_never_wins_and_counts_its_points() -> None:
    rules = Rules.avoid(jokers="points", joker_points=20)
    deal = deal_with(rules, ["2S", "KS", "BJ", "LJ"])
    play_all(deal, "KS BJ LJ 2S")
    assert deal.tricks[0].winner == 1
    assert deal.points_taken[1] == 13 + 20 + 20 + 2


def test_a_joker_may_be_played_at_any_time() -> None:
    deal = deal_with(Rules.avoid(jokers="neutral"), ["", "5S", "2S LJ", ""])
    deal.play("5S")
    assert deal.legal_moves() == cards("2S LJ")
    deal.play("LJ")
    assert deal.void_suits(2) == frozenset()  # a joker shows nothing about the suit


def test_a_joker_led_lets_the_next_card_set_the_suit() -> None:
    rules = Rules.avoid(jokers="neutral")
    deal = deal_with(rules, ["AD", "LJ", "5S 9S", "2S KH"])
    deal.play("LJ")
    assert deal.legal_moves() == deal.hand(2).distinct()  # no suit led yet
    deal.play("5S")
    assert deal.legal_moves() == cards("2S")
    play_all(deal, "2S")
    deal.play(first_legal(deal))
    assert deal.tricks[0].winner == 2


# ---- Refill from the draw pile ----

def test_refill_winner_first_then_in_playing_order() -> None:
    rules = Rules.avoid()
    deal = deal_with(rules, ["4S", "2S", "AS", "KS"], pile_top="2H 3H 4H 5H 6H")
    play_all(deal, "2S AS KS 4S")  # seat 2 wins; draws 2H, then seats 3, 0, 1
    assert [deal.hand(s).count(c) for s, c in ((2, "2H"), (3, "3H"), (0, "4H"), (1, "5H"))] \
        == [1, 1, 1, 1]
    assert all(len(deal.hand(s)) == 12 for s in range(4))
    assert deal.pile_size == rules.pile_size - 4
    assert deal.pile()[0] == Card.parse("6H")


def trick_checking_refill(deal: Deal) -> int:
    """Plays a trick (first legal cards) and checks the refill: one card each from the top of
    the pile, the winner first, then in playing order. Returns the last seat that drew."""
    n = deal.players
    pile, hands, tricks = deal.pile(), list(deal.hands()), len(deal.tricks)
    while len(deal.tricks) == tricks:
        seat, card = deal.to_act, first_legal(deal)
        assert seat is not None
        deal.play(card)
        hands[seat] = hands[seat].remove(card)
    winner = deal.tricks[-1].winner
    assert winner is not None
    seat = winner
    for k, card in enumerate(pile[:n]):
        seat = (winner + k) % n
        hands[seat] = hands[seat].add(card)
    assert deal.hands() == tuple(hands)
    assert deal.pile() == pile[n:]
    return seat


def test_every_trick_refills_in_order_until_the_pile_is_empty() -> None:
    rules = Rules.avoid(players=3, packs=1, hand_size=13)  # 39 dealt, 13 in the pile
    deal = Deal.random(rules, seed=21)
    while deal.pile_size:
        trick_checking_refill(deal)
    assert len(deal.tricks) == 5


def test_a_pile_that_runs_out_part_way_leaves_later_players_short() -> None:
    rules = Rules.avoid(players=3, packs=1, hand_size=13)
    deal = Deal.random(rules, seed=4)
    for _ in range(4):
        finish_trick(deal)
    assert deal.pile_size == 1
    finish_trick(deal)
    winner = deal.tricks[-1].winner
    assert winner is not None
    sizes = [len(deal.hand(s)) for s in range(3)]
    assert sizes[winner] == 13
    assert sorted(sizes) == [12, 12, 13]
    assert deal.pile_size == 0


def test_hands_are_played_out_without_drawing_once_the_pile_is_empty() -> None:
    rules = Rules.avoid(players=3, packs=1, hand_size=13)
    deal = Deal.random(rules, seed=4)
    for _ in range(5):
        finish_trick(deal)
    total = sum(len(h) for h in deal.hands())
    while not deal.is_over:
        finish_trick(deal)
        assert sum(len(h) for h in deal.hands()) == total - sum(len(t.plays) for t in
                                                                 deal.tricks[5:])
    assert all(len(h) == 0 for h in deal.hands())
    # 52 cards among 3 players: 17 full tricks, then the one card left is a trick of its own.
    assert [len(t.plays) for t in deal.tricks] == [3] * 17 + [1]
    assert deal.tricks[-1].winner == deal.tricks[-1].leader


def test_a_short_player_who_wins_with_its_last_card_passes_the_lead_on() -> None:
    # Our decision: when the winner's hand is empty, the next seat holding cards leads.
    rules = Rules.avoid(players=3, packs=1, hand_size=13)
    seen = 0
    for seed in range(200):
        if seen >= 10:
            break
        deal = Deal.random(rules, seed=seed)
        while not deal.is_over:
            finish_trick(deal)
            winner = deal.tricks[-1].winner
            if not deal.is_over and winner is not None and not deal.hand(winner):
                assert deal.to_act == deal.leader == next(
                    (winner + k) % 3 for k in (1, 2) if deal.hand((winner + k) % 3))
                seen += 1
    assert seen >= 10


def test_the_deal_ends_when_every_hand_is_empty() -> None:
    deal = Deal.random(AVOID, seed=8)
    finish(deal)
    assert deal.is_over and deal.phase == "over" and deal.to_act is None
    assert len(deal.tricks) == 26 and deal.pile_size == 0
    with pytest.raises(IllegalMoveError, match="the deal is over"):
        deal.play("2C")


# ---- The one-pack variant ----

def test_one_pack_deal_is_played_out_with_each_card_once() -> None:
    rules = Rules.avoid(packs=1, hand_size=10)
    deal = Deal.random(rules, seed=5)
    assert all(not h.doubles() for h in deal.hands())
    finish(deal)
    assert len(deal.tricks) == 13
    assert sum(deal.points()) == 342
    seen = [c for t in deal.tricks for c in t.cards]
    assert sorted(seen) == list(CardSet.full())


# ---- Scores ----

@pytest.mark.parametrize(("rules", "total"), [
    (Rules.avoid(), 684), (Rules.collect(), 40), (Rules.avoid(players=3, turn_trump=True), 684),
    (Rules.collect(players=2, jokers="outright"), 40),
    (Rules.avoid(jokers="points", joker_points=-5), 684 - 20)])
def test_a_full_deal_scores_the_fixed_total(rules: Rules, total: int) -> None:
    deal = Deal.random(rules, seed=11)
    finish(deal)
    assert sum(deal.points()) == total


def test_points_are_known_only_at_the_end() -> None:
    deal = Deal.random(AVOID, seed=2)
    with pytest.raises(IllegalMoveError, match="not over"):
        deal.points()


def test_tricks_scoring_counts_one_per_trick_and_the_last_trick_bonus() -> None:
    rules = Rules.collect(score_by="tricks", last_trick_bonus=5)
    deal = Deal.random(rules, seed=6)
    finish(deal)
    last = deal.tricks[-1].winner
    assert last is not None
    expected = [deal.tricks_won[s] + (5 if s == last else 0) for s in range(4)]
    assert list(deal.points()) == expected
    assert sum(deal.points()) == 26 + 5


def test_partners_scores_are_summed() -> None:
    rules = Rules.collect(teams=True)
    deal = Deal.random(rules, seed=7)
    finish(deal)
    points = deal.points()
    assert deal.team_points() == (points[0] + points[2], points[1] + points[3])
