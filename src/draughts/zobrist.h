/* Zobrist hashing of positions: the xor of one fixed random key per (piece kind, square) and a
 * key for White to move. A move changes the hash by the keys of the squares it changes only. */
#ifndef TRICKCORE_DRAUGHTS_ZOBRIST_H
#define TRICKCORE_DRAUGHTS_ZOBRIST_H

#include <stdint.h>

#include "draughts/board.h"

/* Piece kinds: black man, white man, black king, white king; by layout bit (board.h). */
extern const uint64_t dr_zobrist_pieces[4][DR_LAYOUT_BITS];
extern const uint64_t dr_zobrist_white_to_move;

/* The hash contribution of whatever stands on the square at `index` (0 when it is empty). */
static inline uint64_t dr_zobrist_square(const dr_position *p, int index)
{
    dr_bits b = (dr_bits)1 << index;
    int kind = (p->white & b) ? 1 : (p->black & b) ? 0 : -1;
    if (kind < 0) return 0;
    if (p->kings & b) kind += 2;
    return dr_zobrist_pieces[kind][index];
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
        hash ^= dr_zobrist_pieces[kind][dr_lowest_index(changed)];
    return hash;
}

/* The hash after move m (board.h) of the side to move at `before`, whose hash is `hash`: the
 * mover's king changes are m->kings off the captured squares, its man changes the rest of
 * m->moved; the captured pieces' kings are m->kings on the captured squares. */
static inline uint64_t dr_zobrist_update(uint64_t hash, const dr_position *before, const dr_move *m)
{
    int side = before->turn;
    dr_bits own_kings = m->kings & ~m->captured, enemy_kings = m->kings & m->captured;
    hash = dr_zobrist_toggle(hash, m->moved ^ own_kings, side);
    hash = dr_zobrist_toggle(hash, own_kings, 2 + side);
    if (m->captured) {
        hash = dr_zobrist_toggle(hash, m->captured ^ enemy_kings, 1 - side);
        hash = dr_zobrist_toggle(hash, enemy_kings, 3 - side);
    }
    return hash ^ dr_zobrist_white_to_move;
}

#endif
