/* Trick resolution, the one kernel every game uses: the highest trump played, else the highest
 * card of the suit led; identical cards ordered by play (TC_DUP_FIRST / TC_DUP_LAST); jokers by
 * mode (docs/kernels.md, "Trick resolution"). */
#ifndef TRICKCORE_CORE_TRICK_H
#define TRICKCORE_CORE_TRICK_H

#include <stdint.h>

#include "trickcore/core/cards.h"

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

#define TC_SUITLESS 4 /* the suit of a joker that belongs to no suit */

/* Suit a card counts as for following suit, or TC_SUITLESS for a suitless joker. */
static inline int tc_effective_suit(int card, const tc_trick_rules *rules)
{
    if (!tc_is_joker(card)) return tc_suit(card);
    return rules->jokers == TC_JOKER_TOP_TRUMP ? rules->trump : TC_SUITLESS;
}

/* Suit led: the suit of the first card that has one, or -1 when no card has a suit. */
static inline int tc_led_suit(const uint8_t *cards, int n, const tc_trick_rules *rules)
{
    for (int i = 0; i < n; ++i) {
        int s = tc_effective_suit(cards[i], rules);
        if (s != TC_SUITLESS) return s;
    }
    return -1;
}

/* Strength of a card in a trick: 0 cannot win; a higher key beats a lower one. Trumps rank above
 * the suit led, jokers (top trump) above the trump ace, an outright joker above everything. */
static inline int tc_card_key(int card, int led, const tc_trick_rules *rules)
{
    enum { OUTRIGHT_KEY = 128 };
    int joker = tc_is_joker(card);
    int suit = tc_effective_suit(card, rules);
    int rank = joker ? TC_NUM_RANKS + card - TC_FIRST_JOKER : tc_rank(card);
    int level = 2 * (suit == rules->trump) + (suit == led);
    int key = level ? level * 32 + rank : 0;
    return joker && rules->jokers == TC_JOKER_OUTRIGHT ? OUTRIGHT_KEY : key;
}

/* Unchecked winner of a valid trick (see tc_trick_winner for the checks). Branch-free per card:
 * the winner changes on a higher key, or on an equal key (an identical card) under "last". */
static inline int tc_trick_winner_unchecked(const uint8_t *cards, int n,
                                            const tc_trick_rules *rules)
{
    int led = tc_led_suit(cards, n, rules);
    int last = rules->duplicates == TC_DUP_LAST;
    int best = 0, best_key = tc_card_key(cards[0], led, rules);
    for (int i = 1; i < n; ++i) {
        int key = tc_card_key(cards[i], led, rules);
        int better = (key > best_key) | ((key == best_key) & (key > 0) & (key < 128) & last);
        best = better ? i : best;
        best_key = better ? key : best_key;
    }
    return best;
}

/* The keys of every card for each possible suit led (row 4: no suit led), precomputed from
 * tc_card_key for loops that resolve many tricks under the same rules. */
typedef struct {
    uint8_t key[TC_NUM_SUITS + 1][TC_NUM_CARD_IDS];
    uint8_t suit[TC_NUM_CARD_IDS];
    uint8_t last;
} tc_trick_table;

static inline void tc_trick_table_init(tc_trick_table *table, const tc_trick_rules *rules)
{
    for (int led = 0; led <= TC_NUM_SUITS; ++led)
        for (int c = 0; c < TC_NUM_CARD_IDS; ++c)
            table->key[led][c] = (uint8_t)tc_card_key(c, led == TC_NUM_SUITS ? -1 : led, rules);
    for (int c = 0; c < TC_NUM_CARD_IDS; ++c) table->suit[c] = (uint8_t)tc_effective_suit(c, rules);
    table->last = rules->duplicates == TC_DUP_LAST;
}

/* Same result as tc_trick_winner_unchecked, from a table built for the same rules. */
static inline int tc_trick_winner_table(const tc_trick_table *table, const uint8_t *cards, int n)
{
    int led = TC_NUM_SUITS;
    for (int i = 0; i < n && led == TC_NUM_SUITS; ++i) led = table->suit[cards[i]];
    const uint8_t *keys = table->key[led];
    int best = 0, best_key = keys[cards[0]], last = table->last;
    for (int i = 1; i < n; ++i) {
        int key = keys[cards[i]];
        int better = (key > best_key) | ((key == best_key) & (key > 0) & (key < 128) & last);
        best = better ? i : best;
        best_key = better ? key : best_key;
    }
    return best;
}

/* Same result as tc_trick_winner_table for a one-pack trick whose suit led `led` is known: the
 * highest key of that suit's keys, the first of equal keys (no test for "last wins"). */
static inline int tc_trick_winner_led(const tc_trick_table *table, const uint8_t *cards, int n,
                                      int led)
{
    const uint8_t *keys = table->key[led];
    int best = 0, best_key = keys[cards[0]];
    for (int i = 1; i < n; ++i) {
        int key = keys[cards[i]];
        best = key > best_key ? i : best;
        best_key = key > best_key ? key : best_key;
    }
    return best;
}

/* Winning card of a one-pack trick from masks `cards`, `led` (the suit led), `trump` (0: none):
 * the highest trump, else the highest of the suit led. Also right for jokers as top trumps when
 * `trump` includes TC_JOKER_MASK (Spades relies on it; docs/kernels.md, "From masks"). */
static inline int tc_trick_winning_card(tc_mask cards, tc_mask led, tc_mask trump)
{
    tc_mask trumps = cards & trump;
    return tc_highest(trumps ? trumps : cards & led);
}

/* The trick rule in mask form, for playout loops that hold each played card as a bit (two packs
 * and jokers too). */
/* tc_trick_winner_unchecked for a valid trick of 1..32 cards, bits[i] the i-th card's mask, any
 * packs, jokers NONE/OUTRIGHT/NEUTRAL (neutral: in neither `led` nor `trump`). Branch-free; a
 * trick of neutral jokers goes to its first card (docs/kernels.md, "From masks"). */
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

/* Checked winner: validates the rules and every card, then writes the winner's index.
 * On an error returns a tc_status code and writes the offending card's index to *bad. */
int tc_trick_winner(const uint8_t *cards, int n, const tc_trick_rules *rules, int *winner,
                    int *bad);

/* Resolves `count` tricks of `n` cards each (row-major), trump per trick (`trumps` may be NULL to
 * use rules->trump for all). Stops at the first invalid trick: returns its status and writes the
 * trick index to *bad_trick. */
int tc_trick_winners_batch(const uint8_t *cards, int64_t count, int n, const int8_t *trumps,
                           const tc_trick_rules *rules, int8_t *winners, int64_t *bad_trick);

#endif
