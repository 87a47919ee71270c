#include "draughts/draw.h"

#include "draughts/zobrist.h"

int dr_repetition_claim(const dr_position *history, const uint64_t *hashes, int count,
                        const dr_move *moves, int n)
{
    /* A claim needs two earlier positions with the other side to move: count - 4 >= 0. */
    if (count < 4) return 0;
    dr_position p = history[count - 1];
    for (int i = 0; i < n; ++i) {
        if (dr_is_irreversible(&p, &moves[i])) continue;
        uint64_t hash = dr_zobrist_update(hashes[count - 1], &p, &moves[i]);
        dr_make(&p, &moves[i]);
        int seen = 0;
        /* Positions with the other side to move: every second one back from the current. */
        for (int k = count - 2; k >= 0 && seen < 2; k -= 2)
            seen += hashes[k] == hash && dr_same_position(&history[k], &p);
        dr_unmake(&p, &moves[i]);
        if (seen == 2) return 1;
    }
    return 0;
}
