"""The Dam deal as a state: observations (own hand, turned card, plays, pile size; open hands),
clone and undo, the JSON round trip with tamper detection, playouts, and bad input refused with
the state left exactly as it was."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest
from dam_scripts import deal_with, play_all
from hypothesis import given
from hypothesis import strategies as st

from trickcore import Card, CardMultiset, CardSet, Suit
from trickcore.core.errors import IllegalMoveError, ParseError, RulesError, SerializationError
from trickcore.dam import DamObservation, Deal, Rules

AVOID = Rules.avoid()


def state(deal: Deal) -> tuple[Any, ...]:
    return (deal.phase, deal.to_act, deal.leader, deal.hands(), deal.pile(), deal.tricks,
            deal.current_trick, deal.tricks_won, deal.points_taken, deal.move_count,
            deal.trump_card, tuple(deal.void_suits(s) for s in range(deal.players)))


def random_play(deal: Deal, moves: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        if deal.is_over:
            return
        deal.play(rng.choice(sorted(deal.legal_moves())))


# ---- Observation ----

def test_observation_holds_own_hand_turned_card_all_plays_and_pile_size() -> None:
    rules = Rules.avoid(turn_trump=True)
    deal = deal_with(rules, ["4S", "2S", "AS", "KS"], pile_top="7D")
    play_all(deal, "2S AS KS 4S")
    lead = next(iter(deal.legal_moves()))
    deal.play(lead)
    seen = deal.observation(0)
    assert isinstance(seen, DamObservation)
    assert seen.hand == deal.hand(0)
    assert seen.hands == (deal.hand(0), None, None, None)
    assert seen.trump == Suit.DIAMONDS and seen.trump_card == Card.parse("7D")
    assert seen.pile_size == deal.pile_size == rules.pile_size - 4
    assert seen.tricks == deal.tricks
    assert seen.current_trick is not None and seen.current_trick.cards == (lead,)
    assert seen.tricks_won == (0, 0, 1, 0)
    assert seen.points_taken == deal.points_taken
    assert seen.to_act == 3


def test_observation_reveals_nothing_hidden() -> None:
    # Two deals that differ only in what seat 1 cannot see give seat 1 the same observation.
    deal = Deal.random(AVOID, seed=3)
    hidden = [c for seat in (0, 2, 3) for c in deal.hand(seat)] + list(deal.dealt_pile())
    random.Random(1).shuffle(hidden)
    hands = [CardMultiset(hidden[:12]), deal.hand(1), CardMultiset(hidden[12:24]),
             CardMultiset(hidden[24:36])]
    other = Deal(AVOID, hands, hidden[36:])
    assert other.hand(0) != deal.hand(0)
    for d in (deal, other):
        d.play(next(iter(d.legal_moves())))
    assert other.observation(1) == deal.observation(1)
    assert other.observation(0) != deal.observation(0)


def test_open_hands_show_the_other_hands_and_hide_ones_own() -> None:
    deal = Deal.random(Rules.avoid(open_hands=True), seed=4)
    seen = deal.observation(2)
    assert seen.hand is None
    assert seen.hands == (deal.hand(0), deal.hand(1), None, deal.hand(3))


def test_shown_void_is_forgotten_after_drawing_an_unseen_card() -> None:
    deal = deal_with(AVOID, ["4S", "2S", "AS", "KH"])  # seat 3 holds no spade
    play_all(deal, "2S AS KH")
    assert deal.void_suits(3) == {Suit.SPADES}
    deal.play("4S")  # the trick ends; everyone draws a card nobody else saw
    assert deal.void_suits(3) == frozenset()


def last_pile_trick(seed: int) -> tuple[frozenset[Suit], frozenset[Suit], Suit]:
    """Two players, one pack, 10 each, trump turned: the pile ends on a trick whose winner draws
    an unseen card and whose loser draws the turned card. Random legal play; returns the void
    the loser showed in that trick (its voids from earlier tricks were forgotten at the earlier
    draws), its voids after drawing, and the turned card's suit."""
    rules = Rules.avoid(players=2, packs=1, hand_size=10, turn_trump=True)
    deal = Deal.random(rules, seed=seed)
    rng = random.Random(seed)
    while deal.pile_size:
        deal.play(rng.choice(sorted(deal.legal_moves())))
    trick = deal.tricks[-1]
    assert trick.winner is not None and deal.void_suits(trick.winner) == frozenset()
    loser = 1 - trick.winner
    led, mine = trick.cards[0].suit, next(p.card for p in trick.plays if p.seat == loser)
    shown = frozenset() if mine.suit == led else frozenset({led})
    turned = deal.trump_card
    assert turned is not None and turned.suit is not None and led is not None
    assert deal.hand(loser).count(turned) >= 1
    return shown, deal.void_suits(loser), turned.suit


def test_drawing_the_face_up_turned_card_forgets_only_its_suit() -> None:
    kept = cleared = 0
    for seed in range(800):
        shown, after, turned_suit = last_pile_trick(seed)
        assert after == shown - {turned_suit}
        kept += bool(after)
        cleared += turned_suit in shown
    assert kept >= 10 and cleared >= 3


# ---- Clone and undo ----

def test_clone_is_independent() -> None:
    deal = Deal.random(AVOID, seed=5)
    random_play(deal, 7, seed=2)
    copy = deal.clone()
    snapshot = state(deal)
    random_play(copy, 30, seed=3)
    assert state(deal) == snapshot
    assert state(copy) != snapshot


def test_undo_takes_back_a_play_and_the_refill_it_caused() -> None:
    deal = deal_with(AVOID, ["4S", "2S", "AS", "KS"])
    play_all(deal, "2S AS KS")
    before = state(deal)
    deal.play("4S")
    assert deal.pile_size == AVOID.pile_size - 4
    deal.undo()
    assert state(deal) == before
    assert deal.pile_size == AVOID.pile_size


def test_undo_all_the_way_back_and_refused_at_the_start() -> None:
    deal = Deal.random(AVOID, seed=6)
    start = state(deal)
    random_play(deal, 60, seed=4)
    while deal.move_count:
        deal.undo()
    assert state(deal) == start
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        deal.undo()


def test_playouts_leave_the_deal_unchanged_and_score_the_fixed_total() -> None:
    deal = Deal.random(AVOID, seed=7)
    random_play(deal, 21, seed=5)
    before = state(deal)
    for policy in ("random", "greedy"):
        points = deal.playouts(50, policy=policy, seed=1)
        assert points.shape == (50, 4)
        assert (points.sum(axis=1) == 684).all()
    assert state(deal) == before
    with pytest.raises(RulesError, match="unknown policy"):
        deal.playouts(5, policy="best")


def test_a_deal_is_mutable_so_not_hashable() -> None:
    with pytest.raises(TypeError):
        hash(Deal.random(AVOID, seed=1))


# ---- JSON ----

@given(seed=st.integers(0, 2**31), moves=st.integers(0, 120),
       rules=st.sampled_from([AVOID, Rules.collect(players=3, turn_trump=True, jokers="points",
                                                   joker_points=4),
                              Rules.avoid(players=2, packs=1, hand_size=13, jokers="outright")]))
def test_json_round_trip_replays_to_an_identical_state(seed: int, moves: int,
                                                       rules: Rules) -> None:
    deal = Deal.random(rules, seed=seed, dealer=seed % rules.players, deal_number=seed % 5)
    random_play(deal, moves, seed=seed)
    text = deal.to_json()
    again = Deal.from_json(text)
    assert state(again) == state(deal)
    assert again.rules == rules and again.deal_number == deal.deal_number
    assert again.to_json() == text


def test_json_is_readable_with_cards_as_text() -> None:
    deal = deal_with(Rules.avoid(turn_trump=True), ["AS AS", "", "", ""], pile_top="QD")
    play_all(deal, "7C")  # seat 1's lowest card: seat 0 was completed with 2♣ to 6♣ twice
    document = json.loads(deal.to_json(indent=2))
    assert document["type"] == "dam.Deal"
    assert document["hands"][0].endswith("AS AS")
    assert document["pile"].startswith("QD ")
    assert document["moves"] == [{"seat": 1, "play": "7C"}]
    assert document["state"]["trump_card"] == "QD"


def tampered(deal: Deal, change: Any) -> str:
    document = json.loads(deal.to_json())
    change(document)
    return json.dumps(document)


def _swap_pile(d: dict[str, Any]) -> None:
    cards = d["pile"].split()
    k = next(i for i, c in enumerate(cards) if c != cards[0])
    cards[0], cards[k] = cards[k], cards[0]
    d["pile"] = " ".join(cards)


def _third_copy(d: dict[str, Any]) -> None:
    mine = d["hands"][1].split()
    extra = next(c for c in d["hands"][0].split() if c not in mine)
    d["hands"][1] = " ".join([extra, extra, *mine[2:]])


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["state"].update(points_taken=[0, 0, 0, 99]), "the document was altered"),
    (lambda d: d["state"].update(pile_size=3), "the document was altered"),
    (_swap_pile, "the document was altered"),
    (_third_copy, "impossible deal"),
    (lambda d: d.update(pile="2C 2C 2C"), "impossible deal"),
    (lambda d: d["moves"].append({"seat": 0, "play": "ZZ"}), "not a card"),
    (lambda d: d["moves"].insert(0, {"seat": 2, "play": "2C"}), "does not replay"),
    (lambda d: d.update(hands="all"), "expected a list of hands"),
    (lambda d: d["hands"].__setitem__(0, 7), "written as text"),
    (lambda d: d["rules"].update(players=9), "players must be 2..4"),
    (lambda d: d["rules"].update(colour="red"), "unknown rule parameter"),
    (lambda d: d.update(type="hearts.Deal"), "expected a dam.Deal document"),
    (lambda d: d.update(version=7), "unsupported document version"),
])
def test_tampered_or_malformed_documents_are_refused(change: Any, message: str) -> None:
    deal = Deal.random(AVOID, seed=12)
    random_play(deal, 9, seed=12)
    with pytest.raises(SerializationError, match=message):
        Deal.from_json(tampered(deal, change))


def test_not_json_is_refused() -> None:
    with pytest.raises(SerializationError, match="not a JSON document"):
        Deal.from_json("{not json")


# ---- Bad input leaves the state unchanged ----

@pytest.mark.parametrize(("card", "error", "message"), [
    ("ZZ", ParseError, "not a card"),
    (99, ParseError, "out of range"),
    (3.5, ParseError, "not a card"),
    ("LJ", IllegalMoveError, "not in play in this deal"),
    ("KH", IllegalMoveError, "not your turn: K♥ is in seat 3's hand"),
    ("QH", IllegalMoveError, "nobody holds Q♥"),
])
def test_bad_plays_are_refused_and_change_nothing(card: Any, error: type[Exception],
                                                  message: str) -> None:
    deal = deal_with(AVOID, ["", "", "", "KH"], pile_top="QH QH")
    before = state(deal)
    with pytest.raises(error, match=message):
        deal.play(card)
    assert state(deal) == before


def test_playing_for_the_wrong_seat_is_refused() -> None:
    deal = Deal.random(AVOID, seed=1)
    before = state(deal)
    card = next(iter(deal.legal_moves()))
    with pytest.raises(IllegalMoveError, match="not your turn: seat 1 is to play, not seat 2"):
        deal.play(card, seat=2)
    assert state(deal) == before


@pytest.mark.parametrize("seat", [-1, 4, "0", None, True])
def test_bad_seats_are_refused(seat: Any) -> None:
    with pytest.raises(IllegalMoveError, match="no seat"):
        Deal.random(AVOID, seed=1).hand(seat)


def full_hands(rules: Rules) -> tuple[list[CardMultiset], list[Card]]:
    deal = Deal.random(rules, seed=2)
    return list(deal.hands()), list(deal.dealt_pile())


@pytest.mark.parametrize(("change", "message"), [
    (lambda h, p: (h[:3], p), "3 hands for 4 players"),
    (lambda h, p: ([h[0].remove(next(iter(h[0]))), *h[1:]], p), "seat 0 holds 11 cards"),
    (lambda h, p: (h, p[1:]), "the draw pile holds 55 cards"),
    (lambda h, p: (h, [p[0], *p[:-1]]), "more copies than the deck holds"),
    (lambda h, p: (h, [*p[:-1], Card.parse("LJ")]), "LJ not in the deck"),
    (lambda h, p: (h, "2C " * 56), "more copies than the deck holds"),
    (lambda h, p: ("AS KS", p), "hands must be a list"),
    (lambda h, p: ([*h[:3], "AS XX"], p), "not a hand of cards"),
    (lambda h, p: (h, [*p[:-1], "XX"]), "not a list of cards"),
])
def test_impossible_deals_are_refused(change: Any, message: str) -> None:
    hands, pile = change(*full_hands(AVOID))
    with pytest.raises(RulesError, match=message):
        Deal(AVOID, hands, pile)


def test_bad_dealer_and_deal_number_are_refused() -> None:
    hands, pile = full_hands(AVOID)
    with pytest.raises(RulesError, match="no seat 4 to deal"):
        Deal(AVOID, hands, pile, dealer=4)
    with pytest.raises(RulesError, match="deal_number"):
        Deal(AVOID, hands, pile, deal_number=-1)
    with pytest.raises(RulesError, match=r"rules must be a trickcore\.dam\.Rules"):
        Deal("avoid", hands, pile)  # type: ignore[arg-type]


def test_explicit_deal_from_text() -> None:
    rules = Rules.avoid(players=2, packs=1, hand_size=13)
    spades, hearts = CardSet.of_suit(Suit.SPADES), CardSet.of_suit(Suit.HEARTS)
    pile = " ".join(str(c) for c in CardSet.of_suit(Suit.CLUBS) | CardSet.of_suit(Suit.DIAMONDS))
    deal = Deal(rules, [str(spades), hearts], pile, dealer=1)
    assert deal.hand(0) == CardMultiset(spades)
    assert deal.pile()[0] == Card.parse("2C")
    assert deal.to_act == 0


def test_a_deal_pickles_through_its_json_document() -> None:
    deal = Deal.random(Rules.collect(turn_trump=True), seed=13)
    random_play(deal, 33, seed=13)
    again = pickle.loads(pickle.dumps(deal))
    assert state(again) == state(deal)
