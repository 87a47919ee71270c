/* Danish Dam: two packs (or one), multiset hands, a draw pile refilling them after each trick, a
 * turned trump, jokers, two scorings. Rules filled by Python and tc_dam_prepare_rules; the state
 * holds the pile, so a copy is a clone (docs/kernels.md, "Dam"). */
#ifndef TRICKCORE_DAM_DAM_H
#define TRICKCORE_DAM_DAM_H

#include <stdint.h>
#include <string.h>

#include "numpy/random/bitgen.h"
#include "trickcore/core/cards.h"
#include "trickcore/core/head.h"
#include "trickcore/core/status.h"
#include "trickcore/core/deal.h"
#include "trickcore/core/draw.h"
#include "trickcore/core/trick.h"

#define TC_DAM_MAX_PLAYERS 4
#define TC_DAM_MAX_HAND 13
#define TC_DAM_MAX_CARDS 108  /* two packs and four jokers */
#define TC_DAM_MAX_VALUE 1000 /* bound on |points| of one card and on the last-trick bonus */
#define TC_DAM_GROUP 16       /* deals dealt and played together by tc_dam_simulate */

/* The rule policy moves one card at a time (tc_dam_policy_card, tc_dam_playouts), not in
 * simulations. */
enum tc_dam_policy { TC_DAM_RANDOM = 0, TC_DAM_GREEDY = 1, TC_DAM_RULE = 2 };

typedef struct {
    int8_t players;           /* 2..TC_DAM_MAX_PLAYERS */
    int8_t hand_size;         /* cards held while the pile lasts, 1..TC_DAM_MAX_HAND */
    int8_t turn_trump;        /* the top card of the pile is turned: its suit is trump */
    int8_t score_tricks;      /* a deal scores tricks (+ last_trick_bonus), not card values */
    int8_t collect;           /* points are wanted (collect) rather than avoided: for policies */
    int32_t last_trick_bonus; /* added for the last trick under score_tricks */
    tc_trick_rules trick;     /* duplicates, jokers (outright or neutral) and packs; trump unused */
    tc_multiset deck;         /* every card in play: the pack(s) and the jokers */
    int16_t values[TC_NUM_CARD_IDS]; /* card points of each card taken in a trick */
    /* Filled by tc_dam_prepare_rules: trick tables (no trump, then trump suit + 1), lookups by
     * suit led + 1 and card (suit led after it, void shown), suit cards, the deck's card ids
     * (docs/kernels.md, "Dam"). */
    tc_trick_table tables[TC_NUM_SUITS + 1];
    int8_t led_after[TC_NUM_SUITS + 1][TC_NUM_CARD_IDS];
    uint8_t shows_void[TC_NUM_SUITS + 1][TC_NUM_CARD_IDS];
    tc_mask led_cards[TC_NUM_SUITS + 1];
    tc_mask suit_cards[TC_NUM_CARD_IDS];
    uint8_t deck_cards[TC_DAM_MAX_CARDS];
    int8_t deck_size;
} tc_dam_rules;

typedef struct {
    tc_deal_head head; /* phase (play, over), turn, trick; voids: see tc_dam_voids */
    tc_multiset hands[TC_DAM_MAX_PLAYERS];
    tc_mask led_mask;                         /* the cards of the suit led; 0 until a suit is led */
    int32_t points_taken[TC_DAM_MAX_PLAYERS]; /* card values won in tricks so far */
    uint8_t trick_seats[TC_DAM_MAX_PLAYERS];  /* who played each card of the trick */
    uint8_t next_seat[TC_DAM_MAX_PLAYERS];    /* the next seat in playing order holding cards
                                                 when the trick began */
    int8_t trick_size;                        /* seats holding cards when the trick began */
    int8_t led;                               /* suit of the first non-joker in the trick, or -1 */
    int8_t trump;                             /* trump suit of this deal, or -1 */
    int8_t last_winner;                       /* winner of the latest trick, or -1 */
    uint8_t turned;                           /* the turned card, or TC_NO_CARD */
    uint8_t pile_next;                        /* pile[pile_next..pile_end) is the draw pile, */
    uint8_t pile_end;                         /* top card first, the turned card last */
    uint8_t pile[TC_DAM_MAX_CARDS];
} tc_dam_state;

/* Outputs of a simulation block. The recording arrays (once to legal) are all NULL or all given,
 * except `pile`, which may be NULL when the rules leave no pile. */
typedef struct {
    int32_t *points;    /* count * players: the deal's score per seat */
    int8_t *tricks;     /* count * players: tricks won */
    int8_t *trump;      /* count: trump suit, or -1 */
    int8_t *last_trick; /* count: the seat that won the last trick */
    tc_mask *once;  /* count * players, may be NULL: hands as dealt (cards held at least once) */
    tc_mask *twice; /* count * players: ... and held twice */
    uint8_t *pile;  /* count * pile size: the pile as dealt, top first, before the turn */
    uint8_t *plays; /* count * deck size: cards in play order */
    tc_mask *legal; /* count * deck size: the legal cards at each play */
} tc_dam_block;

/* Seat `k` places after `seat` in playing order among n seats (0 <= k < n); a mask when n is a
 * constant power of two. */
static inline int tc_dam_seat_after(int seat, int k, int n)
{
    if ((n & (n - 1)) == 0) return (seat + k) & (n - 1);
    return seat + k < n ? seat + k : seat + k - n;
}

/* Distinct cards of `hand` playable when the suit led has the cards `led_cards` (0: none led):
 * follow suit if able, a joker always (`jokers`: TC_JOKER_MASK, or 0). A conditional move. */
static inline tc_mask tc_dam_legal_cards(tc_mask hand, tc_mask led_cards, tc_mask jokers)
{
    tc_mask follow = hand & led_cards;
    return (follow ? follow : hand) | (hand & jokers);
}

/* Cards the seat to act may play. */
static inline tc_mask tc_dam_legal(const tc_dam_state *s)
{
    return tc_dam_legal_cards(s->hands[s->head.to_act].once, s->led_mask, TC_JOKER_MASK);
}

/* ---- Random choices from draws made ahead ----
 * Groups of TC_DAM_GROUP lanes: shuffles, then each full trick's 32 bits from words drawn ahead;
 * 8-bit chunks with jokers, one 16-bit batch without (docs/random-streams.md, "Dam"). */

/* The fast phase's hands by seat in parity form: `held` (at least once) and `odd` (an odd count),
 * so those held twice are held & ~odd; a copy is added by or, xor (docs/kernels.md, "Fast phase
 * and parity hands"). */
typedef struct {
    tc_mask held[TC_DAM_MAX_PLAYERS];
    tc_mask odd[TC_DAM_MAX_PLAYERS];
} tc_dam_hands;

/* Removes one copy of a held card. */
static inline void tc_dam_take_copy(tc_multiset *hand, int card)
{
    tc_multiset_take_bit(&hand->once, &hand->twice, tc_bit(card));
}

/* Adds one copy of a card the multiset holds at most once. */
static inline void tc_dam_add_copy(tc_multiset *hand, int card)
{
    tc_multiset_add_bit(&hand->once, &hand->twice, tc_bit(card));
}

/* The suits `seat` has shown it lacks and cannot have drawn since: those of finished tricks and
 * a discard in the current one. */
static inline int tc_dam_voids(const tc_dam_rules *r, const tc_dam_state *s, int seat)
{
    int voids = s->head.voids[seat];
    for (int i = 0; i < s->head.trick_len; ++i)
        if (s->trick_seats[i] == seat) voids |= r->shows_void[s->led + 1][s->head.trick[i]];
    return voids;
}

/* Resolves the complete trick with the shared trick kernel, scores it, refills the hands from
 * the pile and starts the next trick (once per trick, so not inline). */
void tc_dam_finish_trick(const tc_dam_rules *r, tc_dam_state *s);

/* Plays a legal card for the seat to act; a complete trick is resolved, the hands refilled and
 * the next trick started. */
static inline void tc_dam_play_unchecked(const tc_dam_rules *r, tc_dam_state *s, int card)
{
    int seat = s->head.to_act, len = s->head.trick_len, led = s->led + 1;
    tc_dam_take_copy(&s->hands[seat], card);
    s->led = r->led_after[led][card];
    s->led_mask = r->led_cards[s->led + 1];
    s->head.trick[len] = (uint8_t)card;
    s->trick_seats[len] = (uint8_t)seat;
    s->head.trick_len = (int8_t)(len + 1);
    if (len + 1 < s->trick_size)
        s->head.to_act = (int8_t)s->next_seat[seat];
    else
        tc_dam_finish_trick(r, s);
}

/* Validates the rules and fills the derived fields (trick tables, deck ids): TC_OK or
 * TC_ERR_ARGUMENT. Every other entry point expects prepared rules. */
int tc_dam_prepare_rules(tc_dam_rules *r);

/* Starts a deal from hands (multisets of hand_size) and the pile (pile_size, top first; under
 * turn_trump its top card is turned and put at the bottom); hands and pile must be the deck.
 * Returns a tc_status; on an error *s is untouched. */
int tc_dam_start(const tc_dam_rules *r, tc_dam_state *s, const tc_multiset *hands,
                 const uint8_t *pile, int pile_size, int dealer);

/* Checked play: on success returns TC_OK and updates *s; otherwise returns a tc_status, writes
 * the rule broken to *refusal (enum tc_refusal) and leaves *s exactly as it was. */
int tc_dam_play(const tc_dam_rules *r, tc_dam_state *s, int card, int *refusal);

/* Legal cards of the seat to act; 0 when the deal is over. */
tc_mask tc_dam_moves(const tc_dam_state *s);

/* Score of a finished deal per seat: card values taken, or tricks plus the last-trick bonus. */
void tc_dam_score(const tc_dam_rules *r, const tc_dam_state *s, int32_t *points);

/* Plays `count` playouts of the deal `*start` to the end with `policy`, writing each one's score
 * to points[i * players ...]. Returns a tc_status. */
int tc_dam_playouts(const tc_dam_rules *r, const tc_dam_state *start, bitgen_t *rng, int policy,
                    int64_t count, int32_t *points);

/* The card `policy` (enum tc_dam_policy) plays for the seat to act of a deal not over; the random
 * policy takes one chunk of `d`, as random play card by card does. */
int tc_dam_policy_card(const tc_dam_rules *r, const tc_dam_state *s, int policy, tc_draw8 *d);

/* A random deal as tc_dam_simulate deals one, by `plan` (tc_shuffle_plan(plan, deck_size,
 * hand_size)): s->pile[p * hand_size ...] holds seat p's hand as dealt, the rest the pile in draw
 * order; `dealer` deals. */
void tc_dam_deal_random(const tc_dam_rules *r, const tc_index_plan *plan, tc_dam_state *s,
                        bitgen_t *rng, int dealer);

/* Which compiled loop tc_dam_simulate runs, all giving the same deals: BEST (specialised, BMI2 if
 * the CPU has it), PORTABLE (BEST without BMI2), GENERIC (docs/kernels.md, "Loops"). */
enum tc_dam_loop { TC_DAM_LOOP_BEST = 0, TC_DAM_LOOP_PORTABLE = 1, TC_DAM_LOOP_GENERIC = 2 };

/* Deals and plays `count` complete deals (dealer 0) with `policy`, filling *out. Deals are played
 * TC_DAM_GROUP at a time, trick by trick (see "Random choices from draws made ahead"); deal j
 * depends only on the bit stream and j. */
int tc_dam_simulate(const tc_dam_rules *r, bitgen_t *rng, int policy, int64_t count,
                    const tc_dam_block *out, int loop);

#endif
