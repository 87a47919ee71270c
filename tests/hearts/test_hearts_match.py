"""Matches: the end (limit or number of deals), winners and ties, dealer and pass rotation, the
void-deal redeal, teams, undo and clone across deals, and the JSON document."""

from __future__ import annotations

import json
import random

import pytest
from hearts_scripts import FOUR_SUITS

from trickcore import CardSet
from trickcore.core.errors import IllegalMoveError, RulesError, SerializationError
from trickcore.hearts import Match, Rules


def random_move(match: Match, rng: random.Random) -> None:
    """One uniformly random legal move (a pass is retried until the Q♠ rule allows it)."""
    if match.phase == "pass":
        seat = match.to_act
        assert seat is not None
        while True:
            cards = rng.sample(sorted(match.deal.hand(seat)), match.rules.pass_count)
            try:
                match.pass_cards(seat, cards)
                return
            except IllegalMoveError:
                continue
    match.play(rng.choice(sorted(match.legal_moves())))


def finish_deal(match: Match) -> None:
    """Plays the current deal to its end through the match, the lowest legal card each."""
    deal = match.deal
    while not deal.is_over:
        lowest = match.legal_moves().lowest()
        assert lowest is not None
        match.play(lowest)


def play_match(match: Match, seed: int) -> None:
    rng = random.Random(seed)
    while not match.is_over:
        random_move(match, rng)


def test_match_to_the_limit_lowest_total_wins() -> None:
    match = Match(Rules.svarta_maja(limit=60), seed=3)
    play_match(match, 3)
    deals = match.deals
    assert match.is_over and match.phase == "over" and match.to_act is None
    running = [0, 0, 0, 0]
    for k, deal in enumerate(deals):
        assert deal.dealer == k % 4 and deal.deal_number == k  # the dealer rotates left
        assert deal.pass_direction == ("left", "right", "across", "none")[k % 4]
        assert max(running) < 60  # the match did not end earlier
        running = [t + p for t, p in zip(running, deal.points(), strict=True)]
    assert tuple(running) == match.totals == match.seat_totals
    assert max(running) >= 60
    assert match.winners == tuple(s for s in range(4) if running[s] == min(running))
    assert match.winning_seats == match.winners


def test_match_ties_share_the_win() -> None:
    match = Match(Rules.svarta_maja(children=True), seed=1)  # a single deal, Q♠ is 1 point
    play_match(match, 1)
    assert match.deals_played == 1 and sorted(match.totals) == [0, 0, 0, 1]
    assert len(match.winners) == 3
    assert all(match.totals[s] == 0 for s in match.winners)


def test_match_of_a_fixed_number_of_deals() -> None:
    match = Match(Rules.svarta_maja(limit=None, deals=3), seed=5)
    play_match(match, 5)
    assert match.deals_played == 3 and len(match.deals) == 3
    assert [d.to_json() for d in match.counted_deals] == [d.to_json() for d in match.deals]


def test_limit_and_number_of_deals_whichever_comes_first() -> None:
    match = Match(Rules.svarta_maja(limit=1000, deals=2), seed=6)
    play_match(match, 6)
    assert match.deals_played == 2


def test_spardame_void_deal_is_dealt_again_by_the_same_dealer() -> None:
    match = Match(Rules.spardame(pass_count=0), seed=2, dealer=0, hands=[FOUR_SUITS])
    finish_deal(match)  # seat 1 leads diamonds and takes every trick
    first, second = match.deals
    assert first.is_void and not second.move_count
    assert second.dealer == 0 and second.deal_number == 0
    assert match.deals_played == 0 and match.totals == (0, 0, 0, 0)
    assert match.counted_deals == ()   # a void deal does not count


def test_spardame_match_to_500() -> None:
    match = Match(Rules.spardame(), seed=4)
    play_match(match, 4)
    assert max(match.totals) >= 500
    counted = [d for d in match.deals if not d.is_void]
    assert sum(sum(d.points()) for d in counted) == sum(match.totals)
    assert all(d.dealer == match.deals[i - 1].dealer
               for i, d in enumerate(match.deals) if i and match.deals[i - 1].is_void)


def test_team_match_totals_and_winners() -> None:
    rules = Rules.svarta_maja(teams=True, limit=80)
    match = Match(rules, seed=8)
    play_match(match, 8)
    seats = match.seat_totals
    assert match.totals == (seats[0] + seats[2], seats[1] + seats[3])
    assert max(match.totals) >= 80
    best = min(match.totals)
    assert match.winners == tuple(i for i in range(2) if match.totals[i] == best)
    assert set(match.winning_seats) == {s for i in match.winners for s in rules.sides[i]}


def test_six_player_teams() -> None:
    match = Match(Rules.svarta_maja(players=6, teams=True, limit=40), seed=9)
    play_match(match, 9)
    seats = match.seat_totals
    assert match.totals == tuple(seats[s] + seats[s + 3] for s in range(3))


def test_moves_after_the_end_are_refused() -> None:
    match = Match(Rules.svarta_maja(children=True, pass_count=0), seed=1)
    play_match(match, 1)
    before = match.to_json()
    with pytest.raises(IllegalMoveError, match="the match is over"):
        match.play("2C")
    assert match.to_json() == before


def test_refused_match_move_leaves_it_unchanged() -> None:
    match = Match(Rules.svarta_maja(), seed=1)
    before = match.to_json()
    with pytest.raises(IllegalMoveError, match="cards are being passed"):
        match.play("2C")
    with pytest.raises(IllegalMoveError):
        match.pass_cards(1, "AS")
    assert match.to_json() == before


def test_match_undo_back_into_the_previous_deal_and_clone() -> None:
    match = Match(Rules.svarta_maja(limit=None, deals=3), seed=12)
    rng = random.Random(12)
    while match.deals_played < 1:
        random_move(match, rng)
    at_second_deal = match.to_json()
    copy = match.clone()
    totals = match.totals
    match.undo()  # back into the last move of the first deal
    assert len(match.deals) == 1 and not match.deal.is_over and match.totals == (0, 0, 0, 0)
    assert copy.to_json() == at_second_deal and copy.totals == totals
    random_move(copy, rng)  # the copy moves on alone
    assert len(match.deals) == 1


def test_match_json_round_trip_and_tamper_detection() -> None:
    match = Match(Rules.svarta_maja(limit=50), seed=21)
    rng = random.Random(21)
    for _ in range(200):
        random_move(match, rng)
    text = match.to_json()
    again = Match.from_json(text)
    assert again.to_json() == text and again.totals == match.totals
    document = json.loads(text)
    document["deals"][0]["hands"][0], document["deals"][0]["hands"][1] = (
        document["deals"][0]["hands"][1], document["deals"][0]["hands"][0])
    with pytest.raises(SerializationError, match="the match's seed deals"):
        Match.from_json(json.dumps(document))
    document = json.loads(text)
    document["state"]["totals"][0] += 1
    with pytest.raises(SerializationError, match=r"state\.totals is recorded as"):
        Match.from_json(json.dumps(document))


def test_match_from_given_hands_replays_from_json() -> None:
    match = Match(Rules.spardame(pass_count=0), seed=2, hands=[FOUR_SUITS])
    finish_deal(match)
    finish_deal(match)
    text = match.to_json()
    assert Match.from_json(text).to_json() == text


def test_match_construction_refusals() -> None:
    with pytest.raises(RulesError, match="no seat 4 to deal"):
        Match(Rules.svarta_maja(), seed=1, dealer=4)
    with pytest.raises(RulesError, match="must be a"):
        Match("svarta-maja", seed=1)  # type: ignore[arg-type]
    short = [FOUR_SUITS[0] - CardSet.parse("AC"), *FOUR_SUITS[1:]]
    with pytest.raises(RulesError, match="seat 0 holds 12 cards"):
        Match(Rules.svarta_maja(), seed=1, hands=[short])
