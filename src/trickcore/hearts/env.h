/* Hearts-family environments for learning: one card per action (passing too, a card at a time),
 * observations of bit planes, the batch loop of core/env_loop.h (docs/environments.md,
 * "Svarta Maja and Spardame"). */
#ifndef TRICKCORE_HEARTS_ENV_H
#define TRICKCORE_HEARTS_ENV_H

#include <stdint.h>

#include "trickcore/core/deal.h"
#include "trickcore/core/env.h"
#include "trickcore/hearts/hearts.h"

#define TC_HEARTS_ENV_ACTIONS 52 /* action c: card c, played or added to the pass */
#define TC_HEARTS_ENV_PLANES 19
#define TC_HEARTS_ENV_OBS_BYTES (8 * TC_HEARTS_ENV_PLANES)

typedef struct {
    tc_hearts_rules rules;
    tc_dealer dealer;
} tc_hearts_env_params;

typedef struct {
    tc_hearts_state deal;
    tc_mask held[TC_HEARTS_MAX_PLAYERS]; /* the hands when play began (after the passes) */
    tc_mask choosing;                    /* cards the seat passing has chosen so far */
    int64_t deals;                       /* episodes begun: the dealer and pass direction */
} tc_hearts_env;

/* Fills the params from prepared rules: TC_OK, or TC_ERR_ARGUMENT. */
int tc_hearts_env_init(tc_hearts_env_params *p, const tc_hearts_rules *r);

/* Sets environment e to the deal `s` with `held` the hands as play began (after the passes),
 * `deals` episodes begun; no pass is half chosen. */
void tc_hearts_env_load(tc_hearts_env *e, const tc_hearts_state *s, const tc_mask *held,
                        int64_t deals);

/* The batch loop (core/env_loop.h). */
void tc_hearts_env_reset(const tc_hearts_env_params *p, const tc_env_config *cfg,
                         tc_hearts_env *envs, tc_env_stream *streams, bitgen_t *const *rngs,
                         int64_t lo, int64_t hi, const tc_env_out *out);
int64_t tc_hearts_env_check(const tc_hearts_env_params *p, const tc_hearts_env *envs, int64_t n,
                            const int32_t *actions, int *why);
void tc_hearts_env_step(const tc_hearts_env_params *p, const tc_env_config *cfg,
                        tc_hearts_env *envs, tc_env_stream *streams, bitgen_t *const *rngs,
                        int64_t lo, int64_t hi, const int32_t *actions, int autoreset,
                        const tc_env_out *out);
void tc_hearts_env_resume(const tc_hearts_env_params *p, const tc_env_config *cfg,
                          tc_hearts_env *envs, tc_env_stream *streams, bitgen_t *const *rngs,
                          int64_t i, const tc_env_out *out);
void tc_hearts_env_observe(const tc_hearts_env_params *p, const tc_hearts_env *e, int seat,
                           uint8_t *obs, uint8_t *mask);

#endif
