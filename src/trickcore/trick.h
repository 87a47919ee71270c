/* Trick resolution: the one kernel every game uses to find the winner of a trick.
 *
 * The winner is the highest trump if any trump was played, else the highest card of the suit
 * led. Identical cards (two packs) are ordered by play: the first played wins (TC_DUP_FIRST) or
 * the last (TC_DUP_LAST). Jokers (52..55, a higher id ranks higher) follow one of three modes. */
#ifndef TRICKCORE_TRICK_H
#define TRICKCORE_TRICK_H

#include <stdint.h>

#include "trickcore/cards.h"

#define TC_NO_TRUMP (-1)
#define TC_MAX_TRICK 16

enum tc_duplicate_rule { TC_DUP_FIRST = 0, TC_DUP_LAST = 1 };

enum tc_joker_mode {
    TC_JOKER_NONE = 0,      /* jokers are not in play: a joker is an error */
    TC_JOKER_TOP_TRUMP = 1, /* highest trumps, counted as the trump suit (Spades) */
    TC_JOKER_OUTRIGHT = 2,  /* the first joker played wins the trick */
    TC_JOKER_NEUTRAL = 3    /* never wins; a joker led lets the next card set the suit */
};

typedef struct {
    int8_t trump;      /* TC_NO_TRUMP or a suit 0..3 */
    int8_t duplicates; /* enum tc_duplicate_rule */
    int8_t jokers;     /* enum tc_joker_mode */
    int8_t packs;      /* copies of each card that may appear: 1 or 2 */
} tc_trick_rules;

/* Suit a card counts as for following suit, or -1 for a suitless joker. */
static inline int tc_effective_suit(int card, const tc_trick_rules *rules)
{
    if (!tc_is_joker(card)) return tc_suit(card);
    return rules->jokers == TC_JOKER_TOP_TRUMP ? rules->trump : -1;
}

/* Suit led: the suit of the first card that has one, or -1 when no card has a suit. */
static inline int tc_led_suit(const uint8_t *cards, int n, const tc_trick_rules *rules)
{
    for (int i = 0; i < n; ++i) {
        int s = tc_effective_suit(cards[i], rules);
        if (s >= 0) return s;
    }
    return -1;
}

/* Unchecked winner of a valid trick (see tc_trick_winner for the checks). */
static inline int tc_trick_winner_unchecked(const uint8_t *cards, int n, const tc_trick_rules *rules)
{
    int led = tc_led_suit(cards, n, rules);
    int best = 0, best_key = -1;
    for (int i = 0; i < n; ++i) {
        int c = cards[i], key;
        if (tc_is_joker(c)) {
            if (rules->jokers == TC_JOKER_OUTRIGHT) return i;
            key = rules->jokers == TC_JOKER_TOP_TRUMP ? 2 * 32 + TC_NUM_RANKS + (c - TC_FIRST_JOKER) : 0;
        } else {
            int s = tc_suit(c);
            key = s == rules->trump ? 2 * 32 + tc_rank(c) : s == led ? 32 + tc_rank(c) : 0;
        }
        if (key > best_key || (key == best_key && key > 0 && rules->duplicates == TC_DUP_LAST)) {
            best = i;
            best_key = key;
        }
    }
    return best;
}

/* Checked winner: validates the rules and every card, then writes the winner's index.
 * On an error returns a tc_status code and writes the offending card's index to *bad. */
int tc_trick_winner(const uint8_t *cards, int n, const tc_trick_rules *rules, int *winner, int *bad);

/* Resolves `count` tricks of `n` cards each (row-major), trump per trick (`trumps` may be NULL to
 * use rules->trump for all). Stops at the first invalid trick: returns its status and writes the
 * trick index to *bad_trick. */
int tc_trick_winners_batch(const uint8_t *cards, int64_t count, int n, const int8_t *trumps,
                           const tc_trick_rules *rules, int8_t *winners, int64_t *bad_trick);

#endif
