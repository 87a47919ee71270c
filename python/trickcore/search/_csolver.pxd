# C declarations of src/trickcore/search/solver.h, and the signature every game's solve shares.
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint32_t

from trickcore.core._ccards cimport tc_mask

cdef extern from "trickcore/search/solver.h" nogil:
    enum tc_solve_switch:
        TC_SOLVE_TABLE
        TC_SOLVE_EQUIVALENCE
        TC_SOLVE_BOUNDS
        TC_SOLVE_RANKS
        TC_SOLVE_GAPS
        TC_SOLVE_ALL

    enum tc_solve_objective:
        TC_SOLVE_POINTS
        TC_SOLVE_TRICKS
        TC_SOLVE_SCORE

    ctypedef struct tc_solve_stats:
        int64_t nodes
        int64_t tt_hits
        int64_t tt_stores

    ctypedef struct tc_solve_request:
        int8_t objective
        uint8_t side

    ctypedef struct tc_solve_team:
        pass

    ctypedef struct tc_solver:
        int64_t table_bytes
        int8_t isa
        int64_t node_limit
        tc_solve_team *team
        tc_solve_stats stats

    void tc_solver_init(tc_solver *solver, void *table, int64_t table_bytes, int switches)
    void tc_solver_forget(tc_solver *solver)
    void tc_solve_team_init(tc_solve_team *team)
    void tc_solver_join(tc_solver *member, tc_solver *first, tc_solve_team *team)

# A game's tc_<game>_solve on untyped rules and state (each game's _core.pyx wraps its own).
ctypedef int (*solve_fn)(const void *rules, const void *state, tc_solve_request request,
                         tc_solver *solver, int32_t *values, tc_mask *legal,
                         int32_t *value) noexcept nogil
