/* Shuffling and dealing from numpy's BitGenerator C API (bitgen_t): no PRNG of our own.
 *
 * tc_dealer is THE one way a pack of distinct cards is dealt into hands (see below); tc_shuffle
 * orders a list of cards that may hold duplicates (two packs). Both use batched bounded draws (Brackett-Rozinsky and Lemire,
 * "Batched Ranged Random Integer Generation", 2024): one 64-bit draw yields four unbiased
 * indices, so a 52-card shuffle costs thirteen generator calls. The arithmetic is exact
 * integer arithmetic, so a given bit stream gives the same deal on every machine. */
#ifndef TRICKCORE_DEAL_H
#define TRICKCORE_DEAL_H

#include <stdint.h>

#include "numpy/random/bitgen.h"
#include "trickcore/cards.h"
#include "trickcore/draw.h"

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

/* Four unbiased indices below bound, bound-1, bound-2, bound-3 from one 64-bit word (the batched
 * method: one multiply per index; product = bound * (bound-1) * (bound-2) * (bound-3)). Unrolled:
 * a fixed count lets successive words' multiply chains overlap. */
static inline void tc_draw4(bitgen_t *rng, uint64_t bound, uint64_t product, uint8_t *index)
{
    for (;;) {
        uint64_t rest = rng->next_uint64(rng->state);
        index[0] = (uint8_t)tc_mul64(rest, bound, &rest);
        index[1] = (uint8_t)tc_mul64(rest, bound - 1, &rest);
        index[2] = (uint8_t)tc_mul64(rest, bound - 2, &rest);
        index[3] = (uint8_t)tc_mul64(rest, bound - 3, &rest);
        if (rest >= product || rest >= (0 - product) % product) return;
    }
}

/* Uniform random permutation of cards[0..n) in place (Fisher-Yates from the top), n <= TC_MAX_DECK.
 * The swap indices are drawn first and applied after. */
static inline void tc_shuffle(bitgen_t *rng, uint8_t *cards, int n)
{
    uint8_t index[TC_MAX_DECK];
    int t = 0;
    for (; n - t >= 5; t += 4) {
        uint64_t b = (uint64_t)(n - t);
        tc_draw4(rng, b, b * (b - 1) * (b - 2) * (b - 3), index + t);
    }
    for (; n - t > 1; ++t) index[t] = (uint8_t)tc_random_below(rng, (uint64_t)(n - t));
    for (t = 0; t < n - 1; ++t) {
        int top = n - 1 - t;
        uint8_t tmp = cards[top];
        cards[top] = cards[index[t]];
        cards[index[t]] = tmp;
    }
}

/* ---- The dealer ----
 *
 * Seats players-1 down to 0 each take hand_size cards from those not dealt yet, each card the
 * k-th lowest of them for a uniform k (one select: pdep with fast BMI2, a table lookup otherwise;
 * the same card either way). The cards left are the undealt rest (a stock); when there is no rest,
 * seat 0 takes the last hand_size cards without draws. The indices k come four per 64-bit draw
 * (tc_draw4's method) while the bounds allow, then one by one (tc_random_below); a word's cards
 * are taken once the word is accepted, which picks the same cards as drawing every index first.
 * tc_dealer_init computes the bounds and their products once. A deal is a pure
 * function of the bit stream: the same stream gives the same hands on every machine. */

#define TC_DEALER_MAX_PICKS TC_NUM_CARD_IDS

/* Bounded indices size, size-1, ..., size-picks+1, drawn by batches of four then one by one. */
typedef struct {
    int size, picks, batches;
    uint64_t bound[TC_DEALER_MAX_PICKS / 4], product[TC_DEALER_MAX_PICKS / 4];
} tc_index_plan;

static inline void tc_index_plan_init(tc_index_plan *plan, int size, int picks)
{
    plan->size = size;
    plan->picks = picks;
    plan->batches = 0;
    for (int t = 0; t < picks && size - t >= 4; t += 4) {
        uint64_t b = (uint64_t)(size - t);
        plan->bound[plan->batches] = b;
        plan->product[plan->batches++] = b * (b - 1) * (b - 2) * (b - 3);
    }
}

/* index[t] uniform below size - t for t < picks (index needs picks + 3 bytes: a last batch may
 * draw past picks). */
static TC_ALWAYS_INLINE void tc_index_plan_draw(const tc_index_plan *plan, bitgen_t *rng,
                                                uint8_t *index)
{
    int t = 0;
    for (int b = 0; b < plan->batches; ++b, t += 4)
        tc_draw4(rng, plan->bound[b], plan->product[b], index + t);
    for (; t < plan->picks; ++t) index[t] = (uint8_t)tc_random_below(rng, (uint64_t)(plan->size - t));
}

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
#ifndef TC_DRAW_BMI2_NATIVE
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
                                            tc_mask *before, int *left, int *seat,
                                            tc_mask *hands, int isa)
{
    tc_undealt_take(u, k, isa);
    if (--*left == 0) {
        hands[(*seat)--] = *before ^ u->cards;
        *before = u->cards;
        *left = dl->hand_size;
    }
}

/* One deal into hands[0..players): returns the undealt rest. Each card is taken straight from
 * the indices of its 64-bit draw (the same indices as tc_index_plan_draw, without an index
 * array). Always inlined, with `isa` a constant, so a game loop compiled with
 * TC_DRAW_BMI2_TARGET gets the pdep select. */
static TC_ALWAYS_INLINE tc_mask tc_dealer_deal_isa(const tc_dealer *dl, bitgen_t *rng,
                                                   tc_mask *hands, int isa)
{
    const tc_index_plan *plan = &dl->plan;
    tc_undealt u = tc_undealt_of(dl->deck, isa);
    tc_mask before = u.cards;
    int left = dl->hand_size, seat = dl->players - 1, t = 0;
    for (int b = 0; b < plan->batches; ++b, t += 4) {
        uint64_t bound = plan->bound[b], product = plan->product[b], rest;
        uint8_t k0, k1, k2, k3;
        do {
            rest = rng->next_uint64(rng->state);
            k0 = (uint8_t)tc_mul64(rest, bound, &rest);
            k1 = (uint8_t)tc_mul64(rest, bound - 1, &rest);
            k2 = (uint8_t)tc_mul64(rest, bound - 2, &rest);
            k3 = (uint8_t)tc_mul64(rest, bound - 3, &rest);
        } while (rest < product && rest < (0 - product) % product);
        tc_dealer_take(dl, &u, k0, &before, &left, &seat, hands, isa);
        if (t + 4 <= plan->picks) {
            tc_dealer_take(dl, &u, k1, &before, &left, &seat, hands, isa);
            tc_dealer_take(dl, &u, k2, &before, &left, &seat, hands, isa);
            tc_dealer_take(dl, &u, k3, &before, &left, &seat, hands, isa);
        } else { /* the last batch may draw past the picks */
            if (t + 1 < plan->picks) tc_dealer_take(dl, &u, k1, &before, &left, &seat, hands, isa);
            if (t + 2 < plan->picks) tc_dealer_take(dl, &u, k2, &before, &left, &seat, hands, isa);
        }
    }
    for (; t < plan->picks; ++t)
        tc_dealer_take(dl, &u, tc_random_below(rng, (uint64_t)(plan->size - t)), &before, &left,
                       &seat, hands, isa);
    int last_picking = dl->players - dl->picking_seats;
    for (; seat >= last_picking; --seat) hands[seat] = 0; /* hands of no cards */
    if (last_picking) {
        hands[0] = u.cards;
        return 0;
    }
    return u.cards;
}

/* Two consecutive deals, the same as two calls of tc_dealer_deal_isa (a's draws come first), with
 * their picks interleaved: two independent dependency chains for the CPU to overlap. */
static TC_ALWAYS_INLINE void tc_dealer_deal2_isa(const tc_dealer *dl, bitgen_t *rng,
                                                 tc_mask *hands_a, tc_mask *hands_b,
                                                 tc_mask *rest, int isa)
{
    uint8_t index_a[TC_DEALER_MAX_PICKS + 4], index_b[TC_DEALER_MAX_PICKS + 4];
    tc_index_plan_draw(&dl->plan, rng, index_a);
    tc_index_plan_draw(&dl->plan, rng, index_b);
    tc_undealt a = tc_undealt_of(dl->deck, isa), b = tc_undealt_of(dl->deck, isa);
    const uint8_t *ka = index_a, *kb = index_b;
    int seat = dl->players - 1;
    for (int s = 0; s < dl->picking_seats; ++s, --seat) {
        tc_mask before_a = a.cards, before_b = b.cards;
        for (const uint8_t *end = ka + dl->hand_size; ka < end; ++ka, ++kb) {
            tc_undealt_take(&a, *ka, isa);
            tc_undealt_take(&b, *kb, isa);
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

/* Deals `count` independent deals of `deck` (deck_size cards, duplicates allowed for two packs):
 * player p of deal d receives hand_size cards, stored as a multiset in once[d * players + p]
 * and twice[...] (twice may be NULL when the deck holds no duplicates). The undealt cards go to
 * stock[d * stock_size ...] in a uniformly random draw order (stock may be NULL). Without
 * duplicates a deal is tc_dealer's (then the stock's order, drawn like hands of one card); with
 * them, tc_shuffle's. Returns a tc_status code. */
int tc_deal_batch(bitgen_t *rng, const uint8_t *deck, int deck_size, int players, int hand_size,
                  int64_t count, tc_mask *once, tc_mask *twice, uint8_t *stock);

#endif
