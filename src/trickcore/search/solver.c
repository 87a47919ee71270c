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
    solver->team = NULL;
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

void tc_solve_team_init(tc_solve_team *team)
{
    memset(team, 0, sizeof *team);
    team->best = TC_SEARCH_NONE;
}

void tc_solver_join(tc_solver *member, tc_solver *first, tc_solve_team *team)
{
    tc_solver_init(member, first->table, first->table_bytes, first->switches);
    member->generation = first->generation;
    member->isa = first->isa;
    member->node_limit = first->node_limit;
    member->team = first->team = team;
    team->first = first;
}
