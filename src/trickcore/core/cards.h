/* Card and card-set primitives shared by every card-game kernel: card = suit * 13 + rank (clubs,
 * diamonds, hearts, spades; 2..A), jokers 52..55; a set is a uint64 mask; a two-pack multiset is
 * the masks `once` and `twice` (twice within once). (docs/kernels.md, "Cards and card sets") */
#ifndef TRICKCORE_CORE_CARDS_H
#define TRICKCORE_CORE_CARDS_H

#include <stdint.h>

#define TC_NUM_SUITS 4
#define TC_NUM_RANKS 13
#define TC_NUM_CARDS 52
#define TC_FIRST_JOKER 52
#define TC_NUM_CARD_IDS 56
#define TC_NO_CARD 255

#define TC_SUIT_MASK_BITS UINT64_C(0x1FFF)
#define TC_ALL_CARDS ((UINT64_C(1) << TC_NUM_CARDS) - 1)
#define TC_JOKER_MASK (UINT64_C(0xF) << TC_FIRST_JOKER)

typedef uint64_t tc_mask;

typedef struct {
    tc_mask once;
    tc_mask twice;
} tc_multiset;

static inline int tc_suit(int card)
{
    return card / TC_NUM_RANKS;
}
static inline int tc_rank(int card)
{
    return card % TC_NUM_RANKS;
}
static inline int tc_is_joker(int card)
{
    return card >= TC_FIRST_JOKER;
}
static inline tc_mask tc_bit(int card)
{
    return UINT64_C(1) << card;
}
static inline tc_mask tc_suit_mask(int suit)
{
    return TC_SUIT_MASK_BITS << (suit * TC_NUM_RANKS);
}

/* Cards in a mask. Without POPCNT in the build, __builtin_popcountll is a libgcc call; this
 * SWAR count is inline instead, and GCC and clang turn it back into popcnt in functions compiled
 * for POPCNT (TC_ISA_BMI2_TARGET). */
static inline int tc_popcount(tc_mask m)
{
#ifdef __POPCNT__
    return __builtin_popcountll(m);
#else
    m -= (m >> 1) & UINT64_C(0x5555555555555555);
    m = (m & UINT64_C(0x3333333333333333)) + ((m >> 2) & UINT64_C(0x3333333333333333));
    m = (m + (m >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((m * UINT64_C(0x0101010101010101)) >> 56);
#endif
}
/* The card ids above `card`. */
static inline tc_mask tc_above(int card)
{
    return ~((tc_bit(card) << 1) - 1);
}

/* Lowest and highest card of a non-empty mask. */
static inline int tc_lowest(tc_mask m)
{
    return __builtin_ctzll(m);
}
/* 63 ^ clz rather than 63 - clz (the same for clz <= 63): compilers then emit a single bsr. */
static inline int tc_highest(tc_mask m)
{
    return 63 ^ __builtin_clzll(m);
}

static inline int tc_multiset_count(tc_multiset s, int card)
{
    return (int)((s.once >> card) & 1) + (int)((s.twice >> card) & 1);
}

static inline int tc_multiset_size(tc_multiset s)
{
    return tc_popcount(s.once) + tc_popcount(s.twice);
}

/* Adds one copy; returns 0, or -1 (unchanged) when the card already has two copies. */
static inline int tc_multiset_add(tc_multiset *s, int card)
{
    tc_mask b = tc_bit(card);
    if (s->twice & b) return -1;
    if (s->once & b)
        s->twice |= b;
    else
        s->once |= b;
    return 0;
}

/* Unchecked, branch-free forms for hot loops, on a multiset held as its two masks; a card given
 * as its bit. Adds one copy of a card the multiset holds at most once. */
static inline void tc_multiset_add_bit(tc_mask *once, tc_mask *twice, tc_mask b)
{
    *twice |= *once & b;
    *once |= b;
}

/* Removes one copy of a card the multiset holds: the second copy if there is one, else the only
 * one. */
static inline void tc_multiset_take_bit(tc_mask *once, tc_mask *twice, tc_mask b)
{
    *once ^= b & ~*twice;
    *twice &= ~b;
}

/* Sum of two multisets; returns -1 (and leaves *out untouched) when a card would have 3+ copies. */
static inline int tc_multiset_sum(tc_multiset a, tc_multiset b, tc_multiset *out)
{
    if ((a.twice & b.once) | (b.twice & a.once)) return -1;
    out->once = a.once | b.once;
    out->twice = a.twice | b.twice | (a.once & b.once);
    return 0;
}

/* Difference with counts floored at zero (Counter subtraction). */
static inline tc_multiset tc_multiset_difference(tc_multiset a, tc_multiset b)
{
    tc_multiset r;
    r.twice = a.twice & ~b.once;
    r.once = (a.once & ~b.once) | (a.twice & ~b.twice);
    return r;
}

#endif
