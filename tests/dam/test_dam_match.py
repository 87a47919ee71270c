"""Dam matches: a fixed number of deals or to a limit, the lowest total winning under "avoid"
and the highest under "collect", partnerships, the dealer rotating, undo and clone across deals,
and the JSON round trip checked against the match's seed."""

from __future__ import annotations

import json
import random

import pytest

from trickcore import Card
from trickcore.core.errors import IllegalMoveError, RulesError, SerializationError
from trickcore.dam import Match, Rules


def play_out(match: Match, seed: int = 0, limit: int = 100_000) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if match.is_over:
            return
        match.play(rng.choice(sorted(match.legal_moves())))
    raise AssertionError("the match did not end")


def test_avoid_match_is_one_deal_and_the_lowest_total_wins() -> None:
    match = Match(Rules.avoid(), seed=1)
    play_out(match)
    assert match.deals_played == 1 and len(match.deals) == 1
    totals = match.totals
    assert sum(totals) == 684
    assert match.winners == tuple(i for i, t in enumerate(totals) if t == min(totals))


def test_avoid_match_of_a_fixed_number_of_deals_rotates_the_dealer() -> None:
    match = Match(Rules.avoid(deals=3), seed=2, dealer=1)
    play_out(match)
    assert [d.dealer for d in match.deals] == [1, 2, 3]
    assert [d.deal_number for d in match.deals] == [0, 1, 2]
    assert sum(match.totals) == 3 * 684


def test_avoid_match_to_a_limit_ends_when_someone_reaches_it() -> None:
    match = Match(Rules.avoid(deals=None, limit=400), seed=3)
    play_out(match)
    totals = match.totals
    assert max(totals) >= 400
    before_last = [sum(d.points()[s] for d in match.deals[:-1]) for s in range(4)]
    assert max(before_last) < 400
    assert match.winners == (totals.index(min(totals)),)


def test_collect_match_to_100_and_the_highest_total_wins() -> None:
    match = Match(Rules.collect(), seed=4)
    play_out(match)
    totals = match.totals
    assert max(totals) >= 100
    assert sum(totals) == 40 * match.deals_played
    assert match.winners == tuple(i for i, t in enumerate(totals) if t == max(totals))


def test_collect_match_with_partners_scores_by_team() -> None:
    match = Match(Rules.collect(teams=True, limit=60), seed=5)
    play_out(match)
    seats = match.seat_totals
    assert match.totals == (seats[0] + seats[2], seats[1] + seats[3])
    assert max(match.totals) >= 60
    assert match.winning_seats in ((0, 2), (1, 3), (0, 1, 2, 3))


def test_match_undo_goes_back_into_the_previous_deal() -> None:
    match = Match(Rules.avoid(deals=2), seed=6)
    rng = random.Random(6)
    while len(match.deals) == 1:
        match.play(rng.choice(sorted(match.legal_moves())))
    assert match.deal.move_count == 0
    match.undo()
    assert len(match.deals) == 1 and not match.deal.is_over


def test_match_clone_is_independent() -> None:
    match = Match(Rules.collect(limit=30), seed=7)
    copy = match.clone()
    play_out(copy)
    assert copy.is_over and not match.is_over
    assert match.deal.move_count == 0


def test_a_finished_match_refuses_more_moves() -> None:
    match = Match(Rules.avoid(), seed=8)
    play_out(match)
    with pytest.raises(IllegalMoveError, match="the match is over"):
        match.play("2C")


def test_match_json_round_trip_and_tamper_check() -> None:
    match = Match(Rules.avoid(deals=2, turn_trump=True), seed=9)
    rng = random.Random(9)
    for _ in range(150):
        match.play(rng.choice(sorted(match.legal_moves())))
    text = match.to_json()
    again = Match.from_json(text)
    assert again.to_json() == text
    assert again.totals == match.totals and again.deal.hands() == match.deal.hands()
    document = json.loads(text)
    document["deals"][0]["pile"] = " ".join(reversed(document["deals"][0]["pile"].split()))
    with pytest.raises(SerializationError, match="the match's seed deals"):
        Match.from_json(json.dumps(document))


def test_match_needs_dam_rules() -> None:
    with pytest.raises(RulesError, match="rules must be a"):
        Match("avoid", seed=1)  # type: ignore[arg-type]


def test_a_match_may_start_from_given_hands_when_the_deal_leaves_no_pile() -> None:
    # A given deal is its hands (trickcore.core.trick_match); with a draw pile the pile would be
    # needed too.
    rules = Rules.avoid(packs=1, hand_size=13, deals=2)
    hands = [" ".join(str(Card(c)) for c in range(13 * s, 13 * s + 13)) for s in range(4)]
    match = Match(rules, seed=10, hands=[hands])
    assert [str(h) for h in match.deal.hands()] == hands
    play_out(match)
    again = Match.from_json(match.to_json())
    assert again.totals == match.totals
    with pytest.raises(RulesError, match="the draw pile holds 0 cards"):
        Match(Rules.avoid(hand_size=13), seed=10, hands=[hands])
