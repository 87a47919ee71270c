"""Named endings for the solver, each built card by card and reached by the moves given, with
the values worked out by hand in the test's docstring. Every test runs on both engines: the
brute-force twin (tests/reference/solver.py; this is how the twin itself is checked by hand) and
``Deal.solve`` under the combinations of its pruning switches (SWITCHES).

Conventions: "values for seat s" are the final values of the whole deal for s's side after each
legal card of the seat to act, everybody playing best afterwards (s's side for it, every other
seat against it). Hearts points and Dam avoid points are better low; Spades values better high.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from positions import SWITCHES, play, scripted_dam_deal, small_hearts_deal

from reference.solver import best_cards, best_of, reference_values
from trickcore import Card, CardMultiset, Suit, dam, spades

# Hearts rules with no first-lead, first-trick or hearts-broken restriction: the endings below
# are about scoring, not about those rules.
FREE_PLAY = {"first_lead": "left-of-dealer", "first_trick_protected": False,
             "hearts_must_be_broken": False}


@dataclass(frozen=True)
class Answer:
    """What an engine says about a position: the values, the value and the best cards."""

    values: dict[Card, int]
    value: int
    best: frozenset[Card]


def reference_answer(deal: Any, objective: str | None = None, seat: int | None = None) -> Answer:
    values = reference_values(deal, objective, seat)
    value = best_of(deal, values, objective, seat)
    return Answer(values, value, best_cards(values, value))


def solver_answer(deal: Any, objective: str | None = None, seat: int | None = None) -> Answer:
    """The solver's answer, the same under every switch combination, the deal unchanged."""
    before = deal.to_json()
    answers = set()
    for switches in SWITCHES:
        solution = deal.solve(objective, seat=seat, **switches)
        answers.add((tuple(sorted(solution.values.items())), solution.value,
                     frozenset(solution.best)))
    assert deal.to_json() == before
    assert len(answers) == 1, f"the switches disagree: {answers}"
    values, value, best = answers.pop()
    return Answer(dict(values), value, best)


Engine = Callable[..., Answer]


@pytest.fixture(params=["reference", "solver"])
def solve(request: pytest.FixtureRequest) -> Engine:
    """Each test runs on the brute-force twin and on the C solver."""
    return {"reference": reference_answer, "solver": solver_answer}[request.param]


def cards(values: dict[str, int]) -> dict[Card, int]:
    return {Card(name): value for name, value in values.items()}


def card_set(*names: str) -> frozenset[Card]:
    return frozenset(Card(name) for name in names)


# -- the twin checked by hand on tiny endings -----------------------------------------------

# Svarta Maja (hearts 1, Q♠ 13), four players with two cards each, no moon; the dealer is seat 3,
# so seat 0 leads.
TINY = ["2H AC", "3H KC", "4H QC", "QS 2C"]


def tiny_deal() -> Any:
    return small_hearts_deal(TINY, dealer=3, moon="off", **FREE_PLAY)


def test_last_trick_is_forced(solve: Engine) -> None:
    """After A♣ K♣ Q♣ 2♣ (seat 0 wins, 0 points) and 2♥ 3♥ 4♥, seat 3 holds only Q♠: it must
    play it and 4♥ (seat 2) takes the trick: 3 hearts + Q♠ = 16 for seat 2, 0 for the others."""
    deal = play(tiny_deal(), "AC KC QC 2C 2H 3H 4H")
    assert deal.to_act == 3
    for seat, points in ((0, 0), (1, 0), (2, 16), (3, 0)):
        answer = solve(deal, seat=seat)
        assert answer.values == cards({"QS": points})
        assert answer.value == points and answer.best == card_set("QS")


def test_two_cards_each_by_hand(solve: Engine) -> None:
    """Seat 0 leads from 2♥ A♣; every other seat plays against the seat valued.

    - 2♥: 3♥ and 4♥ follow, seat 3 (void) discards; 4♥ wins. If seat 3 discards 2♣ it keeps Q♠
      for the next trick, which seat 2 leads with Q♣ and seat 0's A♣ wins: seat 0 takes Q♠, 13.
      Against seat 2, seat 3 discards Q♠ instead: seat 2 takes 3 + 13 = 16.
    - A♣: K♣ Q♣ 2♣ follow, seat 0 wins 0 points and leads 2♥; 3♥ 4♥ Q♠ follow, 4♥ wins: seat 2
      takes 16, seat 0 nothing.

    Seat 0: {2♥: 13, A♣: 0}, best A♣. Seat 2: 16 either way (seat 0 cannot keep it from Q♠).
    Seats 1 and 3 never take a point."""
    deal = tiny_deal()
    answer = solve(deal)
    assert answer.values == cards({"2H": 13, "AC": 0})
    assert answer.value == 0 and answer.best == card_set("AC")
    assert solve(deal, seat=2).values == cards({"2H": 16, "AC": 16})
    assert solve(deal, seat=2).value == 16
    for seat in (1, 3):
        assert solve(deal, "points", seat=seat).values == cards({"2H": 0, "AC": 0})


# -- Hearts: the moon -----------------------------------------------------------------------

# Svarta Maja, four players, three cards each: the moon cards are the six hearts and Q♠ (19).
MOON = ["AH QH 6C", "2H KH 5H", "3H 2D 3D", "QS 4D 5D"]


def moon_deal(moon: str) -> Any:
    """Seat 0 has taken A♥ 2♥ 3♥ Q♠ (seat 3 discarded Q♠) and leads Q♥: seat 1 is to play,
    holding K♥ 5♥; seats 2 and 3 hold diamonds only, seat 0 keeps 6♣."""
    deal = small_hearts_deal(MOON, dealer=3, moon=moon, **FREE_PLAY)
    return play(deal, "AH 2H 3H QS QH")


def test_moon_stopped_by_one_card(solve: Engine) -> None:
    """Moon "add-to-others" (each other player adds 19). Seat 1 holds K♥ 5♥ on seat 0's Q♥.

    - K♥ wins the trick (Q♥ K♥: 2) and then 5♥ wins the last (seat 0 discards 6♣): seat 1 takes
      3 points and stops the moon; seat 0 keeps its 16.
    - 5♥ lets Q♥ win; seat 0 leads 6♣, seat 1 must drop K♥ under it: seat 0 has every heart and
      Q♠, the moon: seat 1 (and seats 2, 3) score 19, seat 0 scores 0.

    So K♥ is the only good card for seat 1: {K♥: 3, 5♥: 19}. Seat 0, valued, faces seat 1
    playing against it: {K♥: 16, 5♥: 0}, value 16. Seat 2: {K♥: 0, 5♥: 19}, seat 1 (an opponent
    of seat 2) plays 5♥: value 19."""
    deal = moon_deal("add-to-others")
    assert deal.to_act == 1 and deal.points_taken == (16, 0, 0, 0)
    answer = solve(deal)
    assert answer.values == cards({"KH": 3, "5H": 19})
    assert answer.value == 3 and answer.best == card_set("KH")
    seat0 = solve(deal, seat=0)
    assert seat0.values == cards({"KH": 16, "5H": 0}) and seat0.value == 16
    seat2 = solve(deal, seat=2)
    assert seat2.values == cards({"KH": 0, "5H": 19})
    assert seat2.value == 19 and seat2.best == card_set("5H")


@pytest.mark.parametrize(("moon", "seat1", "seat0"), [
    ("off", {"KH": 3, "5H": 0}, {"KH": 16, "5H": 19}),
    ("subtract-from-shooter", {"KH": 3, "5H": 0}, {"KH": 16, "5H": -19}),
], ids=["off", "subtract-from-shooter"])
def test_moon_forms_score_the_same_ending_their_own_way(solve: Engine, moon: str,
                                                        seat1: dict[str, int],
                                                        seat0: dict[str, int]) -> None:
    """The ending of test_moon_stopped_by_one_card with the moon off (seat 0 keeps all 19
    points) or subtracted from the shooter (seat 0 scores 0 - 19): nobody else pays for a moon,
    so seat 1 now prefers to duck with 5♥ and score 0."""
    deal = moon_deal(moon)
    answer = solve(deal)
    assert answer.values == cards(seat1)
    assert answer.best == card_set("5H")
    assert solve(deal, seat=0).values == cards(seat0)


@pytest.mark.parametrize(("moon", "seat1", "seat0"), [
    ("add-to-others", {"KH": 3, "5H": 38}, {"KH": 16, "5H": 19}),
    ("subtract-from-shooter", {"KH": 3, "5H": 0}, {"KH": 16, "5H": -19}),
], ids=["add-to-others", "subtract-from-shooter"])
def test_moon_of_a_team_ends_the_bounds_range(solve: Engine, moon: str, seat1: dict[str, int],
                                             seat0: dict[str, int]) -> None:
    """The ending of test_moon_stopped_by_one_card with teams (seats 0 and 2 against 1 and 3):
    only seat 0 has taken moon cards, so the bounds still count a moon by seat 0 alone.

    - K♥: seat 1 takes 3 points, seat 0 keeps 16.
    - 5♥: seat 0 shoots: add-to-others gives 19 to each of seats 1, 2 and 3 (seats 1 and 3:
      38, seats 0 and 2: 0 + 19); subtract-from-shooter gives seat 0 -19 and the others 0.

    Seats 0 and 2 get 19 after 5♥ (add-to-others), the top of what their bounds allow: their
    16 plus the 3 live hearts, and the moon's 19 to seat 2."""
    deal = small_hearts_deal(MOON, dealer=3, moon=moon, teams=True, **FREE_PLAY)
    play(deal, "AH 2H 3H QS QH")
    for seat in (1, 3):
        assert solve(deal, seat=seat).values == cards(seat1)
    for seat in (0, 2):
        assert solve(deal, seat=seat).values == cards(seat0)


# -- Spardame: the void deal ----------------------------------------------------------------

# Spardame (Q♠ 100), four players, three cards each, no passing; seat 0 leads.
VOID = ["AS AD 2D", "QS 3D 5C", "2S 6C 7C", "3S 8C 9C"]


@pytest.mark.parametrize(("void", "values"), [
    (True, {"AD": 0, "2D": 100}),
    (False, {"AD": 100, "2D": 100}),
], ids=["void", "no-void-rule"])
def test_spardame_void_deal(solve: Engine, void: bool, values: dict[str, int]) -> None:
    """Seat 0 has taken the first trick (A♠ over Q♠ 2♠ 3♠: 100 points) and leads again from
    A♦ 2♦; seat 1 holds 3♦ 5♣, seats 2 and 3 clubs only.

    - A♦ wins (3♦ and two clubs), then 2♦ wins too (nobody has a diamond left): seat 0 takes
      every trick, the deal is void and everybody scores 0.
    - 2♦ loses to 3♦: seat 0 keeps its 100.

    With the void rule seat 0 takes every trick on purpose: {A♦: 0, 2♦: 100}; without it, 100
    either way."""
    deal = small_hearts_deal(VOID, dealer=3, preset="spardame", void_if_one_takes_all=void)
    play(deal, "AS QS 2S 3S")
    assert deal.to_act == 0 and deal.points_taken == (100, 0, 0, 0)
    answer = solve(deal)
    assert answer.values == cards(values)
    assert answer.best == (card_set("AD") if void else card_set("AD", "2D"))
    line = play(deal.clone(), "AD 3D 6C 8C 2D 5C 7C 9C")
    assert line.is_void is void and line.points() == ((0, 0, 0, 0) if void else (100, 0, 0, 0))


# -- Hearts: the side ducking every trick left -----------------------------------------------

# Svarta Maja without the moon, four players, three cards each; seat 0 (the side) holds 4♣ 9♣,
# seat 1 the only other clubs, seats 2 and 3 Q♠ and hearts to discard.
def ducking_deal(hands: list[str], script: str) -> Any:
    return play(small_hearts_deal(hands, dealer=3, moon="off", **FREE_PLAY), script)


@pytest.mark.parametrize(("clubs", "points"), [("5C TC", 0), ("5C 8C", 2)], ids=["T", "8"])
def test_side_ducks_every_trick_by_rank_order(solve: Engine, clubs: str, points: int) -> None:
    """Seat 1 has won A♦ over 2♦ 3♦ 4♦ and leads from its two clubs; seat 0 follows from 4♣ 9♣.

    - 5♣ T♣: seat 0's lowest club lies under seat 1's lowest, its second under the second, so
      it ducks both tricks (the bound's case, "side can take no trick more"): 0 either way.
    - 5♣ 8♣: 9♣ lies over 8♣, so one club trick falls to seat 0. It plays last to each trick:
      it ducks the first with 4♣ if Q♠ was discarded on it, else takes it with 9♣, so it gets
      the two hearts of one trick: 2 either way."""
    deal = ducking_deal(["2D 4C 9C", "AD " + clubs, "3D QS 2H", "4D 3H 4H"], "2D AD 3D 4D")
    assert deal.to_act == 1
    answer = solve(deal, seat=0)
    assert answer.values == cards(dict.fromkeys(clubs.split(), points))


@pytest.mark.parametrize(("hands", "values"), [
    (["AD 4C 2S", "2D 5C TC", "3D 3S 2H", "4D QS 3H"], {"4C": 0, "2S": 0}),
    (["AD 4C 9C", "2D 5C TC", "3D QS 2H", "4D 3H 4H"], {"4C": 14, "9C": 14}),
    (["AD 4C 9C", "2D TC JC", "3D 5C QS", "4D 2H 3H"], {"4C": 0, "9C": 0}),
], ids=["2S", "9C", "TJ"])
def test_side_leads_a_card_that_must_be_beaten(solve: Engine, hands: list[str],
                                               values: dict[str, int]) -> None:
    """Seat 0 has won A♦ (no points) and leads; seat 1 holds the clubs that must beat its own.

    - 4♣ 2♠ against 5♣ T♣: 4♣ must be beaten by seat 1, and seat 0's 2♠ then lies under 3♠
      (seat 2) and Q♠ (seat 3), and only seat 1, void in spades, can lead clubs: 0 either way.
    - 4♣ 9♣ against 5♣ T♣: after 4♣ seat 1 wins with T♣ and leads 5♣ under 9♣; after 9♣ seat
      1 plays 5♣. Either way seat 0 takes a club trick with Q♠ and a heart in it: 14. (The
      bound must not take 5♣ as the card that beat 4♣.)
    - 4♣ 9♣ against T♣ J♣ (seat 2: 5♣): seat 1 wins either lead and leads a club over seat 0's
      last one: 0 either way. The bound sees it by 9♣, its top card under seat 1's clubs: 4♣ is
      then left under 5♣."""
    deal = ducking_deal(hands, "AD 2D 3D 4D")
    assert deal.to_act == 0
    assert solve(deal).values == cards(values)


# -- Spades: a nil covered by the partner ---------------------------------------------------

# Dealer 1, so seat 2 bids and leads first. Seat 2 holds the top clubs, diamonds and hearts and
# wins the first nine tricks; the tenth (J♣ led) is ruffed by seat 3 with 2♠, which breaks
# spades. Seat 0 bids nil and has taken nothing.
NIL = [
    "2C 3C 4C 2D 3D 4D 2H 3H 4H JD KS 3S 4S",
    "5C 6C 7C 5D 6D 7D 5H 6H 7H JH 8S 9S TS",
    "AC KC QC JC AD KD QD AH KH QH AS QS JS",
    "8C 9C TC 8D 9D TD 8H 9H TH 2S 5S 6S 7S",
]
NIL_PLAY = ("AC 8C 2C 5C KC 9C 3C 6C QC TC 4C 7C AD 8D 2D 5D KD 9D 3D 6D QD TD 4D 7D "
            "AH 8H 2H 5H KH 9H 3H 6H QH TH 4H 7H JC 2S JD JH")


def nil_deal() -> spades.Deal:
    """Bids (from seat 2): 9, 1, nil, 2. After ten tricks seat 3 leads 5♠, seat 0 (the nil)
    has to play K♠ (it holds K♠ 3♠ 4♠ and plays the king), seat 1 plays 8♠; seat 2 is to play
    with A♠ Q♠ J♠."""
    deal = spades.Deal(spades.Rules.standard(), NIL, dealer=1)
    for bid in (9, 1, "nil", 2):
        deal.bid(bid)
    return play(deal, NIL_PLAY + " 5S KS 8S")


def test_nil_covered_by_partner(solve: Engine) -> None:
    """Objective "score" for side 0 (seats 0 and 2: nil + 9 bid), seat 2 to play on K♠.

    - A♠ covers the king; seat 2 then wins Q♠ and J♠ too (seat 0's 3♠ 4♠ always lose): seat 2
      has 12 tricks, 9 + 3 overtricks = 93, the nil is made: +100: 193.
    - Q♠ or J♠ lets K♠ win: the nil fails (-100); seat 2 still wins the last two tricks: 11
      tricks, 92 (the nil's trick counts as a bag, not a point): -8.

    {A♠: 193, Q♠: -8, J♠: -8}, the same for seat 0, the nil bidder (the same side). Side 1
    (bid 1 + 2, one trick) is set whatever happens: -30. Counted in tricks the nil does not
    matter: side 0 takes 12 of the 13 tricks either way."""
    deal = nil_deal()
    assert deal.to_act == 2 and deal.tricks_won == (0, 0, 9, 1)
    for seat in (2, 0):
        answer = solve(deal, "score", seat=seat)
        assert answer.values == cards({"AS": 193, "QS": -8, "JS": -8})
        assert answer.value == 193 and answer.best == card_set("AS")
    assert solve(deal, "score", seat=1).values == cards({"AS": -30, "QS": -30, "JS": -30})
    tricks = solve(deal, "tricks")
    assert tricks.values == cards({"AS": 12, "QS": 12, "JS": 12})
    assert tricks.best == card_set("AS", "QS", "JS")
    assert solve(deal).values == tricks.values  # "tricks" is the default objective


# -- Spades: sure tricks that only the partner holds -----------------------------------------

# Dealer 3, so seat 0 leads, and wins eight of the first nine tricks with seat 2 (every spade
# goes); then seat 0 leads with no top card, and seat 2 holds A♥ K♥.
PARTNER_QUICK = [
    "2H 3H QC 2D 2C 8S JH JS JC 9C QD 5S QS",
    "4H 5H AC 3D 4C JD 6D KC 8C TH 8D 2S 7S",
    "AH KH 4D 5D 5C 6S 7D AS 4S 9S KS 7C QH",
    "6H 7H KD AD 9H 6C 3S TS 3C 8H TC 9D TD",
]
PARTNER_QUICK_PLAY = ("2C 8C 7C TC 8H JH TH QH 5C 6C 9C 4C QD 8D 7D 9D JC KC KS 3C AS TS 8S 7S "
                      "4S 3S QS 2S 5S JD 6S 9H 9S TD JS 6D")


def test_partner_quick_tricks(solve: Engine) -> None:
    """Seat 0 leads from Q♣ 2♦ 2♥ 3♥ with 8 tricks in for its side (4 + 4); seat 1 holds A♣
    3♦ 4♥ 5♥, seat 2 4♦ 5♦ K♥ A♥, seat 3 K♦ A♦ 6♥ 7♥. No spade is left. The side's only sure
    tricks are seat 2's A♥ K♥, reached by a heart lead (the partner part of the Spades bound).

    - 2♥ or 3♥: seat 2 wins A♥ and K♥, then seat 3 wins both diamonds: 10.
    - 2♦: seat 3 wins A♦ and K♦ and must lead a heart into A♥ K♥: 10.
    - Q♣: A♣ wins; seat 1 leads 3♦, seat 3 wins A♦ and K♦, seat 2 only the last trick: 9."""
    deal = spades.Deal(spades.Rules.standard(), PARTNER_QUICK, dealer=3)
    while deal.phase == "bid":
        deal.bid(deal.policy_bid())
    deal = play(deal, PARTNER_QUICK_PLAY)
    assert deal.to_act == 0 and deal.tricks_won == (4, 0, 4, 1)
    answer = solve(deal, "tricks")
    assert answer.values == cards({"2H": 10, "3H": 10, "2D": 10, "QC": 9})
    assert answer.value == 10 and answer.best == card_set("2H", "3H", "2D")


# -- Spades: the second trump guarded right behind the top one ---------------------------

# Dealer 1; after eleven tricks seat 0 holds 2♦ 3♦, seat 1 A♠ 4♠, seat 2 K♠ 3♠, seat 3 5♠ 2♥
# (spades broken), the A♠ sitting right before the K♠. Two scripts: seat 3 or seat 2 to lead.
GUARDED = [
    "5H 6H KH TC AC 2C 5D 9D AD QS 7S 2D 3D",
    "9H 7H AH KC 7C 5C 6D 7D KD 8S 6S AS 4S",
    "TH JH 3H 8C 9C QC 8D QD TD 9S 2S KS 3S",
    "8H 4H QH 6C 3C JC 4C 4D JD TS JS 5S 2H",
]
GUARDED_SEAT_3_LEADS = ("QC 6C TC 5C 8C 3C AC KC KH 9H 3H 8H 6H 7H TH 4H QD 4D 5D 6D JH QH 5H "
                        "AH KD TD JD 9D 7D 8D TS AD JC 2C 7C 9C 4C QS 6S 9S 7S 8S 2S JS")
GUARDED_SEAT_2_LEADS = ("TD JD AD KD 2C 5C 9C 6C 8C JC AC KC KH AH 3H 8H 7H JH 4H 5H QC 4C TC "
                        "7C TH QH 6H 9H 3C QS 7D 8D 7S 6S 9S TS JS 9D 8S 2S 4D 5D 6D QD")


def guarded_deal(script: str) -> spades.Deal:
    deal = spades.Deal(spades.Rules.standard(), GUARDED, dealer=1)
    while deal.phase == "bid":
        deal.bid(deal.policy_bid())
    return play(deal, script)


def test_guarded_second_trump_behind_the_top_one(solve: Engine) -> None:
    """Seat 3 leads; side 0 (seats 0 and 2) has 6 tricks. K♠ 3♠ sit right after the A♠, so
    seat 2 makes the K♠ (the Spades bound's guarded second trump) and nothing else:

    - 2♥: seat 1 ruffs with A♠ and seat 2 plays 3♠, then K♠ wins the 4♠ lead; or seat 1 ruffs
      low and K♠ overruffs: 7 either way.
    - 5♠: seat 1 plays A♠ (seat 2 keeps K♠ for 4♠) or 4♠ (K♠ wins at once): 7.

    Side 1 makes the A♠ trick: 5 + 1 = 6."""
    deal = guarded_deal(GUARDED_SEAT_3_LEADS)
    assert deal.to_act == 3 and deal.tricks_won == (3, 2, 3, 3)
    assert solve(deal, "tricks", seat=0).values == cards({"2H": 7, "5S": 7})
    assert solve(deal, "tricks", seat=1).values == cards({"2H": 6, "5S": 6})


def test_guarded_second_trump_on_lead_with_trumps_alone(solve: Engine) -> None:
    """The same cards, seat 2 to lead from K♠ 3♠ alone, side 0 on 7 tricks: the guard fails.

    - K♠: A♠ takes it and seat 1's 4♠ beats the 3♠: 7.
    - 3♠: seat 3 must play 5♠ and seat 1 plays under it; seat 3 leads 2♥, seat 1 ruffs with
      A♠ and the bare K♠ falls under it: 7.

    So the guarded second trump is no sure trick for its holder on lead with nothing but its
    two trumps (the bound asks for a third there); side 1 makes both: 4 + 2 = 6."""
    deal = guarded_deal(GUARDED_SEAT_2_LEADS)
    assert deal.to_act == 2 and deal.tricks_won == (3, 1, 4, 3)
    assert solve(deal, "tricks", seat=0).values == cards({"KS": 7, "3S": 7})
    assert solve(deal, "tricks", seat=1).values == cards({"KS": 6, "3S": 6})


# Dealer 0; after eleven tricks seat 0 holds 2♦ 3♦, seat 1 4♠ 5♠, seat 2 K♠ Q♠, seat 3 A♠ 2♥,
# and seat 1 leads: the A♠ sits after the K♠ Q♠, not before.
UNDER_TOP = [
    "AH 5H 6H AC QC 9C AD 5D TD 7S JS 2D 3D",
    "KH TH 3H 4C 7C 6C 8D 6D 7D 8S 2S 4S 5S",
    "7H JH 9H 5C KC 8C QD KD 4D 9S TS KS QS",
    "8H QH 4H 3C TC JC 2C JD 9D 6S 3S AS 2H",
]
UNDER_TOP_PLAY = ("KH JH QH 6H 4C 5C 3C QC AC 7C KC 2C AH TH 9H 8H 5H 3H 7H 4H KD 9D 5D 7D QD "
                  "JD TD 8D 8C TC 9C 6C JC JS 6D 9S 7S 2S TS 6S 4D 3S AD 8S")


def test_trumps_under_the_top_one_take_all_but_one(solve: Engine) -> None:
    """Seat 1 leads, side 0 (seats 0 and 2) on 8 tricks. Seat 2's K♠ Q♠ beat every trump of
    side 1 but the A♠, which takes one of them (the Spades bound: all but one):

    - 4♠ or 5♠: seat 2 plays Q♠ (or K♠) and seat 3 must take it with A♠; seat 3 leads 2♥,
      seat 1 ruffs with its last spade and seat 2's other honour overruffs: 9.

    Side 1 makes the A♠: 3 + 1 = 4."""
    deal = spades.Deal(spades.Rules.standard(), UNDER_TOP, dealer=0)
    while deal.phase == "bid":
        deal.bid(deal.policy_bid())
    deal = play(deal, UNDER_TOP_PLAY)
    assert deal.to_act == 1 and deal.tricks_won == (4, 2, 4, 1)
    assert solve(deal, "tricks", seat=0).values == cards({"4S": 9, "5S": 9})
    assert solve(deal, "tricks", seat=1).values == cards({"4S": 4, "5S": 4})


def test_inside_a_trick_the_strongest_card_takes_it(solve: Engine) -> None:
    """Inside a trick the camp holding the strongest card played or still playable can take
    it whatever the other plays (the Spades bound inside a trick): that card's holder plays it.

    - The guarded ending after seat 3 leads 2♥: seat 1 can ruff with A♠, above seat 2's K♠,
      so side 0 makes at most one of the two tricks left: seat 1 ruffs with A♠ and K♠ takes
      the last, or ruffs with 4♠ and K♠ overruffs: 6 + 1 = 7.
    - The ending under the top trump after seat 1 leads 4♠: seat 3, last to play, holds A♠
      over seat 2's K♠ Q♠ and takes the trick; side 0 then makes the last one: 8 + 1 = 9."""
    ruffed = play(guarded_deal(GUARDED_SEAT_3_LEADS), "2H")
    assert ruffed.to_act == 0 and ruffed.tricks_won == (3, 2, 3, 3)
    assert solve(ruffed, "tricks", seat=0).values == cards({"2D": 7, "3D": 7})
    assert solve(ruffed, "tricks", seat=1).values == cards({"2D": 6, "3D": 6})
    deal = spades.Deal(spades.Rules.standard(), UNDER_TOP, dealer=0)
    while deal.phase == "bid":
        deal.bid(deal.policy_bid())
    topped = play(deal, UNDER_TOP_PLAY + " 4S")
    assert topped.to_act == 2 and topped.tricks_won == (4, 2, 4, 1)
    assert solve(topped, "tricks", seat=2).values == cards({"KS": 9, "QS": 9})
    assert solve(topped, "tricks", seat=1).values == cards({"KS": 4, "QS": 4})


# -- Dam: identical cards and the turned trump ----------------------------------------------


@pytest.mark.parametrize(("duplicates", "seat1", "seat0"), [
    ("first", {"KD": 0, "3D": 0, "5D": 0}, {"KD": 684, "3D": 684, "5D": 684}),
    ("last", {"KD": 78, "3D": 0, "5D": 0}, {"KD": 606, "3D": 684, "5D": 684}),
], ids=["first", "last"])
def test_duplicate_cards_first_and_last(solve: Engine, duplicates: str, seat1: dict[str, int],
                                        seat0: dict[str, int]) -> None:
    """Dam avoid, two packs, four hands of 13. Seat 0 won all 23 filler tricks (606 points) and
    leads ♦K; the endgame hands are seat 0 ♦K ♣2 ♣2, seat 1 ♦K ♦3 ♦5, seat 2 ♦4 ♠7 ♠7, seat 3
    ♦6 ♥8 ♥8. Seat 1 is to play.

    - ♦3 or ♦5: seat 0's ♦K wins, then its ♣2 twice (nobody else has a club): seat 1 takes 0.
    - ♦K, the identical card: under "first" seat 0's king (played first) still wins: 0 again.
      Under "last" seat 1's king wins (♦K ♦K ♦4 ♦6: 36), and seat 1 wins the last two tricks
      with its two diamonds (nobody else holds one): 3 + 5 + 2·(2 + 7 + 8) = 42: 78.

    Seat 0's values are the rest of the deck's 684 points."""
    rules = dam.Rules.avoid(players=4, hand_size=13, packs=2, duplicates=duplicates)
    deal = scripted_dam_deal(rules, ["KD 2C 2C", "KD 3D 5D", "4D 7S 7S", "6D 8H 8H"])
    assert deal.points_taken == (606, 0, 0, 0)
    play(deal, "KD")
    answer = solve(deal)
    assert answer.values == cards(seat1)
    assert answer.value == 0
    assert solve(deal, seat=0).values == cards(seat0)


@pytest.mark.parametrize(("duplicates", "values"), [
    ("first", {"9D": 0, "JH": 0, "AH": 0}),
    ("last", {"9D": 71, "JH": 0, "AH": 0}),
], ids=["first", "last"])
def test_dam_side_ducks_every_trick_unless_a_copy_wins(solve: Engine, duplicates: str,
                                                      values: dict[str, int]) -> None:
    """Dam avoid, two packs, four hands of 13. Seat 0 won the 40 filler tricks (613 points)
    and leads from ♦9 ♥J ♥A; seat 1 (the side) holds ♦9 ♣8 ♣8, the only diamond and clubs
    besides seat 0's ♦9; seat 2 ♠2 ♠2 ♥3, seat 3 ♥5 ♥6 ♥7.

    - "first": seat 1 follows ♦9 with its own copy, which the first-played copy beats, and
      otherwise discards: it never wins a trick (the bound's case, "the side ducks every trick
      left"): 0 whatever seat 0 leads.
    - "last": on the ♦9 lead seat 1's copy wins, and seat 1 then leads its clubs, which nobody
      can follow, so it takes all twelve cards: 9 + 9 + 11 + 1 + 8 + 8 + 2 + 2 + 3 + 5 + 6 + 7
      = 71. On a heart lead it discards ♦9 and never wins: 0."""
    rules = dam.Rules.avoid(players=4, hand_size=13, packs=2, duplicates=duplicates)
    deal = scripted_dam_deal(rules, ["9D JH AH", "9D 8C 8C", "2S 2S 3H", "5H 6H 7H"])
    assert deal.points_taken == (613, 0, 0, 0)
    assert solve(deal, seat=1).values == cards(values)


@pytest.mark.parametrize(("turn_trump", "seat1", "seat0"), [
    (False, {"3D": 0, "AS": 18, "9S": 10}, {"3D": 684, "AS": 666, "9S": 674}),
    (True, {"3D": 16, "AS": 32, "9S": 32}, {"3D": 668, "AS": 652, "9S": 652}),
], ids=["no-trump", "spades-turned"])
def test_trump_turn_up_changes_the_values(solve: Engine, turn_trump: bool,
                                          seat1: dict[str, int], seat0: dict[str, int]) -> None:
    """Dam avoid, two packs, two hands of 10, the same cards drawn in the same order; with
    turn_trump the last card drawn, ♠7, is the turned one and spades are trump. Seat 0 won the
    49 filler tricks (652 points) and leads ♣Q from ♣Q ♣4 ♦2; seat 1 holds ♠A ♦3 ♠9 (void in
    clubs). Seat 0 plays against seat 1 (two seats: the game is zero-sum, 684 in all).

    No trump: seat 1, void in clubs, wins a trick only with ♦3 on ♦2, and then the last with
    the card it leads:
    - ♦3: seat 1 has no diamond left and wins nothing: 0.
    - ♠A: seat 1 keeps ♦3 ♠9; seat 0 leads ♦2 (♦3 wins 5) and then ♠9 wins over ♣4 (13): 18.
    - ♠9: seat 1 keeps ♦3 ♠A; seat 0 leads ♦2, ♦3 wins 5 and ♠A over ♣4 wins 5: 10 (on a ♣4
      lead seat 1 would discard ♦3 and take nothing).
    Spades trump:
    - ♠A or ♠9 ruffs ♣Q and seat 1 wins all three tricks (its other spade is a trump, its ♦3 is
      the only diamond after ♦2 falls): the 32 points left.
    - ♦3: ♣Q wins (16 to seat 0), then seat 1's two spades ruff both tricks: 4 + 2 + 9 + 1 = 16.
    """
    rules = dam.Rules.avoid(players=2, hand_size=10, packs=2, turn_trump=turn_trump)
    deal = scripted_dam_deal(rules, ["QC 4C 2D", "AS 3D 9S"])
    assert deal.trump == (Suit.SPADES if turn_trump else None)
    assert deal.trump_card == (Card("7S") if turn_trump else None)
    assert deal.points_taken == (652, 0)
    assert deal.hand(1) == CardMultiset("AS 3D 9S")
    play(deal, "QC")
    answer = solve(deal)
    assert answer.values == cards(seat1)
    assert answer.best == card_set("3D")
    assert solve(deal, seat=0).values == cards(seat0)


def dam_ending(rules: dam.Rules, seed: int, per_hand: int) -> dam.Deal:
    """A random Dam deal played forward (random legal cards) until no hand holds more than
    ``per_hand`` cards: the pile is then empty."""
    deal = dam.Deal.random(rules, seed=seed)
    rng = random.Random(seed)
    while max(len(deal.hand(p)) for p in range(deal.players)) > per_hand:
        deal.play(rng.choice(sorted(deal.legal_moves())))
    assert deal.pile_size == 0 and deal.phase == "play"
    return deal


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dam_cards_differing_in_points_alone_bound_each_other(seed: int) -> None:
    """Dam avoid, three hands of 7 after the pile ran out. Two cards of one suit in the mover's
    hand with no other live card between them win and lose the same tricks, so their values
    differ by at most the difference of their points (the value gap): where one card's search
    leaves the other's bound on the wrong side of the window, the other is not searched. By
    the same argument a table entry holds, widened by the live cards' gaps paired by rank, for
    every position of its shape. The values are those searched without either, in fewer than
    two thirds of the positions (seed 1: 6,110 against 11,139)."""
    deal = dam_ending(dam.Rules.avoid(players=3), seed=seed, per_hand=7)
    with_gaps, without = deal.solve(), deal.solve(gaps=False)
    assert with_gaps.values == without.values
    assert with_gaps.stats.nodes * 3 < without.stats.nodes * 2


def test_dam_scoring_by_tricks_folds_cards_whatever_their_points() -> None:
    """Dam scoring tricks (avoid, last-trick bonus 3), two hands of 5: card points do not count,
    so seat 0's ♦7 ♦8 (7 and 8 points, no live card between them) are one class to search, as
    ♦Q ♦K (13 each) are in the same ending a few ranks up. Seat 0 leads from ♦7 ♦8 ♣2 ♠5 ♥3
    (or ♦Q ♦K ...) against ♦9 ♦6 ♣K ♠4 ♥4 (♦A ♦J ...). Seat 0 has won the 47 filler tricks
    and wants no more; seat 1 ducks ♠4 under ♠5 and keeps ♦6 under seat 0's low diamond, so
    seat 0 takes two more, the last one (3) among them, whatever it leads: every card is worth
    52. Searched as one class, the two endings take about the same positions (they differ
    where leads of other suits are ordered by rank); each card apart took half as many again."""
    rules = dam.Rules.avoid(players=2, hand_size=10, packs=2, score_by="tricks",
                            last_trick_bonus=3)
    apart = scripted_dam_deal(rules, ["7D 8D 2C 5S 3H", "9D 6D KC 4S 4H"])
    alike = scripted_dam_deal(rules, ["QD KD 2C 5S 3H", "AD JD KC 4S 4H"])
    solved_apart, solved_alike = apart.solve(), alike.solve()
    assert set(solved_apart.values.values()) == set(solved_alike.values.values()) == {52}
    assert solved_apart.values == apart.solve(equivalence=False, gaps=False).values
    assert solved_apart.stats.nodes <= solved_alike.stats.nodes * 1.1
