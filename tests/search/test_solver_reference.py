"""The C solver (``Deal.solve``, ``solve_value``, ``solve_line``, ``trickcore.solve_batch``)
against its brute-force twin (tests/reference/solver.py) on random play-phase positions of every
game (tests/search/positions.py): the exact values under the combinations of the pruning
switches and in a team of two threads, for the seat to act and for another seat, every
objective; the value and best cards consistent with them; the deal never changed; the solver's
own choices and principal line playing out to the value announced; batch rows equal to single
solves on one and two workers.
Dam positions with cards still in the pile are too big for brute force: there the solver is
checked against itself (switches, one step of minimax, play-out). The reference-only tests at
the end check the positions and the twin alone.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given, note, settings
from hypothesis import strategies as st
from positions import (
    MAX_CARDS_LEFT,
    POSITIONS,
    SWITCHES,
    cards_left,
    dam_pile_positions,
    dam_positions,
    finish_setup,
    other_seat,
    play_forward,
    seeds,
    small_hearts_deal,
    spades_positions,
    spades_rules,
)

import trickcore
from reference.solver import (
    best_cards,
    best_of,
    final_value,
    lower_is_better,
    objectives,
    reference_value,
    reference_values,
    side_of,
)
from trickcore import Card, CardSet, spades
from trickcore.search._solver import ALL_SWITCHES, BEST_ISA, Solver
from trickcore.search.solver import _request, _team_pool

GAMES = list(POSITIONS)
# Explicit example counts (not the profile's): the module stays well under a minute on two cores.
FEW = settings(max_examples=30, deadline=None)
FEWER = settings(max_examples=8, deadline=None)


def draw_case(data: st.DataObject, game: str) -> tuple[Any, str | None, int]:
    """A position, an objective (None: the default, or one the game has) and a seat: the seat to
    act, or another one."""
    deal = data.draw(POSITIONS[game](), label="position")
    note(deal.to_json())
    objective = data.draw(st.sampled_from((None, *objectives(deal))), label="objective")
    seat = data.draw(st.sampled_from((deal.to_act, other_seat(deal, data.draw(st.integers(0, 3))))),
                     label="seat")
    return deal, objective, seat


def remaining_plays(deal: Any) -> int:
    """Cards still to be played: in the hands and (Dam) in the pile."""
    return cards_left(deal) + getattr(deal, "pile_size", 0)


def team_values(deal: Any, objective: str | None, seat: int) -> dict[Card, int]:
    """The values a team of two gives (the kernel's team, on positions smaller than those
    ``deal.solve(threads=2)`` starts one for), checked for the value and best cards."""
    request = _request(deal, objective, seat)
    solver = Solver(1 << 16, ALL_SWITCHES)
    values, legal, value, best = solver.solve(deal, request.code, request.mask, 2, _team_pool(1))
    assert value == best_of(deal, values, objective, seat)
    assert set(CardSet(best)) == best_cards(values, value) and set(CardSet(legal)) == set(values)
    return values


def check_solution(deal: Any, solution: Any, objective: str | None, seat: int,
                   expected: dict[Card, int]) -> None:
    """A Solution exactly as the spec describes it, with the twin's values."""
    assert isinstance(solution, trickcore.Solution)
    values = dict(solution.values)
    assert values == expected
    assert set(values) == set(deal.legal_moves())
    assert all(isinstance(c, Card) and type(v) is int for c, v in values.items())
    assert solution.objective == (objectives(deal)[0] if objective is None else objective)
    assert solution.seat == seat
    assert solution.side == side_of(deal, seat)
    assert solution.to_act == deal.to_act
    assert solution.lower_is_better is lower_is_better(deal)
    assert solution.value == best_of(deal, expected, objective, seat)
    assert isinstance(solution.best, CardSet)
    assert frozenset(solution.best) == best_cards(expected, solution.value)
    stats = solution.stats
    for count in (stats.nodes, stats.tt_hits, stats.tt_stores):
        assert type(count) is int and count >= 0


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(data=st.data())
def test_values_equal_the_reference_under_every_switch(game: str, data: st.DataObject) -> None:
    deal, objective, seat = draw_case(data, game)
    before = deal.to_json()
    for valued in dict.fromkeys((deal.to_act, seat)):  # the seat to act, and the one drawn
        expected = reference_values(deal, objective, valued)
        for switches in SWITCHES:
            check_solution(deal, deal.solve(objective, seat=valued, **switches), objective,
                           valued, expected)
        check_solution(deal, deal.solve(objective, seat=valued, tt_mb=1), objective, valued,
                       expected)
        assert team_values(deal, objective, valued) == expected
        assert deal.solve_value(objective, seat=valued) == best_of(deal, expected, objective,
                                                                   valued)
    check_solution(deal, deal.solve(objective), objective, deal.to_act,
                   reference_values(deal, objective))
    assert deal.to_json() == before


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(data=st.data())
def test_playing_the_best_cards_reaches_the_value(game: str, data: st.DataObject) -> None:
    """At every step the seat then to act plays any card of ``best`` (valued for the original
    seat's side): the value never changes and the finished deal scores it."""
    deal, objective, seat = draw_case(data, game)
    before = deal.to_json()
    announced = deal.solve(objective, seat=seat).value
    assert announced == reference_value(deal, objective, seat)
    work = deal.clone()
    while not work.is_over:
        step = work.solve(objective, seat=seat)
        assert step.value == announced
        work.play(data.draw(st.sampled_from(sorted(step.best)), label="best card"))
    assert final_value(work, objective or objectives(deal)[0], seat) == announced
    assert deal.to_json() == before


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(data=st.data())
def test_solve_line_plays_out_to_the_value(game: str, data: st.DataObject) -> None:
    """``solve_line`` is a whole principal variation: at each step the lowest-id best card for
    the seat then to act, valued for the original seat's side."""
    deal, objective, seat = draw_case(data, game)
    before = deal.to_json()
    line = deal.solve_line(objective, seat=seat)
    assert deal.to_json() == before
    assert isinstance(line, tuple) and all(isinstance(card, Card) for card in line)
    assert len(line) == remaining_plays(deal)
    value = deal.solve(objective, seat=seat).value
    work = deal.clone()
    for card in line:
        assert card == work.solve(objective, seat=seat).best.lowest()
        work.play(card)
    assert work.is_over
    assert final_value(work, objective or objectives(deal)[0], seat) == value


def check_batch(deals: list[Any], objective: str | None, **options: Any) -> None:
    """``solve_batch`` rows against single solves (for every deal's seat to act)."""
    singles = [deal.solve(objective) for deal in deals]
    batch = trickcore.solve_batch(deals, objective, **options)
    n = len(deals)
    assert batch.values.dtype == np.int32 and batch.values.shape == (n, 56)
    assert batch.legal.dtype == np.uint64 and batch.legal.shape == (n,)
    assert batch.value.dtype == np.int32 and batch.value.shape == (n,)
    assert batch.nodes.dtype == np.int64 and batch.nodes.shape == (n,)
    for i, (deal, single) in enumerate(zip(deals, singles, strict=True)):
        legal = deal.legal_moves()
        assert int(batch.legal[i]) == legal.mask
        assert {Card(c): int(batch.values[i, c]) for c in legal} == dict(single.values)
        assert not any(batch.values[i, c] for c in range(56) if c not in legal)
        assert int(batch.value[i]) == single.value
        assert batch.nodes[i] >= 0


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_solve_batch_rows_equal_single_solves(game: str, data: st.DataObject) -> None:
    deals = data.draw(st.lists(POSITIONS[game](), min_size=1, max_size=5), label="positions")
    objective = data.draw(st.sampled_from((None, *objectives(deals[0]))), label="objective")
    before = [deal.to_json() for deal in deals]
    for workers in (1, 2):
        check_batch(deals, objective, workers=workers)
    check_batch(deals, objective, tt_mb=1)
    check_batch(deals, objective)  # workers=None: the default pool
    assert [deal.to_json() for deal in deals] == before


@FEW
@given(rules=spades_rules(), seed=seeds, left=st.integers(14, 28), seat=st.integers(0, 3))
def test_winning_ranks_agree_with_exact_entries_on_bigger_spades_positions(
        rules: Any, seed: int, left: int, seat: int) -> None:
    """Spades endings too big for the twin (up to 7 tricks left, where the table abstracts
    ranks): every value with winning ranks on equals the value with exact entries only."""
    deal = spades.Deal.random(rules, seed=seed)
    rng = random.Random(seed)
    finish_setup(deal, rng)
    play_forward(deal, rng, left)
    assume(deal.phase == "play")
    note(deal.to_json())
    for objective in objectives(deal):
        exact = deal.solve(objective, seat=seat, ranks=False)
        assert deal.solve(objective, seat=seat).values == exact.values
        assert deal.solve(objective, seat=seat, equivalence=False).values == exact.values


@FEWER
@given(data=st.data())
def test_dam_positions_with_a_pile_are_consistent(data: st.DataObject) -> None:
    """With cards still to be drawn (two hands of 10, the pile known): every switch
    combination with the table on gives the same values; each value is the value of the
    position its card leads to (one step of minimax); playing best cards out reaches it; the
    batch agrees."""
    deal = data.draw(dam_pile_positions(), label="position")
    note(deal.to_json())
    seat = data.draw(st.sampled_from((0, 1)), label="seat")
    before = deal.to_json()
    solution = deal.solve(seat=seat)
    for switches in SWITCHES:
        if switches["table"] and switches["ranks"]:  # ranks are Spades's alone
            assert deal.solve(seat=seat, **switches).values == solution.values
    assert set(solution.values) == set(deal.legal_moves())
    assert solution.value == best_of(deal, dict(solution.values), None, seat)
    for card, value in solution.values.items():
        child = deal.clone()
        child.play(card)
        assert child.solve(seat=seat).value == value
    work = deal.clone()
    while not work.is_over:
        step = work.solve(seat=seat)
        assert step.value == solution.value
        work.play(data.draw(st.sampled_from(sorted(step.best)), label="best card"))
    assert final_value(work, "points", seat) == solution.value
    line = deal.solve_line(seat=seat)
    assert len(line) == remaining_plays(deal)
    check_batch([deal], None, workers=2)
    assert deal.to_json() == before


def test_solution_is_a_frozen_dataclass() -> None:
    deal = small_hearts_deal(["2H AC", "3H KC", "4H QC", "QS 2C"], dealer=3, moon="off",
                             first_lead="left-of-dealer", first_trick_protected=False,
                             hearts_must_be_broken=False)
    solution = deal.solve()
    assert dataclasses.is_dataclass(solution)
    with pytest.raises(dataclasses.FrozenInstanceError):
        solution.value = 0  # type: ignore[misc]
    assert dict(solution.values) == reference_values(deal)


# -- reference only: the positions and the twin ----------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_positions_are_small_play_phase_positions(game: str, data: st.DataObject) -> None:
    deal = data.draw(POSITIONS[game](), label="position")
    assert deal.phase == "play" and not deal.is_over
    assert 1 <= cards_left(deal) <= MAX_CARDS_LEFT[deal.players]
    assert getattr(deal, "pile_size", 0) == 0
    assert deal.legal_moves()
    values = reference_values(deal)
    assert set(values) == set(deal.legal_moves())
    assert deal.to_json() == deal.clone().to_json()


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_pile_positions_still_have_cards_to_draw(data: st.DataObject) -> None:
    deal = data.draw(dam_pile_positions(), label="position")
    assert deal.phase == "play" and deal.pile_size in (2, 4)
    assert deal.players == 2 and cards_left(deal) >= 19


def constant_total(deal: Any, objective: str, seats: tuple[int, int]) -> int:
    """The two sides' values summed over one playout (lowest cards): constant in a zero-sum
    deal."""
    work = deal.clone()
    while not work.is_over:
        work.play(work.legal_moves().lowest())
    return sum(final_value(work, objective, seat) for seat in seats)


@settings(max_examples=40, deadline=None)
@given(deal=st.one_of(spades_positions(), dam_positions()))
def test_reference_is_zero_sum_between_two_sides(deal: Any) -> None:
    """Spades tricks with partnerships and Dam with two sides share a fixed total: each card's
    value for one side is the total less its value for the other, whichever seat is to act (a
    check of the twin's min/max choices)."""
    sides = deal.rules.sides
    assume(len(sides) == 2)  # partnerships, two Dam players or Dam teams
    objective = "tricks" if isinstance(deal, trickcore.spades.Deal) else "points"
    seats = (sides[0][0], sides[1][0])
    total = constant_total(deal, objective, seats)
    first = reference_values(deal, objective, seats[0])
    second = reference_values(deal, objective, seats[1])
    assert {card: total - value for card, value in first.items()} == second
    assert best_of(deal, first, objective, seats[0]) + best_of(
        deal, second, objective, seats[1]) == total


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_reference_best_cards_play_out_to_its_value(game: str, data: st.DataObject) -> None:
    """The twin on its own: playing any of its best cards at every step keeps its value, and
    the finished deal scores it."""
    deal, objective, seat = draw_case(data, game)
    value = reference_value(deal, objective, seat)
    work = deal.clone()
    while not work.is_over:
        values = reference_values(work, objective, seat)
        step = best_of(work, values, objective, seat)
        assert step == value
        work.play(data.draw(st.sampled_from(sorted(best_cards(values, step))), label="card"))
    assert final_value(work, objective or objectives(deal)[0], seat) == value


@pytest.mark.parametrize("game", GAMES)
@given(data=st.data())
@FEW
def test_instruction_set_variants_agree(game: str, data: st.DataObject) -> None:
    """The portable search and the BMI2 one (where this CPU has it) give the twin's values."""
    deal, objective, seat = draw_case(data, game)
    request = _request(deal, objective, seat)
    expected = reference_values(deal, objective, seat)
    for variant in range(BEST_ISA + 1):
        solver = Solver(1 << 16, ALL_SWITCHES)
        solver.isa = variant
        values, legal, value, best = solver.solve(deal, request.code, request.mask)
        assert values == expected and set(CardSet(legal)) == set(expected)
        assert value == best_of(deal, expected, objective, seat)
        assert set(CardSet(best)) == {card for card, v in expected.items() if v == value}
