/* The perfect-information solver on a Spades deal (solve.c; the search is
 * trickcore/search/search.h). */
#ifndef TRICKCORE_SPADES_SOLVE_H
#define TRICKCORE_SPADES_SOLVE_H

#include "trickcore/spades/spades.h"
#include "trickcore/search/solver.h"

/* The exact final tricks (TC_SOLVE_TRICKS) or deal score (TC_SOLVE_SCORE) of the side
 * request.side (a side of the rules) for each legal card of the seat to act, into values[card]
 * (values NULL: skipped); their mask into *legal, the best into *value. TC_ERR_STATE outside the
 * play phase, TC_ERR_ARGUMENT for a request the game does not have, TC_ERR_LIMIT past the node limit. */
int tc_spades_solve(const tc_spades_rules *r, const tc_spades_state *s, tc_solve_request request,
                    tc_solver *solver, int32_t *values, tc_mask *legal, int32_t *value);

#endif
