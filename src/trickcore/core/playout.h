/* Game-independent machinery of random-playout loops: forced inlining, portable / BMI2 variants
 * and their card picks, lanes of independent deals, the recorder, a card-to-seat map. How a game
 * uses it (hearts/simulate.c is the model): docs/kernels.md, "Playout loops". */
#ifndef TRICKCORE_CORE_PLAYOUT_H
#define TRICKCORE_CORE_PLAYOUT_H

#include <stdint.h>

#include "trickcore/core/cards.h"
#include "trickcore/core/deal.h"
#include "trickcore/core/draw.h"

/* TC_ALWAYS_INLINE and TC_UNROLL are draw.h's. */

/* A uniformly random card of the non-empty mask `legal`, as a mask, from the next 8-bit chunk
 * of the stream (draw.h's tc_draw8_bit). */
static TC_ALWAYS_INLINE tc_mask tc_playout_pick(tc_draw8 *d, tc_mask legal, int isa)
{
    return tc_draw8_bit(d, legal, isa);
}

/* ---- The followers' batch (four players) ----
 * The three followers' indices from one 24-bit batch of deal.h's bounded draw, held in the top 24
 * bits; bounds 1..16, so a low part >= 2^12 is sure (docs/kernels.md, "The followers' batch"). */
#define TC_FOLLOW_SHIFT 40
#define TC_FOLLOW_SURE_SHIFT (TC_FOLLOW_SHIFT + 12)

/* The batch's indices from x = r << TC_FOLLOW_SHIFT; returns the last low part (shifted). */
static TC_ALWAYS_INLINE uint64_t tc_follow_indices(uint64_t x, const uint32_t *bound,
                                                   uint32_t *index)
{
    return tc_batch_steps(x, bound, 3, index);
}

/* The cold path of tc_follow_draw: x, or if the batch rejects it, the first fresh draw's low 24
 * bits it accepts (shifted as x). In playout.c. */
uint64_t tc_follow_accepted(bitgen_t *rng, uint32_t b0, uint32_t b1, uint32_t b2, uint64_t x);

/* Uniform indices below bound[0..2] (each 1..16) from the 24 bits `r`, redrawn while rejected. */
static TC_ALWAYS_INLINE void tc_follow_draw(bitgen_t *rng, uint32_t r, const uint32_t *bound,
                                            uint32_t *index)
{
    uint64_t x = (uint64_t)r << TC_FOLLOW_SHIFT;
    if (!(tc_follow_indices(x, bound, index) >> TC_FOLLOW_SURE_SHIFT))
        tc_follow_indices(tc_follow_accepted(rng, bound[0], bound[1], bound[2], x), bound, index);
}

/* ---- Lanes ---- */

/* Deal j of a block is lane j % lanes of group j / lanes, and a group is always played in full,
 * so deal j never depends on count. The lane count is part of the random stream
 * (docs/kernels.md, "Lanes"). */

/* How many lanes of the group starting at deal `first` are within the block's `count` deals. */
static TC_ALWAYS_INLINE int tc_playout_lanes_within(int64_t first, int64_t count, int lanes)
{
    return count - first < lanes ? (int)(count - first) : lanes;
}

/* ---- Recording ---- */

/* Where a lane's cards played and the legal sets they came from are written; plays == NULL
 * records nothing (the dropped lanes of a group). Loops that do not record pass a NULL recorder
 * as a constant, so recording costs them nothing. */
typedef struct {
    uint8_t *plays;
    tc_mask *legal;
} tc_playout_recorder;

/* Points `rec` at deal j of arrays holding `per_deal` plays per deal. */
static TC_ALWAYS_INLINE void tc_playout_recorder_at(tc_playout_recorder *rec, uint8_t *plays,
                                                    tc_mask *legal, int64_t j, int per_deal)
{
    rec->plays = plays + j * per_deal;
    rec->legal = legal + j * per_deal;
}

static TC_ALWAYS_INLINE void tc_playout_record(tc_playout_recorder *rec, int card, tc_mask legal)
{
    if (!rec || !rec->plays) return;
    *rec->plays++ = (uint8_t)card;
    *rec->legal++ = legal;
}

/* The lane's recorder, or NULL when `recs` is NULL. */
static TC_ALWAYS_INLINE tc_playout_recorder *tc_playout_lane_recorder(tc_playout_recorder *recs,
                                                                      int lane)
{
    return recs ? &recs[lane] : 0;
}

/* The three followers' cards of a four-player trick (as masks, ORed), uniformly random among
 * their non-empty legal sets legal[0..2] by one batch from the 24 bits `r` (tc_follow_draw);
 * each is recorded in play order. */
static TC_ALWAYS_INLINE tc_mask tc_follow_cards(bitgen_t *rng, uint32_t r, const tc_mask *legal,
                                                int isa, tc_playout_recorder *rec)
{
    uint32_t bound[3], index[3];
    for (int i = 0; i < 3; ++i) bound[i] = tc_card_count_isa(legal[i], isa);
    tc_follow_draw(rng, r, bound, index);
    tc_mask cards = 0;
    for (int i = 0; i < 3; ++i) {
        tc_mask bit = tc_select_bit_isa(legal[i], (int)index[i], isa);
        tc_playout_record(rec, tc_lowest(bit), legal[i]);
        cards |= bit;
    }
    return cards;
}

/* ---- Card to seat ---- */

/* Which seat (0..7) holds each card, bit-sliced: bit b of a card's seat is the card's bit in
 * slice[b]. Built from the hands at the start of play (after any passing), it names the seat
 * that played any card of the deal: seat of the winning card = the trick's winner. */
#define TC_SEAT_MAP_SLICES 3

typedef struct {
    tc_mask slice[TC_SEAT_MAP_SLICES];
} tc_seat_map;

static TC_ALWAYS_INLINE void tc_seat_map_init(tc_seat_map *map, const tc_mask *hands, int players)
{
    map->slice[0] = map->slice[1] = map->slice[2] = 0;
    for (int seat = 1; seat < players; ++seat)
        for (int b = 0; b < TC_SEAT_MAP_SLICES; ++b)
            if (seat >> b & 1) map->slice[b] |= hands[seat];
}

/* The seat holding (or that played) `card`, for a map of `players` seats (a constant in hot
 * loops: 2 slices for up to 4 seats). */
static TC_ALWAYS_INLINE int tc_seat_map_seat(const tc_seat_map *map, int card, int players)
{
    int seat = (int)(map->slice[0] >> card & 1);
    if (players > 2) seat |= (int)(map->slice[1] >> card & 1) << 1;
    if (players > 4) seat |= (int)(map->slice[2] >> card & 1) << 2;
    return seat;
}

#endif
