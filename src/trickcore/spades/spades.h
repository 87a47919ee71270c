/* Spades: rules, bidding and play state, legal bids and cards, moves, scoring with bags, the
 * evaluator, playouts, simulation. Sides 0+2, 1+3 (cutthroat: each seat); jokers 52, 53 are top
 * trumps and spades (docs/rules/spades.md; docs/kernels.md, "Spades"). */
#ifndef TRICKCORE_SPADES_SPADES_H
#define TRICKCORE_SPADES_SPADES_H

#include <stdint.h>

#include "numpy/random/bitgen.h"
#include "trickcore/core/cards.h"
#include "trickcore/core/head.h"
#include "trickcore/core/status.h"
#include "trickcore/core/draw.h"
#include "trickcore/core/trick.h"

#define TC_SPADES_PLAYERS 4
#define TC_SPADES_TRICKS 13
#define TC_SPADES_SUIT 3
#define TC_SPADES_LANES 4             /* deals played side by side by the playout loops */
#define TC_SPADES_MAX_VALUE 1000      /* bound on nil values and the bag penalty */
#define TC_SPADES_MAX_SCORE 100000000 /* bound on |score| carried into a deal */
#define TC_SPADES_MAX_BAG_LIMIT 100
#define TC_SPADES_MAX_REDEALS 1000 /* misdeal redeals of one simulated deal before giving up */
/* Shortest "long suit" a misdeal may name: every hand has a suit of 4 and most one of 5, so
 * shorter limits would make (nearly) every deal a misdeal. */
#define TC_SPADES_MIN_LONG_SUIT 6

/* Bid codes: nil, a number of tricks 1..13, blind nil; no bid yet is -1. */
#define TC_SPADES_NIL 0
#define TC_SPADES_BLIND_NIL 14
#define TC_SPADES_NO_BID (-1)
#define TC_SPADES_NUMBER_BIDS UINT32_C(0x3FFE) /* bits 1..13 of a legal-bid mask */

#define TC_SPADES_SPADES (TC_SUIT_MASK_BITS << 39)
#define TC_SPADES_JOKERS (UINT64_C(3) << TC_FIRST_JOKER) /* little and big joker */
/* Jacks, queens and kings of every suit (the misdeal's "face cards"). */
#define TC_SPADES_FACES \
    (UINT64_C(0x0E00) * (UINT64_C(1) | UINT64_C(1) << 13 | UINT64_C(1) << 26 | UINT64_C(1) << 39))

enum tc_spades_bidding {
    TC_SPADES_STANDARD = 0, /* any number 1..13 or nil */
    TC_SPADES_SUICIDE = 1,  /* exactly one nil per side: the second of a side is forced */
    TC_SPADES_MIRROR = 2,   /* bid exactly the number of spades held (none: nil) */
    TC_SPADES_WHIZ = 3      /* bid the number of spades held or nil */
};

/* Hands that may ask for a misdeal (bits of tc_spades_rules.misdeal). */
enum tc_spades_misdeal {
    TC_SPADES_MISDEAL_NO_SPADES = 1,
    TC_SPADES_MISDEAL_NO_FACES = 2,
    TC_SPADES_MISDEAL_LONG_SUIT = 4
};

/* Card policies; the rule player is for environments only (simulation: random, greedy). */
enum tc_spades_policy { TC_SPADES_RANDOM = 0, TC_SPADES_GREEDY = 1, TC_SPADES_RULE = 2 };

typedef struct {
    int8_t partnerships;      /* 1: sides 0+2 and 1+3; 0: cutthroat, each seat a side */
    int8_t bidding;           /* enum tc_spades_bidding */
    int8_t blind_nil;         /* blind nil may be bid */
    int8_t table_mode;        /* 1: reneges are accepted and recorded; 0: refused */
    int8_t misdeal;           /* enum tc_spades_misdeal bits; 0: no misdeals */
    int8_t misdeal_long_suit; /* a suit this long allows a misdeal */
    int16_t bag_limit;        /* a side reaching this many bags loses bag_penalty and the bags */
    int32_t bag_penalty;
    int32_t nil_value; /* +/- for nil made / failed */
    int32_t blind_nil_value;
    int32_t blind_nil_behind; /* a side at least this far behind may bid blind nil */
    tc_mask deck;             /* the 52 cards in play (jokers included when played) */
    /* Derived, filled by tc_spades_init_rules: */
    tc_mask trumps;        /* spades and jokers in play */
    tc_mask suit_masks[4]; /* the cards of each suit for following suit (spades: trumps) */
    tc_mask top_trumps[TC_SPADES_TRICKS + 1]; /* [k]: the k highest trumps of the deck */
    tc_trick_table trick; /* spades trump, jokers top trumps; .suit[card]: suit to follow */
} tc_spades_rules;

typedef struct {
    tc_deal_head head; /* phase (setup: bidding), turn, trick */
    tc_mask hands[TC_SPADES_PLAYERS];
    int32_t scores[TC_SPADES_PLAYERS]; /* per side: total before this deal */
    int16_t bags[TC_SPADES_PLAYERS];   /* per side: bag counter before this deal */
    int8_t bids[TC_SPADES_PLAYERS];    /* bid codes, TC_SPADES_NO_BID before the seat bids */
    int8_t led_suit;                   /* suit of the current trick's first card */
    int8_t bids_made;
    int8_t spades_broken;
    uint8_t seen;           /* bit p: seat p has seen its hand */
    uint8_t blind_eligible; /* bit p: seat p's side is far enough behind for blind nil */
    uint8_t reneged;        /* bit p: seat p reneged (table mode) */
    int8_t first_renege;    /* seat of the first renege, or -1 */
    int8_t misdeal_seat;    /* seat that asked for a misdeal, or -1 */
} tc_spades_state;

/* The score of a finished deal, per side (2 sides, or 4 in cutthroat). */
typedef struct {
    int32_t points[TC_SPADES_PLAYERS];    /* this deal's score, bag penalties included */
    int32_t totals[TC_SPADES_PLAYERS];    /* score after the deal */
    int16_t bags[TC_SPADES_PLAYERS];      /* bag counter after the deal (penalties taken off) */
    int8_t bags_taken[TC_SPADES_PLAYERS]; /* bags taken in this deal */
    int8_t penalties[TC_SPADES_PLAYERS];  /* bag penalties applied after this deal */
    int8_t contract[TC_SPADES_PLAYERS];   /* sum of the side's number bids */
    int8_t tricks[TC_SPADES_PLAYERS];     /* tricks counted toward the contract */
    int8_t made[TC_SPADES_PLAYERS];       /* 1 contract made, 0 set (a side of nils: made) */
} tc_spades_result;

/* Outputs of a simulation block (count deals). The recording arrays may be NULL. */
typedef struct {
    int8_t *bids;         /* count * 4: bid codes per seat */
    int8_t *tricks;       /* count * 4: tricks won per seat */
    int32_t *points;      /* count * sides: the deal's score per side */
    int8_t *bags;         /* count * sides: bags taken in the deal */
    uint8_t *made;        /* count * sides: contract made */
    int16_t *redeals;     /* count: misdeals redealt before the deal that was played */
    tc_mask *hands;       /* count * 4, may be NULL: hands as dealt (the deal played) */
    uint32_t *legal_bids; /* count * 4, may be NULL: legal-bid masks in bidding order */
    uint8_t *plays;       /* count * 52, may be NULL: cards in play order */
    tc_mask *legal;       /* count * 52, may be NULL: legal cards at each play */
} tc_spades_block;

static inline int tc_spades_sides(const tc_spades_rules *r)
{
    return r->partnerships ? 2 : 4;
}

static inline int tc_spades_side(const tc_spades_rules *r, int seat)
{
    return r->partnerships ? seat & 1 : seat;
}

/* Suit a card counts as for following suit: jokers are spades. */
static inline int tc_spades_suit(const tc_spades_rules *r, int card)
{
    return r->trick.suit[card];
}

/* Legal cards by the rules for the seat to act (a renege in table mode plays outside them).
 * With `why` non-NULL, writes the rule that removes the card `probe` (a one-bit mask), if any. */
static inline tc_mask tc_spades_legal_explained(const tc_spades_rules *r, const tc_spades_state *s,
                                                tc_mask probe, int *why)
{
    tc_mask hand = s->hands[s->head.to_act], kept;
    int reason;
    if (s->head.trick_len == 0) {
        if (s->spades_broken) return hand;
        kept = hand & ~r->trumps; /* the first lead and every lead before spades are broken */
        reason = s->head.tricks_played == 0 ? TC_REFUSE_FIRST_TRICK : TC_REFUSE_NOT_BROKEN;
    } else {
        kept = hand & r->suit_masks[s->led_suit];
        reason = TC_REFUSE_MUST_FOLLOW;
    }
    if (!kept) return hand;
    if (why && (probe & hand & ~kept)) *why = reason;
    return kept;
}

static inline tc_mask tc_spades_legal(const tc_spades_rules *r, const tc_spades_state *s)
{
    return tc_spades_legal_explained(r, s, 0, 0);
}

/* Plays a card of the seat to act (legal, or a renege in table mode: the caller records it);
 * resolves the trick when it is complete. */
static inline void tc_spades_play_unchecked(const tc_spades_rules *r, tc_spades_state *s, int card)
{
    int seat = s->head.to_act, suit = tc_spades_suit(r, card);
    s->hands[seat] &= ~tc_bit(card);
    if (s->head.trick_len == 0) {
        s->led_suit = (int8_t)suit;
    } else { /* branch-free: whether a card follows suit is unpredictable */
        int discard = suit != s->led_suit;
        s->head.voids[seat] |= (uint8_t)(discard << s->led_suit);
        s->spades_broken |= (int8_t)(discard & (suit == TC_SPADES_SUIT));
    }
    s->head.trick[s->head.trick_len++] = (uint8_t)card;
    if (s->head.trick_len < TC_SPADES_PLAYERS) {
        s->head.to_act = (int8_t)((seat + 1) & 3);
        return;
    }
    int winner = (s->head.leader +
                  tc_trick_winner_led(&r->trick, s->head.trick, TC_SPADES_PLAYERS, s->led_suit)) &
                 3;
    s->head.tricks_won[winner]++;
    s->head.leader = (int8_t)winner;
    s->head.trick_len = 0;
    if (++s->head.tricks_played == TC_SPADES_TRICKS) {
        s->head.phase = TC_PHASE_OVER;
        s->head.to_act = -1;
    } else {
        s->head.to_act = (int8_t)winner;
    }
}

/* Legal bids as a mask over bid codes (bit 0 nil, 1..13, 14 blind nil) under variant `bidding`
 * (constant where known) for a seat with `trumps` trumps, its partner's bid `partner_bid`
 * (TC_SPADES_NO_BID before it bids), blind nil open when `blind` is 1. */
static TC_ALWAYS_INLINE uint32_t tc_spades_variant_bids(int bidding, int trumps, int partner_bid,
                                                        int blind)
{
    uint32_t nil = UINT32_C(1) << TC_SPADES_NIL, blind_bit = (uint32_t)blind << TC_SPADES_BLIND_NIL;
    switch (bidding) {
    case TC_SPADES_SUICIDE:
        if (partner_bid == TC_SPADES_NO_BID) break;
        return partner_bid == TC_SPADES_NIL || partner_bid == TC_SPADES_BLIND_NIL
                   ? TC_SPADES_NUMBER_BIDS
                   : nil | blind_bit;
    case TC_SPADES_MIRROR: return UINT32_C(1) << trumps;
    case TC_SPADES_WHIZ: return UINT32_C(1) << trumps | nil | blind_bit;
    default: break;
    }
    return TC_SPADES_NUMBER_BIDS | nil | blind_bit;
}

/* Legal bids (tc_spades_variant_bids) of a seat holding `hand` under the rules' variant. */
static inline uint32_t tc_spades_allowed_bids(const tc_spades_rules *r, tc_mask hand,
                                              int partner_bid, int blind)
{
    return tc_spades_variant_bids(r->bidding, tc_popcount(hand & r->trumps), partner_bid, blind);
}

/* Legal bids of the seat to act (see tc_spades_allowed_bids); 0 outside the bidding phase. */
static inline uint32_t tc_spades_legal_bids(const tc_spades_rules *r, const tc_spades_state *s)
{
    if (s->head.phase != TC_PHASE_SETUP) return 0;
    int seat = s->head.to_act;
    int blind = r->blind_nil & !(s->seen >> seat & 1) & (s->blind_eligible >> seat & 1);
    return tc_spades_allowed_bids(r, s->hands[seat], s->bids[seat ^ 2], blind);
}

/* Records a legal bid of the seat to act; the fourth bid starts the play. */
static inline void tc_spades_bid_unchecked(tc_spades_state *s, int code)
{
    int seat = s->head.to_act;
    s->bids[seat] = (int8_t)code;
    s->seen |= (uint8_t)(1u << seat);
    s->head.to_act = (int8_t)((seat + 1) & 3);
    if (++s->bids_made == TC_SPADES_PLAYERS) {
        s->head.phase = TC_PHASE_PLAY;
        s->head.leader = s->head.to_act; /* left of the dealer, who bid first */
    }
}

/* The misdeal conditions (enum tc_spades_misdeal bits) a hand meets, among those played. */
static inline int tc_spades_misdeal_reasons(const tc_spades_rules *r, tc_mask hand)
{
    int reasons = 0, longest = 0;
    if (!(hand & r->trumps)) reasons |= TC_SPADES_MISDEAL_NO_SPADES;
    if (!(hand & TC_SPADES_FACES)) reasons |= TC_SPADES_MISDEAL_NO_FACES;
    for (int suit = 0; suit < 4; ++suit) {
        int n = tc_popcount(hand & r->suit_masks[suit]);
        longest = n > longest ? n : longest;
    }
    if (longest >= r->misdeal_long_suit) reasons |= TC_SPADES_MISDEAL_LONG_SUIT;
    return reasons & r->misdeal;
}

/* ---- The bidding evaluator ---- */

/* tc_spades_side_holding[holding] for a side suit's 13 rank bits: its sure tricks (an ace in a
 * suit of at most 6 cards, its king too in at most 4), plus 16 for a void. In spades.c. */
extern const uint8_t tc_spades_side_holding[1 << TC_NUM_RANKS];

/* Sure tricks of a hand (at most 13): top trumps or long trumps, the side suits' sure tricks, a
 * ruff per void side suit; popcounts and lookups (docs/rules/spades.md, "Simulation"). */
static inline int tc_spades_estimate(const tc_spades_rules *r, tc_mask hand)
{
    tc_mask trumps = hand & r->trumps;
    int n = tc_popcount(trumps);
    int honours = tc_popcount(trumps & r->top_trumps[n]);
    int trump_tricks = honours > n - 3 ? honours : n - 3;
    int sum = 0;
    for (int suit = 0; suit < TC_SPADES_SUIT; ++suit)
        sum += tc_spades_side_holding[(hand >> (suit * TC_NUM_RANKS)) & TC_SUIT_MASK_BITS];
    int side = sum & 15, voids = sum >> 4;
    int spare = n - trump_tricks, ruffs = voids < spare ? voids : spare;
    int estimate = trump_tricks + side + ruffs;
    return estimate < TC_SPADES_TRICKS ? estimate : TC_SPADES_TRICKS;
}

/* The legal bid (not blind nil) nearest to `want`, ties to the higher; `legal` holds one. */
int tc_spades_nearest_bid(uint32_t legal, int want);

/* The evaluator's bid among `legal` for a seat whose side is `gap` behind the best other side:
 * blind nil at twice the threshold, nil for a weak hand, else the estimate; the nearest legal bid
 * under a variant (docs/rules/spades.md, "Simulation"). */
static inline int tc_spades_choose_bid(const tc_spades_rules *r, uint32_t legal, tc_mask hand,
                                       int32_t gap)
{
    if ((legal >> TC_SPADES_BLIND_NIL & 1) && gap > 0 && gap >= 2 * r->blind_nil_behind)
        return TC_SPADES_BLIND_NIL;
    int estimate = tc_spades_estimate(r, hand);
    int weak = estimate == 0 && tc_popcount(hand & r->trumps) <= 3;
    int want = weak ? TC_SPADES_NIL : (estimate > 1 ? estimate : 1);
    return legal >> want & 1 ? want : tc_spades_nearest_bid(legal, want);
}

/* ---- Scoring ---- */

/* Score of a finished deal from bids and tricks per seat and the sides' scores and bags before
 * it, `offender` the first renege's side (-1: none), into *out (docs/rules/spades.md, "Scoring",
 * "Bags", "Reneges"). Branch-free; `sides` is tc_spades_sides(r), constant where known. */
static TC_ALWAYS_INLINE void tc_spades_score_sides(const tc_spades_rules *r, int sides,
                                                   const int8_t *bids, const int8_t *won,
                                                   const int32_t *scores,
                                                   const int16_t *bags_before, int offender,
                                                   tc_spades_result *out)
{
    for (int k = 0; k < sides; ++k) {
        int32_t points = 0;
        int contract = 0, tricks = 0, nil_tricks = 0;
        for (int p = k; p < TC_SPADES_PLAYERS; p += sides) { /* the seats of side k */
            int bid = bids[p], taken = won[p];
            int nil = bid == TC_SPADES_NIL || bid == TC_SPADES_BLIND_NIL;
            int32_t value = bid == TC_SPADES_NIL ? r->nil_value : r->blind_nil_value;
            int32_t nil_points = taken > 0 || offender == k ? -value : value;
            points += nil ? nil_points : 0;
            nil_tricks += nil ? taken : 0;
            contract += nil ? 0 : bid;
            tricks += nil ? 0 : taken;
        }
        int bags, made;
        if (offender == k) {
            made = 0;
            bags = 0;
        } else {
            if (offender >= 0) {
                int credited = tricks > contract ? tricks : contract;
                tricks = r->partnerships ? TC_SPADES_TRICKS : credited;
                if (r->partnerships) nil_tricks = 0; /* already among the 13 */
            }
            made = tricks >= contract;
            bags = (made ? tricks - contract : 0) + nil_tricks;
        }
        points += made ? 10 * contract + (tricks - contract) : -10 * contract;
        int32_t counter = bags_before[k] + bags;
        int penalties = counter / r->bag_limit;
        counter -= penalties * r->bag_limit;
        points -= penalties * r->bag_penalty;
        out->points[k] = points;
        out->totals[k] = scores[k] + points;
        out->bags[k] = (int16_t)counter;
        out->bags_taken[k] = (int8_t)bags;
        out->penalties[k] = (int8_t)penalties;
        out->contract[k] = (int8_t)contract;
        out->tricks[k] = (int8_t)tricks;
        out->made[k] = (int8_t)made;
    }
}

/* tc_spades_score_sides for the rules' sides. */
static inline void tc_spades_score_tricks(const tc_spades_rules *r, const int8_t *bids,
                                          const int8_t *won, const int32_t *scores,
                                          const int16_t *bags_before, int offender,
                                          tc_spades_result *out)
{
    tc_spades_score_sides(r, tc_spades_sides(r), bids, won, scores, bags_before, offender, out);
}

/* Fills the derived fields (trumps, top_trumps, trick) from deck; then validates the struct
 * (bounds and consistency): TC_OK or TC_ERR_ARGUMENT. */
int tc_spades_init_rules(tc_spades_rules *r);
int tc_spades_check_rules(const tc_spades_rules *r);

/* Starts a deal from explicit hands (13 cards each, together the deck), the dealer, and each
 * side's score and bags before the deal. Returns a tc_status; on an error *s is untouched. */
int tc_spades_start(const tc_spades_rules *r, tc_spades_state *s, const tc_mask *hands, int dealer,
                    const int32_t *scores, const int16_t *bags);

/* Checked moves: on success return TC_OK and update *s; otherwise return a tc_status, write the
 * rule broken to *refusal (enum tc_refusal) and leave *s exactly as it was. A renege in
 * table mode is accepted (and recorded in *s). */
int tc_spades_play(const tc_spades_rules *r, tc_spades_state *s, int card, int *refusal);
int tc_spades_bid(const tc_spades_rules *r, tc_spades_state *s, int code, int *refusal);
int tc_spades_look(const tc_spades_rules *r, tc_spades_state *s, int seat, int *refusal);
int tc_spades_claim_misdeal(const tc_spades_rules *r, tc_spades_state *s, int seat, int *refusal);

/* The rule a bid code breaks for the seat to act (TC_ACCEPTED when it is legal). */
int tc_spades_bid_refusal(const tc_spades_rules *r, const tc_spades_state *s, int code);

/* Score of a finished deal per side (a misdeal scores nothing). */
void tc_spades_score(const tc_spades_rules *r, const tc_spades_state *s, tc_spades_result *out);

/* The bid the built-in evaluator makes for the seat to act (tc_spades_choose_bid). */
int tc_spades_policy_bid(const tc_spades_rules *r, const tc_spades_state *s);
/* The card a play policy chooses for the seat to act (`d` unused but by the random one). */
int tc_spades_policy_card(const tc_spades_rules *r, const tc_spades_state *s, int policy,
                          tc_draw8 *d);
/* One move of a policy for the seat to act: the evaluator's bid, or the policy's card. */
void tc_spades_policy_move(const tc_spades_rules *r, tc_spades_state *s, int policy, tc_draw8 *d);

/* Plays `count` playouts of `*start` (bidding or play phase) to the end: evaluator bids, `policy`
 * cards; writes each result. Returns a tc_status (stream: docs/random-streams.md, "Spades"). */
int tc_spades_playouts(const tc_spades_rules *r, const tc_spades_state *start, bitgen_t *rng,
                       int policy, int64_t count, tc_spades_result *results);

/* Deals and plays `count` deals (dealer 0, scores and bags 0, misdeals redealt) with evaluator
 * bids and `policy` cards into *out; deal j depends only on the stream and j, and recording
 * changes nothing. Returns a tc_status (stream: docs/random-streams.md, "Spades"). */
int tc_spades_simulate(const tc_spades_rules *r, bitgen_t *rng, int policy, int64_t count,
                       const tc_spades_block *out);

#endif
