/* Hearts family (Svarta Maja, Spardame): rules, state, legal and checked moves, scoring; checked
 * entry points in hearts.c, policies, playouts and simulation in simulate.c. The state is small
 * and caller-owned, so a copy is a clone (docs/kernels.md, "Hearts"). */
#ifndef TRICKCORE_HEARTS_HEARTS_H
#define TRICKCORE_HEARTS_HEARTS_H

#include <stdint.h>

#include "numpy/random/bitgen.h"
#include "trickcore/core/cards.h"
#include "trickcore/core/head.h"
#include "trickcore/core/status.h"
#include "trickcore/core/draw.h"
#include "trickcore/core/trick.h"

#define TC_HEARTS_MAX_PLAYERS 6
#define TC_HEARTS_MAX_ROTATION 8
#define TC_HEARTS_MAX_VALUE 1000 /* bound on |points| of one card, and on the moon and bonus */

#define TC_HEARTS_QUEEN 49 /* Q♠ */
#define TC_HEARTS_JACK_OF_DIAMONDS 22
#define TC_HEARTS_CLUBS TC_SUIT_MASK_BITS
#define TC_HEARTS_HEARTS (TC_SUIT_MASK_BITS << 26)
#define TC_HEARTS_SPADES (TC_SUIT_MASK_BITS << 39)
#define TC_HEARTS_QUEEN_BIT (UINT64_C(1) << TC_HEARTS_QUEEN)
/* Cards barred from the first trick when it is protected, and the partners Q♠ may be passed with
 * under the Spardame restriction. */
#define TC_HEARTS_PROTECTED (TC_HEARTS_HEARTS | TC_HEARTS_QUEEN_BIT)
#define TC_HEARTS_QUEEN_PARTNERS \
    ((TC_HEARTS_SPADES & ~TC_HEARTS_QUEEN_BIT) | (UINT64_C(1) << TC_HEARTS_JACK_OF_DIAMONDS))

/* Tricks are won by the highest card of the suit led: no trump, one pack, no jokers. */
#define TC_HEARTS_TRICK_RULES {TC_NO_TRUMP, TC_DUP_FIRST, TC_JOKER_NONE, 1}

enum tc_hearts_first_lead {
    TC_HEARTS_LEAD_LOWEST_CLUB = 0,   /* the holder of the lowest club in play leads it */
    TC_HEARTS_LEAD_ANY_CLUB = 1,      /* the holder of the lowest club leads a club of choice */
    TC_HEARTS_LEAD_LEFT_OF_DEALER = 2 /* the player left of the dealer leads any card */
};

enum tc_hearts_moon {
    TC_HEARTS_MOON_OFF = 0,
    TC_HEARTS_MOON_ADD_TO_OTHERS = 1,        /* the shooter scores 0 for the moon cards, others + */
    TC_HEARTS_MOON_SUBTRACT_FROM_SHOOTER = 2 /* the shooter scores minus the moon's worth */
};

enum tc_hearts_policy { TC_HEARTS_RANDOM = 0, TC_HEARTS_GREEDY = 1, TC_HEARTS_RULE = 2 };

typedef struct {
    int8_t players;         /* 3..6 */
    int8_t hand_size;       /* cards dealt to each player: deck size / players */
    int8_t pass_count;      /* cards each player passes; 0 = no passing */
    int8_t rotation_length; /* 1..TC_HEARTS_MAX_ROTATION */
    int8_t rotation
        [TC_HEARTS_MAX_ROTATION]; /* by deal number: seat s passes to s + offset; 0 = none */
    int8_t first_lead;            /* enum tc_hearts_first_lead */
    int8_t first_trick_protected; /* no heart and not Q♠ on the first trick unless nothing else */
    int8_t hearts_must_be_broken; /* no heart led until one was discarded on a non-heart trick */
    int8_t queen_breaks_hearts;   /* playing Q♠ also breaks hearts */
    int8_t
        hearts_lead_with_only_queen; /* unbroken hearts may be led when Q♠ is the only other card */
    int8_t queen_pass_restricted;    /* Q♠ is passed only with another spade or J♦ */
    int8_t void_if_one_takes_all;    /* a player taking every trick voids the deal (Spardame) */
    int8_t moon;                     /* enum tc_hearts_moon */
    int32_t moon_points;             /* what a moon is worth */
    int32_t no_tricks_bonus;         /* added to the points of each player who took no trick */
    tc_mask deck;                    /* the cards in play */
    tc_mask moon_cards;              /* one player taking all of these shoots the moon */
    int16_t values[TC_NUM_CARDS];    /* points for taking each card */
    /* Derived, filled by tc_hearts_prepare_rules: the trick table, and the cards grouped by
     * value (value_cards[i] are the cards worth value_of[i], for each distinct non-zero value). */
    tc_trick_table trick;
    int8_t value_count;
    int16_t value_of[TC_NUM_CARDS];
    tc_mask value_cards[TC_NUM_CARDS];
} tc_hearts_rules;

typedef struct {
    tc_deal_head head; /* phase (setup: passing), turn, trick */
    tc_mask hands[TC_HEARTS_MAX_PLAYERS];
    tc_mask taken[TC_HEARTS_MAX_PLAYERS];  /* cards won in tricks */
    tc_mask passed[TC_HEARTS_MAX_PLAYERS]; /* cards each seat passed (0 before it passes) */
    int8_t pass_offset;                    /* this deal: seat s passes to s + pass_offset */
    int8_t led_suit;                       /* suit of the current trick's first card */
    int8_t hearts_broken;
    uint8_t pending_passes; /* bit p: seat p has still to pass */
} tc_hearts_state;

/* Outputs of a simulation block: arrays of count * players (per seat) or count entries. The
 * recording arrays may be NULL; when given they hold every deal in full for replay. */
typedef struct {
    int32_t *points;    /* count * players: the deal's score per seat */
    int8_t *tricks;     /* count * players: tricks won */
    uint8_t *moon;      /* count: someone shot the moon */
    int8_t *shooter;    /* count: the seat that shot the moon, or -1 */
    uint8_t *void_deal; /* count: the deal was void (one player took every trick) */
    int8_t *direction;  /* count: index into the pass rotation of this deal */
    tc_mask *hands;     /* count * players, may be NULL: hands as dealt */
    tc_mask *passes;    /* count * players, may be NULL: cards each seat passed */
    uint8_t *plays;     /* count * deck size, may be NULL: cards in play order */
    tc_mask *legal;     /* count * deck size, may be NULL: legal cards at each play */
} tc_hearts_block;

/* Keeps the cards of `legal` that are in `allowed`, unless that would leave none (a restriction
 * never leaves a player without a move). When `probe` (a one-bit mask) is removed, *why = reason. */
static inline tc_mask tc_hearts_narrow(tc_mask legal, tc_mask allowed, tc_mask probe, int reason,
                                       int *why)
{
    tc_mask kept = legal & allowed;
    if (why && kept && (legal & ~kept & probe)) *why = reason;
    return kept ? kept : legal;
}

/* The cards hearts breaking allows to lead: all, or no heart while hearts are unbroken, except
 * (when the rules allow it) from a hand of hearts and Q♠ only. */
static inline tc_mask tc_hearts_lead_allowed(const tc_hearts_rules *r, tc_mask hand,
                                             int hearts_broken)
{
    if (!r->hearts_must_be_broken || hearts_broken) return ~(tc_mask)0;
    if (r->hearts_lead_with_only_queen && (hand & ~TC_HEARTS_HEARTS) == TC_HEARTS_QUEEN_BIT)
        return ~(tc_mask)0;
    return ~TC_HEARTS_HEARTS;
}

/* The cards that break hearts when played to a trick led in `led_suit`: a heart discarded on
 * another suit, and Q♠ when the rules say it breaks hearts too. */
static inline tc_mask tc_hearts_breaking(const tc_hearts_rules *r, int led_suit)
{
    tc_mask queen = r->queen_breaks_hearts ? TC_HEARTS_QUEEN_BIT : 0;
    return (TC_HEARTS_HEARTS & ~tc_suit_mask(led_suit)) | queen;
}

/* The legal-move rules, each narrowing the cards left by the previous one (see tc_hearts_narrow).
 * With `why` non-NULL, they write the rule that removes the card `probe` (a one-bit mask), if one
 * does. The hot loops pass constants for `first_trick` and `why`, so the unused rules vanish. */

/* No heart and not Q♠ on a protected first trick. */
static inline tc_mask tc_hearts_first_trick_legal(const tc_hearts_rules *r, tc_mask legal,
                                                  int first_trick, tc_mask probe, int *why)
{
    if (first_trick && r->first_trick_protected)
        legal = tc_hearts_narrow(legal, ~TC_HEARTS_PROTECTED, probe, TC_REFUSE_FIRST_TRICK, why);
    return legal;
}

/* Legal leads from `hand`: the first-lead rule, hearts breaking, first-trick protection. */
static inline tc_mask tc_hearts_lead_legal(const tc_hearts_rules *r, tc_mask hand, int first_trick,
                                           int hearts_broken, tc_mask probe, int *why)
{
    tc_mask legal = hand;
    if (first_trick && r->first_lead == TC_HEARTS_LEAD_LOWEST_CLUB) {
        tc_mask clubs = r->deck & TC_HEARTS_CLUBS;
        legal = tc_hearts_narrow(legal, clubs & (0 - clubs), probe, TC_REFUSE_FIRST_LEAD, why);
    } else if (first_trick && r->first_lead == TC_HEARTS_LEAD_ANY_CLUB) {
        legal = tc_hearts_narrow(legal, TC_HEARTS_CLUBS, probe, TC_REFUSE_FIRST_LEAD_CLUB, why);
    }
    legal = tc_hearts_narrow(legal, tc_hearts_lead_allowed(r, hand, hearts_broken), probe,
                             TC_REFUSE_NOT_BROKEN, why);
    return tc_hearts_first_trick_legal(r, legal, first_trick, probe, why);
}

/* Legal cards from `hand` on a trick led in the suit of mask `led`: follow suit, first-trick
 * protection. */
static inline tc_mask tc_hearts_follow_legal(const tc_hearts_rules *r, tc_mask hand, tc_mask led,
                                             int first_trick, tc_mask probe, int *why)
{
    tc_mask legal = tc_hearts_narrow(hand, led, probe, TC_REFUSE_MUST_FOLLOW, why);
    return tc_hearts_first_trick_legal(r, legal, first_trick, probe, why);
}

/* Legal cards for the seat to act in the playing phase, and why `probe` is not one of them. */
static inline tc_mask tc_hearts_legal_explained(const tc_hearts_rules *r, const tc_hearts_state *s,
                                                tc_mask probe, int *why)
{
    tc_mask hand = s->hands[s->head.to_act];
    int first_trick = s->head.tricks_played == 0;
    if (s->head.trick_len == 0)
        return tc_hearts_lead_legal(r, hand, first_trick, s->hearts_broken, probe, why);
    return tc_hearts_follow_legal(r, hand, tc_suit_mask(s->led_suit), first_trick, probe, why);
}

static inline tc_mask tc_hearts_legal(const tc_hearts_rules *r, const tc_hearts_state *s)
{
    return tc_hearts_legal_explained(r, s, 0, 0);
}

/* Plays a legal card for the seat to act; resolves the trick when it is complete. */
static inline void tc_hearts_play_unchecked(const tc_hearts_rules *r, tc_hearts_state *s, int card)
{
    int seat = s->head.to_act, n = r->players, suit = tc_suit(card);
    s->hands[seat] &= ~tc_bit(card);
    if (s->head.trick_len == 0) s->led_suit = (int8_t)suit;
    /* branch-free: whether a card follows suit is unpredictable */
    s->head.voids[seat] |= (uint8_t)((suit != s->led_suit) << s->led_suit);
    s->hearts_broken |= (int8_t)((tc_hearts_breaking(r, s->led_suit) >> card) & 1);
    s->head.trick[s->head.trick_len++] = (uint8_t)card;
    if (s->head.trick_len < n) {
        s->head.to_act = (int8_t)(seat + 1 == n ? 0 : seat + 1);
        return;
    }
    int winner = s->head.leader + tc_trick_winner_led(&r->trick, s->head.trick, n, s->led_suit);
    if (winner >= n) winner -= n;
    tc_mask won = 0;
    for (int i = 0; i < n; ++i) won |= tc_bit(s->head.trick[i]);
    s->taken[winner] |= won;
    s->head.tricks_won[winner]++;
    s->head.leader = (int8_t)winner;
    s->head.trick_len = 0;
    if (++s->head.tricks_played == r->hand_size) {
        s->head.phase = TC_PHASE_OVER;
        s->head.to_act = -1;
    } else {
        s->head.to_act = (int8_t)winner;
    }
}

/* Card points of a set of cards (before moon, bonus and void rules): one popcount per distinct
 * card value, so a whole deal is scored from the cards each seat took. */
static inline int32_t tc_hearts_points(const tc_hearts_rules *r, tc_mask cards)
{
    int32_t points = 0;
    for (int i = 0; i < r->value_count; ++i)
        points += r->value_of[i] * tc_popcount(cards & r->value_cards[i]);
    return points;
}

/* Final score of a finished deal among n = r->players seats (a constant in hot loops) from the
 * cards each took: points (moon, no-trick bonus, void deal applied), the shooter or -1, whether
 * the deal is void (docs/kernels.md, "Hearts"). */
static TC_ALWAYS_INLINE void tc_hearts_score_of(const tc_hearts_rules *r, int n,
                                                const tc_mask *taken, int32_t *points, int *shooter,
                                                int *void_deal)
{
    int32_t sum[TC_HEARTS_MAX_PLAYERS]; /* local: stores to `points` could alias the rules */
    for (int p = 0; p < n; ++p) sum[p] = 0;
    if (r->no_tricks_bonus)
        for (int p = 0; p < n; ++p) sum[p] = taken[p] ? 0 : r->no_tricks_bonus;
    for (int i = 0; i < r->value_count; ++i) {
        int32_t value = r->value_of[i];
        tc_mask cards = r->value_cards[i];
        for (int p = 0; p < n; ++p) sum[p] += value * tc_popcount(taken[p] & cards);
    }
    int all_tricks = 0, who = -1;
    if (r->void_if_one_takes_all)
        for (int p = 0; p < n; ++p) all_tricks |= taken[p] == r->deck;
    if (r->moon != TC_HEARTS_MOON_OFF && !all_tricks)
        for (int p = 0; p < n; ++p)
            if ((taken[p] & r->moon_cards) == r->moon_cards) who = p;
    if (all_tricks) {
        for (int p = 0; p < n; ++p) sum[p] = 0;
    } else if (who >= 0) {
        sum[who] -= tc_hearts_points(r, r->moon_cards);
        for (int p = 0; p < n; ++p) {
            if (r->moon == TC_HEARTS_MOON_SUBTRACT_FROM_SHOOTER && p == who)
                sum[p] -= r->moon_points;
            else if (r->moon == TC_HEARTS_MOON_ADD_TO_OTHERS && p != who)
                sum[p] += r->moon_points;
        }
    }
    for (int p = 0; p < n; ++p) points[p] = sum[p];
    *shooter = who;
    *void_deal = all_tricks;
}

static inline void tc_hearts_score(const tc_hearts_rules *r, const tc_mask *taken, int32_t *points,
                                   int *shooter, int *void_deal)
{
    tc_hearts_score_of(r, r->players, taken, points, shooter, void_deal);
}

/* Cards that can be part of a legal pass from `hand` (all of it, less Q♠ when the Spardame
 * restriction leaves it no partner). */
static inline tc_mask tc_hearts_passable(const tc_hearts_rules *r, tc_mask hand)
{
    if (r->queen_pass_restricted && (r->pass_count < 2 || !(hand & TC_HEARTS_QUEEN_PARTNERS)))
        return hand & ~TC_HEARTS_QUEEN_BIT;
    return hand;
}

/* Whether the Spardame restriction allows passing `cards` together (Q♠ only with a partner). */
static inline int tc_hearts_queen_pass_ok(const tc_hearts_rules *r, tc_mask cards)
{
    return !r->queen_pass_restricted || !(cards & TC_HEARTS_QUEEN_BIT) ||
           (cards & TC_HEARTS_QUEEN_PARTNERS);
}

/* Validates a rules struct whose parameters are set (bounds and consistency) and fills its
 * derived fields: TC_OK or TC_ERR_ARGUMENT. Call it once before using the rules. */
int tc_hearts_prepare_rules(tc_hearts_rules *r);

/* Validates the parameters of prepared rules: TC_OK or TC_ERR_ARGUMENT. */
int tc_hearts_check_rules(const tc_hearts_rules *r);

/* Starts a deal from explicit hands (one mask per seat, together exactly the deck). The deal
 * number picks the pass direction. Returns a tc_status; on an error *state is untouched. */
int tc_hearts_start(const tc_hearts_rules *r, tc_hearts_state *s, const tc_mask *hands, int dealer,
                    int64_t deal_number);

/* Unchecked versions for the simulation loops (hearts_sim.c): deals valid hands, and records a
 * valid pass of the seat (the last one exchanges the cards and starts the play). */
void tc_hearts_deal_unchecked(const tc_hearts_rules *r, tc_hearts_state *s, const tc_mask *hands,
                              int dealer, int64_t deal_number);
void tc_hearts_pass_unchecked(const tc_hearts_rules *r, tc_hearts_state *s, int seat,
                              tc_mask cards);

/* Checked moves: on success return TC_OK and update *s; otherwise return a tc_status, write the
 * rule broken to *refusal (enum tc_refusal) and leave *s exactly as it was. */
int tc_hearts_play(const tc_hearts_rules *r, tc_hearts_state *s, int card, int *refusal);
int tc_hearts_pass(const tc_hearts_rules *r, tc_hearts_state *s, int seat, tc_mask cards,
                   int *refusal);

/* Legal moves of the seat to act: cards it may play, or in the passing phase the cards that can
 * be part of a legal pass. 0 when the deal is over. */
tc_mask tc_hearts_moves(const tc_hearts_rules *r, const tc_hearts_state *s);

/* One move of `policy` (enum tc_hearts_policy) for the seat to act of a deal not over: its
 * whole pass, or a card. */
void tc_hearts_policy_move(const tc_hearts_rules *r, tc_hearts_state *s, int policy, tc_draw8 *d);

/* Plays `count` playouts of the deal `*start` (any phase) to the end with `policy`, writing each
 * one's score to points[i * players ...]. Playout i never depends on count. Returns a
 * tc_status. */
int tc_hearts_playouts(const tc_hearts_rules *r, const tc_hearts_state *start, bitgen_t *rng,
                       int policy, int64_t count, int32_t *points);

/* Deals and plays `count` complete deals (passing included, dealer 0, the pass direction drawn
 * uniformly from the rotation) with `policy`, filling *out. Deals are played two at a time from
 * the bit stream (see hearts_sim.c), so deal j never depends on count. */
int tc_hearts_simulate(const tc_hearts_rules *r, bitgen_t *rng, int policy, int64_t count,
                       const tc_hearts_block *out);

#endif
