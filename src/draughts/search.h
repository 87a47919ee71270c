/* The engine's search: iterative deepening principal-variation alpha-beta with aspiration
 * windows, a transposition table, killer and history move ordering, capture quiescence, and the
 * draw claims of draw.h inside the tree (docs/draughts-engine.md). Memory is the caller's. */
#ifndef TRICKCORE_DRAUGHTS_SEARCH_H
#define TRICKCORE_DRAUGHTS_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "draughts/board.h"
#include "draughts/movegen.h"

#define DR_SEARCH_MAX_PLY 100 /* deepest ply searched, quiescence included */
#define DR_SEARCH_WINDOW 256  /* game positions (since the last irreversible move) kept */
#define DR_SCORE_INFINITE 32000
#define DR_SCORE_MATE 30000      /* a win p plies ahead scores DR_SCORE_MATE - p */
#define DR_SCORE_TABLE_WIN 20000 /* a table win p plies ahead: DR_SCORE_TABLE_WIN - p */

/* Results of a probe, for the side to move. */
#define DR_PROBE_WIN 1
#define DR_PROBE_DRAW 0
#define DR_PROBE_LOSS -1
#define DR_PROBE_UNKNOWN -2

typedef struct dr_tt_entry {
    uint64_t key;
    int16_t score;
    int8_t depth;
    uint8_t bound_age; /* bound in the low 2 bits, the search's age above */
    uint8_t move;      /* index of the best move in the node's generation order */
    uint8_t unused[3];
} dr_tt_entry;

typedef struct dr_search_options {
    int depth;          /* deepest iteration, 1..DR_SEARCH_MAX_PLY - 1 */
    int64_t nodes;      /* stop after about this many nodes; 0: no limit */
    double seconds;     /* stop after this much time; 0: no limit */
    int auto_draw;      /* 1: a possible draw claim ends the game (Board(auto_draw=True));
                        * 0: the side to move may claim it or play on */
    int reductions;     /* late-move reductions; 0: the exact minimax score at each depth
                        * (without a table, which may answer from deeper searches) */
    const int *exclude; /* root moves not to search (indices in dr_generate order), for multipv */
    int exclude_count;
    /* Endgame tables: called on positions with at most probe_pieces pieces and no capture
     * pending; returns a DR_PROBE_* value for the side to move. NULL: no probing. */
    int (*probe)(const void *ctx, const dr_position *p);
    const void *probe_ctx;
    int probe_pieces;
} dr_search_options;

typedef struct dr_search_result {
    int move;      /* the best root move, an index in dr_generate order */
    int score;     /* for the side to move, in hundredths of a man (or a DR_SCORE_* distance) */
    int depth;     /* the last iteration completed (0: stopped in the first) */
    int64_t nodes; /* positions searched, quiescence included */
    double seconds;
    int pv_length;
    uint8_t pv[DR_SEARCH_MAX_PLY]; /* each move an index in dr_generate order of its position */
} dr_search_result;

typedef struct dr_search_move {
    dr_bits moved, captured, kings;
} dr_search_move;

/* The search's state: the transposition table (caller's memory), ordering tables and the path.
 * Big (about 300 kB): allocate it, do not put it on a stack. */
typedef struct dr_search {
    dr_tt_entry *tt;
    size_t tt_buckets; /* a power of two, or 0 for no table; 4 entries a bucket */
    uint8_t age;
    int32_t history[2][64][64];
    dr_search_move killers[DR_SEARCH_MAX_PLY][2];
    dr_position path[DR_SEARCH_WINDOW + DR_SEARCH_MAX_PLY + 1];
    uint64_t hashes[DR_SEARCH_WINDOW + DR_SEARCH_MAX_PLY + 1];
    int window_start[DR_SEARCH_MAX_PLY + 1]; /* first path index since the last irreversible move */
    int reversible[DR_SEARCH_MAX_PLY + 1];   /* plies since the last irreversible move */
    int base;                                /* path index of the root */
    uint8_t pv[DR_SEARCH_MAX_PLY + 1][DR_SEARCH_MAX_PLY + 1]; /* triangular, generation order */
    int pv_length[DR_SEARCH_MAX_PLY + 1];
    const dr_search_options *options;
    int64_t nodes;
    int64_t next_check; /* node count at which the limits are checked next */
    double started;
    int stopped;
} dr_search;

/* Entries of a table of at most `bytes` bytes: a power of two times 4, or 0. */
size_t dr_tt_entries(size_t bytes);

/* Sets up a search state on a table of `entries` entries (from dr_tt_entries), cleared. */
void dr_search_init(dr_search *s, dr_tt_entry *tt, size_t entries);

/* Forgets everything learnt (table, history): a new game. */
void dr_search_clear(dr_search *s);

/* Searches the last of history[0..count) (the game's positions since its last irreversible move,
 * with their Zobrist hashes; reversible = the board's reversible-ply count). Returns a
 * tc_status: TC_ERR_ARGUMENT for bad options or a position without legal moves. The result
 * always holds a legal move. */
int dr_search_run(dr_search *s, const dr_position *history, const uint64_t *hashes, int count,
                  int reversible, const dr_search_options *o, dr_search_result *r);

#endif
