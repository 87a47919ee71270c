# cython: freethreading_compatible = False, auto_pickle = False, nonecheck = True
"""Bindings of the perfect-information solver (src/trickcore/search/): a ``Solver`` owns its
transposition table as a numpy buffer (the C kernel never allocates) and runs a game's solve on
a copy of a deal's state with the GIL released; ``solve_many`` solves a batch the same way."""

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
    TC_SOLVE_TABLE,
    solve_fn,
    tc_solve_request,
    tc_solver,
    tc_solver_forget,
    tc_solver_init,
)

import numpy as np

from trickcore.core.card import all_cards
from trickcore.core.errors import error_for_status

CARDS = all_cards()  # Card by id

SWITCHES = {"table": TC_SOLVE_TABLE, "equivalence": TC_SOLVE_EQUIVALENCE,
            "bounds": TC_SOLVE_BOUNDS, "ranks": TC_SOLVE_RANKS}
ALL_SWITCHES = TC_SOLVE_ALL  # every pruning on
MIN_TABLE_BYTES = 4096
BEST_ISA = tc_isa_best()  # the fastest instruction-set variant this CPU runs (0: portable)


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

    def solve(self, DealBinding deal not None, int objective, int side):
        """The value of every legal card ({Card: value}), the legal mask, the value of the
        position and the mask of the cards worth it, for the side mask ``side``; the deal is
        left as it was."""
        cdef int32_t out[TC_NUM_CARD_IDS]
        cdef tc_mask legal = 0, best = 0, rest
        cdef int32_t value = self.run(deal, objective, side, out, &legal)
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
        return self.run(deal, objective, side, NULL, &legal)

    cdef int32_t run(self, DealBinding deal, int objective, int side, int32_t *values,
                     tc_mask *legal) except? -1:
        deal.head()
        cdef uint64_t state[STEP_STATE_WORDS]
        cdef solve_fn solve = deal.kernel_solver()
        cdef const void *rules = deal.kernel_rules()
        cdef tc_solve_request request
        cdef int32_t value = 0
        cdef int status
        request.objective = objective
        request.side = side
        memcpy(state, deal.state_address(), deal.state_size())  # another thread may play on
        with nogil:
            status = solve(rules, state, request, &self.c, values, legal, &value)
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
