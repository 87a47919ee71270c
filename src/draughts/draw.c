#include "draughts/draw.h"

#include "draughts/zobrist.h"

int dr_repetition_claim(const dr_position *history, const uint64_t *hashes, int count,
                        const dr_move *moves, int n)
{
    const dr_position *current = &history[count - 1];
    for (int i = 0; i < n; ++i) {
        if (dr_is_irreversible(current, &moves[i])) continue;
        dr_position next = *current;
        dr_make(&next, &moves[i]);
        uint64_t hash = dr_zobrist_update(hashes[count - 1], current, &next);
        int seen = 0;
        /* Positions with the other side to move: every second one back from the current. */
        for (int k = count - 2; k >= 0; k -= 2) {
            if (hashes[k] == hash && dr_same_position(&history[k], &next) && ++seen == 2) return 1;
        }
    }
    return 0;
}
