/* Whether a camp can duck every trick left where nobody can ruff: the Hearts family's bound and
 * Dam avoid's (docs/kernels.md, "Solver"). Hands are multisets; one pack has no second copies. */
#ifndef TRICKCORE_SEARCH_DUCK_H
#define TRICKCORE_SEARCH_DUCK_H

#include "trickcore/core/cards.h"
#include "trickcore/core/draw.h" /* TC_ALWAYS_INLINE */

/* Whether `mine` can follow every trick led from `theirs` without winning it: in each suit, the
 * k-th lowest of mine lies under the k-th lowest of theirs (as far as both go), i.e. no card of
 * mine has more of theirs under it than of mine; an identical copy of theirs counts as under it
 * where the later copy wins (`last`). Top cards first: they fail most. */
static TC_ALWAYS_INLINE int tc_ducks_all(tc_multiset mine, tc_multiset theirs, int last)
{
    for (tc_mask rest = mine.once; rest;) {
        int card = tc_highest(rest);
        tc_mask under = tc_suit_mask(tc_suit(card)) & (tc_bit(card) - 1);
        tc_mask below = under | (last ? tc_bit(card) : 0);
        int them = tc_popcount(theirs.once & below) + tc_popcount(theirs.twice & below);
        if (them > tc_popcount(mine.once & under) + tc_popcount(mine.twice & under)) return 0;
        rest &= ~tc_bit(card);
    }
    return 1;
}

/* Whether the lone seat `leader` of the camp, holding `hand`, can lead a card of `leads` that
 * some other seat p must beat (under all of p's cards of its suit; `seats`: each seat's distinct
 * cards), then duck every trick: its hand less that card against `theirs` less p's top card of
 * the suit (the other camp may play any: the least favourable). */
static TC_ALWAYS_INLINE int tc_leads_then_ducks(tc_multiset hand, tc_mask leads, tc_multiset theirs,
                                                const tc_mask *seats, int players, int leader,
                                                int last)
{
    for (int suit = 0; suit < TC_NUM_SUITS; ++suit) {
        tc_mask mine = hand.once & leads & tc_suit_mask(suit);
        for (int p = 0; p < players && mine; ++p) {
            tc_mask own = seats[p] & tc_suit_mask(suit), under = mine & ((own & (0 - own)) - 1);
            if (p == leader || !own || !under) continue; /* the top card under p's: the best */
            tc_multiset rest = hand, left = theirs;
            tc_multiset_take_bit(&rest.once, &rest.twice, tc_bit(tc_highest(under)));
            tc_multiset_take_bit(&left.once, &left.twice, tc_bit(tc_highest(own)));
            if (tc_ducks_all(rest, left, last)) return 1;
        }
    }
    return 0;
}

#endif
