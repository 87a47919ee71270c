/* Uniform random choices for playout policies from numpy's bitgen_t: 8-bit chunks by Lemire's
 * multiply-and-reject, and the k-th card of a mask (a table select, or pdep with BMI2). */
#ifndef TRICKCORE_CORE_DRAW_H
#define TRICKCORE_CORE_DRAW_H

#include <stdint.h>

#include "numpy/random/bitgen.h"
#include "trickcore/core/cards.h"
#include "trickcore/core/isa.h"

#if defined(__GNUC__) || defined(__clang__)
#define TC_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define TC_ALWAYS_INLINE inline
#endif

/* TC_UNROLL(count) before a loop: unroll it up to `count` times (fully when its trip count is a
 * constant as small), where the compiler supports it. */
#define TC_PRAGMA(text) _Pragma(#text)
#if defined(__clang__)
#define TC_UNROLL(count) TC_PRAGMA(unroll count)
#elif defined(__GNUC__)
#define TC_UNROLL(count) TC_PRAGMA(GCC unroll count)
#else
#define TC_UNROLL(count)
#endif

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

/* tc_select_in_byte[b][k]: the position of the k-th lowest set bit (k counted from 0) of the
 * byte b, for k below the number of bits set in b (0 for larger k). In draw.c. */
extern const uint8_t tc_select_in_byte[256][8];

/* The k-th lowest card (k counted from 0) of a mask holding more than k cards, given its
 * tc_byte_prefix: find the byte, then look the bit up within it. No branches. */
static inline int tc_select_card(tc_mask m, uint64_t prefix, int k)
{
    int byte = 8 * tc_first_byte_above(prefix, k);
    int rank = k - (int)(((prefix << 8) >> byte) & 0xFF);
    return byte + tc_select_in_byte[(m >> byte) & 0xFF][rank];
}

/* With BMI2 the k-th card is one pdep instruction (see isa.h). */
#ifdef TC_ISA_BMI2_TARGET

TC_ISA_BMI2_TARGET static inline tc_mask tc_select_bit_bmi2(tc_mask m, int k)
{
    return _pdep_u64(UINT64_C(1) << k, m);
}
#endif

/* The k-th lowest card (k counted from 0) of a mask holding more than k cards, as a mask. */
static inline tc_mask tc_select_bit(tc_mask m, int k)
{
#ifdef TC_ISA_BMI2_NATIVE
    return tc_select_bit_bmi2(m, k);
#else
    return tc_bit(tc_select_card(m, tc_byte_prefix(m), k));
#endif
}

/* tc_select_bit, by pdep in code for TC_ISA_BMI2. */
static TC_ALWAYS_INLINE tc_mask tc_select_bit_isa(tc_mask m, int k, int isa)
{
#ifdef TC_ISA_BMI2_CLONE
    if (isa == TC_ISA_BMI2) return tc_select_bit_bmi2(m, k);
#endif
    (void)isa;
    return tc_select_bit(m, k);
}

/* ---- 8-bit choices: eight per 64-bit draw ----
 * Lemire's multiply-and-reject on a byte, lowest byte first; a rejected byte is replaced by the
 * low byte of a fresh draw (docs/random-streams.md, "8-bit choice"; docs/kernels.md). */
#define TC_DRAW8_CHUNK_BITS 8
#define TC_DRAW8_CHUNKS (64 / TC_DRAW8_CHUNK_BITS)

typedef struct {
    bitgen_t *rng;
    uint64_t bits; /* the unused chunks of the last 64-bit draw, next one lowest */
    int chunks;    /* how many are left */
} tc_draw8;

static inline void tc_draw8_init(tc_draw8 *d, bitgen_t *rng)
{
    d->rng = rng;
    d->bits = 0;
    d->chunks = 0;
}

/* The cold path of tc_draw8_below_chunk: `product` (chunk * bound) fell below bound. In draw.c.
 * `bound` comes first: where the hot path computes it, it then sits in the argument register. */
uint32_t tc_draw8_redraw(uint32_t bound, uint32_t product, bitgen_t *rng);

/* Uniform integer in [0, bound) from the 8-bit `chunk`, 1 <= bound <= 256. The test compares
 * low bytes (one instruction less per pick): the same test for bound < 256, and for 256 (a low
 * byte of 0) it skips a redraw that would accept the product anyway. */
static inline uint32_t tc_draw8_below_chunk(bitgen_t *rng, uint32_t chunk, uint32_t bound)
{
    uint32_t product = chunk * bound;
    if ((uint8_t)product < (uint8_t)bound) product = tc_draw8_redraw(bound, product, rng);
    return product >> TC_DRAW8_CHUNK_BITS;
}

/* The number of cards of `m`: popcount in code for TC_ISA_BMI2 (built with POPCNT), else from
 * the byte-wise counts (a portable build has no popcount instruction). */
static TC_ALWAYS_INLINE uint32_t tc_card_count_isa(tc_mask m, int isa)
{
    return isa == TC_ISA_BMI2 ? (uint32_t)tc_popcount(m) : (uint32_t)(tc_byte_prefix(m) >> 56);
}

/* The bit of a uniformly random card of a non-empty mask, from an 8-bit chunk: the k-th lowest
 * card for k = tc_draw8_below_chunk(chunk, cards). `isa` (enum tc_isa, a constant) may be
 * TC_ISA_BMI2 only in code built for TC_ISA_BMI2_TARGET; both pick the same card. */
static TC_ALWAYS_INLINE tc_mask tc_draw8_bit_chunk(bitgen_t *rng, tc_mask m, uint32_t chunk,
                                                   int isa)
{
    uint32_t cards = tc_card_count_isa(m, isa);
    return tc_select_bit_isa(m, (int)tc_draw8_below_chunk(rng, chunk, cards), isa);
}

/* The next 8 uniform random bits of the stream. */
static TC_ALWAYS_INLINE uint32_t tc_draw8_chunk(tc_draw8 *d)
{
    if (d->chunks == 0) {
        d->bits = d->rng->next_uint64(d->rng->state);
        d->chunks = TC_DRAW8_CHUNKS;
    }
    uint32_t chunk = (uint32_t)(d->bits & 0xFF);
    d->bits >>= TC_DRAW8_CHUNK_BITS;
    d->chunks--;
    return chunk;
}

/* Uniform integer in [0, bound) from the stream's next chunk, 1 <= bound <= 256. */
static inline int tc_draw8_below(tc_draw8 *d, uint32_t bound)
{
    return (int)tc_draw8_below_chunk(d->rng, tc_draw8_chunk(d), bound);
}

/* A uniformly random card of a non-empty mask, as a mask, from the stream's next chunk (always
 * one chunk, even for a single card). `isa` as for tc_draw8_bit_chunk. */
static TC_ALWAYS_INLINE tc_mask tc_draw8_bit(tc_draw8 *d, tc_mask m, int isa)
{
    return tc_draw8_bit_chunk(d->rng, m, tc_draw8_chunk(d), isa);
}

#endif
