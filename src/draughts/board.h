/* English draughts positions as bitboards in a 35-bit "ghost square" layout: square s at bit
 * (s - 1) + (s - 1) / 8, so every diagonal step is a shift by 4 or 5; DR_VALID masks off-board
 * steps. A move is three xor masks (docs/kernels.md, "Ghost-square bitboards"). */
#ifndef TRICKCORE_DRAUGHTS_BOARD_H
#define TRICKCORE_DRAUGHTS_BOARD_H

#include <stdint.h>

#define DR_BLACK 0
#define DR_WHITE 1
#define DR_SQUARES 32
#define DR_LAYOUT_BITS 35 /* bits 0..34 of the layout, the ghost bits 8, 17, 26 included */
#define DR_PIECES_PER_SIDE 12
/* A capture sequence jumps each enemy piece at most once: at most 12 jumps, 13 landing squares. */
#define DR_MAX_PATH (DR_PIECES_PER_SIDE + 1)

typedef uint64_t dr_bits;

/* For hot helpers whose direction and side arguments must become constants: the compiler's
 * size heuristics would otherwise keep some out of line, with run-time shifts. */
#if defined(__GNUC__) || defined(__clang__)
#define DR_INLINE static inline __attribute__((always_inline))
#define DR_NOINLINE __attribute__((noinline))
#else
#define DR_INLINE static inline
#define DR_NOINLINE
#endif

#define DR_VALID \
    ((((dr_bits)1 << DR_LAYOUT_BITS) - 1) & \
     ~(((dr_bits)1 << 8) | ((dr_bits)1 << 17) | ((dr_bits)1 << 26)))
/* Where each side's men are crowned: Black on 29..32, White on 1..4. */
#define DR_BLACK_CROWN ((dr_bits)0xF << 31)
#define DR_WHITE_CROWN ((dr_bits)0xF)

typedef struct dr_position {
    dr_bits black; /* black pieces */
    dr_bits white; /* white pieces */
    dr_bits kings; /* kings of either colour (a subset of black | white) */
    int turn;      /* DR_BLACK or DR_WHITE: the side to move */
} dr_position;

typedef struct dr_move {
    dr_bits moved;    /* from ^ to (zero when a king's capture loop ends where it started) */
    dr_bits captured; /* the captured pieces */
    dr_bits kings;    /* xor on the kings board: the moving king, a crowning, captured kings */
    uint8_t path[DR_MAX_PATH]; /* landing path in square numbers 1..32, path[0] = start (not
                                 * filled in by dr_generate_capture_masks) */
    uint8_t length;            /* squares in the path: 2 for a step or a single jump */
} dr_move;

static inline int dr_index_of_square(int square)
{
    return (square - 1) + (square - 1) / 8;
}

static inline int dr_square_of_index(int index)
{
    return index - index / 9 + 1;
}

static inline int dr_lowest_index(dr_bits b)
{
    return __builtin_ctzll(b);
}

static inline int dr_popcount(dr_bits b)
{
    return __builtin_popcountll(b);
}

/* Portable x86-64 builds target a baseline without the popcount instruction, where the builtin
 * becomes a library call; the hot counting kernels are therefore also compiled for CPUs that
 * have it, and the loader picks the version the CPU runs (GCC and clang function clones). */
#if defined(__x86_64__) && defined(__ELF__) && !defined(__POPCNT__) && \
    ((defined(__GNUC__) && !defined(__clang__)) || (defined(__clang__) && __clang_major__ >= 14))
#define DR_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define DR_POPCNT_CLONES
#endif

/* The standard 32-bit mask (bit s - 1 = square s) of a layout mask, and back. */
static inline uint32_t dr_to_squares(dr_bits b)
{
    return (uint32_t)((b & 0xFF) | ((b >> 1) & 0xFF00) | ((b >> 2) & 0xFF0000) |
                      ((b >> 3) & 0xFF000000));
}

static inline dr_bits dr_from_squares(uint32_t m)
{
    dr_bits b = m;
    return (b & 0xFF) | ((b & 0xFF00) << 1) | ((b & 0xFF0000) << 2) | ((b & 0xFF000000) << 3);
}

/* One diagonal step (d = +-4, +-5) of every bit; bits leaving the board need masking by the
 * caller (every mask it is and-ed with is a subset of DR_VALID). */
static inline dr_bits dr_shift(dr_bits b, int d)
{
    return d > 0 ? b << d : b >> -d;
}

static inline dr_bits dr_own(const dr_position *p)
{
    return p->turn == DR_BLACK ? p->black : p->white;
}

static inline dr_bits dr_empty(const dr_position *p)
{
    return ~(p->black | p->white) & DR_VALID;
}

/* Makes a move of the side to move; dr_unmake takes it back. */
static inline void dr_make(dr_position *p, const dr_move *m)
{
    if (p->turn == DR_BLACK) {
        p->black ^= m->moved;
        p->white ^= m->captured;
    } else {
        p->white ^= m->moved;
        p->black ^= m->captured;
    }
    p->kings ^= m->kings;
    p->turn ^= 1;
}

static inline void dr_unmake(dr_position *p, const dr_move *m)
{
    p->turn ^= 1;
    dr_make(p, m);
    p->turn ^= 1;
}

/* A man move or a capture can never be undone, so no earlier position can come back after one. */
static inline int dr_is_irreversible(const dr_position *p, const dr_move *m)
{
    return m->captured != 0 || !(p->kings & dr_own(p) & (m->moved | m->kings));
}

static inline int dr_same_position(const dr_position *a, const dr_position *b)
{
    return a->black == b->black && a->white == b->white && a->kings == b->kings &&
           a->turn == b->turn;
}

/* 0 for a well-formed position: bits only on squares, no square held twice, kings on occupied
 * squares, at most 12 pieces a side, no man on its own crowning row, turn 0 or 1. Otherwise the
 * standard square number (1..32) at fault, or -1 for a fault not tied to a square. */
int dr_check_position(const dr_position *p);

#endif
