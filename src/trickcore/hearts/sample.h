/* Hearts family: the deals consistent with one seat's view (docs/kernels.md, "Sampling
 * consistent deals"). */
#ifndef TRICKCORE_HEARTS_SAMPLE_H
#define TRICKCORE_HEARTS_SAMPLE_H

#include "trickcore/core/sample.h"
#include "trickcore/hearts/hearts.h"

/* What a seat knows, all of it public or its own. */
typedef struct {
    int8_t seat; /* the observer */
    int8_t dealer;
    int8_t passing;     /* 1: the passes are not exchanged yet */
    int8_t pass_offset; /* seat s passes to s + pass_offset; 0: no pass this deal */
    int8_t leader;      /* the first trick's leader, once the play has begun */
    int8_t plays;       /* cards played so far */
    tc_mask hand;       /* the observer's hand now */
    tc_mask passed;     /* the cards the observer passed (0 before the exchange) */
    uint8_t play_seat[TC_NUM_CARDS];
    uint8_t play_card[TC_NUM_CARDS];
} tc_hearts_view;

/* Plans the sampler of the current hands (before the exchange: the hands as dealt). Returns
 * TC_OK or TC_ERR_ARGUMENT (a view no deal can give); then size the table by s->core.entries
 * and fill it with tc_sampler_count. */
int tc_hearts_sample_plan(const tc_hearts_rules *r, const tc_hearts_view *v, tc_sample_deal *s);

#endif
