/* Draw claims (WCDF): threefold repetition and the 40-move rule.
 *
 * Only a king's simple move is reversible: a man never moves back and a captured piece never
 * returns. So a position can only repeat among the positions since the last man move or capture,
 * and their number (the reversible plies plus one) is also the 40-move counter. */
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

/* Whether the side to move may claim a draw by repetition: one of its legal moves `moves[0..n)`
 * would produce a position (same pieces, same side to move) for the third time. `history` and
 * `hashes` hold the positions since the last irreversible move and their Zobrist hashes, oldest
 * first, the current position last (count >= 1). */
int dr_repetition_claim(const dr_position *history, const uint64_t *hashes, int count,
                        const dr_move *moves, int n);

#endif
