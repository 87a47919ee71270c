/* The perfect-information solver on a Danish Dam deal whose draw pile's order is known
 * (solve.c; the search is trickcore/search/search.h). */
#ifndef TRICKCORE_DAM_SOLVE_H
#define TRICKCORE_DAM_SOLVE_H

#include "trickcore/dam/dam.h"
#include "trickcore/search/solver.h"

/* The exact final points of the side request.side (objective TC_SOLVE_POINTS) for each legal
 * card of the seat to act, into values[card] (values NULL: skipped); their mask into *legal,
 * the best into *value. TC_ERR_STATE outside the play phase, TC_ERR_ARGUMENT for a request the game does not have, TC_ERR_LIMIT past the node limit. */
int tc_dam_solve(const tc_dam_rules *r, const tc_dam_state *s, tc_solve_request request,
                 tc_solver *solver, int32_t *values, tc_mask *legal, int32_t *value);

#endif
