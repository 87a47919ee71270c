/* For each position read from stdin ("black white kings turn", square masks, turn 0 Black),
 * prints the search's move list (capture masks, else step masks) and the referee's
 * (dr_generate), each as sorted "moved:captured:kings" masks, separated by " | ". */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "draughts/movegen.h"

static int compare(const void *a, const void *b)
{
    const dr_move *x = a, *y = b;
    if (x->moved != y->moved) return x->moved < y->moved ? -1 : 1;
    if (x->captured != y->captured) return x->captured < y->captured ? -1 : 1;
    return x->kings < y->kings ? -1 : x->kings > y->kings;
}

static void print(dr_move *moves, int n)
{
    qsort(moves, (size_t)n, sizeof *moves, compare);
    for (int i = 0; i < n; ++i)
        printf(" %" PRIx64 ":%" PRIx64 ":%" PRIx64, (uint64_t)moves[i].moved,
               (uint64_t)moves[i].captured, (uint64_t)moves[i].kings);
}

int main(void)
{
    uint32_t black, white, kings;
    int turn;
    dr_move search[DR_MAX_MOVES], referee[DR_MAX_MOVES];
    while (scanf("%" SCNu32 " %" SCNu32 " %" SCNu32 " %d", &black, &white, &kings, &turn) == 4) {
        dr_position p = {dr_from_squares(black), dr_from_squares(white), dr_from_squares(kings),
                         turn};
        int n = dr_generate_capture_masks(&p, search, DR_MAX_MOVES);
        if (n == 0) n = dr_generate_step_masks(&p, search, DR_MAX_MOVES);
        int m = dr_generate(&p, referee, DR_MAX_MOVES);
        if (n < 0 || m < 0) return 1;
        print(search, n);
        printf(" |");
        print(referee, m);
        printf("\n");
    }
    return 0;
}
