/* Game-independent machinery of random-playout loops (no game rules here): forced inlining, the
 * portable / BMI2 loop variants and their card picks, the lane scheme that plays several
 * independent deals side by side, the recorder of plays, and a card-to-seat map that turns the
 * winning card of a trick (trick.h's tc_trick_winning_card) into the seat that played it.
 *
 * How a game uses it (hearts_sim.c is the model):
 * - Write the loop once as a TC_ALWAYS_INLINE function taking an `isa` argument
 *   (TC_PLAYOUT_PORTABLE or TC_PLAYOUT_BMI2) and pick cards with tc_playout_pick /
 *   tc_playout_select; every call passes a constant, so each variant is straight code.
 * - Instantiate it twice: a plain function with TC_PLAYOUT_PORTABLE, and under
 *   `#ifdef TC_DRAW_BMI2_CLONE` a `TC_DRAW_BMI2_TARGET` function with TC_PLAYOUT_BMI2; call the
 *   second when tc_playout_use_bmi2() says so. Both variants pick the same cards.
 * - Play LANES deals side by side (see tc_playout_lanes_within). */
#ifndef TRICKCORE_PLAYOUT_H
#define TRICKCORE_PLAYOUT_H

#include <stdint.h>

#include "trickcore/cards.h"
#include "trickcore/draw.h"

/* TC_ALWAYS_INLINE (inline, and always inlined where the compiler supports it) is draw.h's. */

/* TC_PLAYOUT_UNROLL(count) before a loop: unroll it up to `count` times (fully when its trip
 * count is a constant as small), where the compiler supports it. */
#define TC_PLAYOUT_PRAGMA(text) _Pragma(#text)
#if defined(__clang__)
#define TC_PLAYOUT_UNROLL(count) TC_PLAYOUT_PRAGMA(unroll count)
#elif defined(__GNUC__)
#define TC_PLAYOUT_UNROLL(count) TC_PLAYOUT_PRAGMA(GCC unroll count)
#else
#define TC_PLAYOUT_UNROLL(count)
#endif

/* ---- Loop variants ---- */

/* Which instructions a loop variant picks cards with: the portable draw.h functions, or their
 * *_bmi2 versions in variants compiled with TC_DRAW_BMI2_TARGET. The values of draw.h's
 * enum tc_isa, so a loop's `isa` also goes to deal.h's tc_dealer_deal_isa. */
enum tc_playout_isa { TC_PLAYOUT_PORTABLE = TC_ISA_PORTABLE, TC_PLAYOUT_BMI2 = TC_ISA_BMI2 };

/* Whether to run the TC_PLAYOUT_BMI2 variant: only where draw.h compiles such clones
 * (TC_DRAW_BMI2_CLONE) and the CPU has fast BMI2. A build with native BMI2 uses pdep in the
 * portable functions already. */
static inline int tc_playout_use_bmi2(void)
{
#ifdef TC_DRAW_BMI2_CLONE
    return tc_draw_has_fast_bmi2();
#else
    return 0;
#endif
}

/* A uniformly random card of the non-empty mask `legal`, as a mask, from the next 8-bit chunk
 * of the stream (draw.h's tc_draw8_bit). */
static TC_ALWAYS_INLINE tc_mask tc_playout_pick(tc_draw8 *d, tc_mask legal, int isa)
{
    return tc_draw8_bit(d, legal, isa);
}

/* The k-th lowest card (k counted from 0) of `m`, as a mask (draw.h's tc_select_bit). */
static TC_ALWAYS_INLINE tc_mask tc_playout_select(tc_mask m, int k, int isa)
{
    return tc_select_bit_isa(m, k, isa);
}

/* ---- Lanes ---- */

/* One deal is a long chain of dependent steps (each card depends on a hand, each trick on the
 * last winner), so playout loops interleave `lanes` independent deals for the CPU to overlap
 * them. Deal j of a block is lane j % lanes of group j / lanes, and a group is always played in
 * full (a block cut short plays the missing lanes of its last group and drops them), so deal j
 * never depends on the block's count. The lane count is part of a game's documented random
 * order: changing it changes the deals of a seed. */
#define TC_PLAYOUT_MAX_LANES 8

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
