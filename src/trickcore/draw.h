/* Uniform random choices for playout policies, drawn from numpy's bitgen_t (no PRNG of our own).
 *
 * A playout makes many small choices (a card among at most 17). Each 64-bit draw is split into
 * two 32-bit halves and each half gives one index by Lemire's multiply-and-reject method, so a
 * choice costs about half a generator call and is exactly uniform. The choices are a pure
 * function of the bit stream, so a given seed gives the same playouts on every machine. */
#ifndef TRICKCORE_DRAW_H
#define TRICKCORE_DRAW_H

#include <stdint.h>

#include "numpy/random/bitgen.h"
#include "trickcore/cards.h"

typedef struct {
    bitgen_t *rng;
    uint32_t spare;  /* the unused high half of the last 64-bit draw */
    int has_spare;
} tc_draw;

static inline void tc_draw_init(tc_draw *d, bitgen_t *rng)
{
    d->rng = rng;
    d->spare = 0;
    d->has_spare = 0;
}

static inline uint32_t tc_draw_u32(tc_draw *d)
{
    if (d->has_spare) {
        d->has_spare = 0;
        return d->spare;
    }
    uint64_t r = d->rng->next_uint64(d->rng->state);
    d->spare = (uint32_t)(r >> 32);
    d->has_spare = 1;
    return (uint32_t)r;
}

/* Uniform integer in [0, bound), 1 <= bound. */
static inline int tc_draw_below(tc_draw *d, uint32_t bound)
{
    uint64_t m = (uint64_t)tc_draw_u32(d) * bound;
    uint32_t lo = (uint32_t)m;
    if (lo < bound) {
        uint32_t threshold = (uint32_t)(0u - bound) % bound;
        while (lo < threshold) {
            m = (uint64_t)tc_draw_u32(d) * bound;
            lo = (uint32_t)m;
        }
    }
    return (int)(m >> 32);
}

#define TC_BYTES_LOW UINT64_C(0x0101010101010101)
#define TC_BYTES_HIGH UINT64_C(0x8080808080808080)

/* Byte-wise running card counts of a mask: byte b holds the number of cards in bytes 0..b, so
 * the top byte is the mask's size (at most 64: every byte stays below 0x80). Branch-free. */
static inline uint64_t tc_byte_prefix(tc_mask m)
{
    uint64_t x = m - ((m >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return x * TC_BYTES_LOW;
}

/* Index of the first byte of `counts` above k: the bytes of `counts` (each below 0x80) never
 * decrease, and at least the top one is above k. */
static inline int tc_first_byte_above(uint64_t counts, int k)
{
    uint64_t at_most = ((((uint64_t)k * TC_BYTES_LOW) | TC_BYTES_HIGH) - counts) & TC_BYTES_HIGH;
    return tc_lowest(~at_most & TC_BYTES_HIGH) >> 3;
}

/* The k-th lowest card (k counted from 0) of a mask holding more than k cards, given its
 * tc_byte_prefix. Broadword select: find the byte, then the bit within it; no branches. */
static inline int tc_select_card(tc_mask m, uint64_t prefix, int k)
{
    int byte = 8 * tc_first_byte_above(prefix, k);
    int rank = k - (int)(((prefix << 8) >> byte) & 0xFF);
    uint64_t bits = ((m >> byte) & 0xFF) * TC_BYTES_LOW & UINT64_C(0x8040201008040201);
    uint64_t ones = ((bits + UINT64_C(0x7F7F7F7F7F7F7F7F)) >> 7) & TC_BYTES_LOW;
    return byte + tc_first_byte_above(ones * TC_BYTES_LOW, rank);
}

/* With BMI2 (a TRICKCORE_NATIVE=1 build) select is one pdep instruction, except on AMD before
 * Zen 3 where pdep is slow microcode. Both ways pick the same card for the same draw. */
#if defined(__BMI2__) && !defined(__znver1__) && !defined(__znver2__)
#include <immintrin.h>
#define TC_DRAW_PDEP 1
#endif

/* A uniformly random card of a non-empty mask. Always one draw, even for a single card: a
 * data-dependent branch costs more than the draw. */
static inline int tc_draw_card(tc_draw *d, tc_mask m)
{
#ifdef TC_DRAW_PDEP
    int k = tc_draw_below(d, (uint32_t)tc_popcount(m));
    return tc_lowest(_pdep_u64(UINT64_C(1) << k, m));
#else
    uint64_t prefix = tc_byte_prefix(m);
    return tc_select_card(m, prefix, tc_draw_below(d, (uint32_t)(prefix >> 56)));
#endif
}

/* A uniformly random subset of `k` cards of `m` (k <= popcount(m)), by a partial Fisher-Yates
 * shuffle of the mask's cards. */
static inline tc_mask tc_draw_subset(tc_draw *d, tc_mask m, int k)
{
    uint8_t cards[TC_NUM_CARD_IDS];
    int n = 0;
    for (tc_mask rest = m; rest; rest &= rest - 1) cards[n++] = (uint8_t)tc_lowest(rest);
    tc_mask chosen = 0;
    for (int i = 0; i < k; ++i) {
        int j = i + tc_draw_below(d, (uint32_t)(n - i));
        uint8_t c = cards[j];
        cards[j] = cards[i];
        cards[i] = c;
        chosen |= tc_bit(c);
    }
    return chosen;
}

#endif
