# cython: freethreading_compatible = False, auto_pickle = False, nonecheck = True
"""Bindings of the perfect-information solver (src/trickcore/search/): a ``Solver`` owns its
transposition table as a numpy buffer (the C kernel never allocates) and runs a game's solve on
a copy of a deal's state with the GIL released, alone or with team members sharing its table
(``_Member``, one per pool thread); ``solve_many`` solves a batch the same way."""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy

from trickcore.core._binding cimport DealBinding
from trickcore.core._ccards cimport TC_NUM_CARD_IDS, tc_isa_best, tc_lowest, tc_mask
from trickcore.core._cstatus cimport TC_ERR_LIMIT
from trickcore.core._history cimport STEP_STATE_WORDS
from trickcore.search._csolver cimport (
    TC_SOLVE_ALL,
    TC_SOLVE_BOUNDS,
    TC_SOLVE_EQUIVALENCE,
    TC_SOLVE_RANKS,
    TC_SOLVE_GAPS,
    TC_SOLVE_TABLE,
    solve_fn,
    tc_solve_request,
    tc_solve_team,
    tc_solve_team_init,
    tc_solver,
    tc_solver_forget,
    tc_solver_init,
    tc_solver_join,
)

import numpy as np

from trickcore.core.card import all_cards
from trickcore.core.errors import error_for_status

CARDS = all_cards()  # Card by id

SWITCHES = {"table": TC_SOLVE_TABLE, "equivalence": TC_SOLVE_EQUIVALENCE,
            "bounds": TC_SOLVE_BOUNDS, "ranks": TC_SOLVE_RANKS, "gaps": TC_SOLVE_GAPS}
ALL_SWITCHES = TC_SOLVE_ALL  # every pruning on
MIN_TABLE_BYTES = 4096
BEST_ISA = tc_isa_best()  # the fastest instruction-set variant this CPU runs (0: portable)


cdef class _Job:
    """One solve's input, as every member of a team reads it: a copy of the deal's state (another
    thread may play on the deal), its rules and game, the request; the team, if any."""

    cdef uint64_t state[STEP_STATE_WORDS]
    cdef tc_solve_team team
    cdef solve_fn solve
    cdef const void *rules
    cdef tc_solve_request request
    cdef DealBinding deal  # keeps the rules alive


cdef _Job job_of(DealBinding deal, int objective, int side):
    deal.head()
    cdef _Job job = _Job()
    job.deal = deal
    job.solve = deal.kernel_solver()
    job.rules = deal.kernel_rules()
    job.request.objective = objective
    job.request.side = side
    memcpy(job.state, deal.state_address(), deal.state_size())
    return job


cdef class _Member:
    """A team member other than the first (tc_solver_join): it shares the first one's table."""

    cdef tc_solver c

    def run(self, _Job job not None):
        """Values the cards it claims; the values all members return are the first one's."""
        cdef int32_t out[TC_NUM_CARD_IDS]
        cdef tc_mask legal = 0
        cdef int32_t value = 0
        with nogil:
            job.solve(job.rules, job.state, job.request, &self.c, out, &legal, &value)


cdef class Solver:
    """A transposition table of ``table_bytes`` (at least MIN_TABLE_BYTES) and the prunings
    ``switches``; one thread uses a Solver at a time."""

    cdef tc_solver c
    cdef object table

    def __init__(self, int64_t table_bytes, int switches):
        if table_bytes < MIN_TABLE_BYTES:
            raise ValueError(f"a solver table needs at least {MIN_TABLE_BYTES} bytes")
        self.table = np.zeros(table_bytes, dtype=np.uint8)
        cdef uint8_t[::1] view = self.table
        tc_solver_init(&self.c, &view[0], table_bytes, switches)

    def forget(self):
        """Empties the table (for a new deal or request; the same ones may keep it)."""
        tc_solver_forget(&self.c)

    @property
    def isa(self):
        """The instruction-set variant searching (0 portable, 1 BMI2: the same values)."""
        return self.c.isa

    @isa.setter
    def isa(self, int variant):
        if variant not in (0, 1) or variant > tc_isa_best():
            raise ValueError(f"no instruction-set variant {variant} on this machine")
        self.c.isa = variant

    @property
    def node_limit(self):
        """The nodes a solve may search before it fails with SolveLimitError (0: no limit)."""
        return self.c.node_limit

    @node_limit.setter
    def node_limit(self, int64_t nodes):
        if nodes < 0:
            raise ValueError(f"a node limit is 0 (none) or positive, not {nodes}")
        self.c.node_limit = nodes

    @property
    def stats(self):
        """(nodes, tt_hits, tt_stores) of the latest solve."""
        return self.c.stats.nodes, self.c.stats.tt_hits, self.c.stats.tt_stores

    def solve(self, DealBinding deal not None, int objective, int side, int threads=1,
              object pool=None):
        """The value of every legal card ({Card: value}), the legal mask, the value of the
        position and the mask of the cards worth it, for the side mask ``side``; the deal is
        left as it was. With ``threads`` > 1, a team (docs/kernels.md) values the cards: this
        thread and threads - 1 members run by ``pool`` (an Executor), on this table."""
        cdef int32_t out[TC_NUM_CARD_IDS]
        cdef tc_mask legal = 0, best = 0, rest
        cdef _Job job = job_of(deal, objective, side)
        cdef int32_t value = (self.run(job, out, &legal) if threads <= 1 else
                              self.run_team(job, out, &legal, threads - 1, pool))
        cdef int card
        values = {}
        rest = legal
        while rest:
            card = tc_lowest(rest)
            rest &= rest - 1
            values[CARDS[card]] = out[card]
            if out[card] == value:
                best |= (<tc_mask>1) << card
        return values, legal, value, best

    def solve_value(self, DealBinding deal not None, int objective, int side):
        """The value of the position alone (no card's own search), for the side mask ``side``."""
        cdef tc_mask legal = 0
        return self.run(job_of(deal, objective, side), NULL, &legal)

    cdef int32_t run_team(self, _Job job, int32_t *values, tc_mask *legal, int helpers,
                          object pool) except? -1:
        """run() by a team: the members join on this table and generation, the pool runs
        them, their statistics add to this solver's. The solve returns once every card is
        valued: a member started late finds them all taken and stops without touching the
        table (the job, which holds the team, lives until then); one not started is cancelled."""
        tc_solve_team_init(&job.team)
        members = []
        cdef _Member member
        for _ in range(helpers):
            member = _Member()
            tc_solver_join(&member.c, &self.c, &job.team)
            members.append(member)
        futures = []
        try:
            futures = [pool.submit(m.run, job) for m in members]
            return self.run(job, values, legal)
        finally:
            self.c.team = NULL
            for future in futures:
                future.cancel()
            for m in members:  # final: a member's last card was valued before the run returned
                member = m
                self.c.stats.nodes += member.c.stats.nodes
                self.c.stats.tt_hits += member.c.stats.tt_hits
                self.c.stats.tt_stores += member.c.stats.tt_stores

    cdef int32_t run(self, _Job job, int32_t *values, tc_mask *legal) except? -1:
        cdef int32_t value = 0
        cdef int status
        with nogil:
            status = job.solve(job.rules, job.state, job.request, &self.c, values, legal, &value)
        if status == TC_ERR_LIMIT:
            tc_solver_forget(&self.c)  # the aborted search left meaningless entries
            raise error_for_status(status, f"the solve stopped at its node limit "
                                           f"({self.c.node_limit:,} nodes)")
        if status != 0:
            raise error_for_status(status, "the solver refuses this position")
        return value


def solve_many(Solver solver not None, deals, int objective,
               const uint8_t[::1] sides, int32_t[:, ::1] values, uint64_t[::1] legal,
               int32_t[::1] value, int64_t[::1] nodes):
    """Solves ``deals`` (one game) into row i of the outputs for the side mask sides[i]."""
    deals = list(deals)
    cdef Py_ssize_t n = len(deals), i
    if n == 0:
        return
    states = np.empty((n, STEP_STATE_WORDS), dtype=np.uint64)
    rule_addresses = np.empty(n, dtype=np.uintp)
    cdef uint64_t[:, ::1] state = states
    cdef size_t[::1] rules = rule_addresses
    cdef DealBinding deal
    cdef solve_fn solve = (<DealBinding?>deals[0]).kernel_solver()
    cdef tc_solve_request request
    cdef tc_mask mask = 0
    cdef int status = 0
    for i in range(n):
        deal = <DealBinding?>deals[i]
        deal.head()
        memcpy(&state[i, 0], deal.state_address(), deal.state_size())
        rules[i] = <size_t>deal.kernel_rules()
    request.objective = objective
    with nogil:
        for i in range(n):
            tc_solver_forget(&solver.c)
            request.side = sides[i]
            status = solve(<const void *>rules[i], &state[i, 0], request, &solver.c,
                           &values[i, 0], &mask, &value[i])
            if status != 0:
                break
            legal[i] = mask
            nodes[i] = solver.c.stats.nodes
    if status != 0:
        raise error_for_status(status, f"the solver refuses position {i}")
