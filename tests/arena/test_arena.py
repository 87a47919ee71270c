"""The duplicate arena: the rotation, the statistics against a hand-computed example, the same
result for any number of workers, files, matches and bad input."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import trickcore as tc
from trickcore.arena.statistics import bot_scores, mean_interval
from trickcore.bots import RuleBot
from trickcore.core.trick_deal import Move, Play


@dataclass
class Recorder:
    """Plays as RuleBot and notes (deal's dealt hands, seat) of every deal it plays."""

    name: str
    seen: list[tuple[str, int]] = field(default_factory=list)

    def choose(self, deal: Any, seat: int) -> Move:
        if deal.move_count <= deal.players:
            self.seen.append((repr(deal.dealt_hands()), seat))
        return RuleBot().choose(deal, seat)


def seats_by_deal(bot: Recorder) -> dict[str, set[int]]:
    found: dict[str, set[int]] = {}
    for hands, seat in bot.seen:
        found.setdefault(hands, set()).add(seat)
    return found


def test_every_bot_holds_every_seat_of_every_deal_by_rotation() -> None:
    rules = tc.hearts.Rules.svarta_maja()
    bots = [Recorder(f"r{e}") for e in range(4)]
    tc.arena(rules, bots, deals=5, seed=3, workers=1)
    # The arena plays copies; rotation r seats entry e at (e + r) % 4, checked through a copy.
    from trickcore.arena.runner import ArenaTask, chunks, play_rotation

    task = ArenaTask(rules, np.random.SeedSequence(3), tuple(chunks(5)), tuple(bots), False)
    for index in range(5):
        for rotation in range(4):
            play_rotation(task, bots, index, rotation)
    for e, bot in enumerate(bots):
        by_deal = seats_by_deal(bot)
        assert len(by_deal) == 5
        assert all(seats == {0, 1, 2, 3} for seats in by_deal.values())
        first = [seat for hands, seat in dict.fromkeys(bot.seen) if hands == bot.seen[0][0]]
        assert first == [(e + r) % 4 for r in range(4)]


def test_spades_partnerships_swap_sides_with_each_rotation() -> None:
    from trickcore.arena.statistics import seat_of

    rules = tc.spades.Rules.standard()
    for rotation in range(4):
        seats = [seat_of(e, rotation, 4) for e in range(4)]
        assert rules.side_of(seats[0]) == rules.side_of(seats[2])
        assert rules.side_of(seats[0]) != rules.side_of(seats[1])
        assert rules.side_of(seats[0]) == rotation % 2  # the pair holds each side's cards


def test_scores_and_intervals_match_a_hand_computed_example() -> None:
    # 3 deals, 2 seats (2 rotations): entry 0 holds seat r in rotation r.
    values = np.array([[[4, 0], [2, 6]],     # deal 0: a = (4 + 6) / 2 = 5, b = (0 + 2) / 2 = 1
                       [[1, 3], [5, 1]],     # deal 1: a = (1 + 1) / 2 = 1, b = (3 + 5) / 2 = 4
                       [[2, 2], [0, 4]]],    # deal 2: a = 3, b = 1
                      dtype=np.float64)
    scores = bot_scores(values, ("a", "b"))
    assert scores["a"].tolist() == [5.0, 1.0, 3.0] and scores["b"].tolist() == [1.0, 4.0, 1.0]
    diff = mean_interval(scores["a"] - scores["b"])  # 4, -3, 2: mean 1, sd sqrt(13)
    half = 1.959963984540054 * math.sqrt(13) / math.sqrt(3)
    assert diff.mean == pytest.approx(1.0)
    assert (diff.low, diff.high) == pytest.approx((1.0 - half, 1.0 + half))
    assert not diff.excludes_zero
    same = bot_scores(values, ("a", "a"))["a"]  # one name in both seats: their mean
    assert same.tolist() == [3.0, 2.5, 2.0]


def test_same_seed_same_result_on_one_or_two_workers_and_a_file_round_trip(
        tmp_path: Path) -> None:
    bots = ["rule", "greedy", "random", "greedy"]
    one = tc.arena("dam-collect", bots, deals=70, seed=5, workers=1)
    two = tc.arena("dam-collect", bots, deals=70, seed=5, workers=2)
    assert np.array_equal(one.arrays["points"], two.arrays["points"])
    assert one.arrays["points"].shape == (70, 4, 4)
    loaded = tc.ArenaResult.load(one.save(tmp_path / "arena.npz"))
    assert loaded.bots == one.bots
    assert loaded.format_summary().splitlines()[2:] == one.format_summary().splitlines()[2:]


def test_spades_matches_to_the_target_score_win_rates() -> None:
    rules = tc.spades.Rules.standard(target=200, min_score=-200)
    result = tc.arena(rules, ["rule", "random", "rule", "random"], deals=3, seed=2, match=True,
                      workers=1)
    won = result.arrays["won"]
    assert won.shape == (3, 4, 4) and won.sum(axis=2).tolist() == [[2] * 4] * 3
    standings = result.standings()
    assert list(standings) == ["rule", "random"] and standings["rule"].mean > 0.5
    assert "win rate" in result.format_summary()


class Cheater:
    """Plays a card of another seat's hand."""

    name = "cheater"

    def choose(self, deal: Any, seat: int) -> Move:
        other = deal.hand((seat + 1) % deal.players)
        return Play(seat, next(iter(other)))


class Wrong:
    name = "wrong"

    def choose(self, deal: Any, seat: int) -> Move:
        return Play((seat + 1) % deal.players, next(iter(deal.legal_moves())))


def test_an_illegal_move_from_a_custom_bot_names_the_bot_and_the_move() -> None:
    with pytest.raises(tc.BotMoveError, match=r"bot 'cheater' at seat \d chose an illegal move "
                                              r"\(seat \d plays .+\): not your turn"):
        tc.arena("dam-avoid", [Cheater(), "rule", "rule", "rule"], deals=2, seed=1, workers=2)
    with pytest.raises(tc.BotMoveError, match=r"bot 'wrong' at seat \d returned Play"):
        tc.arena("dam-avoid", [Wrong(), "rule", "rule", "rule"], deals=2, seed=1, workers=1)


def test_bad_arena_arguments_are_refused_clearly() -> None:
    with pytest.raises(tc.UnknownBotError, match="did you mean 'rule'"):
        tc.arena("spades", ["rul", "rule", "rule", "rule"], deals=2)
    with pytest.raises(tc.TrickcoreError, match=r"one bot per seat \(4\)"):
        tc.arena("spades", ["rule", "rule"], deals=2)
    with pytest.raises(tc.TrickcoreError, match="match=True plays Spades"):
        tc.arena("dam-avoid", ["rule"] * 4, deals=2, match=True)
