/* Perft: the number of leaf nodes of the legal move tree to a fixed depth, every capture
 * sequence (every distinct landing path) counted as its own move. The standard correctness check
 * of a move generator (OEIS A133046 from the start position) and its speed benchmark. */
#ifndef TRICKCORE_DRAUGHTS_PERFT_H
#define TRICKCORE_DRAUGHTS_PERFT_H

#include <stdint.h>

#include "draughts/board.h"

#define DR_MAX_PERFT_DEPTH 64

/* Counts the leaves `depth` plies below p into *leaves; bulk counting counts the last ply without
 * making its moves. Returns a tc_status: TC_ERR_ARGUMENT for a depth outside
 * 0..DR_MAX_PERFT_DEPTH or a malformed position. */
int dr_perft(const dr_position *p, int depth, int bulk, uint64_t *leaves);

#endif
