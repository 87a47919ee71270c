/* Zobrist hashing of positions: the xor of one fixed random key per (piece kind, square) and a
 * key for White to move. A move changes the hash by the keys of the squares it changes only. */
#ifndef TRICKCORE_DRAUGHTS_ZOBRIST_H
#define TRICKCORE_DRAUGHTS_ZOBRIST_H

#include <stdint.h>

#include "draughts/board.h"

/* Piece kinds: black man, white man, black king, white king. */
extern const uint64_t dr_zobrist_pieces[4][DR_SQUARES];
extern const uint64_t dr_zobrist_white_to_move;

/* The hash contribution of whatever stands on the square at `index` (0 when it is empty). */
static inline uint64_t dr_zobrist_square(const dr_position *p, int index)
{
    dr_bits b = (dr_bits)1 << index;
    int kind = (p->white & b) ? 1 : (p->black & b) ? 0 : -1;
    if (kind < 0) return 0;
    if (p->kings & b) kind += 2;
    return dr_zobrist_pieces[kind][dr_square_of_index(index) - 1];
}

static inline uint64_t dr_zobrist_hash(const dr_position *p)
{
    uint64_t h = p->turn == DR_WHITE ? dr_zobrist_white_to_move : 0;
    for (dr_bits b = p->black | p->white; b; b &= b - 1)
        h ^= dr_zobrist_square(p, dr_lowest_index(b));
    return h;
}

/* `hash` with the keys of piece kind `kind` on the squares of `changed` toggled. */
static inline uint64_t dr_zobrist_toggle(uint64_t hash, dr_bits changed, int kind)
{
    for (; changed; changed &= changed - 1)
        hash ^= dr_zobrist_pieces[kind][dr_square_of_index(dr_lowest_index(changed)) - 1];
    return hash;
}

/* The hash of `after`, one move from `before` whose hash is `hash`: each piece kind's board
 * changes on two or three squares, most kinds' not at all. */
static inline uint64_t dr_zobrist_update(uint64_t hash, const dr_position *before,
                                         const dr_position *after)
{
    dr_bits bk = before->kings, ak = after->kings;
    hash = dr_zobrist_toggle(hash, (before->black & ~bk) ^ (after->black & ~ak), 0);
    hash = dr_zobrist_toggle(hash, (before->white & ~bk) ^ (after->white & ~ak), 1);
    hash = dr_zobrist_toggle(hash, (before->black & bk) ^ (after->black & ak), 2);
    hash = dr_zobrist_toggle(hash, (before->white & bk) ^ (after->white & ak), 3);
    return before->turn == after->turn ? hash : hash ^ dr_zobrist_white_to_move;
}

#endif
