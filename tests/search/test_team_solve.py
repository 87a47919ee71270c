"""Team solves (``deal.solve(threads=N)``, docs/kernels.md "Team solves"): threads sharing one
table value the cards of a position together. Their values are those of one thread on positions
big enough for a team (not short endings) and for the members to overlap and race on the table
(a 1 MiB table crowds it), in every game (the brute-force twin's test checks teams on small
positions); several callers' teams at once share the helper pool without waiting on each other for
ever; a principal line solved by teams is the line of one thread; a bad thread count is refused
before anything runs, a count above the cores takes them."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from positions import finish_setup, play_forward

from trickcore import dam, hearts, spades
from trickcore.core.errors import SolveError
from trickcore.search import ReusableSolver
from trickcore.search.solver import MAX_THREADS, _worth_a_team


def position(make: Any, seed: int, left: int) -> Any:
    """``make(seed)``'s deal, set up and played at random down to ``left`` cards in the hands."""
    deal = make(seed)
    rng = random.Random(seed)
    finish_setup(deal, rng)
    return play_forward(deal, rng, left)


GAMES = {
    "spades": (lambda s: spades.Deal.random(spades.Rules.standard(), seed=s), 40),
    "svarta-maja": (lambda s: hearts.Deal.random(hearts.Rules.svarta_maja(pass_count=0),
                                                 seed=s), 32),
    "spardame": (lambda s: hearts.Deal.random(hearts.Rules.spardame(pass_count=0), seed=s), 32),
    "hearts-6p-teams": (lambda s: hearts.Deal.random(
        hearts.Rules.svarta_maja(players=6, teams=True, pass_count=0), seed=s), 42),
    "dam-collect": (lambda s: dam.Deal.random(dam.Rules.collect(players=3), seed=s), 30),
    "dam-avoid": (lambda s: dam.Deal.random(dam.Rules.avoid(players=2), seed=s), 16),
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("tt_mb", [1, None], ids=["crowded-table", "default-table"])
def test_a_team_gives_the_values_of_one_thread(game: str, tt_mb: int | None) -> None:
    make, left = GAMES[game]
    for seed in range(1, 4):
        deal = position(make, seed, left)
        assert _worth_a_team(deal)
        before = deal.to_json()
        alone = deal.solve(tt_mb=tt_mb)
        for threads in (2, 3):
            team = deal.solve(tt_mb=tt_mb, threads=threads)
            assert dict(team.values) == dict(alone.values), (seed, threads)
            assert (team.value, team.best, team.to_act) == (alone.value, alone.best, alone.to_act)
            assert team.stats.nodes >= alone.stats.nodes // 4 > 0
        assert deal.to_json() == before


@pytest.mark.parametrize("game", ["spades", "svarta-maja", "dam-collect"])
def test_a_line_solved_by_teams_is_the_line_of_one_thread(game: str) -> None:
    make, left = GAMES[game]
    deal = position(make, 1, left)
    assert deal.solve_line(threads=2) == deal.solve_line()


def test_reusable_solver_teams_keep_its_values() -> None:
    """On a ReusableSolver's table too; a team of more threads than cores takes the cores."""
    make, left = GAMES["svarta-maja"]
    solver = ReusableSolver()
    for seed in range(1, 4):
        deal = position(make, seed, left)
        alone = dict(solver.solve(deal).values)
        assert dict(solver.solve(deal, threads=2).values) == alone
        assert dict(solver.solve(deal, threads=MAX_THREADS).values) == alone


def test_callers_teams_at_once_share_the_pool() -> None:
    """Four threads each solve positions with a team of two: the one helper thread the pool
    holds serves them in turn (a team whose helper has not started values its cards alone)."""
    make, left = GAMES["spardame"]
    deals = [position(make, seed, left) for seed in range(1, 9)]
    expected = [dict(deal.solve().values) for deal in deals]
    found: dict[int, dict[Any, int]] = {}

    def solve_some(first: int) -> None:
        for i in range(first, len(deals), 4):
            found[i] = dict(deals[i].clone().solve(threads=2).values)

    callers = [threading.Thread(target=solve_some, args=(k,)) for k in range(4)]
    for caller in callers:
        caller.start()
    for caller in callers:
        caller.join(timeout=120)
        assert not caller.is_alive()
    assert [found[i] for i in range(len(deals))] == expected


@pytest.mark.parametrize("threads", [0, -1, 1025, 2.0, True, "2", None],
                         ids=["zero", "negative", "too-many", "float", "bool", "str", "none"])
def test_a_bad_thread_count_is_refused(threads: Any) -> None:
    make, left = GAMES["spades"]
    deal = position(make, 1, left)
    before = deal.to_json()
    with pytest.raises(SolveError, match="threads"):
        deal.solve(threads=threads)
    with pytest.raises(SolveError, match="threads"):
        ReusableSolver().solve(deal, threads=threads)
    with pytest.raises(SolveError, match="threads"):
        deal.solve_line(threads=threads)
    assert deal.to_json() == before
