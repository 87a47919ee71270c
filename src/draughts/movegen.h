/* Legal move generation: simple moves and whole capture sequences (depth-first), in the order of
 * their landing paths read as numbers; directions always -5, -4, +4, +5, each shift a constant
 * (docs/kernels.md, "Move generation"). */
#ifndef TRICKCORE_DRAUGHTS_MOVEGEN_H
#define TRICKCORE_DRAUGHTS_MOVEGEN_H

#include "draughts/board.h"

/* Room for every legal move of any well-formed position (at most 12 pieces a side); the
 * generator checks the bound anyway. */
#define DR_MAX_MOVES 256

static inline int dr_is_forward(int side, int d)
{
    return side == DR_BLACK ? d > 0 : d < 0;
}

/* Of `movers`, those with an enemy piece next to them in direction d and an empty square behind. */
DR_INLINE dr_bits dr_jumpers_toward(dr_bits movers, dr_bits enemy, dr_bits empty, int d)
{
    return movers & dr_shift(enemy, -d) & dr_shift(empty, -2 * d);
}

/* The pieces of `side` that may step in direction d: all of them forward, kings backward. */
DR_INLINE dr_bits dr_movers(dr_bits own, dr_bits own_kings, int side, int d)
{
    return dr_is_forward(side, d) ? own : own_kings;
}

/* Pieces of `side` that have a jump available (captures are compulsory). */
DR_INLINE dr_bits dr_side_jumpers(const dr_position *p, int side)
{
    dr_bits own = side == DR_BLACK ? p->black : p->white;
    dr_bits enemy = side == DR_BLACK ? p->white : p->black;
    dr_bits empty = dr_empty(p), kings = own & p->kings;
    int d1 = side == DR_BLACK ? 4 : -5, d2 = side == DR_BLACK ? 5 : -4;
    dr_bits jumpers =
        dr_jumpers_toward(own, enemy, empty, d1) | dr_jumpers_toward(own, enemy, empty, d2);
    if (kings)
        jumpers |= dr_jumpers_toward(kings, enemy, empty, -d1) |
                   dr_jumpers_toward(kings, enemy, empty, -d2);
    return jumpers;
}

/* Squares reached by a simple step of `side` in direction d. */
DR_INLINE dr_bits dr_side_step_targets(const dr_position *p, int side, int d)
{
    dr_bits own = side == DR_BLACK ? p->black : p->white;
    return dr_shift(dr_movers(own, own & p->kings, side, d), d) & dr_empty(p);
}

/* Number of simple moves of `side` (its legal moves when it has no capture). */
DR_INLINE int dr_side_count_steps(const dr_position *p, int side)
{
    dr_bits own = side == DR_BLACK ? p->black : p->white;
    int d1 = side == DR_BLACK ? 4 : -5, d2 = side == DR_BLACK ? 5 : -4;
    int n = dr_popcount(dr_side_step_targets(p, side, d1)) +
            dr_popcount(dr_side_step_targets(p, side, d2));
    if (own & p->kings)
        n += dr_popcount(dr_side_step_targets(p, side, -d1)) +
             dr_popcount(dr_side_step_targets(p, side, -d2));
    return n;
}

/* Of the landing squares of men's first jumps, those where the move ends: the crowning row, or
 * no further forward jump. (The jumped piece and the vacated start lie behind the landing
 * square, so the board before the move answers the question.) */
DR_INLINE dr_bits dr_final_landings(dr_bits landings, dr_bits enemy, dr_bits empty, dr_bits crown,
                                    int side)
{
    int d1 = side == DR_BLACK ? 4 : -5, d2 = side == DR_BLACK ? 5 : -4;
    dr_bits continuing = dr_jumpers_toward(landings, enemy, empty, d1) |
                         dr_jumpers_toward(landings, enemy, empty, d2);
    return landings & (crown | ~continuing);
}

/* Writes the legal moves of the side to move to moves[0..capacity) and returns their number,
 * or -1 when there are more than `capacity` (never for a well-formed position and
 * capacity DR_MAX_MOVES). */
int dr_generate(const dr_position *p, dr_move *moves, int capacity);

/* The legal capture sequences only (zero when the side to move has no capture); same return.
 * With moves NULL it only counts them (capacity is then ignored). */
int dr_generate_captures(const dr_position *p, dr_move *moves, int capacity);

/* As dr_generate_captures, but only the masks of each move are filled in (not its path, and
 * the order is unspecified): enough to make the moves, for searches and perft. */
int dr_generate_capture_masks(const dr_position *p, dr_move *moves, int capacity);

/* The simple moves only (whether or not a capture is compulsory), masks only (no path), by
 * direction (men's, then kings'), then by target square; same return. For searches. */
int dr_generate_step_masks(const dr_position *p, dr_move *moves, int capacity);

/* The number of legal capture sequences. */
int dr_count_captures(const dr_position *p);

/* The common case: when every capture of `side` is a man's single jump, stores the landings of
 * its two forward directions (-5/-4 or +4/+5) and returns 1; otherwise 0 (a search is needed). */
DR_INLINE int dr_single_jumps(const dr_position *p, int side, dr_bits *landings1,
                              dr_bits *landings2)
{
    dr_bits own = side == DR_BLACK ? p->black : p->white;
    dr_bits enemy = side == DR_BLACK ? p->white : p->black;
    dr_bits empty = dr_empty(p), kings = own & p->kings, men = own & ~kings;
    dr_bits crown = side == DR_BLACK ? DR_BLACK_CROWN : DR_WHITE_CROWN;
    int d1 = side == DR_BLACK ? 4 : -5, d2 = side == DR_BLACK ? 5 : -4;
    *landings1 = dr_shift(dr_jumpers_toward(men, enemy, empty, d1), 2 * d1);
    *landings2 = dr_shift(dr_jumpers_toward(men, enemy, empty, d2), 2 * d2);
    if (kings && (dr_side_jumpers(p, side) & kings)) return 0;
    return dr_final_landings(*landings1, enemy, empty, crown, side) == *landings1 &&
           dr_final_landings(*landings2, enemy, empty, crown, side) == *landings2;
}

/* The number of legal capture sequences of `side` (the side to move), single jumps inline. */
DR_INLINE int dr_side_count_captures(const dr_position *p, int side)
{
    dr_bits landings1, landings2;
    if (!dr_single_jumps(p, side, &landings1, &landings2)) return dr_count_captures(p);
    return dr_popcount(landings1) + dr_popcount(landings2);
}

#endif
