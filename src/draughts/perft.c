#include "draughts/perft.h"

#include "draughts/movegen.h"
#include "trickcore/core/status.h"

/* The recursion: four functions (side to move x bulk or full) calling each other directly with
 * the position in three registers; each a small entry and a body (docs/kernels.md, "Perft"). */
#define DR_PERFT_SIGNATURE(name) \
    static DR_NOINLINE DR_POPCNT_CLONES uint64_t name(dr_bits black, dr_bits white, dr_bits kings, \
                                                      int depth)
DR_PERFT_SIGNATURE(dr_perft_black_bulk);
DR_PERFT_SIGNATURE(dr_perft_white_bulk);
DR_PERFT_SIGNATURE(dr_perft_black_full);
DR_PERFT_SIGNATURE(dr_perft_white_full);

/* The subtree below a position with `side` to move (constants fold the choice away). */
DR_INLINE uint64_t dr_perft_next(int side, int bulk, dr_bits black, dr_bits white, dr_bits kings,
                                 int depth)
{
    if (bulk)
        return side == DR_BLACK ? dr_perft_black_bulk(black, white, kings, depth)
                                : dr_perft_white_bulk(black, white, kings, depth);
    return side == DR_BLACK ? dr_perft_black_full(black, white, kings, depth)
                            : dr_perft_white_full(black, white, kings, depth);
}

/* Bulk count of the moves of a position whose side to move is the constant `side`. */
DR_INLINE uint64_t dr_bulk_count(const dr_position *p, int side)
{
    if (dr_side_jumpers(p, side)) return (uint64_t)dr_side_count_captures(p, side);
    return (uint64_t)dr_side_count_steps(p, side);
}

/* The leaves below a child (black, white, kings) of a depth `depth` node of `side`: with bulk
 * counting, the moves of a child of a depth-2 node are counted here, inline. */
DR_INLINE uint64_t dr_perft_child(dr_bits black, dr_bits white, dr_bits kings, int depth, int bulk,
                                  int side)
{
    if (depth == 2 && bulk) {
        dr_position child = {black, white, kings, side ^ 1};
        return dr_bulk_count(&child, side ^ 1);
    }
    return dr_perft_next(side ^ 1, bulk, black, white, kings, depth - 1);
}

/* A node whose captures need the search (multiple jumps, kings). Kept out of line: its move
 * list is the only large stack frame. */
static DR_NOINLINE uint64_t dr_perft_captures(const dr_position *p, int depth, int bulk)
{
    dr_move moves[DR_MAX_MOVES];
    int n = dr_generate_capture_masks(p, moves, DR_MAX_MOVES);
    uint64_t leaves = 0;
    for (int i = 0; i < n; ++i) {
        dr_position c = *p;
        dr_make(&c, &moves[i]);
        if (bulk)
            leaves += p->turn == DR_BLACK
                          ? dr_perft_child(c.black, c.white, c.kings, depth, 1, DR_BLACK)
                          : dr_perft_child(c.black, c.white, c.kings, depth, 1, DR_WHITE);
        else
            leaves += p->turn == DR_BLACK
                          ? dr_perft_child(c.black, c.white, c.kings, depth, 0, DR_BLACK)
                          : dr_perft_child(c.black, c.white, c.kings, depth, 0, DR_WHITE);
    }
    return leaves;
}

/* The subtrees of the moves from `movers` in direction d landing on `targets`, made straight
 * from the masks without a move list: simple steps of men or of kings, or men's single jumps
 * (which end the move). */
enum { DR_MAN_STEP, DR_KING_STEP, DR_MAN_JUMP };

DR_INLINE uint64_t dr_perft_masks(const dr_position *p, int depth, int bulk, int side, int d,
                                  dr_bits targets, int kind)
{
    dr_bits own = side == DR_BLACK ? p->black : p->white;
    dr_bits enemy = side == DR_BLACK ? p->white : p->black;
    dr_bits crown = side == DR_BLACK ? DR_BLACK_CROWN : DR_WHITE_CROWN;
    uint64_t leaves = 0;
    for (; targets; targets &= targets - 1) {
        dr_bits to = targets & (0 - targets);
        dr_bits from = dr_shift(to, kind == DR_MAN_JUMP ? -2 * d : -d);
        dr_bits victim = kind == DR_MAN_JUMP ? dr_shift(to, -d) : 0;
        dr_bits kings = kind == DR_MAN_JUMP    ? (p->kings & ~victim) | (to & crown)
                        : kind == DR_KING_STEP ? p->kings ^ from ^ to
                                               : p->kings | (to & crown);
        dr_bits moved = own ^ from ^ to, rest = enemy ^ victim;
        leaves += side == DR_BLACK ? dr_perft_child(moved, rest, kings, depth, bulk, side)
                                   : dr_perft_child(rest, moved, kings, depth, bulk, side);
    }
    return leaves;
}

DR_INLINE uint64_t dr_perft_steps(const dr_position *p, int depth, int bulk, int side, int d)
{
    dr_bits own = side == DR_BLACK ? p->black : p->white, empty = dr_empty(p);
    dr_bits kings = own & p->kings;
    uint64_t leaves = 0;
    if (dr_is_forward(side, d))
        leaves =
            dr_perft_masks(p, depth, bulk, side, d, dr_shift(own & ~kings, d) & empty, DR_MAN_STEP);
    if (kings)
        leaves += dr_perft_masks(p, depth, bulk, side, d, dr_shift(kings, d) & empty, DR_KING_STEP);
    return leaves;
}

/* One node (depth >= 1) with the side to move and the counting mode compile-time constants. */
DR_INLINE uint64_t dr_perft_side(dr_bits black, dr_bits white, dr_bits kings, int depth, int bulk,
                                 int side)
{
    dr_position node = {black, white, kings, side};
    const dr_position *p = &node;
    if (depth == 1 && bulk) return dr_bulk_count(p, side);
    int d1 = side == DR_BLACK ? 4 : -5, d2 = side == DR_BLACK ? 5 : -4;
    if (dr_side_jumpers(p, side)) {
        dr_bits landings1, landings2;
        if (!dr_single_jumps(p, side, &landings1, &landings2))
            return dr_perft_captures(p, depth, bulk);
        return dr_perft_masks(p, depth, bulk, side, d1, landings1, DR_MAN_JUMP) +
               dr_perft_masks(p, depth, bulk, side, d2, landings2, DR_MAN_JUMP);
    }
    return dr_perft_steps(p, depth, bulk, side, -5) + dr_perft_steps(p, depth, bulk, side, -4) +
           dr_perft_steps(p, depth, bulk, side, 4) + dr_perft_steps(p, depth, bulk, side, 5);
}

DR_PERFT_SIGNATURE(dr_perft_black_bulk_body)
{
    return dr_perft_side(black, white, kings, depth, 1, DR_BLACK);
}
DR_PERFT_SIGNATURE(dr_perft_white_bulk_body)
{
    return dr_perft_side(black, white, kings, depth, 1, DR_WHITE);
}
DR_PERFT_SIGNATURE(dr_perft_black_full_body)
{
    return dr_perft_side(black, white, kings, depth, 0, DR_BLACK);
}
DR_PERFT_SIGNATURE(dr_perft_white_full_body)
{
    return dr_perft_side(black, white, kings, depth, 0, DR_WHITE);
}

DR_PERFT_SIGNATURE(dr_perft_black_bulk)
{
    return depth ? dr_perft_black_bulk_body(black, white, kings, depth) : 1;
}
DR_PERFT_SIGNATURE(dr_perft_white_bulk)
{
    return depth ? dr_perft_white_bulk_body(black, white, kings, depth) : 1;
}
DR_PERFT_SIGNATURE(dr_perft_black_full)
{
    return depth ? dr_perft_black_full_body(black, white, kings, depth) : 1;
}
DR_PERFT_SIGNATURE(dr_perft_white_full)
{
    return depth ? dr_perft_white_full_body(black, white, kings, depth) : 1;
}

int dr_perft(const dr_position *p, int depth, int bulk, uint64_t *leaves)
{
    if (depth < 0 || depth > DR_MAX_PERFT_DEPTH || dr_check_position(p) != 0)
        return TC_ERR_ARGUMENT;
    if (bulk)
        *leaves = p->turn == DR_BLACK
                      ? dr_perft_next(DR_BLACK, 1, p->black, p->white, p->kings, depth)
                      : dr_perft_next(DR_WHITE, 1, p->black, p->white, p->kings, depth);
    else
        *leaves = p->turn == DR_BLACK
                      ? dr_perft_next(DR_BLACK, 0, p->black, p->white, p->kings, depth)
                      : dr_perft_next(DR_WHITE, 0, p->black, p->white, p->kings, depth);
    return TC_OK;
}
