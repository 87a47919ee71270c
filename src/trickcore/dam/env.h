/* Danish Dam environments for learning: one card id per action (the two copies of a card are one
 * action), observations of bit planes, the batch loop of core/env_loop.h (docs/environments.md,
 * "Danish Dam"). */
#ifndef TRICKCORE_DAM_ENV_H
#define TRICKCORE_DAM_ENV_H

#include <stdint.h>

#include "trickcore/core/deal.h"
#include "trickcore/core/env.h"
#include "trickcore/dam/dam.h"

#define TC_DAM_ENV_ACTIONS 56 /* action c: a copy of card c (jokers 52..55) */
#define TC_DAM_ENV_PLANES 37
#define TC_DAM_ENV_OBS_BYTES (8 * TC_DAM_ENV_PLANES)

typedef struct {
    tc_dam_rules rules;
    tc_index_plan shuffle; /* tc_dam_simulate's shuffle of the deck */
    int teams;             /* partners opposite score together (4 players) */
    int open_hands;        /* a seat sees the other hands, not its own */
} tc_dam_env_params;

typedef struct {
    tc_dam_state deal;
    tc_multiset played[TC_DAM_MAX_PLAYERS]; /* cards each seat has played, the trick's too */
    tc_multiset taken[TC_DAM_MAX_PLAYERS];  /* cards each seat has won in tricks */
    int64_t deals;                          /* episodes begun: the dealer */
} tc_dam_env;

/* Fills the params from prepared rules and the two rules the kernel does not hold: TC_OK, or
 * TC_ERR_ARGUMENT. */
int tc_dam_env_init(tc_dam_env_params *p, const tc_dam_rules *r, int teams, int open_hands);

/* The batch loop (core/env_loop.h). */
void tc_dam_env_reset(const tc_dam_env_params *p, const tc_env_config *cfg, tc_dam_env *envs,
                      tc_env_stream *streams, bitgen_t *const *rngs, int64_t lo, int64_t hi,
                      const tc_env_out *out);
int64_t tc_dam_env_check(const tc_dam_env_params *p, const tc_dam_env *envs, int64_t n,
                         const int32_t *actions, int *why);
void tc_dam_env_step(const tc_dam_env_params *p, const tc_env_config *cfg, tc_dam_env *envs,
                     tc_env_stream *streams, bitgen_t *const *rngs, int64_t lo, int64_t hi,
                     const int32_t *actions, int autoreset, const tc_env_out *out);
void tc_dam_env_observe(const tc_dam_env_params *p, const tc_dam_env *e, int seat, uint8_t *obs,
                        uint8_t *mask);

#endif
