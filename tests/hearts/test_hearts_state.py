"""The Deal state machine: construction, refused calls, history, undo and clone, observations,
playouts, and the JSON document (round trip, malformed and tampered documents)."""

from __future__ import annotations

import json
import pickle
import random

import numpy as np
import pytest
from hearts_scripts import MIXED, hands, play
from hypothesis import given
from hypothesis import strategies as st

from trickcore import Card, CardSet
from trickcore.core.card import Suit
from trickcore.core.errors import IllegalMoveError, ParseError, RulesError, SerializationError
from trickcore.core.trick_deal import Pass, Play, Trick
from trickcore.hearts import Deal, HeartsObservation, Rules


def random_moves(deal: Deal, count: int, rng: random.Random) -> None:
    for _ in range(count):
        if deal.is_over:
            return
        if deal.phase == "pass":
            seat = deal.to_act
            assert seat is not None
            choice = rng.sample(sorted(deal.legal_moves()), deal.rules.pass_count)
            try:
                deal.pass_cards(seat, choice)
            except IllegalMoveError:  # Q♠ without a partner: pass the lowest cards instead
                deal.pass_cards(seat, sorted(deal.hand(seat) - CardSet.parse("QS"))[
                    : deal.rules.pass_count])
        else:
            deal.play(rng.choice(sorted(deal.legal_moves())))


def test_deal_random_is_reproducible() -> None:
    rules = Rules.svarta_maja()
    assert Deal.random(rules, seed=7).hands() == Deal.random(rules, seed=7).hands()
    assert Deal.random(rules, seed=7).hands() != Deal.random(rules, seed=8).hands()
    rules = Rules.spardame(players=5)
    five = Deal.random(rules, seed=1)
    assert all(len(h) == 10 for h in five.hands())
    dealt = CardSet()
    for hand in five.hands():
        dealt |= hand
    assert dealt == rules.deck and "2C" not in dealt


@pytest.mark.parametrize(("dealt", "message"), [
    (MIXED[:3], "3 hands for 4 players"),
    ("2C 3C", "hands must be a list"),
    ([MIXED[0] - CardSet.parse("2C"), *MIXED[1:]], "seat 0 holds 12 cards"),
    ([MIXED[0], MIXED[0], *MIXED[2:]], "dealt to more than one seat"),
    (["2C 3C XX", *MIXED[1:]], "not a card"),
    ([17, *MIXED[1:]], "seat 0 holds 2 cards"),  # an int is a card mask: 2♣ and 6♣
])
def test_deal_construction_refuses_impossible_hands(dealt: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Deal(Rules.svarta_maja(), dealt)  # type: ignore[arg-type]


def test_deal_construction_refuses_removed_cards_and_bad_seats() -> None:
    rules = Rules.svarta_maja(players=3)
    three = hands(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D 3D 4D 5D",
        "6D 7D 8D 9D TD JD QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H",
        "TH JH QH KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    )
    with pytest.raises(RulesError, match="2D, not in play with 3 players"):
        Deal(rules, three)
    with pytest.raises(RulesError, match="no seat 4 to deal"):
        Deal(Rules.svarta_maja(), MIXED, dealer=4)
    with pytest.raises(RulesError, match="deal_number must be a non-negative int"):
        Deal(Rules.svarta_maja(), MIXED, deal_number=-1)
    with pytest.raises(RulesError, match=r"rules must be a trickcore\.hearts\.Rules"):
        Deal("svarta-maja", MIXED)  # type: ignore[arg-type]


def test_every_refused_call_leaves_the_deal_exactly_as_it_was() -> None:
    deal = Deal(Rules.spardame(), MIXED, dealer=3)
    refused = [
        lambda: deal.play("2C"),                 # cards are being passed
        lambda: deal.pass_cards(0, "2C"),        # one card
        lambda: deal.pass_cards(1, "QS 2D"),     # Q♠ without a partner
        lambda: deal.pass_cards(0, "AS KS"),     # not held
        lambda: deal.pass_cards(9, "2C 3C"),     # no such seat
        lambda: deal.pass_cards(0, object()),    # not cards
        lambda: deal.undo(),                     # nothing to undo
    ]
    check_all_refused(deal, refused)
    for seat, cards in {0: "2C 3C", 1: "QS 5S", 2: "6C 7C", 3: "JC QC"}.items():
        deal.pass_cards(seat, cards)
    refused = [
        lambda: deal.pass_cards(0, "4C 5C"),     # passing is over
        lambda: deal.play("AS"),                 # not your turn
        lambda: deal.play("2C", seat=1),         # not your turn
        lambda: deal.play("XX"),                 # not a card
        lambda: deal.play(3.5),                  # not a card
        lambda: deal.play(99),                   # out of range
        lambda: deal.play("LJ"),                 # a joker: not in play
        lambda: deal.hand(7),                    # no such seat
    ]
    check_all_refused(deal, refused)
    lead = deal.legal_moves().lowest()
    assert lead is not None
    deal.play(lead)
    follower = deal.hand(deal.to_act or 0)
    off_suit = [c for c in follower if c.suit != lead.suit]
    if follower.suit(lead.suit or 0) and off_suit:
        check_all_refused(deal, [lambda: deal.play(off_suit[0])])


def check_all_refused(deal: Deal, calls: list[object]) -> None:
    for call in calls:
        before = deal.to_json()
        with pytest.raises(ValueError):  # IllegalMoveError, ParseError: all ValueErrors
            call()  # type: ignore[operator]
        assert deal.to_json() == before


def test_history_records_passes_plays_and_trick_winners() -> None:
    deal = Deal(Rules.svarta_maja(), MIXED, dealer=3, deal_number=0)
    for seat, cards in {0: "2C 3C 4C", 1: "2D 3D 4D", 2: "6C 7C 8C", 3: "JC QC KC"}.items():
        deal.pass_cards(seat, cards)
    play(deal, "2C 9C 6C KC")  # seat 1 received 2♣ from seat 0; seat 0 wins with K♣
    history = deal.history
    assert history[0] == Pass(0, CardSet.parse("2C 3C 4C")) and len(history) == 8
    assert history[4] == Play(1, Card.parse("2C"))
    plays = tuple(Play(s, Card.parse(c)) for s, c in zip((1, 2, 3, 0), "2C 9C 6C KC".split(),
                                                          strict=True))
    assert deal.tricks == (Trick(1, plays, 0),)
    assert deal.current_trick == Trick(0, (), None)
    assert str(deal.tricks[0]) == "seat 1 led: 2♣ 9♣ 6♣ K♣ (won by seat 0)"


def test_undo_takes_back_moves_one_by_one() -> None:
    deal = Deal(Rules.svarta_maja(), MIXED, deal_number=0)
    states = [deal.to_json()]
    random_moves_recorded(deal, states, 30)
    while states:
        assert deal.to_json() == states.pop()
        if states:
            deal.undo()
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        deal.undo()


def random_moves_recorded(deal: Deal, states: list[str], count: int) -> None:
    rng = random.Random(4)
    for _ in range(count):
        random_moves(deal, 1, rng)
        states.append(deal.to_json())


def test_clone_is_independent_and_shares_the_history() -> None:
    deal = Deal.random(Rules.svarta_maja(), seed=3)
    random_moves(deal, 10, random.Random(1))
    copy = deal.clone()
    assert type(copy) is Deal and copy.to_json() == deal.to_json()
    random_moves(copy, 5, random.Random(2))
    assert copy.move_count == deal.move_count + 5
    for _ in range(5):
        copy.undo()
    assert copy.to_json() == deal.to_json()
    copy.undo()  # undoing past the point of cloning works: the history is shared
    assert copy.move_count == deal.move_count - 1


def test_deal_is_mutable_and_not_hashable() -> None:
    with pytest.raises(TypeError):
        hash(Deal.random(Rules.svarta_maja(), seed=1))


def test_observation_shows_own_cards_and_public_play_only() -> None:
    deal = Deal(Rules.svarta_maja(), MIXED, dealer=3, deal_number=0)
    deal.pass_cards(0, "2C 3C 4C")
    seen = deal.observation(1)
    assert isinstance(seen, HeartsObservation)
    assert seen.hand == deal.hand(1) and seen.passed == CardSet() and seen.received is None
    assert deal.observation(0).passed == CardSet.parse("2C 3C 4C")
    for seat, cards in {1: "2D 3D 4D", 2: "6C 7C 8C", 3: "JC QC KC"}.items():
        deal.pass_cards(seat, cards)
    play(deal, "2C 9C 6C KC 5C")
    seen = deal.observation(2)
    assert seen.received == CardSet.parse("2D 3D 4D") and seen.passed == CardSet.parse("6C 7C 8C")
    assert seen.tricks == deal.tricks and seen.current_trick == deal.current_trick
    assert seen.pass_direction == "left" and seen.points_taken == deal.points_taken
    mentioned = seen.hand | seen.passed | seen.received
    for trick in (*seen.tricks, seen.current_trick):
        assert trick is not None
        mentioned |= CardSet(trick.cards)
    hidden = CardSet()
    for other in (0, 1, 3):
        hidden |= deal.hand(other)
    # Only the cards seat 2 passed itself are known to be in another hand.
    assert mentioned & hidden == CardSet.parse("7C 8C")  # 6♣ has been played since
    with pytest.raises(IllegalMoveError, match="no seat 5"):
        deal.observation(5)


def test_voids_are_shown_by_play() -> None:
    deal = Deal(Rules.svarta_maja(), MIXED, deal_number=3)
    play(deal, "2C 2D 6C AC")
    assert deal.observation(0).voids == (frozenset(), frozenset({Suit.CLUBS}), frozenset(),
                                         frozenset())


def test_playouts_finish_the_deal_in_c_without_changing_it() -> None:
    deal = Deal.random(Rules.svarta_maja(), seed=5)
    random_moves(deal, 20, random.Random(5))
    before = deal.to_json()
    points = deal.playouts(200, seed=1)
    assert points.shape == (200, 4) and points.dtype == np.int32
    assert np.array_equal(points, deal.playouts(200, seed=1))
    assert set(points.sum(axis=1).tolist()) <= {26, 78}  # 78: a moon, others +26
    greedy = deal.playouts(3, policy="greedy", seed=1)
    assert (greedy == greedy[0]).all()  # deterministic
    assert deal.to_json() == before
    with pytest.raises(RulesError, match="unknown policy"):
        deal.playouts(1, policy="smart")


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_playouts_cut_short_keep_their_first_results(policy: str) -> None:
    deal = Deal.random(Rules.spardame(), seed=6)
    random_moves(deal, 9, random.Random(6))
    long = deal.playouts(37, policy=policy, seed=2)
    for count in (0, 1, 4, 7):
        assert np.array_equal(deal.playouts(count, policy=policy, seed=2), long[:count])


@given(seed=st.integers(0, 2**32), moves=st.integers(0, 60),
       preset=st.sampled_from(["svarta_maja", "spardame"]), players=st.integers(3, 6))
def test_json_round_trip_of_random_states(seed: int, moves: int, preset: str,
                                          players: int) -> None:
    rules = getattr(Rules, preset)(players=players)
    rng = random.Random(seed)
    deal = Deal.random(rules, seed=seed, dealer=rng.randrange(players),
                       deal_number=rng.randrange(5))
    random_moves(deal, moves, rng)
    text = deal.to_json()
    again = Deal.from_json(text)
    assert again.to_json() == text
    assert again.legal_moves() == deal.legal_moves() and again.history == deal.history
    assert again.observation(0) == deal.observation(0)
    if not deal.is_over:  # the replayed deal plays on identically
        random_moves(deal, 1, random.Random(seed))
        random_moves(again, 1, random.Random(seed))
        assert again.to_json() == deal.to_json()


def test_json_is_human_readable() -> None:
    deal = Deal(Rules.svarta_maja(), MIXED, deal_number=3)
    play(deal, "2C 2D")
    document = json.loads(deal.to_json(indent=1))
    assert document["type"] == "hearts.Deal" and document["format"] == "trickcore"
    assert document["hands"][0] == "2C 3C 4C 5C QD KD AD 2H 3H 4H 2S 3S 4S"
    assert document["moves"] == [{"seat": 0, "play": "2C"}, {"seat": 1, "play": "2D"}]
    assert document["rules"]["game"] == "svarta-maja" and document["state"]["to_act"] == 2


def tampered(change: object) -> str:
    deal = Deal(Rules.svarta_maja(), MIXED, deal_number=3)
    play(deal, "2C 2D 6C AC KC")
    document = json.loads(deal.to_json())
    change(document)  # type: ignore[operator]
    return json.dumps(document)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["moves"].__setitem__(2, {"seat": 2, "play": "7D"}), r"moves\[2\].*must follow ♣"),
    (lambda d: d["moves"].__setitem__(0, {"seat": 0, "play": "3C"}), "must be led with 2♣"),
    (lambda d: d["moves"].append({"seat": 0, "play": "AS"}), "not your turn"),
    (lambda d: d["moves"].append({"seat": 0}), "needs exactly one of"),
    (lambda d: d["moves"].append({"seat": 0, "play": "ZZ"}), "not a card"),
    (lambda d: d["hands"].__setitem__(0, d["hands"][1]), "impossible deal"),
    (lambda d: d["hands"].__setitem__(0, "2C 3C"), "impossible deal"),
    (lambda d: d["state"]["hands"].__setitem__(0, "AS"), r"state\.hands is recorded as"),
    (lambda d: d["state"].__setitem__("to_act", 2), "the document was altered"),
    (lambda d: d["state"].__setitem__("color", 1), "unknown field"),
    (lambda d: d["rules"].__setitem__("players", 7), "players must be 3..6"),
    (lambda d: d["rules"].__setitem__("pass_count", "3"), "expected int"),
    (lambda d: d["rules"].__setitem__("flavour", 1), "unknown rule parameter"),
    (lambda d: d["rules"].__setitem__("removed", 5), "rules.removed"),
    (lambda d: d.__setitem__("type", "spades.Deal"), "expected a hearts.Deal document"),
    (lambda d: d.__setitem__("version", 99), "unsupported document version"),
    (lambda d: d.__setitem__("dealer", "north"), "expected int"),
    (lambda d: d.__setitem__("moves", "2C"), "expected a list of moves"),
])
def test_malformed_or_tampered_documents_are_refused(change: object, message: str) -> None:
    with pytest.raises(SerializationError, match=message):
        Deal.from_json(tampered(change))


def test_not_json_is_refused() -> None:
    for text in ("{", "[1, 2]", '{"format": "other"}', ""):
        with pytest.raises(SerializationError):
            Deal.from_json(text)
    assert issubclass(SerializationError, ParseError)


def test_json_round_trip_keeps_every_rule_parameter() -> None:
    rules = Rules.svarta_maja(
        players=4, removed="2S 3S 4S 5S", pass_count=2, pass_rotation=("right", "left"),
        queen_pass_restricted=True, first_lead="any-club", queen_breaks_hearts=True,
        hearts_lead_with_only_queen=True, heart_points=2, ace_of_hearts_points=5,
        jack_of_diamonds_points=-10, card_points={"KS": 3}, moon="subtract-from-shooter",
        moon_needs_all_penalty_cards=False, moon_points=30, no_tricks_bonus=-2,
        void_if_one_takes_all=True, teams=True, limit=None, deals=4)
    deal = Deal.random(rules, seed=3, deal_number=1)
    random_moves(deal, 12, random.Random(3))
    again = Deal.from_json(deal.to_json())
    assert again.rules == rules and again.to_json() == deal.to_json()


def test_deals_pickle_through_their_json() -> None:
    deal = Deal.random(Rules.spardame(), seed=2)
    random_moves(deal, 9, random.Random(2))
    copy = pickle.loads(pickle.dumps(deal))
    assert type(copy) is Deal and copy.to_json() == deal.to_json()


@pytest.mark.parametrize("seat", [-1, 4, "0", None, True, 1.0])
def test_bad_seats_are_refused(seat: object) -> None:
    deal = Deal(Rules.svarta_maja(), MIXED, deal_number=3)
    with pytest.raises(IllegalMoveError, match="no seat"):
        deal.hand(seat)  # type: ignore[arg-type]
