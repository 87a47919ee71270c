/* Draw claims (WCDF): threefold repetition and the 40-move rule. Only a king's simple move is
 * reversible, so positions repeat only since the last man move or capture, and their number is
 * also the 40-move counter (docs/kernels.md, "Draw claims"). */
#ifndef TRICKCORE_DRAUGHTS_DRAW_H
#define TRICKCORE_DRAUGHTS_DRAW_H

#include <stdint.h>

#include "draughts/board.h"

/* 40 moves of each side: 80 plies in a row without a man move or a capture. */
#define DR_FORTY_MOVE_PLIES 80

/* Whether the side to move may claim a draw by the 40-move rule. */
static inline int dr_forty_move_claim(int reversible_plies)
{
    return reversible_plies >= DR_FORTY_MOVE_PLIES;
}

/* Whether the side to move may claim a repetition: a move of moves[0..n) makes a position for the
 * third time. history/hashes: the positions since the last irreversible move and their Zobrist
 * hashes, oldest first, the current one last (count >= 1). */
int dr_repetition_claim(const dr_position *history, const uint64_t *hashes, int count,
                        const dr_move *moves, int n);

#endif
