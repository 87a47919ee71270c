/* Spades environments for learning: cards, bids and the bidding phase's other moves as one fixed
 * action space, observations of bit planes, the batch loop of core/env_loop.h
 * (docs/environments.md, "Spades"). */
#ifndef TRICKCORE_SPADES_ENV_H
#define TRICKCORE_SPADES_ENV_H

#include <stdint.h>

#include "trickcore/core/deal.h"
#include "trickcore/core/env.h"
#include "trickcore/spades/spades.h"

/* Actions: card c (0..55); 56 + bid code (nil 0, 1..13, blind nil 14); look at the hand; ask for
 * a misdeal; keep the hand (the misdeal round). */
#define TC_SPADES_ENV_BID 56
#define TC_SPADES_ENV_LOOK 71
#define TC_SPADES_ENV_MISDEAL 72
#define TC_SPADES_ENV_KEEP 73
#define TC_SPADES_ENV_ACTIONS 74
#define TC_SPADES_ENV_PLANES 12
#define TC_SPADES_ENV_OBS_BYTES (8 * TC_SPADES_ENV_PLANES)

typedef struct {
    tc_spades_rules rules;
    tc_dealer dealer;
    int32_t target;    /* a side reaching it ends the match: the next deal starts a new one */
    int32_t min_score; /* likewise a side falling to it; INT32_MIN: none */
} tc_spades_env_params;

typedef struct {
    tc_spades_state deal;
    tc_mask held[TC_SPADES_PLAYERS];   /* the hands as dealt */
    int32_t scores[TC_SPADES_PLAYERS]; /* per side: the match's totals before this deal */
    int16_t bags[TC_SPADES_PLAYERS];
    int8_t asked;  /* misdeal round: seats that kept their hands so far (4: bidding is on) */
    int64_t deals; /* episodes begun */
} tc_spades_env;

/* Fills the params from prepared rules and the match's ends: TC_OK, or TC_ERR_ARGUMENT (table
 * mode included: a renege cannot be a masked action). */
int tc_spades_env_init(tc_spades_env_params *p, const tc_spades_rules *r, int32_t target,
                       int32_t min_score);

/* The action `policy` (TC_ENV_GREEDY or TC_ENV_RULE) takes for the seat to act; -1 once over. */
int tc_spades_env_policy_action(const tc_spades_env_params *p, const tc_spades_env *e, int policy);

/* The batch loop (core/env_loop.h). */
void tc_spades_env_reset(const tc_spades_env_params *p, const tc_env_config *cfg,
                         tc_spades_env *envs, tc_env_stream *streams, bitgen_t *const *rngs,
                         int64_t lo, int64_t hi, const tc_env_out *out);
int64_t tc_spades_env_check(const tc_spades_env_params *p, const tc_spades_env *envs, int64_t n,
                            const int32_t *actions, int *why);
void tc_spades_env_step(const tc_spades_env_params *p, const tc_env_config *cfg,
                        tc_spades_env *envs, tc_env_stream *streams, bitgen_t *const *rngs,
                        int64_t lo, int64_t hi, const int32_t *actions, int autoreset,
                        const tc_env_out *out);
void tc_spades_env_observe(const tc_spades_env_params *p, const tc_spades_env *e, int seat,
                           uint8_t *obs, uint8_t *mask);

#endif
