/* Spades: the deals consistent with one seat's view (docs/kernels.md, "Sampling consistent
 * deals"). */
#ifndef TRICKCORE_SPADES_SAMPLE_H
#define TRICKCORE_SPADES_SAMPLE_H

#include "trickcore/core/sample.h"
#include "trickcore/spades/spades.h"

/* What a seat knows, all of it public or its own. */
typedef struct {
    int8_t seat; /* the observer */
    int8_t dealer;
    int8_t seen;                       /* the observer has seen its hand (else it is sampled too) */
    int8_t bids_made;                  /* bids so far, from the dealer's left */
    int8_t plays;                      /* cards played so far */
    int8_t bids[TC_SPADES_PLAYERS];    /* by seat, TC_SPADES_NO_BID before it bids */
    int32_t scores[TC_SPADES_PLAYERS]; /* per side, before the deal */
    int16_t bags[TC_SPADES_PLAYERS];   /* per side, before the deal */
    tc_mask hand;                      /* the observer's hand now, when seen */
    uint8_t play_seat[TC_SPADES_PLAYERS * TC_SPADES_TRICKS];
    uint8_t play_card[TC_SPADES_PLAYERS * TC_SPADES_TRICKS];
} tc_spades_view;

/* Plans the sampler of the current hands. Returns TC_OK or TC_ERR_ARGUMENT (a view no deal
 * can give); then size the table by s->core.entries and fill it with tc_sampler_count. */
int tc_spades_sample_plan(const tc_spades_rules *r, const tc_spades_view *v, tc_sample_deal *s);

#endif
