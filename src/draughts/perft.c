#include "draughts/perft.h"

#include "draughts/movegen.h"
#include "trickcore/status.h"

static uint64_t dr_perft_node(const dr_position *p, int depth, int bulk);

/* Bulk count of the moves of a position whose side to move is the constant `side`. */
DR_INLINE uint64_t dr_bulk_count(const dr_position *p, int side)
{
    if (dr_side_jumpers(p, side)) return (uint64_t)dr_count_captures(p);
    return (uint64_t)dr_side_count_steps(p, side);
}

/* A node whose side to move must capture. Kept out of line: its move list is the only large
 * stack frame, and capture nodes are the minority. */
static uint64_t dr_perft_captures(const dr_position *p, int depth, int bulk)
{
    if (depth == 1 && bulk) return (uint64_t)dr_count_captures(p);
    dr_move moves[DR_MAX_MOVES];
    int n = dr_generate_captures(p, moves, DR_MAX_MOVES);
    uint64_t leaves = 0;
    for (int i = 0; i < n; ++i) {
        dr_position child = *p;
        dr_make(&child, &moves[i]);
        if (depth == 2 && bulk)
            leaves += child.turn == DR_BLACK ? dr_bulk_count(&child, DR_BLACK)
                                             : dr_bulk_count(&child, DR_WHITE);
        else
            leaves += dr_perft_node(&child, depth - 1, bulk);
    }
    return leaves;
}

/* The subtrees of the simple moves of `side` in direction d, made straight from the step target
 * mask (no move list). With bulk counting the children of a depth-2 node are counted inline. */
DR_INLINE uint64_t dr_perft_steps(const dr_position *p, int depth, int bulk, int side, int d)
{
    dr_bits crown = side == DR_BLACK ? DR_BLACK_CROWN : DR_WHITE_CROWN;
    uint64_t leaves = 0;
    for (dr_bits targets = dr_side_step_targets(p, side, d); targets; targets &= targets - 1) {
        dr_bits to = targets & (0 - targets), from = dr_shift(to, -d);
        dr_position child = *p;
        if (side == DR_BLACK) child.black ^= from | to;
        else child.white ^= from | to;
        child.kings ^= (from & p->kings) ? from | to : to & crown;
        child.turn = side ^ 1;
        leaves += depth == 2 && bulk ? dr_bulk_count(&child, side ^ 1)
                                     : dr_perft_node(&child, depth - 1, bulk);
    }
    return leaves;
}

/* One node (depth >= 1) with the side to move a compile-time constant. */
DR_INLINE uint64_t dr_perft_side(const dr_position *p, int depth, int bulk, int side)
{
    if (dr_side_jumpers(p, side)) return dr_perft_captures(p, depth, bulk);
    if (depth == 1 && bulk) return (uint64_t)dr_side_count_steps(p, side);
    return dr_perft_steps(p, depth, bulk, side, -5) + dr_perft_steps(p, depth, bulk, side, -4) +
           dr_perft_steps(p, depth, bulk, side, 4) + dr_perft_steps(p, depth, bulk, side, 5);
}

static DR_NOINLINE uint64_t dr_perft_black(const dr_position *p, int depth, int bulk)
{
    return dr_perft_side(p, depth, bulk, DR_BLACK);
}

static DR_NOINLINE uint64_t dr_perft_white(const dr_position *p, int depth, int bulk)
{
    return dr_perft_side(p, depth, bulk, DR_WHITE);
}

/* Small and out of line, so that a leaf of a perft without bulk counting is a cheap call. */
static DR_NOINLINE uint64_t dr_perft_node(const dr_position *p, int depth, int bulk)
{
    if (depth == 0) return 1;
    return p->turn == DR_BLACK ? dr_perft_black(p, depth, bulk) : dr_perft_white(p, depth, bulk);
}

int dr_perft(const dr_position *p, int depth, int bulk, uint64_t *leaves)
{
    if (depth < 0 || depth > DR_MAX_PERFT_DEPTH || dr_check_position(p) != 0) return TC_ERR_ARGUMENT;
    *leaves = dr_perft_node(p, depth, bulk);
    return TC_OK;
}
