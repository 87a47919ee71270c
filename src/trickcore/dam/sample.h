/* Danish Dam: the deals consistent with one seat's view, drawn exactly uniformly over the
 * arrangements of the physical cards (docs/kernels.md, "Sampling Dam deals"). */
#ifndef TRICKCORE_DAM_SAMPLE_H
#define TRICKCORE_DAM_SAMPLE_H

#ifndef __SIZEOF_INT128__
#error "the sampler's exact counts need a 128-bit integer type"
#endif

#include "trickcore/core/sample.h"
#include "trickcore/dam/dam.h"

#define TC_DAM_SAMPLE_CLASSES (TC_NUM_SUITS + 1) /* the unseen cards by suit, jokers last */
#define TC_DAM_SAMPLE_HAND 14                    /* cards one hand holds at a time: 0..13 */
#define TC_DAM_SAMPLE_TAKEN 40                   /* cards three hidden hands hold: 0..39 */
#define TC_DAM_SAMPLE_WAYS_BITS 16  /* a seat's ways rounded up to this many bits in the split */
#define TC_DAM_SAMPLE_SPLIT_BITS 40 /* the split's counts rounded up to this many bits */
#define TC_DAM_SAMPLE_STEPS (2 * TC_DAM_MAX_CARDS) /* a seat's places and plays */

/* Proposals tried for one sample before giving up (TC_ERR_TOO_LONG). */
#define TC_DAM_SAMPLE_MAX_TRIES (INT64_C(1) << 22)

/* What a seat knows, all of it public or its own. */
typedef struct {
    int8_t seat; /* the observer */
    int8_t dealer;
    int8_t open_hands;                     /* the observer sees the other hands now, not its own */
    int16_t plays;                         /* cards played so far */
    uint8_t turned;                        /* the turned card, under turn_trump */
    tc_multiset hands[TC_DAM_MAX_PLAYERS]; /* the hands the observer sees now (others ignored) */
    uint8_t play_seat[TC_DAM_MAX_CARDS];
    uint8_t play_card[TC_DAM_MAX_CARDS];
} tc_dam_view;

/* A place a card was dealt to: a seat's dealt hand or an index of the pile (draw order), with
 * the seat holding it (-1: still in the pile) and the first trick it is held in. */
typedef struct {
    int8_t owner;
    int8_t avail;
} tc_dam_place;

/* The plan of one view: places 0..deck_size, seat p's dealt hand at p * hand_size, then the pile
 * (index i at players * hand_size + i); per seat its places in the order it got them, its plays
 * and their tricks; the pool of cards each group of places shares (docs/kernels.md). */
typedef struct {
    int players, hand_size, places, hidden; /* hidden: bit p, seat p's hand unseen */
    tc_dam_place place[TC_DAM_MAX_CARDS];
    int count[TC_DAM_MAX_PLAYERS];                       /* places of each seat */
    uint8_t order[TC_DAM_MAX_PLAYERS][TC_DAM_MAX_CARDS]; /* its places, by avail */
    int plays[TC_DAM_MAX_PLAYERS];
    uint8_t play_card[TC_DAM_MAX_PLAYERS][TC_DAM_MAX_CARDS];
    int8_t play_trick[TC_DAM_MAX_PLAYERS][TC_DAM_MAX_CARDS];
    uint8_t play_voids[TC_DAM_MAX_PLAYERS][TC_DAM_MAX_CARDS]; /* suits shown lacking at it */
    /* Each seat's history backward from the view (docs/kernels.md): steps undoing a play or
     * giving a place a held card; per step the cards held before it and the offset of its
     * counts by class (one class per suit the seat ever showed lacking, one for the rest)
     * of the held cards. Steps from `span` on are uncounted; the voids of plays before
     * `checked` are checked instead. */
    int classes[TC_DAM_MAX_PLAYERS];
    uint8_t klass[TC_DAM_MAX_PLAYERS][TC_DAM_SAMPLE_CLASSES]; /* of each suit class */
    int steps[TC_DAM_MAX_PLAYERS], span[TC_DAM_MAX_PLAYERS], checked[TC_DAM_MAX_PLAYERS];
    int8_t step_play[TC_DAM_MAX_PLAYERS][TC_DAM_SAMPLE_STEPS]; /* or -1: a place */
    uint8_t step_place[TC_DAM_MAX_PLAYERS][TC_DAM_SAMPLE_STEPS];
    uint8_t step_size[TC_DAM_MAX_PLAYERS][TC_DAM_SAMPLE_STEPS];
    int32_t step_at[TC_DAM_MAX_PLAYERS][TC_DAM_SAMPLE_STEPS];
    int32_t entries; /* the table: each seat's steps, then the split's levels */
    uint64_t binom[TC_DAM_MAX_CARDS + 1][TC_DAM_SAMPLE_HAND];
    int32_t rank_at[TC_DAM_SAMPLE_CLASSES + 1][TC_DAM_SAMPLE_TAKEN][TC_DAM_SAMPLE_TAKEN];
    int pool_size[TC_DAM_MAX_PLAYERS + 1]; /* [p]: seat p's known cards; [players]: */
    uint8_t pool[TC_DAM_MAX_PLAYERS + 1][TC_DAM_MAX_CARDS]; /* the unseen cards */
    int pile_free; /* undrawn pile places the unseen fill */
    uint8_t pile_place[TC_DAM_MAX_CARDS];
    int pinned, pinned_card; /* the turned card's place, or -1 */
    /* The unseen cards by suit class, and their split among the hidden hands whose history
     * counts depend on the hand (docs/kernels.md): level i gives seat split_seat[i] its hand,
     * the cards by the classes of the suits that seat or a later one showed lacking (one for
     * the rest); the table holds each level's rounded seat ways and counts by cards taken. */
    int class_size[TC_DAM_SAMPLE_CLASSES];
    uint8_t class_cards[TC_DAM_SAMPLE_CLASSES][TC_DAM_MAX_CARDS];
    int split;
    int split_seat[TC_DAM_MAX_PLAYERS], split_taken[TC_DAM_MAX_PLAYERS + 1];
    int split_classes[TC_DAM_MAX_PLAYERS];
    uint8_t split_class[TC_DAM_MAX_PLAYERS][TC_DAM_SAMPLE_CLASSES]; /* of each suit class */
    uint8_t split_next[TC_DAM_MAX_PLAYERS][TC_DAM_SAMPLE_CLASSES]; /* a class's at the next level */
    int split_size[TC_DAM_MAX_PLAYERS][TC_DAM_SAMPLE_CLASSES];     /* unseen cards of each class */
    int32_t split_ways[TC_DAM_MAX_PLAYERS], split_at[TC_DAM_MAX_PLAYERS];
    int ways_bits, split_bits; /* the roundings, TC_DAM_SAMPLE_*_BITS or fewer (tests) */
    int ways_shift[TC_DAM_MAX_PLAYERS], split_shift[TC_DAM_MAX_PLAYERS]; /* set by the count */
} tc_dam_sampler;

/* Plans the sampler of a view: TC_OK, or TC_ERR_ARGUMENT for a view no deal gives. */
int tc_dam_sample_plan(const tc_dam_rules *r, const tc_dam_view *v, tc_dam_sampler *s);

/* Fills the plan's table of counts (s->entries of them, caller memory) and the plan's shifts:
 * TC_OK, or TC_ERR_ARGUMENT when a seat's history cannot be. */
int tc_dam_sample_count(tc_dam_sampler *s, tc_sample_count *table);

/* `count` deals, each the card dealt to every place: cards[i * s->places + place]. Deal i
 * depends only on the stream and i. TC_ERR_TOO_LONG when TC_DAM_SAMPLE_MAX_TRIES proposals of
 * one deal all fail. */
int tc_dam_sample_draw(const tc_dam_sampler *s, const tc_sample_count *table, bitgen_t *rng,
                       int64_t count, uint8_t *cards);

#endif
