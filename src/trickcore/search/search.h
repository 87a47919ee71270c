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
 *   int game_bounds(ctx, s, alpha, beta, lo, hi)   values still reachable (0: none known); it
 *                                       may stop once a bound decides the window (alpha, beta)
 *   tc_mask game_hand(ctx, s, seat)     the distinct cards `seat` holds
 *   tc_mask game_others(ctx, s, seat)   cards a copy of which is live outside seat's hand
 *   const uint8_t *game_trick_keys(ctx, s, best_key, winner, last)   in a trick: the trick
 *                                       table's keys for the suit led, the winning key and seat,
 *                                       whether an equal key wins (duplicates "last")
 *   int game_promise(ctx, s, seat, card, keys, best_key, winner, last, facts)   how promising
 *                                       a card looks for the search order (higher first)
 * and, defining SEARCH_GAME_ORDER_FACTS, a type SEARCH_ORDER_FACTS that game_order_facts(ctx,
 * s, keys, best_key, winner, facts) fills once a node for every promise there; defining
 * SEARCH_GAME_BOUNDS_HERE, game_bounds_here(ctx, s, alpha, beta) says where search_node tries
 * game_bounds. base.role[card] classes the cards alike but for rank (same value, same special
 * part in the rules); TC_SEARCH_ALONE marks a card equivalent to no other. A game defining
 * SEARCH_RANKS (winning ranks) adds game_fix, game_unfix, game_why_card and game_spread
 * (spades/solve.c). A game defining SEARCH_VALUE_GAPS adds game_value_gap, and SEARCH_NEAR (the
 * first of two key words) game_near: docs/kernels.md, "Value gaps". */
#ifndef TRICKCORE_SEARCH_SEARCH_H
#define TRICKCORE_SEARCH_SEARCH_H

#include <string.h>

#include "trickcore/core/cards.h"
#include "trickcore/core/draw.h" /* TC_ALWAYS_INLINE */
#include "trickcore/core/isa.h"
#include "trickcore/core/status.h"
#include "trickcore/search/solver.h"

#define TC_SEARCH_INF (1 << 29)
#ifdef SEARCH_RANKS
#define SEARCH_MASKED SEARCH_RANKS /* key words an entry may match on part of (winning ranks) */
#define TC_SEARCH_BUCKET 16        /* entries a bucket: a probe looks in two (search_spread) */
#define TC_SEARCH_WIDE 32          /* entries of a bucket of the unmasked words alone */
#else
#define SEARCH_MASKED 0
#ifdef SEARCH_BUCKET
#define TC_SEARCH_BUCKET SEARCH_BUCKET /* the game's choice (hearts/solve.c) */
#else
#define TC_SEARCH_BUCKET 4
#endif
#define TC_SEARCH_WIDE TC_SEARCH_BUCKET
#endif
#if (defined(SEARCH_NEAR) || defined(SEARCH_VALUE_GAPS)) && SEARCH_MASKED
#error "value gaps pair cards by rank: winning ranks mask some of them"
#endif

typedef struct {
    uint64_t key[SEARCH_KEY_WORDS]; /* its first SEARCH_MASKED words masked by `fixed` */
#if SEARCH_MASKED
    uint64_t fixed; /* the bits of the masked words the entry's bounds depend on */
#endif
    int32_t lower, upper; /* bounds on value - base */
    uint32_t generation;
    uint8_t best;  /* the card that cut off or was best, TC_NO_CARD if none */
    uint8_t depth; /* 56 - tricks played: the more, the dearer to recompute */
    uint16_t seq;  /* a bucket's first entry, in a team: writes to the bucket, odd during one */
} search_entry;

/* A team's members share the table (tc_solve_team) under a seqlock per bucket: a probe that
 * saw the bucket's seq odd or changed finds nothing (its plain reads may race with a store: they
 * are then thrown away), and a store while another is under way is dropped. */
static inline uint16_t search_seq(const search_entry *bucket)
{
    return __atomic_load_n(&bucket->seq, __ATOMIC_ACQUIRE);
}

static inline int search_seq_held(const search_entry *bucket, uint16_t seq)
{
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    return !(seq & 1) && __atomic_load_n(&bucket->seq, __ATOMIC_RELAXED) == seq;
}

/* The masked bits whose holders pick an entry's bucket (all of them for an exact entry): with
 * winning ranks, an entry fixing the bits game_spread names goes to the bucket of the key cut
 * to them, any other to that of the unmasked words alone; a probe looks in both. */
static inline uint64_t search_spread(const SEARCH_CTX *c, const SEARCH_STATE *s)
{
#if SEARCH_MASKED
    if (c->base.ranks) return game_spread(c, s); /* the game's choice for the solve */
#else
    (void)c, (void)s;
#endif
    return ~UINT64_C(0);
}

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

/* The entries of the bucket `spread` picks: a wide one for the unmasked words alone, where every
 * entry fixing few winning ranks of positions of the same suit lengths must find room. */
static inline int search_bucket_size(uint64_t spread)
{
    return spread ? TC_SEARCH_BUCKET : TC_SEARCH_WIDE;
}

/* The bucket of `key` with its masked words cut to `spread` (all for an exact entry; with winning
 * ranks, game_spread's bits, or none: the table's second half, so the two widths never overlap);
 * `near`: the bucket of every key of its shape (the near words left out: game_near). */
static inline search_entry *search_bucket(const SEARCH_CTX *c, const uint64_t *key, uint64_t spread,
                                          int near)
{
    tc_solver *sv = c->base.solver;
    int size = search_bucket_size(spread), halves = SEARCH_MASKED ? 2 : 1;
    int64_t buckets = sv->table_bytes / halves / (int64_t)(sizeof(search_entry) * size);
    uint64_t cut[SEARCH_KEY_WORDS];
    memcpy(cut, key, sizeof cut);
    for (int i = 0; i < SEARCH_MASKED; ++i) cut[i] &= spread;
#ifdef SEARCH_NEAR
    if (near) cut[SEARCH_NEAR] = cut[SEARCH_NEAR + 1] = UINT64_C(0x5BD1E9955BD1E995);
#else
    (void)near;
#endif
    uint64_t h = search_hash(cut);
    uint64_t at = ((h >> 32) * (uint64_t)buckets) >> 32;   /* 0..buckets-1 */
    if (SEARCH_MASKED && !spread) at += (uint64_t)buckets; /* the second half */
    return (search_entry *)sv->table + (int64_t)at * size;
}

#ifdef SEARCH_NEAR
/* Whether `e` and `key` agree but for the near words: the same shape. */
static inline int search_near_matches(const search_entry *e, const uint64_t *key)
{
    return !memcmp(e->key, key, SEARCH_NEAR * sizeof *key) &&
           !memcmp(e->key + SEARCH_NEAR + 2, key + SEARCH_NEAR + 2,
                   (SEARCH_KEY_WORDS - SEARCH_NEAR - 2) * sizeof *key);
}
#endif

/* Narrows [*lower, *upper] by entry `e`'s bounds (values + base), widened by `near`; *moved
 * bit 0 (1): it moved the lower (upper) bound, with the entry's fixed bits in fixed[0]
 * (fixed[1]). Returns whether the window (alpha, beta) is decided. */
static TC_ALWAYS_INLINE int search_narrow(const search_entry *e, int32_t base, int32_t near,
                                          int32_t alpha, int32_t beta, int32_t *lower,
                                          int32_t *upper, int *moved, uint64_t *fixed)
{
#if SEARCH_MASKED
    uint64_t fixed_here = e->fixed;
#else
    uint64_t fixed_here = ~UINT64_C(0);
#endif
    if (e->lower + base - near > *lower) {
        *lower = e->lower + base - near;
        *moved |= 1;
        fixed[0] = fixed_here;
    }
    if (e->upper + base + near < *upper) {
        *upper = e->upper + base + near;
        *moved |= 2;
        fixed[1] = fixed_here;
    }
    return *lower >= beta || *upper <= alpha || *lower == *upper;
}

/* Whether `e` (of this generation) holds for the position of `key`. */
static inline int search_matches(const search_entry *e, const uint64_t *key)
{
#if SEARCH_MASKED
    for (int i = 0; i < SEARCH_MASKED; ++i)
        if ((key[i] & e->fixed) != e->key[i]) return 0;
    return !memcmp(e->key + SEARCH_MASKED, key + SEARCH_MASKED,
                   sizeof e->key - SEARCH_MASKED * sizeof *key);
#else
    return !memcmp(e->key, key, sizeof e->key);
#endif
}

/* Narrows [*lower, *upper] by the entries that hold for `key` (values + base), looking in the
 * buckets of `spread` (search_spread) until the window (alpha, beta) is decided; *moved bit 0
 * (1): an entry moved the lower (upper) bound, its fixed bits in fixed[0] (fixed[1]); *first: a
 * card to try first. Returns whether an entry held. */
static TC_ALWAYS_INLINE int search_probe(const SEARCH_CTX *c, const uint64_t *key, uint64_t spread,
                                         int32_t base, int32_t alpha, int32_t beta, int32_t *lower,
                                         int32_t *upper, int *moved, uint64_t *fixed, int *first)
{
    const tc_solver *sv = c->base.solver;
    int found = 0, ranks = spread != ~UINT64_C(0), size = search_bucket_size(spread);
    const search_entry *home = search_bucket(c, key, spread, 0), *bucket = home, *wide = NULL,
                       *shape = NULL;
    int32_t lower0 = *lower, upper0 = *upper;
    uint16_t seq = sv->team ? search_seq(home) : 0, wide_seq = 0, shape_seq = 0;
    for (int i = 0, end = size + (ranks ? TC_SEARCH_WIDE : 0); i < end; ++i) {
        if (i == size) {
            wide = search_bucket(c, key, 0, 0);
            wide_seq = sv->team ? search_seq(wide) : 0;
            bucket = wide - size;
        }
        const search_entry *e = bucket + i;
        if (e->generation != sv->generation) { /* the bucket's entries end (search_store) */
            if (i >= size) break;
            i = size - 1;
            continue;
        }
        if (!search_matches(e, key)) continue;
        if (!found++) *first = e->best;
        if (search_narrow(e, base, 0, alpha, beta, lower, upper, moved, fixed)) break; /* decided */
    }
#ifdef SEARCH_NEAR
    int decided = *lower >= beta || *upper <= alpha || *lower == *upper;
    if (c->base.near && !decided) { /* the entries of positions of the same shape */
        shape = search_bucket(c, key, spread, 1);
        shape_seq = sv->team ? search_seq(shape) : 0;
        for (int i = 0; i < TC_SEARCH_BUCKET; ++i) {
            const search_entry *e = shape + i;
            if (e->generation != sv->generation) break;
            if (!search_near_matches(e, key)) continue;
            if (!found++) *first = e->best;
            int32_t near = game_near(c, e->key + SEARCH_NEAR, key + SEARCH_NEAR);
            if (search_narrow(e, base, near, alpha, beta, lower, upper, moved, fixed)) break;
        }
    }
#endif
    if (found && sv->team &&
        !(search_seq_held(home, seq) && (!wide || search_seq_held(wide, wide_seq)) &&
          (!shape || search_seq_held(shape, shape_seq)))) { /* a store raced with the reads */
        *lower = lower0;
        *upper = upper0;
        *moved = 0;
        *first = TC_NO_CARD;
        return 0;
    }
    return found;
}

/* The cards a bound depends on: those an entry fixed (`by_entry`: in `fixed`), else (the
 * game's bounds) `why`. */
static inline tc_mask search_why(const SEARCH_CTX *c, const SEARCH_STATE *s, int by_entry,
                                 uint64_t fixed, tc_mask why)
{
#if SEARCH_MASKED
    if (by_entry && c->base.ranks) return game_unfix(c, s, fixed);
#else
    (void)c, (void)s, (void)by_entry, (void)fixed;
#endif
    return why;
}

/* Writes what a search found for the key `stored` (masked by `fixed`) into `bucket`: into the
 * entry of the same key and fixed bits, else the first stale one (the current ones stay a
 * prefix), else the cheapest to recompute; a team member skips a bucket another is writing. */
static TC_ALWAYS_INLINE void search_put(const SEARCH_CTX *c, const SEARCH_STATE *s,
                                        search_entry *bucket, int size, const uint64_t *stored,
                                        uint64_t fixed, int32_t base, int32_t best, int32_t alpha,
                                        int32_t beta, int best_card)
{
    const tc_solver *sv = c->base.solver;
#if !SEARCH_MASKED
    (void)fixed;
#endif
    uint16_t seq = 0;
    if (sv->team) { /* the bucket's seqlock: odd while this store writes */
        seq = __atomic_load_n(&bucket->seq, __ATOMIC_RELAXED);
        if ((seq & 1) || !__atomic_compare_exchange_n(&bucket->seq, &seq, (uint16_t)(seq + 1), 0,
                                                      __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
            return;
    }
    int found = 0, j = 0;
    search_entry *entry = bucket;
    for (; j < size && !found; ++j) { /* the current entries, a prefix of the bucket */
        entry = bucket + j;
        if (entry->generation != sv->generation) break;
#if SEARCH_MASKED
        found = entry->fixed == fixed && !memcmp(entry->key, stored, sizeof entry->key);
#else
        found = !memcmp(entry->key, stored, sizeof entry->key);
#endif
    }
    if (!found && j == size) { /* full: the cheapest to recompute, ties round the bucket */
        int turn = (int)(sv->stats.tt_stores & (size - 1));
        entry = bucket + turn;
        for (j = 1; j < size; ++j) {
            search_entry *e = bucket + ((turn + j) & (size - 1));
            if (e->depth < entry->depth) entry = e;
        }
    }
    if (!found) {
        memcpy(entry->key, stored, sizeof entry->key);
#if SEARCH_MASKED
        entry->fixed = fixed;
#endif
        entry->generation = sv->generation;
        entry->lower = -TC_SEARCH_INF;
        entry->upper = TC_SEARCH_INF;
    }
    if (best > alpha && best - base > entry->lower) entry->lower = best - base;
    if (best < beta && best - base < entry->upper) entry->upper = best - base;
    entry->best = (uint8_t)best_card;
    entry->depth = (uint8_t)(TC_NUM_CARD_IDS - s->head.tricks_played);
    if (sv->team) __atomic_store_n(&bucket->seq, (uint16_t)(seq + 2), __ATOMIC_RELEASE);
}

/* Stores what a search of the position of `key` found: `best` in the window (alpha, beta), a
 * fail-high a lower bound, a fail-low an upper bound, depending on the cards `why`, in the
 * bucket `spread` picks (search_put), and with near entries in its shape's bucket too. */
static TC_ALWAYS_INLINE void search_store(const SEARCH_CTX *c, const SEARCH_STATE *s,
                                          const uint64_t *key, uint64_t spread, int32_t base,
                                          int32_t best, int32_t alpha, int32_t beta, tc_mask why,
                                          int best_card)
{
    uint64_t stored[SEARCH_KEY_WORDS];
    memcpy(stored, key, sizeof stored);
#if SEARCH_MASKED
    uint64_t fixed = spread != ~UINT64_C(0) ? game_fix(c, s, why) : spread;
    for (int i = 0; i < SEARCH_MASKED; ++i) stored[i] &= fixed;
#else
    uint64_t fixed = spread;
    (void)why;
#endif
    uint64_t at = (fixed & spread) == spread ? spread : 0;
    search_put(c, s, search_bucket(c, key, at, 0), search_bucket_size(at), stored, fixed, base,
               best, alpha, beta, best_card);
#ifdef SEARCH_NEAR
    if (c->base.near)
        search_put(c, s, search_bucket(c, key, at, 1), TC_SEARCH_BUCKET, stored, fixed, base, best,
                   alpha, beta, best_card);
#endif
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
    if (solver->table_bytes <
        (int64_t)(sizeof(search_entry) * TC_SEARCH_WIDE * (SEARCH_MASKED ? 2 : 1)))
        return TC_ERR_ARGUMENT;
    base->solver = solver;
    base->side = request.side;
    base->win_tricks = (int8_t)win_tricks;
    base->ranks = 0;
    base->bmi2 = solver->isa == TC_ISA_BMI2;
    base->gaps = 0;
    base->near = 0;
    solver->stats = (tc_solve_stats){0, 0, 0};
    return TC_OK;
}

/* A solve's status once search_root returns: TC_ERR_LIMIT past the node limit (its values and
 * table entries are then meaningless: tc_solver_forget), else TC_OK. */
static inline int search_status(const tc_solver *solver)
{
    if (solver->team && __atomic_load_n(&solver->team->status, __ATOMIC_RELAXED))
        return TC_ERR_LIMIT;
    return solver->node_limit && solver->stats.nodes > solver->node_limit ? TC_ERR_LIMIT : TC_OK;
}

/* Whether this member takes `card` of a team's solve (no other member took it). */
static inline int search_claim(tc_solve_team *team, int card)
{
    return !(__atomic_fetch_or(&team->claimed, tc_bit(card), __ATOMIC_RELAXED) >> card & 1);
}

/* Gives the team card `card`'s value `v` (meaningless past the node limit: the team fails). */
static inline void search_valued(const SEARCH_CTX *c, int card, int32_t v)
{
    tc_solve_team *team = c->base.solver->team;
    if (search_status(c->base.solver) != TC_OK)
        __atomic_store_n(&team->status, TC_ERR_LIMIT, __ATOMIC_RELAXED);
    team->values[card] = v;
    __atomic_fetch_or(&team->done, tc_bit(card), __ATOMIC_RELEASE);
}

/* game_bounds, with the cards each bound depends on where the game abstracts ranks */
#if SEARCH_MASKED
#define SEARCH_GAME_BOUNDS(c, s, alpha, beta, lo, hi, why_lo, why_hi) \
    game_bounds(c, s, alpha, beta, lo, hi, why_lo, why_hi)
#else
#define SEARCH_GAME_BOUNDS(c, s, alpha, beta, lo, hi, why_lo, why_hi) \
    ((void)(why_lo), (void)(why_hi), game_bounds(c, s, alpha, beta, lo, hi))
#endif

/* Whether search_node tries the game's bounds under the window (alpha, beta): where the game
 * says (SEARCH_GAME_BOUNDS_HERE: game_bounds_here, same arguments), or, where they cannot change
 * within a trick (SEARCH_BOUNDS_PER_TRICK), at trick boundaries only: the window never changes
 * below. */
#ifdef SEARCH_GAME_BOUNDS_HERE
#define SEARCH_BOUNDS_HERE(c, s, alpha, beta) game_bounds_here(c, s, alpha, beta)
#elif defined(SEARCH_BOUNDS_PER_TRICK)
#define SEARCH_BOUNDS_HERE(c, s, alpha, beta) ((void)(c), (s)->head.trick_len == 0)
#else
#define SEARCH_BOUNDS_HERE(c, s, alpha, beta) 1
#endif

/* The facts game_promise shares within a node: none unless the game says. */
#ifndef SEARCH_GAME_ORDER_FACTS
#define SEARCH_ORDER_FACTS int
#endif

/* A card's score is promise * weight + its cut-off count: TC_SEARCH_PROMISE_FIRST (the count
 * only breaks ties), at leads SEARCH_LEAD_PROMISE_WEIGHT, which a game whose leads the history
 * orders better than the promise sets small (hearts/solve.c). */
#define TC_SEARCH_PROMISE_FIRST 65536
#ifndef SEARCH_LEAD_PROMISE_WEIGHT
#define SEARCH_LEAD_PROMISE_WEIGHT TC_SEARCH_PROMISE_FIRST
#endif

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
