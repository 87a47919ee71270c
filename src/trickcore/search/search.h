/* The one perfect-information search of the trick games, instantiated by each game's solve.c:
 * fail-soft alpha-beta over cards, a transposition table at trick boundaries holding bounds on
 * (value - base), zero-window searches driven to the exact value (MTD(f)), one card searched
 * per class of equivalent cards, bound cut-offs and history move ordering
 * (docs/kernels.md, "Solver").
 *
 * Before including it, a game defines SEARCH_STATE (its state struct), SEARCH_CTX (a struct
 * opening with `tc_search_base base`, solver.h), SEARCH_KEY_WORDS and these functions, all on
 * the referee's own rules (hearts.h, ...):
 *   tc_mask game_moves(ctx, s)          legal cards of the seat to act (distinct cards)
 *   void game_play(ctx, s, card)        the referee's unchecked play
 *   int32_t game_final(ctx, s)          value of a finished deal, higher better for the side
 *   int32_t game_base(ctx, s)           at a trick boundary: the part of the final value that
 *                                       is already fixed; final - base depends only on the key
 *   void game_key(ctx, s, key)          at a trick boundary: the words that decide final - base
 *   int game_bounds(ctx, s, lo, hi)     values still reachable (0: none known)
 *   tc_mask game_hand(ctx, s, seat)     the distinct cards `seat` holds
 *   tc_mask game_others(ctx, s, seat)   cards a copy of which is live outside seat's hand
 *   const uint8_t *game_trick_keys(ctx, s, best_key, winner, last)   in a trick: the trick
 *                                       table's keys for the suit led, the winning key and seat,
 *                                       whether an equal key wins (duplicates "last")
 * base.role[card] classes the cards alike but for rank (same value, same special part in the rules);
 * TC_SEARCH_ALONE marks a card equivalent to no other. */
#ifndef TRICKCORE_SEARCH_SEARCH_H
#define TRICKCORE_SEARCH_SEARCH_H

#include <string.h>

#include "trickcore/core/cards.h"
#include "trickcore/core/isa.h"
#include "trickcore/core/status.h"
#include "trickcore/search/solver.h"

#define TC_SEARCH_INF (1 << 29)
#define TC_SEARCH_BUCKET 4 /* entries probed per position */

typedef struct {
    uint64_t key[SEARCH_KEY_WORDS];
    int32_t lower, upper; /* bounds on value - base */
    uint32_t generation;
    uint8_t best;  /* the card that cut off or was best, TC_NO_CARD if none */
    uint8_t depth; /* 56 - tricks played: the more, the dearer to recompute */
    uint8_t pad[2];
} search_entry;

/* A hash of the key: its words multiplied by distinct odd constants (independent, so they
 * pipeline), then mixed. */
static inline uint64_t search_hash(const uint64_t *key)
{
    uint64_t h = 0, m = UINT64_C(0x9E3779B97F4A7C15);
    for (int i = 0; i < SEARCH_KEY_WORDS; ++i, m += UINT64_C(0x632BE59BD9B4E01A))
        h += (key[i] ^ (key[i] >> 29)) * m;
    h ^= h >> 31;
    h *= UINT64_C(0xBF58476D1CE4E5B9);
    return h ^ h >> 32;
}

/* The entry of `key` in the table, or the one to replace (stale, else the cheapest). */
static inline search_entry *search_slot(tc_solver *sv, const uint64_t *key, int *found)
{
    int64_t buckets = sv->table_bytes / (int64_t)(sizeof(search_entry) * TC_SEARCH_BUCKET);
    uint64_t at = ((search_hash(key) >> 32) * (uint64_t)buckets) >> 32; /* 0..buckets-1 */
    search_entry *bucket = (search_entry *)sv->table + (int64_t)at * TC_SEARCH_BUCKET;
    search_entry *victim = bucket;
    for (int i = 0; i < TC_SEARCH_BUCKET; ++i) {
        search_entry *e = bucket + i;
        if (e->generation != sv->generation) {
            if (victim->generation == sv->generation) victim = e;
            continue;
        }
        if (!memcmp(e->key, key, sizeof e->key)) {
            *found = 1;
            return e;
        }
        if (victim->generation == sv->generation && e->depth < victim->depth) victim = e;
    }
    *found = 0;
    return victim;
}

/* Makes `entry` the entry of `key`, knowing nothing yet: the cheapest to replace. */
static inline void search_claim(const tc_solver *sv, search_entry *entry, const uint64_t *key)
{
    memcpy(entry->key, key, sizeof entry->key);
    entry->generation = sv->generation;
    entry->lower = -TC_SEARCH_INF;
    entry->upper = TC_SEARCH_INF;
    entry->best = TC_NO_CARD;
    entry->depth = 0;
}

/* Starts a solve: TC_ERR_STATE outside the play phase, TC_ERR_ARGUMENT for an objective not in
 * `objectives` (bit per objective), a side not among the seats or a table under one bucket;
 * else fills `base` (roles and special cards are the game's to set) and clears the statistics. */
static inline int search_begin(tc_search_base *base, const tc_deal_head *head,
                               tc_solve_request request, unsigned objectives, tc_solver *solver,
                               int win_tricks)
{
    if (head->phase != TC_PHASE_PLAY) return TC_ERR_STATE;
    if (request.objective < 0 || request.objective > TC_SOLVE_SCORE ||
        !(objectives >> request.objective & 1) || !request.side || request.side >> head->players)
        return TC_ERR_ARGUMENT;
    if (solver->table_bytes < (int64_t)(sizeof(search_entry) * TC_SEARCH_BUCKET))
        return TC_ERR_ARGUMENT;
    base->solver = solver;
    base->side = request.side;
    base->win_tricks = (int8_t)win_tricks;
    solver->stats = (tc_solve_stats){0, 0, 0};
    return TC_OK;
}

#define SEARCH_NAME(f) f##_portable
#define SEARCH_TARGET
#include "trickcore/search/search_body.h"
#undef SEARCH_NAME
#undef SEARCH_TARGET
#ifdef TC_ISA_BMI2_CLONE
#define SEARCH_NAME(f) f##_bmi2
#define SEARCH_TARGET TC_ISA_BMI2_TARGET
#include "trickcore/search/search_body.h"
#undef SEARCH_NAME
#undef SEARCH_TARGET
#endif

/* search_root of the solver's instruction set (tc_solver.isa): the same values from each. */
static int32_t search_root(SEARCH_CTX *c, const SEARCH_STATE *s, int32_t *values, tc_mask *legal)
{
#ifdef TC_ISA_BMI2_CLONE
    if (c->base.solver->isa == TC_ISA_BMI2) return search_root_bmi2(c, s, values, legal);
#endif
    return search_root_portable(c, s, values, legal);
}

#endif
