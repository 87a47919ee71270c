/* English draughts environments for learning: a whole move per action (from * 32 + to), bit
 * planes of the pieces from the observer's side, the batch loop of core/env_loop.h
 * (docs/environments.md, "English draughts"). */
#ifndef TRICKCORE_DRAUGHTS_ENV_H
#define TRICKCORE_DRAUGHTS_ENV_H

#include <stdint.h>

#include "draughts/board.h"
#include "draughts/draw.h"
#include "draughts/movegen.h"
#include "trickcore/core/env.h"

#define DR_ENV_ACTIONS (DR_SQUARES * DR_SQUARES) /* action: (from - 1) * 32 + (to - 1) */
#define DR_ENV_OBS_BYTES 24                      /* three 64-bit planes */
#define DR_ENV_WINDOW (DR_FORTY_MOVE_PLIES + 1)

typedef struct {
    dr_position start;
    int32_t max_plies; /* truncate an episode after this many plies; 0: no limit */
} dr_env_params;

/* One game. The positions since the last irreversible move (the referee's draw window) end
 * with the current one, window[reversible]; the game ends before the window overflows. The
 * legal moves of the current position are kept: every step reads them several times. */
typedef struct {
    dr_position window[DR_ENV_WINDOW];
    uint64_t hashes[DR_ENV_WINDOW];
    int32_t reversible; /* plies since the last man move or capture */
    int32_t plies;
    int8_t over;     /* the game has ended by the rules */
    int8_t result;   /* once over: +1 Black won, -1 White won, 0 draw */
    int8_t repeated; /* the current position occurred before in the game */
    int16_t count;   /* the legal moves of the current position, in path order */
    dr_move moves[DR_MAX_MOVES];
} dr_env;

/* Fills the params: TC_OK, or TC_ERR_ARGUMENT for a malformed start or a negative limit. */
int dr_env_init(dr_env_params *p, const dr_position *start, int32_t max_plies);

/* The batch loop (core/env_loop.h). */
void dr_env_reset(const dr_env_params *p, const tc_env_config *cfg, dr_env *envs,
                  tc_env_stream *streams, bitgen_t *const *rngs, int64_t lo, int64_t hi,
                  const tc_env_out *out);
int64_t dr_env_check(const dr_env_params *p, const dr_env *envs, int64_t n, const int32_t *actions,
                     int *why);
void dr_env_step(const dr_env_params *p, const tc_env_config *cfg, dr_env *envs,
                 tc_env_stream *streams, bitgen_t *const *rngs, int64_t lo, int64_t hi,
                 const int32_t *actions, int autoreset, const tc_env_out *out);
void dr_env_observe(const dr_env_params *p, const dr_env *e, int seat, uint8_t *obs, uint8_t *mask);

#endif
