#include "draughts/board.h"

int dr_check_position(const dr_position *p)
{
    dr_bits stray = (p->black | p->white | p->kings) & ~DR_VALID;
    if (stray) return -1;
    dr_bits faults[] = {
        p->black & p->white,               /* a square held by both sides */
        p->kings & ~(p->black | p->white), /* a king on an empty square */
        p->black & ~p->kings & DR_BLACK_CROWN,
        p->white & ~p->kings & DR_WHITE_CROWN,
    };
    for (int k = 0; k < 4; ++k) {
        if (faults[k]) return dr_square_of_index(dr_lowest_index(faults[k]));
    }
    if (dr_popcount(p->black) > DR_PIECES_PER_SIDE || dr_popcount(p->white) > DR_PIECES_PER_SIDE)
        return -1;
    if (p->turn != DR_BLACK && p->turn != DR_WHITE) return -1;
    return 0;
}
