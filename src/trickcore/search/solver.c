#include "trickcore/search/solver.h"

#include "trickcore/core/isa.h"

#include <string.h>

void tc_solver_init(tc_solver *solver, void *table, int64_t table_bytes, int switches)
{
    solver->table = table;
    solver->table_bytes = table_bytes;
    solver->generation = 0;
    solver->switches = (int8_t)switches;
    solver->isa = (int8_t)tc_isa_best();
    solver->node_limit = 0;
    tc_solver_forget(solver);
}

void tc_solver_forget(tc_solver *solver)
{
    if (++solver->generation == 0) { /* after 2^32 searches: entries of generation 0 are stale */
        memset(solver->table, 0, (size_t)solver->table_bytes);
        solver->generation = 1;
    }
    memset(&solver->stats, 0, sizeof solver->stats);
    memset(solver->history, 0, sizeof solver->history);
}
