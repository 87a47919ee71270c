/* Random games: both sides play uniformly random legal moves until the game ends. Randomness
 * comes from numpy's bit generator C API (bitgen_t), so a seed replays the same games. */
#ifndef TRICKCORE_DRAUGHTS_PLAYOUT_H
#define TRICKCORE_DRAUGHTS_PLAYOUT_H

#include <stdint.h>

#include "draughts/board.h"
#include "numpy/random/bitgen.h"

/* How a game ended. */
enum dr_end {
    DR_END_NO_MOVES = 1,    /* the side to move has no piece or no legal move: it lost */
    DR_END_REPETITION = 2,  /* draw: a threefold-repetition claim became possible */
    DR_END_FORTY_MOVES = 3, /* draw: a 40-move-rule claim became possible */
    DR_END_MAX_PLIES = 4    /* draw by adjudication after the ply limit */
};

typedef struct dr_playout_rules {
    int auto_draw;     /* end the game as a draw as soon as a draw claim would be possible */
    int32_t max_plies; /* adjudicate a draw after this many plies; 0: no limit (needs auto_draw) */
} dr_playout_rules;

typedef struct dr_game_summary {
    int8_t result;       /* +1 Black won, -1 White won, 0 draw */
    int8_t end;          /* an enum dr_end */
    int8_t black_pieces; /* pieces left at the end */
    int8_t white_pieces;
    int32_t plies; /* plies played */
} dr_game_summary;

/* Plays one random game from `start`; when `choices` is not NULL, each ply's move index in the
 * path-ordered legal list goes there, up to `choices_capacity` plies. Returns a tc_status:
 * TC_ERR_ARGUMENT for a malformed start or rules without an end (no ply limit, no auto draw). */
int dr_playout(bitgen_t *rng, const dr_position *start, const dr_playout_rules *rules,
               dr_game_summary *summary, uint8_t *choices, int32_t choices_capacity);

/* Plays `count` random games from `start` one after the other from the same stream. */
int dr_playout_batch(bitgen_t *rng, const dr_position *start, const dr_playout_rules *rules,
                     int64_t count, dr_game_summary *summaries);

#endif
