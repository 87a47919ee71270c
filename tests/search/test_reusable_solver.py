"""ReusableSolver: position after position on one table gives exactly the values and the node
counts of a fresh solve each time (so a bot's decisions, node limits included, are those of
``deal.solve``), across games and sizes, after a node limit, and refuses what they refuse."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import dam_positions, hearts_positions, spades_positions

import trickcore
from trickcore import dam, hearts, spades
from trickcore.search import ReusableSolver
from trickcore.search import solver as solver_module


def spades_at(seed: int, per_hand: int) -> spades.Deal:
    deal = spades.Deal.random(spades.Rules.standard(), seed=seed)
    rng = random.Random(seed)
    while deal.phase == "bid":
        deal.bid(rng.choice(deal.legal_bids()))
    while max(len(deal.hand(p)) for p in range(4)) > per_hand:
        deal.play(rng.choice(sorted(deal.legal_moves())))
    return deal


@settings(max_examples=25)
@given(st.lists(st.one_of(hearts_positions(), spades_positions(), dam_positions()),
                min_size=2, max_size=5))
def test_one_table_gives_each_position_the_values_and_nodes_of_a_fresh_solve(
        deals: list[Any]) -> None:
    solver = ReusableSolver()
    for deal in deals:
        before = deal.to_json()
        fresh, again = ReusableSolver().solve(deal), solver.solve(deal)  # a new table, a used one
        assert again == fresh == deal.solve()  # values, best cards and statistics alike
        assert solver.solve_value(deal) == deal.solve_value() == fresh.value
        assert deal.to_json() == before


def test_thirteen_card_worlds_in_turn_search_as_fresh_ones() -> None:
    solver = ReusableSolver()
    for seed in range(4):
        deal = spades_at(seed, 13 - seed % 2)  # two sizes: the table is resized and kept
        assert solver.solve(deal, "tricks").stats == deal.solve("tricks").stats
        assert solver.solve_value(deal, "tricks", seat=(deal.to_act + 1) % 4) == \
            deal.solve_value("tricks", seat=(deal.to_act + 1) % 4)


def test_a_node_limit_hit_leaves_the_next_solve_exact() -> None:
    deal = spades_at(5, 6)
    solver = ReusableSolver()
    with pytest.raises(trickcore.SolveLimitError, match=r"node limit \(2 nodes\)"):
        solver.solve_value(deal, "tricks", max_nodes=2)
    assert solver.solve_value(deal, "tricks", max_nodes=10**7) == deal.solve("tricks").value
    assert solver.solve(deal, "tricks") == deal.solve("tricks")  # no limit left behind


@pytest.mark.parametrize("tt_mb", [0, 1.5, True, "64"])
def test_a_bad_table_size_is_refused(tt_mb: Any) -> None:
    with pytest.raises(trickcore.SolveError, match="tt_mb"):
        ReusableSolver(tt_mb)


def test_refusals_name_the_reason_and_leave_the_deal() -> None:
    deal, solver = spades_at(6, 4), ReusableSolver()
    before = deal.to_json()
    for call, kwargs, match in [(solver.solve, {"objective": "points"}, "unknown objective"),
                                (solver.solve, {"seat": 9}, "no seat 9"),
                                (solver.solve_value, {"max_nodes": 0}, "max_nodes")]:
        with pytest.raises(trickcore.SolveError, match=match):
            call(deal, **kwargs)
    with pytest.raises(trickcore.SolveError, match="table"):
        ReusableSolver(table="yes")  # type: ignore[arg-type]
    assert deal.to_json() == before
    assert solver.solve(deal) == deal.solve()


def test_the_table_cap_is_the_deals_unless_given() -> None:
    """Deep trees (a full Hearts-family deal, Dam avoid) get a 60 MiB table by default (under
    64 MB), fast solves (Spades, Dam collect) 32 MiB; a tt_mb given caps every game alike."""
    full_hearts = hearts.Deal.random(hearts.Rules.svarta_maja(pass_count=0), seed=1)
    avoid = dam.Deal.random(dam.Rules.avoid(players=3), seed=1)
    collect = dam.Deal.random(dam.Rules.collect(players=3), seed=1)
    for deal, tt_mb, size in [(full_hearts, None, 60), (avoid, None, 60), (collect, None, 32),
                              (spades_at(1, 13), None, 32), (full_hearts, 8, 8), (avoid, 8, 8)]:
        solver = ReusableSolver(tt_mb)
        with pytest.raises(trickcore.SolveLimitError):
            solver.solve_value(deal, max_nodes=10)  # sized, then stopped at once
        assert solver.table_bytes == size << 20


def test_small_one_shot_solves_recycle_one_table_per_thread() -> None:
    small = [spades_at(seed, 5) for seed in range(3)]
    large = spades_at(3, 12)  # a table over RECYCLED_TABLE_BYTES: allocated and let go
    assert solver_module._table_bytes(large, None, 12) > solver_module.RECYCLED_TABLE_BYTES
    for deal in small:  # recycled or not, each solve is a fresh one's
        assert deal.solve() == ReusableSolver().solve(deal)
    recycled = solver_module._recycled.solver
    assert recycled is not None
    assert 0 < recycled.table_bytes <= solver_module.RECYCLED_TABLE_BYTES
    assert large.solve_value("tricks") == ReusableSolver().solve_value(large, "tricks")
    assert small[0].solve(tt_mb=1) == small[0].solve()  # a cap given: a table of its own
    assert solver_module._recycled.solver is recycled  # neither kept nor replaced
    assert recycled.table_bytes <= solver_module.RECYCLED_TABLE_BYTES

    others: list[object] = []
    worker = threading.Thread(target=lambda: (small[1].solve(),
                                              others.append(solver_module._recycled.solver)))
    worker.start()
    worker.join()
    assert others[0] is not None and others[0] is not recycled  # each thread its own table


def test_switches_off_or_bad_never_reach_the_recycled_table() -> None:
    deal = spades_at(7, 5)
    assert deal.solve(table=False) == ReusableSolver(table=False).solve(deal)
    with pytest.raises(trickcore.SolveError, match="table must be True or False"):
        deal.solve(table=1)  # type: ignore[arg-type]
