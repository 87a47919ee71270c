/* The perfect-information solver on a Hearts-family deal (solve.c; the search is
 * trickcore/search/search.h). */
#ifndef TRICKCORE_HEARTS_SOLVE_H
#define TRICKCORE_HEARTS_SOLVE_H

#include "trickcore/hearts/hearts.h"
#include "trickcore/search/solver.h"

/* The exact final points of the side request.side (objective TC_SOLVE_POINTS) for each legal
 * card of the seat to act, into values[card] (values NULL: skipped); their mask into *legal,
 * the best into *value. TC_ERR_STATE outside the play phase, TC_ERR_ARGUMENT for a request the game does not have, TC_ERR_LIMIT past the node limit. */
int tc_hearts_solve(const tc_hearts_rules *r, const tc_hearts_state *s, tc_solve_request request,
                    tc_solver *solver, int32_t *values, tc_mask *legal, int32_t *value);

#endif
