#include "draughts/perft.h"

#include "draughts/movegen.h"
#include "trickcore/status.h"

static uint64_t dr_perft_node(const dr_position *p, int depth, int bulk);

/* Bulk count of the moves of a position whose side to move is the constant `side`. */
DR_INLINE uint64_t dr_bulk_count(const dr_position *p, int side)
{
    if (dr_side_jumpers(p, side)) return (uint64_t)dr_side_count_captures(p, side);
    return (uint64_t)dr_side_count_steps(p, side);
}

/* The leaves below a child of a depth `depth` node of `side`: with bulk counting, the moves of
 * a child of a depth-2 node are counted here, inline. */
DR_INLINE uint64_t dr_perft_child(const dr_position *child, int depth, int bulk, int side)
{
    return depth == 2 && bulk ? dr_bulk_count(child, side ^ 1)
                              : dr_perft_node(child, depth - 1, bulk);
}

/* A node whose captures need the search (multiple jumps, kings). Kept out of line: its move
 * list is the only large stack frame. */
static uint64_t dr_perft_captures(const dr_position *p, int depth, int bulk)
{
    dr_move moves[DR_MAX_MOVES];
    int n = dr_generate_capture_masks(p, moves, DR_MAX_MOVES);
    uint64_t leaves = 0;
    for (int i = 0; i < n; ++i) {
        dr_position child = *p;
        dr_make(&child, &moves[i]);
        leaves += child.turn == DR_BLACK ? dr_perft_child(&child, depth, bulk, DR_WHITE)
                                         : dr_perft_child(&child, depth, bulk, DR_BLACK);
    }
    return leaves;
}

/* The subtrees of the simple moves of `side` in direction d (jump == 0), or of the single jumps
 * landing on `targets` (jump == 1), made straight from the masks without a move list. */
DR_INLINE uint64_t dr_perft_masks(const dr_position *p, int depth, int bulk, int side, int d,
                                  dr_bits targets, int jump)
{
    dr_bits crown = side == DR_BLACK ? DR_BLACK_CROWN : DR_WHITE_CROWN;
    uint64_t leaves = 0;
    for (; targets; targets &= targets - 1) {
        dr_bits to = targets & (0 - targets), from = dr_shift(to, -(jump + 1) * d);
        dr_position child = *p;
        if (side == DR_BLACK) child.black ^= from | to;
        else child.white ^= from | to;
        if (jump) {   /* a man's single jump */
            dr_bits victim = dr_shift(to, -d);
            if (side == DR_BLACK) child.white ^= victim;
            else child.black ^= victim;
            child.kings = (child.kings & ~victim) | (to & crown);
        } else {
            child.kings ^= (from & p->kings) ? from | to : to & crown;
        }
        child.turn = side ^ 1;
        leaves += dr_perft_child(&child, depth, bulk, side);
    }
    return leaves;
}

/* One node (depth >= 1) with the side to move a compile-time constant. */
DR_INLINE uint64_t dr_perft_side(const dr_position *p, int depth, int bulk, int side)
{
    if (depth == 1 && bulk) return dr_bulk_count(p, side);
    int d1 = side == DR_BLACK ? 4 : -5, d2 = side == DR_BLACK ? 5 : -4;
    if (dr_side_jumpers(p, side)) {
        dr_bits landings1, landings2;
        if (!dr_single_jumps(p, side, &landings1, &landings2))
            return dr_perft_captures(p, depth, bulk);
        return dr_perft_masks(p, depth, bulk, side, d1, landings1, 1) +
               dr_perft_masks(p, depth, bulk, side, d2, landings2, 1);
    }
    return dr_perft_masks(p, depth, bulk, side, -5, dr_side_step_targets(p, side, -5), 0) +
           dr_perft_masks(p, depth, bulk, side, -4, dr_side_step_targets(p, side, -4), 0) +
           dr_perft_masks(p, depth, bulk, side, 4, dr_side_step_targets(p, side, 4), 0) +
           dr_perft_masks(p, depth, bulk, side, 5, dr_side_step_targets(p, side, 5), 0);
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
