/* Endgame tables: win/loss/draw of every position with few pieces, by retrograde analysis over
 * slices of fixed piece counts, each indexed combinatorially; values 2 bits a position
 * (docs/draughts-tables.md). */
#ifndef TRICKCORE_DRAUGHTS_TABLES_H
#define TRICKCORE_DRAUGHTS_TABLES_H

#include <stdint.h>

#include "draughts/board.h"

/* Results of dr_tables_probe, for the side to move. */
#define DR_PROBE_WIN 1
#define DR_PROBE_DRAW 0
#define DR_PROBE_LOSS -1
#define DR_PROBE_UNKNOWN -2 /* not covered, or its slice not loaded */

#define DR_TABLES_MAX_PIECES 6
/* Slice ids: ((black men * 7 + black kings) * 7 + white men) * 7 + white kings. */
#define DR_TABLES_SLICES (7 * 7 * 7 * 7)

/* Status codes of the build and tables functions. */
#define DR_TABLES_OK 0
#define DR_TABLES_BAD_SLICE -1 /* piece counts out of range */
#define DR_TABLES_MISSING -2   /* a successor's slice is not loaded */
#define DR_TABLES_MOVEGEN -3   /* more moves than room (never for a well-formed position) */

/* A slice: the positions with these piece counts, Black to move (White to move is the colour
 * flip of the mirrored slice). Indices are split by the number k of white men on 29..32. */
typedef struct dr_slice {
    int black_men, black_kings, white_men, white_kings;
    uint64_t offset[6]; /* first index with k white men on 29..32; offset[kmax + 1] = size */
    uint64_t size;
} dr_slice;

/* Packed values: 2 bits a position (position i in byte i / 4, bits 2 * (i % 4)), the code being
 * the result + 2 (1 loss, 2 draw, 3 win). A caller-owned struct: NULL for a slice not loaded. */
typedef struct dr_tables {
    const uint8_t *values[DR_TABLES_SLICES];
    dr_slice slices[DR_TABLES_SLICES]; /* each id's indexing (size 0 for counts out of range) */
} dr_tables;

/* No slice loaded, the slices' indexing computed. */
void dr_tables_init(dr_tables *t);

/* Sets up the slice of these counts; DR_TABLES_BAD_SLICE when a count is negative, the total is
 * 0 or above DR_TABLES_MAX_PIECES, or a side has more men than its squares hold. */
int dr_slice_init(dr_slice *s, int black_men, int black_kings, int white_men, int white_kings);

int dr_slice_id(int black_men, int black_kings, int white_men, int white_kings);

/* The index of a Black-to-move position whose piece counts are the slice's, and back. */
uint64_t dr_slice_index(const dr_slice *s, const dr_position *p);
void dr_slice_position(const dr_slice *s, uint64_t index, dr_position *p);

/* The same position seen from the other side: the board turned 180 degrees, colours swapped. */
dr_position dr_flip(const dr_position *p);

/* The result for the side to move, or DR_PROBE_UNKNOWN. `tables` points to a dr_tables. */
int dr_tables_probe(const void *tables, const dr_position *p);

/* The state of one retrograde solve: a slice and its mirror (count 1 when they are the same),
 * their positions numbered slice 0's first; two bytes a position, a status and a counter
 * side by side (one cache line for both). */
typedef struct dr_build {
    dr_slice slices[2];
    int count;
    uint64_t size; /* positions of both slices */
    uint8_t *state;
    const dr_tables *solved; /* the slices that captures and crownings lead to */
} dr_build;

/* Sets up a build of a slice and its mirror over a caller-owned buffer of 2 * b->size bytes. */
int dr_build_init(dr_build *b, const dr_slice *slice, uint8_t *state, const dr_tables *solved);

/* The solve, in passes over index ranges [lo, hi) that threads may split between them (each
 * pass done on the whole range before the next starts):
 * 1. dr_build_start once: values from successors outside the group, move counters inside it;
 * 2. until dr_build_advance returns 0: dr_build_propagate, then dr_build_advance.
 * Each returns the number of positions resolved (0 or more), or a negative status code. */
int64_t dr_build_start(dr_build *b, uint64_t lo, uint64_t hi);
int64_t dr_build_propagate(dr_build *b, uint64_t lo, uint64_t hi);
int64_t dr_build_advance(dr_build *b, uint64_t lo, uint64_t hi);

/* Packs slice `which` (0 or 1) of a finished build: positions [lo, hi) (lo a multiple of 4)
 * into out, (size + 3) / 4 bytes for the whole slice; unresolved positions are draws. */
void dr_build_pack(const dr_build *b, int which, uint64_t lo, uint64_t hi, uint8_t *out);

#endif
