"""Exact solving of a card position with every hand known (double dummy): the value of each
legal card for the seat to act under best play by everybody, the side valued playing for
itself and every other seat against it (docs/kernels.md, "Solver").

``deal.solve()``, ``deal.solve_value()`` and ``deal.solve_line()`` (on every card game's deal)
and ``solve_batch`` call the one C search (src/trickcore/search/search.h) through ``_solver``;
the search plays the referee's own rules, so a value is what playing the cards out would score."""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from trickcore.core._cardset import CardSet
from trickcore.core.arguments import whole_number
from trickcore.core.card import Card
from trickcore.core.errors import SolveError
from trickcore.search._solver import ALL_SWITCHES, MIN_TABLE_BYTES, SWITCHES, Solver, solve_many

if TYPE_CHECKING:
    from trickcore.core.trick_deal import TrickDeal

MAX_TABLE_MB = 1 << 16  # 64 GiB per thread: beyond any machine's memory
# The default caps (docs/kernels.md): a fast one-shot solve pays more to page a large table in
# than it saves; a deep search (a full Hearts-family deal, Dam avoid) overwrites a small one.
FAST_TABLE_MB = 32
DEEP_TABLE_MB = 60  # under the 64 MB issue #16 allows


@dataclass(frozen=True)
class SolveStats:
    """What a solve cost: positions searched, table probes that hit, bounds stored."""

    nodes: int
    tt_hits: int
    tt_stores: int


@dataclass(frozen=True)
class Solution:
    """The exact value of every legal card of ``to_act`` for the side of ``seat``."""

    objective: str
    seat: int
    side: tuple[int, ...]
    to_act: int
    lower_is_better: bool  # for the side: the Hearts family and Dam avoid count points against
    values: Mapping[Card, int]
    value: int  # the best of ``values`` for the seat to act
    best: CardSet  # the cards worth ``value``
    stats: SolveStats

    def __str__(self) -> str:
        cards = " ".join(f"{card}={value}" for card, value in sorted(self.values.items()))
        return f"{self.objective} of side {self.side}, seat {self.to_act} to play: {cards}"


@dataclass(frozen=True)
class BatchSolution:
    """Row i solves deals[i]: ``values`` by card id (0 where the card is not legal), ``legal``
    the mask of legal cards, ``value`` the position's value, ``nodes`` the positions searched."""

    values: npt.NDArray[np.int32]
    legal: npt.NDArray[np.uint64]
    value: npt.NDArray[np.int32]
    nodes: npt.NDArray[np.int64]


class _Request(NamedTuple):  # a tuple: built on every solve, faster than a dataclass
    objective: str
    code: int
    seat: int
    side: tuple[int, ...]
    mask: int
    lower_is_better: bool


def _request(deal: TrickDeal, objective: str | None, seat: int | None) -> _Request:
    """The checked objective and side of a solve of ``deal``; the deal must be in play."""
    phase = deal.phase
    if phase != "play":
        if phase == "over":
            raise SolveError("the deal is over: there is nothing left to solve")
        raise SolveError(f"the solver starts from the play phase: this deal is in its "
                         f"{phase} phase")
    objectives = deal.OBJECTIVES
    name = next(iter(objectives)) if objective is None else objective
    if not isinstance(name, str) or name not in objectives:
        raise SolveError(f"unknown objective {objective!r} for {deal.rules.game}: expected "
                         f"{' or '.join(map(repr, objectives))}")
    if seat is None:
        valued = deal.to_act
        assert valued is not None  # a deal in play has a seat to act
    else:
        players = deal.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise SolveError(f"no seat {seat!r}: seats are 0..{players - 1}")
        valued = seat
    for side in deal.rules.sides:  # the rules' sides cover every seat
        if valued in side:
            break
    mask = 0
    for p in side:
        mask |= 1 << p
    return _Request(name, objectives[name], valued, side, mask, deal._solve_lower_is_better())


def _table_mb(tt_mb: object) -> int | None:
    """A checked table cap in MiB, or None: each deal's own (``_solver_table_mb``)."""
    return None if tt_mb is None else whole_number("tt_mb", tt_mb, 1, MAX_TABLE_MB, SolveError)


def _table_bytes(deal: TrickDeal, tt_mb: int | None, tricks_left: int) -> int:
    """The table for a solve: ``tt_mb`` MiB at most (None: the deal's own cap), less for a
    short ending (the deal's SOLVER_TABLE_SHRINK halvings less up to 11 tricks)."""
    cap = (deal._solver_table_mb() if tt_mb is None else tt_mb) << 20
    if tricks_left > 13:
        tricks_left = 13
    size = 16384 << tricks_left
    if tricks_left <= 11:
        size >>= deal.SOLVER_TABLE_SHRINK
    size = cap if cap < size else size
    return MIN_TABLE_BYTES if size < MIN_TABLE_BYTES else size


def _deal_table_bytes(deal: TrickDeal, tt_mb: int | None) -> int:
    """_table_bytes for ``deal`` alone, by the tricks it has left."""
    return _table_bytes(deal, tt_mb, _tricks_left(deal))


def _switches(table: bool, equivalence: bool, bounds: bool, ranks: bool, gaps: bool) -> int:
    chosen = {"table": table, "equivalence": equivalence, "bounds": bounds, "ranks": ranks,
              "gaps": gaps}
    for name, on in chosen.items():
        if not isinstance(on, bool):
            raise SolveError(f"{name} must be True or False, not {on!r}")
    return sum(SWITCHES[name] for name, on in chosen.items() if on)


def _tricks_left(deal: TrickDeal) -> int:
    """About how many tricks are left: the cards in the hands (and Dam's pile) per seat. In a
    game without a pile, the seat to act holds one card a trick left (the others no more)."""
    pile = getattr(deal, "pile_size", None)
    if pile is None and deal.to_act is not None:
        return len(deal.hand(deal.to_act))
    return math.ceil((sum(map(len, deal.hands())) + (pile or 0)) / deal.players)


class ReusableSolver:
    """Solves position after position on one transposition table, kept while they need the
    same size (a bot's sampled worlds): each solve forgets the table first, so values and
    nodes are those of ``solve`` and ``solve_value``, without a new table allocated and paged
    in each time. ``tt_mb`` and the switches as ``solve`` takes them. One thread at a time."""

    def __init__(self, tt_mb: int | None = None, *, table: bool = True,
                 equivalence: bool = True, bounds: bool = True, ranks: bool = True,
                 gaps: bool = True) -> None:
        self._tt_mb = _table_mb(tt_mb)
        self._switches = _switches(table, equivalence, bounds, ranks, gaps)
        self._solver: Solver | None = None
        self._bytes = 0

    @property
    def table_bytes(self) -> int:
        """The size of the table it holds: the last position's (0 before the first)."""
        return self._bytes

    def _solver_for(self, size: int, max_nodes: int | None) -> Solver:
        if self._solver is None or size != self._bytes:
            self._solver, self._bytes = Solver(size, self._switches), size
        else:
            self._solver.forget()
        self._solver.node_limit = 0 if max_nodes is None else whole_number(
            "max_nodes", max_nodes, 1, 2**62, SolveError)
        return self._solver

    def solve(self, deal: TrickDeal, objective: str | None = None, *,
              seat: int | None = None, threads: int = 1) -> Solution:
        """``deal.solve(objective, seat=seat, threads=threads)`` on this table."""
        return self._solve(deal, objective, seat, _deal_table_bytes(deal, self._tt_mb), threads)

    def _solve(self, deal: TrickDeal, objective: str | None, seat: int | None,
               size: int, threads: int = 1) -> Solution:
        request = _request(deal, objective, seat)
        team = _team(deal, _team_helpers(threads))
        solver = self._solver_for(size, None)
        values, _, value, best = solver.solve(deal, request.code, request.mask, *team)
        solution = object.__new__(Solution)  # its fields at once: its __init__ sets them one by one
        solution.__dict__.update(objective=request.objective, seat=request.seat,
                                 side=request.side, to_act=deal.to_act,
                                 lower_is_better=request.lower_is_better, values=values,
                                 value=value, best=CardSet(best),
                                 stats=SolveStats(*solver.stats))
        return solution

    def solve_value(self, deal: TrickDeal, objective: str | None = None, *,
                    seat: int | None = None, max_nodes: int | None = None) -> int:
        """``deal.solve_value(objective, seat=seat, max_nodes=max_nodes)`` on this table."""
        return self._solve_value(deal, objective, seat, max_nodes,
                                 _deal_table_bytes(deal, self._tt_mb))

    def _solve_value(self, deal: TrickDeal, objective: str | None, seat: int | None,
                     max_nodes: int | None, size: int) -> int:
        request = _request(deal, objective, seat)
        return int(self._solver_for(size, max_nodes).solve_value(deal, request.code,
                                                                 request.mask))


RECYCLED_TABLE_BYTES = 1 << 20  # a thread keeps its one-shot solves' table up to this size
MAX_THREADS = 1024
_CORES = os.cpu_count() or 1  # read once: os.cpu_count() reads /sys each call (some 9 µs)
_team_lock = threading.Lock()
_team_executor: tuple[ThreadPoolExecutor, int] | None = None  # the pool and its threads


def _team_helpers(threads: object) -> int:
    """The threads a solve's team takes besides the caller's: ``threads`` checked, at most the
    cores (a member waiting for another spins), less one."""
    if threads == 1 and type(threads) is int:  # the usual call: nothing to look up
        return 0
    checked = whole_number("threads", threads, 1, MAX_THREADS, SolveError)
    return min(checked, _CORES) - 1


def _worth_a_team(deal: TrickDeal) -> bool:
    """Whether a solve of ``deal`` is long enough for a team: not a short ending (its default
    table at most RECYCLED_TABLE_BYTES), which takes about a millisecond or less, where handing
    work to a pool thread costs more than it saves (docs/kernels.md, "Team solves")."""
    return _deal_table_bytes(deal, None) > RECYCLED_TABLE_BYTES


def _team(deal: TrickDeal, helpers: int) -> tuple[int, ThreadPoolExecutor | None]:
    """The threads and the pool ``Solver.solve`` takes for ``deal`` with up to ``helpers``
    members besides the caller: none where the solve is too short for a team."""
    helpers = helpers if helpers and _worth_a_team(deal) else 0
    return helpers + 1, _team_pool(helpers)


def _team_pool(helpers: int) -> ThreadPoolExecutor | None:
    """The process's pool for team members, with at least ``helpers`` threads (None for none):
    kept between solves, so a solve starts no thread; grown (a new pool) when a team needs more."""
    global _team_executor
    if helpers == 0:
        return None
    with _team_lock:
        if _team_executor is None or _team_executor[1] < helpers:
            if _team_executor is not None:
                _team_executor[0].shutdown(wait=False)
            _team_executor = (ThreadPoolExecutor(max_workers=helpers,
                                                 thread_name_prefix="trickcore-team"), helpers)
        return _team_executor[0]


class _Recycled(threading.local):
    """Per thread: the table of the default one-shot solves whose table is small."""

    solver: ReusableSolver | None = None


_recycled = _Recycled()


def _one_shot(deal: TrickDeal, tt_mb: int | None) -> tuple[ReusableSolver, int]:
    """A solver for one solve of ``deal`` and the table's size: with the default cap and a
    table of at most RECYCLED_TABLE_BYTES, the thread's recycled one (short endings solved one
    after another page in no new table each: a third of a 5-card solve's time); else a new one."""
    size = _deal_table_bytes(deal, tt_mb)
    if tt_mb is not None or size > RECYCLED_TABLE_BYTES:
        return ReusableSolver(tt_mb), size
    if _recycled.solver is None:
        _recycled.solver = ReusableSolver()
    return _recycled.solver, size


def solve(deal: TrickDeal, objective: str | None = None, *, seat: int | None = None,
          tt_mb: int | None = None, threads: int = 1, table: bool = True,
          equivalence: bool = True, bounds: bool = True, ranks: bool = True,
          gaps: bool = True) -> Solution:
    """The exact final ``objective`` of the side of ``seat`` (default: the seat to act) for
    every legal card of the seat to act; ``tt_mb`` caps the table (MiB; by default 60 for the
    Hearts family and Dam avoid, 32 for the others); ``threads`` (at most the cores) share out
    the cards on that one table; the switches turn prunings off (the values never change). The
    deal is left as it was."""
    if (table is True and equivalence is True and bounds is True and ranks is True
            and gaps is True):
        solver, size = _one_shot(deal, _table_mb(tt_mb))
        return solver._solve(deal, objective, seat, size, threads)
    return ReusableSolver(tt_mb, table=table, equivalence=equivalence, bounds=bounds,
                          ranks=ranks, gaps=gaps).solve(deal, objective, seat=seat,
                                                        threads=threads)


def solve_value(deal: TrickDeal, objective: str | None = None, *, seat: int | None = None,
                tt_mb: int | None = None, max_nodes: int | None = None) -> int:
    """The exact final ``objective`` of the side of ``seat`` (default: the seat to act) under
    best play from here: ``solve(...).value`` without each card's own search, so cheaper.
    Past ``max_nodes`` positions searched it raises SolveLimitError instead."""
    solver, size = _one_shot(deal, _table_mb(tt_mb))
    return solver._solve_value(deal, objective, seat, max_nodes, size)


def solve_line(deal: TrickDeal, objective: str | None = None, *, seat: int | None = None,
               tt_mb: int | None = None, threads: int = 1) -> tuple[Card, ...]:
    """A principal variation from here to the end: at each step the lowest best card of the
    seat then to act, valued for the side of ``seat`` (default: the seat to act now); each
    step's solve on ``threads`` as ``solve`` takes them."""
    request = _request(deal, objective, seat)
    helpers = _team_helpers(threads)
    solver = Solver(_deal_table_bytes(deal, _table_mb(tt_mb)), ALL_SWITCHES)
    line: list[Card] = []
    position: Any = deal.clone()  # the table stays valid along the line: same side, same deal
    while position.phase == "play":
        best = solver.solve(position, request.code, request.mask, *_team(position, helpers))[3]
        card = next(iter(CardSet(best)))  # card order: the lowest first
        line.append(card)
        position.play(card)
    return tuple(line)


def solve_batch(deals: Sequence[TrickDeal], objective: str | None = None, *,
                workers: int | None = None, tt_mb: int | None = None) -> BatchSolution:
    """Solves many positions of one game in C on ``workers`` threads (default: every core),
    each valued for the side of its seat to act; row i equals ``deals[i].solve(objective)``."""
    deals = list(deals)
    kinds = {type(deal) for deal in deals}
    if len(kinds) > 1:
        names = sorted(f"{kind.__module__}.{kind.__qualname__}" for kind in kinds)
        raise SolveError(f"solve_batch takes the deals of one game, not {' and '.join(names)}")
    requests = [_request(deal, objective, None) for deal in deals]
    count = len(deals)
    threads = _CORES if workers is None else whole_number(
        "workers", workers, 1, MAX_THREADS, SolveError)
    cap = _table_mb(tt_mb)
    values = np.zeros((count, 56), dtype=np.int32)
    legal = np.zeros(count, dtype=np.uint64)
    value = np.zeros(count, dtype=np.int32)
    nodes = np.zeros(count, dtype=np.int64)
    if count == 0:
        return BatchSolution(values, legal, value, nodes)
    sides = np.array([r.mask for r in requests], dtype=np.uint8)
    table = _table_bytes(deals[0], cap, max(_tricks_left(deal) for deal in deals))
    code = requests[0].code
    threads = min(threads, count)
    # Workers take small chunks in turn, so uneven positions still keep every thread busy.
    chunk = count if threads == 1 else max(1, min(64, count // (threads * 8)))
    starts = iter(range(0, count, chunk))

    def run() -> None:
        solver = Solver(table, ALL_SWITCHES)
        for lo in starts:  # next() on a shared iterator is atomic under the GIL
            hi = min(lo + chunk, count)
            solve_many(solver, deals[lo:hi], code, sides[lo:hi], values[lo:hi], legal[lo:hi],
                       value[lo:hi], nodes[lo:hi])

    if threads == 1:  # in the calling thread: no pool to start for a short batch
        run()
    else:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            for future in [pool.submit(run) for _ in range(threads)]:
                future.result()
    return BatchSolution(values, legal, value, nodes)
