/* The trick rule of trick.h in mask form, for playout loops that hold each played card as a bit.
 * It belongs in trick.h (foundation); it lives here, owned by the Dam kernel, until the
 * foundation takes it. Tested against the pure-Python reference (tests/reference/trick.py) in
 * tests/dam/test_dam_trick_bits.py. */
#ifndef TRICKCORE_TRICK_BITS_H
#define TRICKCORE_TRICK_BITS_H

#include "trickcore/cards.h"
#include "trickcore/trick.h"

/* Same result as tc_trick_winner_unchecked for a valid trick of n cards (1 <= n <= 32), any
 * number of packs, jokers TC_JOKER_NONE, TC_JOKER_OUTRIGHT or TC_JOKER_NEUTRAL (a neutral
 * joker is in neither mask). bits[i] is the card played i-th as a mask; `led` holds the cards of
 * the suit led (0 when no card has a suit), `trump` those of the trump suit (0 without trumps).
 * The winning card is the highest trump played, else the highest card of the suit led: the
 * winner is the first (or under `last`, the last) to play it; an outright joker beats every
 * card, the first one played winning. Branch-free; a trick of neutral jokers goes to its
 * first card. */
static inline int tc_trick_winner_bits(const tc_mask *bits, int n, tc_mask led, tc_mask trump,
                                       int jokers, int last)
{
    tc_mask played = 0;
    for (int i = 0; i < n; ++i) played |= bits[i];
    tc_mask trumps = played & trump;
    tc_mask top = trumps ? trumps : played & led;
    tc_mask wins = tc_bit(tc_highest(top | 1)) & top; /* 0 when no card can win */
    if (jokers == TC_JOKER_OUTRIGHT) {
        tc_mask played_jokers = played & TC_JOKER_MASK;
        wins = played_jokers ? TC_JOKER_MASK : wins;
        last &= played_jokers == 0;
    }
    uint32_t at = 0; /* bit i: card i is a winning card */
    for (int i = 0; i < n; ++i) at |= (uint32_t)((bits[i] & wins) != 0) << i;
    at |= (uint32_t)(at == 0); /* only neutral jokers: the first card */
    int first = __builtin_ctz(at), final = 31 - __builtin_clz(at);
    return last ? final : first;
}

#endif
