/* Shuffling and dealing from numpy's BitGenerator C API (bitgen_t): no PRNG of our own.
 *
 * The shuffle is Fisher-Yates with batched bounded draws (Brackett-Rozinsky and Lemire,
 * "Batched Ranged Random Integer Generation", 2024): one 64-bit draw yields four unbiased
 * indices, so a 52-card shuffle costs thirteen generator calls. The arithmetic is exact
 * integer arithmetic, so a given bit stream gives the same deal on every machine. */
#ifndef TRICKCORE_DEAL_H
#define TRICKCORE_DEAL_H

#include <stdint.h>

#include "numpy/random/bitgen.h"
#include "trickcore/cards.h"

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

/* Deals `count` independent deals of `deck` (deck_size cards, duplicates allowed for two packs):
 * player p of deal d receives hand_size cards, stored as a multiset in once[d * players + p]
 * and twice[...] (twice may be NULL when the deck holds no duplicates). The undealt cards go to
 * stock[d * stock_size ...] in draw order (stock may be NULL). Returns a tc_status code. */
int tc_deal_batch(bitgen_t *rng, const uint8_t *deck, int deck_size, int players, int hand_size,
                  int64_t count, tc_mask *once, tc_mask *twice, uint8_t *stock);

#endif
