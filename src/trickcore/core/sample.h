/* Exactly uniform sampling of hidden cards: deal the unknown cards to slots (a seat's hidden
 * hand, or a part of it) with a count and an allowed-card mask per slot. Cards grouped into
 * classes by the slots that may hold them; counts by dynamic programming over the classes
 * (docs/kernels.md, "Sampling consistent deals"). */
#ifndef TRICKCORE_CORE_SAMPLE_H
#define TRICKCORE_CORE_SAMPLE_H

#include <stdint.h>

#include "numpy/random/bitgen.h"
#include "trickcore/core/cards.h"
#include "trickcore/core/draw.h"
#include "trickcore/core/head.h"

#ifndef __SIZEOF_INT128__
#error "the sampler's exact counts need a 128-bit integer type"
#endif

#define TC_SAMPLE_MAX_SLOTS 8
#define TC_SAMPLE_MAX_CLASSES 32
#define TC_SAMPLE_MAX_NEED 20 /* cards one slot may take */

/* Counts of completions, exact: at most the multinomial of the unknown cards over the classes. */
typedef unsigned __int128 tc_sample_count;

typedef struct {
    tc_mask cards; /* the class's cards */
    uint8_t slots; /* bit s: slot s may hold them */
    int8_t size;
} tc_sample_class;

/* The plan of one observation: classes in DP order, and per level k (before class k) the
 * table's layout: a mixed radix over the slots still being filled, the others fixed. */
typedef struct {
    int slots, classes;
    int8_t need[TC_SAMPLE_MAX_SLOTS];
    tc_sample_class cls[TC_SAMPLE_MAX_CLASSES];
    int64_t offset[TC_SAMPLE_MAX_CLASSES + 1];
    int64_t stride[TC_SAMPLE_MAX_CLASSES + 1][TC_SAMPLE_MAX_SLOTS]; /* 0: fixed at level */
    int8_t fixed[TC_SAMPLE_MAX_CLASSES + 1][TC_SAMPLE_MAX_SLOTS];
    int64_t entries; /* table size, in tc_sample_count entries */
    uint64_t choose[TC_SAMPLE_MAX_NEED + 1][TC_SAMPLE_MAX_NEED + 1];
} tc_sampler;

/* Plans dealing `unknown` to `slots` slots, slot s taking need[s] cards of allowed[s]. Returns
 * TC_OK, or TC_ERR_ARGUMENT (counts do not add up, too many slots or classes). */
int tc_sampler_plan(tc_sampler *s, int slots, const int8_t *need, const tc_mask *allowed,
                    tc_mask unknown);

/* Fills the caller's table (s->entries counts); returns TC_OK, TC_ERR_ILLEGAL when no deal fits
 * the constraints, TC_ERR_TOO_LONG when a count overflows. */
int tc_sampler_count(const tc_sampler *s, tc_sample_count *table);

/* The number of deals the plan counts (after tc_sampler_count). */
tc_sample_count tc_sampler_total(const tc_sampler *s, const tc_sample_count *table);

/* One uniformly random deal: out[slot] the cards of each slot (stream: docs/random-streams.md,
 * "Sampling"). */
void tc_sampler_draw(const tc_sampler *s, const tc_sample_count *table, tc_draw8 *d, tc_mask *out);

/* A deal's hidden hands: the slots of a sampler, each filling part of a seat's hand, and the
 * cards each seat holds for sure (the observer's hand, cards it passed...). */
typedef struct {
    tc_sampler core;
    int players;
    int8_t seat_of[TC_SAMPLE_MAX_SLOTS];
    tc_mask known[TC_SEATS_MAX];
} tc_sample_deal;

/* Adds a slot of `need` cards of `allowed` to seat `seat`; TC_ERR_ARGUMENT when full. */
int tc_sample_deal_slot(tc_sample_deal *s, int8_t *need, tc_mask *allowed, int seat, int count,
                        tc_mask cards);

/* `count` deals: hands[i * players + p] seat p's hand in deal i. Deal i never depends on count. */
void tc_sample_deal_batch(const tc_sample_deal *s, const tc_sample_count *table, bitgen_t *rng,
                          int64_t count, tc_mask *hands);

#endif
