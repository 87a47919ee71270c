/* Shuffling and dealing from numpy's bitgen_t (no PRNG of our own): tc_dealer deals a pack of
 * distinct cards, tc_shuffle orders a list with duplicates; both use one batched bounded draw,
 * eight indices per 64-bit word (docs/kernels.md, "Dealing and shuffling"). */
#ifndef TRICKCORE_CORE_DEAL_H
#define TRICKCORE_CORE_DEAL_H

#include <stdint.h>

#include "numpy/random/bitgen.h"
#include "trickcore/core/cards.h"
#include "trickcore/core/draw.h"

#define TC_MAX_DECK 112
#define TC_MAX_PLAYERS 8

/* High and low halves of the 128-bit product a * b. Without a 128-bit type (or with
 * TC_PORTABLE_MUL64 defined, as tests/c/mul64.c does) from four 32-bit products. */
static inline uint64_t tc_mul64(uint64_t a, uint64_t b, uint64_t *lo)
{
#if defined(__SIZEOF_INT128__) && !defined(TC_PORTABLE_MUL64)
    __uint128_t m = (__uint128_t)a * b;
    *lo = (uint64_t)m;
    return (uint64_t)(m >> 64);
#else
    uint64_t a_lo = (uint32_t)a, a_hi = a >> 32, b_lo = (uint32_t)b, b_hi = b >> 32;
    uint64_t p0 = a_lo * b_lo, p1 = a_lo * b_hi, p2 = a_hi * b_lo, p3 = a_hi * b_hi;
    uint64_t mid = (p0 >> 32) + (uint32_t)p1 + (uint32_t)p2;
    *lo = (mid << 32) | (uint32_t)p0;
    return p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
#endif
}

/* Uniform index in [0, bound), bound >= 1 (Lemire's nearly divisionless method). */
static inline int tc_random_below(bitgen_t *rng, uint64_t bound)
{
    uint64_t lo, hi = tc_mul64(rng->next_uint64(rng->state), bound, &lo);
    if (lo < bound) {
        uint64_t threshold = (0 - bound) % bound;
        while (lo < threshold) hi = tc_mul64(rng->next_uint64(rng->state), bound, &lo);
    }
    return (int)hi;
}

/* ---- The bounded draw ----
 * Brackett-Rozinsky and Lemire's batched multiply-and-reject on 32 bits, up to four bounds a
 * batch (product < 2^32: bounds <= 215); its stream: docs/random-streams.md, "Index plans". */

#define TC_MAX_BATCHES ((TC_MAX_DECK + 3) / 4)

/* Up to four bounds (1 for a missing one), their product and `limit`, the product shifted as the
 * low parts are (see tc_batch_step). The bounds are 64-bit so that each multiply may take its
 * bound straight from memory. */
typedef struct {
    uint64_t bound[4];
    uint64_t limit; /* product << 32 */
    uint32_t product;
} tc_batch;

/* The batch of `steps` (1..4) bounds top, top-1, ... */
static inline tc_batch tc_batch_of(uint32_t top, int steps)
{
    tc_batch b = {
        {top, steps > 1 ? top - 1 : 1, steps > 2 ? top - 2 : 1, steps > 3 ? top - 3 : 1}, 0, 0};
    b.product = (uint32_t)(b.bound[0] * b.bound[1] * b.bound[2] * b.bound[3]);
    b.limit = (uint64_t)b.product << 32;
    return b;
}

/* One batch step: the low part (w bits) sits in the top bits of *x; the high word of the 128-bit
 * product *x * bound is the index, the low word the next low part, shifted alike
 * (docs/kernels.md, "The bounded draw"). */
static TC_ALWAYS_INLINE uint64_t tc_batch_step(uint64_t *x, uint64_t bound)
{
    return tc_mul64(*x, bound, x);
}

/* index[i] (unless index is NULL) for the `count` bounds bounds[i] of the batch x (held as
 * tc_batch_step takes it), by its steps; returns the last low part, shifted alike. */
static TC_ALWAYS_INLINE uint64_t tc_batch_steps(uint64_t x, const uint32_t *bounds, int count,
                                                uint32_t *index)
{
    for (int i = 0; i < count; ++i) {
        uint64_t k = tc_batch_step(&x, bounds[i]);
        if (index) index[i] = (uint32_t)k;
    }
    return x;
}

/* index[i] from the batch's 32-bit number held in the top half of x (x = number << 32), by its
 * four steps; returns the last low part, shifted alike (to compare with the batch's limit). */
static TC_ALWAYS_INLINE uint64_t tc_batch_indices(uint64_t x, const tc_batch *b, uint64_t *index)
{
    for (int i = 0; i < 4; ++i) index[i] = tc_batch_step(&x, b->bound[i]);
    return x;
}

/* Where a batch of bounds whose product is `product` on `width` random bits (held in the top of
 * a 64-bit number, as tc_batch_step takes them) is rejected: below 2^width mod product,
 * shifted alike. */
static inline uint64_t tc_batch_threshold(uint64_t product, int width)
{
    return ((UINT64_C(1) << width) % product) << (64 - width);
}

/* The cold path of every batched draw: x, the `width` random bits of a batch of `count` bounds
 * held in the top of a 64-bit number, or if the batch rejects x, the low `width` bits of the first
 * fresh draw it accepts (shifted as x). In deal.c. */
uint64_t tc_batch_accepted_bits(bitgen_t *rng, uint64_t x, const uint32_t *bounds, int count,
                                int width);

/* tc_batch_accepted_bits for a tc_batch (32 bits, four bounds). In deal.c. */
uint64_t tc_batch_accepted(bitgen_t *rng, const tc_batch *b, uint64_t x);

/* The batch's indices from x (its 32-bit number << 32), redrawn from fresh words while
 * rejected. */
static TC_ALWAYS_INLINE void tc_batch_draw(bitgen_t *rng, uint64_t x, const tc_batch *b,
                                           uint64_t *index)
{
    if (tc_batch_indices(x, b, index) < b->limit)
        tc_batch_indices(tc_batch_accepted(rng, b, x), b, index);
}

/* Draws the words of `batches` batches, made ahead: halves[g] is batch g's 32-bit number, held
 * in the top half (as tc_batch_draw takes it). */
static TC_ALWAYS_INLINE void tc_draw_halves(bitgen_t *rng, uint64_t *halves, int batches)
{
    for (const uint64_t *end = halves + batches; halves < end; halves += 2) {
        uint64_t word = rng->next_uint64(rng->state);
        halves[0] = word << 32;
        halves[1] = word & ~UINT64_C(0xFFFFFFFF);
    }
}

/* Bounded indices size, size-1, ..., size-picks+1 (each bound >= 2), by batches of four; the
 * last batch, `picks % 4` of them if not 0, is partial. */
typedef struct {
    int size, picks, batches, full; /* full: the batches of four */
    tc_batch batch[TC_MAX_BATCHES];
} tc_index_plan;

static inline void tc_index_plan_init(tc_index_plan *plan, int size, int picks)
{
    plan->size = size;
    plan->picks = picks > 0 ? picks : 0;
    plan->full = plan->picks / 4;
    plan->batches = (plan->picks + 3) / 4;
    for (int g = 0; g < plan->batches; ++g) {
        int steps = plan->picks - 4 * g;
        plan->batch[g] = tc_batch_of((uint32_t)(size - 4 * g), steps < 4 ? steps : 4);
    }
}

/* index[t * stride] uniform below size - t for t < picks (a partial batch writes 0 past picks,
 * up to t = 4 * batches - 1). */
static TC_ALWAYS_INLINE void tc_index_plan_draw(const tc_index_plan *plan, bitgen_t *rng,
                                                uint32_t *index, int stride)
{
    uint64_t halves[TC_MAX_BATCHES + 1], k[4];
    tc_draw_halves(rng, halves, plan->batches);
    const uint64_t *x = halves;
    for (const tc_batch *b = plan->batch, *end = b + plan->batches; b < end; ++b) {
        tc_batch_draw(rng, *x++, b, k);
        for (int i = 0; i < 4; ++i, index += stride) *index = (uint32_t)k[i];
    }
}

/* Swaps *top and cards[k]: a Fisher-Yates step. */
static TC_ALWAYS_INLINE void tc_shuffle_step(uint8_t *cards, uint8_t *top, uint64_t k)
{
    uint8_t card = *top;
    *top = cards[k];
    cards[k] = card;
}

/* The plan of tc_shuffle(rng, cards, n, keep): make it once for many shuffles. */
static inline void tc_shuffle_plan(tc_index_plan *plan, int n, int keep)
{
    tc_index_plan_init(plan, n, n - (keep > 1 ? keep : 1));
}

/* Four Fisher-Yates steps from `top` down by the batch's indices from x (as tc_batch_draw takes
 * it), each swap made as soon as its index is known, before the batch is known to be accepted;
 * returns the last low part (shifted), for the caller's rejection test. */
static TC_ALWAYS_INLINE uint64_t tc_shuffle_batch(uint8_t *cards, uint8_t *top, uint64_t x,
                                                  const tc_batch *b)
{
    for (int i = 0; i < 4; ++i) tc_shuffle_step(cards, top - i, tc_batch_step(&x, b->bound[i]));
    return x;
}

/* The cold path of a rejected tc_shuffle_batch from x: undoes its four swaps (in reverse order)
 * and makes those of the batch's accepted draw (tc_batch_accepted). In deal.c. */
void tc_shuffle_batch_redo(bitgen_t *rng, uint8_t *cards, uint8_t *top, uint64_t x,
                           const tc_batch *b);

/* tc_shuffle by its plan. Step t (bound size - t) swaps cards[size-1-t] with cards[index t]. */
static TC_ALWAYS_INLINE void tc_shuffle_planned(const tc_index_plan *plan, bitgen_t *rng,
                                                uint8_t *cards)
{
    uint64_t halves[TC_MAX_BATCHES + 1], k[4];
    tc_draw_halves(rng, halves, plan->batches);
    const uint64_t *x = halves;
    const tc_batch *b = plan->batch;
    uint8_t *top = cards + plan->size - 1;
    for (const tc_batch *end = b + plan->full; b < end; ++b, ++x, top -= 4)
        if (tc_shuffle_batch(cards, top, *x, b) < b->limit)
            tc_shuffle_batch_redo(rng, cards, top, *x, b);
    if (plan->full < plan->batches) { /* the partial batch: 1 to 3 steps */
        tc_batch_draw(rng, *x, b, k);
        for (int i = 0; i < plan->picks - 4 * plan->full; ++i)
            tc_shuffle_step(cards, top - i, k[i]);
    }
}

/* Fisher-Yates from the top, stopped before `keep`: cards[keep..n) become a uniform arrangement
 * of a uniform subset (keep <= 1: a uniform permutation), n <= TC_MAX_DECK. Loops of one size
 * should plan once: tc_shuffle_plan, tc_shuffle_planned (docs/kernels.md, "Shuffles"). */
static inline void tc_shuffle(bitgen_t *rng, uint8_t *cards, int n, int keep)
{
    tc_index_plan plan;
    tc_shuffle_plan(&plan, n, keep);
    tc_shuffle_planned(&plan, rng, cards);
}

/* ---- The dealer ----
 * Seats players-1 down to 0 take hand_size cards each, the k-th lowest undealt for a drawn k; the
 * rest is the stock (docs/random-streams.md, "One-pack dealing"; docs/kernels.md, "The dealer"). */

typedef struct {
    tc_mask deck;
    int players, hand_size;
    int picking_seats; /* seats that draw their cards: players, or players-1 without a rest */
    tc_index_plan plan;
} tc_dealer;

/* A dealer of `deck` (cards 0..55) to `players` (1..TC_MAX_PLAYERS) hands of `hand_size`.
 * Returns TC_OK, or TC_ERR_ARGUMENT / TC_ERR_CARD_RANGE (and *dl is not usable). In deal.c. */
int tc_dealer_init(tc_dealer *dl, tc_mask deck, int players, int hand_size);

/* The cards not dealt yet. The portable select also keeps their byte-wise running counts
 * (tc_byte_prefix) up to date, one subtraction per card instead of a recount per pick. */
typedef struct {
    tc_mask cards;
    uint64_t prefix; /* portable select only */
} tc_undealt;

static TC_ALWAYS_INLINE tc_undealt tc_undealt_of(tc_mask deck, int isa)
{
    tc_undealt u = {deck, isa == TC_ISA_PORTABLE ? tc_byte_prefix(deck) : 0};
    return u;
}

/* Takes the k-th lowest card out (the same card as tc_select_bit). */
static TC_ALWAYS_INLINE void tc_undealt_take(tc_undealt *u, int k, int isa)
{
#ifndef TC_ISA_BMI2_NATIVE
    if (isa == TC_ISA_PORTABLE) {
        int byte = 8 * tc_first_byte_above(u->prefix, k);
        int rank = k - (int)(((u->prefix << 8) >> byte) & 0xFF);
        u->cards ^= tc_bit(byte + tc_select_in_byte[(u->cards >> byte) & 0xFF][rank]);
        u->prefix -= TC_BYTES_LOW << byte; /* one card fewer in this byte and all above */
        return;
    }
#endif
    u->cards ^= tc_select_bit_isa(u->cards, k, isa);
}

/* Takes the card of index k for pick `*left` of the seat `*seat` dealing to; after the hand's last
 * pick, writes the hand and moves on to the next seat down. */
static TC_ALWAYS_INLINE void tc_dealer_take(const tc_dealer *dl, tc_undealt *u, int k,
                                            tc_mask *before, int *left, int *seat, tc_mask *hands,
                                            int isa)
{
    tc_undealt_take(u, k, isa);
    if (--*left == 0) {
        hands[(*seat)--] = *before ^ u->cards;
        *before = u->cards;
        *left = dl->hand_size;
    }
}

/* tc_dealer_deal_isa for a deck dealt in full, `players` and `hand_size` constants (4x13, say):
 * loops unrolled so that each pick's hand is known at compile time; the same cards
 * (docs/kernels.md, "The dealer"). */
static TC_ALWAYS_INLINE void tc_dealer_deal_full_isa(const tc_dealer *dl, bitgen_t *rng,
                                                     tc_mask *hands, int players, int hand_size,
                                                     int isa)
{
    const int picks = (players - 1) * hand_size, batches = (picks + 3) / 4;
    uint64_t halves[TC_MAX_BATCHES + 1], k[4];
    tc_draw_halves(rng, halves, batches);
    tc_undealt u = tc_undealt_of(dl->deck, isa);
    tc_mask before = u.cards;
    TC_UNROLL(TC_MAX_BATCHES)
    for (int g = 0; g < batches; ++g) {
        tc_batch_draw(rng, halves[g], &dl->plan.batch[g], k);
        TC_UNROLL(4)
        for (int i = 0; i < 4; ++i) {
            if (4 * g + i == picks) break;
            tc_undealt_take(&u, (int)k[i], isa);
            if ((4 * g + i + 1) % hand_size == 0) {
                hands[players - 1 - (4 * g + i) / hand_size] = before ^ u.cards;
                before = u.cards;
            }
        }
    }
    hands[0] = u.cards;
}

/* Whether `dl` deals a pack of 52 in full to four hands of 13 (Hearts, Spades, deal_batch):
 * tc_dealer_deal_isa then deals by tc_dealer_deal_full_isa, compiled out of line in deal.c so
 * that a game's trick loop keeps its registers. */
static inline int tc_dealer_is_4x13(const tc_dealer *dl)
{
    return dl->players == 4 && dl->hand_size == 13 && dl->picking_seats == 3;
}

void tc_dealer_deal_4x13_portable(const tc_dealer *dl, bitgen_t *rng, tc_mask *hands);
#ifdef TC_ISA_BMI2_CLONE
void tc_dealer_deal_4x13_bmi2(const tc_dealer *dl, bitgen_t *rng, tc_mask *hands);
#endif

/* The 4x13 dealer for code of `isa` (a constant). */
static TC_ALWAYS_INLINE void tc_dealer_deal_4x13_isa(const tc_dealer *dl, bitgen_t *rng,
                                                     tc_mask *hands, int isa)
{
#ifdef TC_ISA_BMI2_CLONE
    if (isa == TC_ISA_BMI2) {
        tc_dealer_deal_4x13_bmi2(dl, rng, hands);
        return;
    }
#endif
    (void)isa;
    tc_dealer_deal_4x13_portable(dl, rng, hands);
}

/* One deal into hands[0..players); returns the undealt rest. A 4x13 dealer deals unrolled, the
 * same cards. Always inlined with a constant `isa`, so BMI2 loops get the pdep select. */
static TC_ALWAYS_INLINE tc_mask tc_dealer_deal_isa(const tc_dealer *dl, bitgen_t *rng,
                                                   tc_mask *hands, int isa)
{
    if (tc_dealer_is_4x13(dl)) {
        tc_dealer_deal_4x13_isa(dl, rng, hands, isa);
        return 0;
    }
    const tc_index_plan *plan = &dl->plan;
    uint64_t halves[TC_MAX_BATCHES + 1], k[4];
    tc_draw_halves(rng, halves, plan->batches);
    tc_undealt u = tc_undealt_of(dl->deck, isa);
    tc_mask before = u.cards;
    int left = dl->hand_size, seat = dl->players - 1;
    const uint64_t *x = halves;
    const tc_batch *b = plan->batch;
    for (const tc_batch *end = b + plan->full; b < end; ++b) {
        tc_batch_draw(rng, *x++, b, k);
        if (left > 4) { /* no hand ends within these four picks */
            for (int i = 0; i < 4; ++i) tc_undealt_take(&u, (int)k[i], isa);
            left -= 4;
        } else {
            for (int i = 0; i < 4; ++i)
                tc_dealer_take(dl, &u, (int)k[i], &before, &left, &seat, hands, isa);
        }
    }
    if (plan->full < plan->batches) { /* the partial batch: 1 to 3 picks */
        int steps = plan->picks - 4 * plan->full;
        tc_batch_draw(rng, *x, b, k);
        tc_dealer_take(dl, &u, (int)k[0], &before, &left, &seat, hands, isa);
        if (steps > 1) tc_dealer_take(dl, &u, (int)k[1], &before, &left, &seat, hands, isa);
        if (steps > 2) tc_dealer_take(dl, &u, (int)k[2], &before, &left, &seat, hands, isa);
    }
    int last_picking = dl->players - dl->picking_seats;
    for (; seat >= last_picking; --seat) hands[seat] = 0; /* hands of no cards */
    if (last_picking) {
        hands[0] = u.cards;
        return 0;
    }
    return u.cards;
}

/* Two consecutive deals, the same as two tc_dealer_deal_isa calls (a's draws first), their picks
 * interleaved as two independent dependency chains (docs/kernels.md, "The dealer"). */
static TC_ALWAYS_INLINE void tc_dealer_deal2_isa(const tc_dealer *dl, bitgen_t *rng,
                                                 tc_mask *hands_a, tc_mask *hands_b, tc_mask *rest,
                                                 int isa)
{
    uint32_t index[2 * 4 * TC_MAX_BATCHES];
    tc_index_plan_draw(&dl->plan, rng, index, 2);
    tc_index_plan_draw(&dl->plan, rng, index + 1, 2);
    tc_undealt a = tc_undealt_of(dl->deck, isa), b = tc_undealt_of(dl->deck, isa);
    const uint32_t *k = index;
    int seat = dl->players - 1;
    for (int s = 0; s < dl->picking_seats; ++s, --seat) {
        tc_mask before_a = a.cards, before_b = b.cards;
        for (const uint32_t *end = k + 2 * dl->hand_size; k < end; k += 2) {
            tc_undealt_take(&a, (int)k[0], isa);
            tc_undealt_take(&b, (int)k[1], isa);
        }
        hands_a[seat] = before_a ^ a.cards;
        hands_b[seat] = before_b ^ b.cards;
    }
    if (seat == 0) {
        hands_a[0] = a.cards;
        hands_b[0] = b.cards;
        a.cards = b.cards = 0;
    }
    rest[0] = a.cards;
    rest[1] = b.cards;
}

/* One deal, choosing the select for this CPU at run time (for callers outside a hot loop). */
tc_mask tc_dealer_deal(const tc_dealer *dl, bitgen_t *rng, tc_mask *hands);
/* The same deal with the portable select on any CPU (tests compare the two). */
tc_mask tc_dealer_deal_portable(const tc_dealer *dl, bitgen_t *rng, tc_mask *hands);

/* Deals `count` deals of `deck`: player p of deal d gets once/twice[d * players + p] (twice may be
 * NULL without duplicates), the undealt cards go to stock[d * stock_size ...] in random draw order
 * (stock may be NULL). Returns a tc_status (docs/kernels.md, "deal_batch"). */
int tc_deal_batch(bitgen_t *rng, const uint8_t *deck, int deck_size, int players, int hand_size,
                  int64_t count, tc_mask *once, tc_mask *twice, uint8_t *stock);

#endif
