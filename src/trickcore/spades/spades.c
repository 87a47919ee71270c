#include "trickcore/spades/spades.h"

#include <string.h>

#include "trickcore/core/status.h"

static int is_flag(int8_t v)
{
    return v == 0 || v == 1;
}

static int within(int32_t v, int32_t low, int32_t high)
{
    return v >= low && v <= high;
}

int tc_spades_init_rules(tc_spades_rules *r)
{
    r->trumps = r->deck & (TC_SPADES_SPADES | TC_SPADES_JOKERS);
    /* Trump strength rises with the card id: 2♠ (39) .. A♠ (51), little joker, big joker. */
    tc_mask rest = r->trumps, top = 0;
    r->top_trumps[0] = 0;
    for (int k = 1; k <= TC_SPADES_TRICKS; ++k) {
        if (rest) {
            tc_mask highest = tc_bit(tc_highest(rest));
            top |= highest;
            rest &= ~highest;
        }
        r->top_trumps[k] = top;
    }
    for (int suit = 0; suit < TC_SPADES_SUIT; ++suit) r->suit_masks[suit] = tc_suit_mask(suit);
    r->suit_masks[TC_SPADES_SUIT] = r->trumps;
    const tc_trick_rules trick = {TC_SPADES_SUIT, TC_DUP_FIRST, TC_JOKER_TOP_TRUMP, 1};
    tc_trick_table_init(&r->trick, &trick);
    return tc_spades_check_rules(r);
}

int tc_spades_check_rules(const tc_spades_rules *r)
{
    if (!is_flag(r->partnerships) || !is_flag(r->blind_nil) || !is_flag(r->table_mode))
        return TC_ERR_ARGUMENT;
    if (r->bidding < TC_SPADES_STANDARD || r->bidding > TC_SPADES_WHIZ) return TC_ERR_ARGUMENT;
    if (r->bidding == TC_SPADES_SUICIDE && !r->partnerships) return TC_ERR_ARGUMENT;
    if (r->bidding == TC_SPADES_MIRROR && r->blind_nil) return TC_ERR_ARGUMENT;
    if (r->misdeal & ~7 || r->misdeal_long_suit < TC_SPADES_MIN_LONG_SUIT ||
        r->misdeal_long_suit > TC_SPADES_TRICKS)
        return TC_ERR_ARGUMENT;
    if (r->bag_limit < 1 || r->bag_limit > TC_SPADES_MAX_BAG_LIMIT) return TC_ERR_ARGUMENT;
    if (!within(r->bag_penalty, 0, TC_SPADES_MAX_VALUE) ||
        !within(r->nil_value, 0, TC_SPADES_MAX_VALUE) ||
        !within(r->blind_nil_value, 0, TC_SPADES_MAX_VALUE) ||
        !within(r->blind_nil_behind, 0, TC_SPADES_MAX_SCORE))
        return TC_ERR_ARGUMENT;
    if (r->deck & ~(TC_ALL_CARDS | TC_SPADES_JOKERS)) return TC_ERR_ARGUMENT;
    if (tc_popcount(r->deck) != TC_SPADES_PLAYERS * TC_SPADES_TRICKS) return TC_ERR_ARGUMENT;
    if (r->trumps != (r->deck & (TC_SPADES_SPADES | TC_SPADES_JOKERS)) ||
        r->suit_masks[TC_SPADES_SUIT] != r->trumps)
        return TC_ERR_ARGUMENT;
    return TC_OK;
}

/* How far the seat's side is behind the best other side (negative when ahead). */
static int32_t behind(const tc_spades_rules *r, const int32_t *scores, int seat)
{
    int own = tc_spades_side(r, seat), sides = tc_spades_sides(r);
    int32_t best = INT32_MIN;
    for (int k = 0; k < sides; ++k)
        if (k != own && scores[k] > best) best = scores[k];
    return best - scores[own];
}

/* Deals valid hands: no checks. */
static void begin_deal(const tc_spades_rules *r, tc_spades_state *s, const tc_mask *hands,
                       int dealer, const int32_t *scores, const int16_t *bags)
{
    memset(s, 0, sizeof *s);
    int sides = tc_spades_sides(r);
    for (int p = 0; p < TC_SPADES_PLAYERS; ++p) {
        s->hands[p] = hands[p];
        s->bids[p] = TC_SPADES_NO_BID;
    }
    for (int k = 0; k < sides; ++k) {
        s->scores[k] = scores[k];
        s->bags[k] = bags[k];
    }
    for (int p = 0; p < TC_SPADES_PLAYERS; ++p)
        if (r->blind_nil && behind(r, s->scores, p) >= r->blind_nil_behind)
            s->blind_eligible |= (uint8_t)(1u << p);
    s->seen = (uint8_t)(~s->blind_eligible & 0xF); /* only a possible blind nil hides a hand */
    s->head.phase = TC_PHASE_SETUP;
    s->head.dealer = (int8_t)dealer;
    s->head.players = TC_SPADES_PLAYERS;
    s->head.leader = s->head.to_act = (int8_t)((dealer + 1) & 3);
    s->first_renege = -1;
    s->misdeal_seat = -1;
}

int tc_spades_start(const tc_spades_rules *r, tc_spades_state *s, const tc_mask *hands, int dealer,
                    const int32_t *scores, const int16_t *bags)
{
    int rc = tc_spades_check_rules(r);
    if (rc != TC_OK) return rc;
    if (dealer < 0 || dealer >= TC_SPADES_PLAYERS) return TC_ERR_ARGUMENT;
    for (int k = 0; k < tc_spades_sides(r); ++k)
        if (!within(scores[k], -TC_SPADES_MAX_SCORE, TC_SPADES_MAX_SCORE) || bags[k] < 0 ||
            bags[k] >= r->bag_limit)
            return TC_ERR_ARGUMENT;
    tc_mask seen = 0;
    for (int p = 0; p < TC_SPADES_PLAYERS; ++p) {
        if (hands[p] & ~r->deck) return TC_ERR_CARD_RANGE;
        if (hands[p] & seen) return TC_ERR_DUPLICATE;
        if (tc_popcount(hands[p]) != TC_SPADES_TRICKS) return TC_ERR_ARGUMENT;
        seen |= hands[p];
    }
    begin_deal(r, s, hands, dealer, scores, bags);
    return TC_OK;
}

int tc_spades_play(const tc_spades_rules *r, tc_spades_state *s, int card, int *refusal)
{
    *refusal = TC_ACCEPTED;
    if (s->head.phase != TC_PHASE_PLAY) {
        *refusal = TC_REFUSE_NOT_PLAYING;
        return TC_ERR_STATE;
    }
    if (card < 0 || card >= TC_NUM_CARD_IDS) {
        *refusal = TC_REFUSE_NOT_HELD;
        return TC_ERR_CARD_RANGE;
    }
    tc_mask bit = tc_bit(card);
    int seat = s->head.to_act;
    if (!(s->hands[seat] & bit)) {
        *refusal = TC_REFUSE_NOT_HELD;
        for (int p = 0; p < TC_SPADES_PLAYERS; ++p)
            if (s->hands[p] & bit) *refusal = TC_REFUSE_NOT_YOUR_TURN;
        return TC_ERR_ILLEGAL;
    }
    int why = TC_ACCEPTED;
    if (!(tc_spades_legal_explained(r, s, bit, &why) & bit)) {
        *refusal = why;
        if (!r->table_mode) return TC_ERR_ILLEGAL;
        s->reneged |= (uint8_t)(1u << seat);
        if (s->first_renege < 0) s->first_renege = (int8_t)seat;
    }
    tc_spades_play_unchecked(r, s, card);
    return TC_OK;
}

int tc_spades_bid_refusal(const tc_spades_rules *r, const tc_spades_state *s, int code)
{
    if (code < TC_SPADES_NIL || code > TC_SPADES_BLIND_NIL) return TC_REFUSE_BAD_BID;
    if (tc_spades_legal_bids(r, s) >> code & 1) return TC_ACCEPTED;
    int seat = s->head.to_act;
    if (code == TC_SPADES_BLIND_NIL) {
        if (!r->blind_nil) return TC_REFUSE_BLIND_OFF;
        if (!(s->blind_eligible >> seat & 1)) return TC_REFUSE_BLIND_NOT_BEHIND;
        if (s->seen >> seat & 1) return TC_REFUSE_BLIND_SEEN;
    }
    switch (r->bidding) {
    case TC_SPADES_SUICIDE:
        return s->bids[seat ^ 2] == TC_SPADES_NIL || s->bids[seat ^ 2] == TC_SPADES_BLIND_NIL
                   ? TC_REFUSE_SUICIDE_NUMBER
                   : TC_REFUSE_SUICIDE_NIL;
    case TC_SPADES_MIRROR: return TC_REFUSE_MIRROR_COUNT;
    case TC_SPADES_WHIZ: return TC_REFUSE_WHIZ_COUNT;
    default: return TC_REFUSE_BAD_BID;
    }
}

int tc_spades_bid(const tc_spades_rules *r, tc_spades_state *s, int code, int *refusal)
{
    if (s->head.phase != TC_PHASE_SETUP) {
        *refusal = TC_REFUSE_NOT_BIDDING;
        return TC_ERR_STATE;
    }
    *refusal = tc_spades_bid_refusal(r, s, code);
    if (*refusal != TC_ACCEPTED) return TC_ERR_ILLEGAL;
    tc_spades_bid_unchecked(s, code);
    return TC_OK;
}

int tc_spades_look(const tc_spades_rules *r, tc_spades_state *s, int seat, int *refusal)
{
    (void)r;
    *refusal = TC_ACCEPTED;
    if (s->head.phase != TC_PHASE_SETUP)
        *refusal = TC_REFUSE_NOT_BIDDING;
    else if (seat < 0 || seat >= TC_SPADES_PLAYERS)
        *refusal = TC_REFUSE_BAD_SEAT;
    else if (s->seen >> seat & 1)
        *refusal = TC_REFUSE_ALREADY_SEEN;
    if (*refusal == TC_REFUSE_NOT_BIDDING) return TC_ERR_STATE;
    if (*refusal == TC_REFUSE_BAD_SEAT) return TC_ERR_ARGUMENT;
    if (*refusal != TC_ACCEPTED) return TC_ERR_ILLEGAL;
    s->seen |= (uint8_t)(1u << seat);
    return TC_OK;
}

int tc_spades_claim_misdeal(const tc_spades_rules *r, tc_spades_state *s, int seat, int *refusal)
{
    *refusal = TC_ACCEPTED;
    if (s->head.phase != TC_PHASE_SETUP)
        *refusal = TC_REFUSE_NOT_BIDDING;
    else if (seat < 0 || seat >= TC_SPADES_PLAYERS)
        *refusal = TC_REFUSE_BAD_SEAT;
    else if (!r->misdeal)
        *refusal = TC_REFUSE_NO_MISDEAL;
    else if (s->bids_made)
        *refusal = TC_REFUSE_MISDEAL_LATE;
    else if (!tc_spades_misdeal_reasons(r, s->hands[seat]))
        *refusal = TC_REFUSE_MISDEAL_HAND;
    if (*refusal == TC_REFUSE_NOT_BIDDING) return TC_ERR_STATE;
    if (*refusal == TC_REFUSE_BAD_SEAT) return TC_ERR_ARGUMENT;
    if (*refusal != TC_ACCEPTED) return TC_ERR_ILLEGAL;
    s->seen |= (uint8_t)(1u << seat);
    s->misdeal_seat = (int8_t)seat;
    s->head.phase = TC_PHASE_OVER;
    s->head.to_act = -1;
    return TC_OK;
}

/* A misdeal scores nothing; otherwise see tc_spades_score_tricks. */
void tc_spades_score(const tc_spades_rules *r, const tc_spades_state *s, tc_spades_result *out)
{
    memset(out, 0, sizeof *out);
    if (s->misdeal_seat >= 0) {
        for (int k = 0; k < tc_spades_sides(r); ++k) {
            out->totals[k] = s->scores[k];
            out->bags[k] = s->bags[k];
        }
        return;
    }
    int offender = s->first_renege >= 0 ? tc_spades_side(r, s->first_renege) : -1;
    tc_spades_score_tricks(r, s->bids, s->head.tricks_won, s->scores, s->bags, offender, out);
}

/* ---- The bidding evaluator ---- */

/* The entry of a side suit of `length` cards with `honours` = ace << 1 | king. */
#define SIDE_SUIT_(length, honours) \
    (((honours) >> 1 & ((length) <= 6)) + ((honours) == 3 && (length) <= 4) + 16 * ((length) == 0))
/* The entry of the holding whose rank bits (ace first) are the arguments; the table below is
 * spelled out by the preprocessor, one rank bit per macro level, ace outermost: 8,192 entries in
 * holding order. */
#define HOLDING_(a, k, q, j, t, r9, r8, r7, r6, r5, r4, r3, r2) \
    SIDE_SUIT_((a + k + q + j + t + r9 + r8 + r7 + r6 + r5 + r4 + r3 + r2), (a * 2 + k))
#define HOLDINGS1_(...) HOLDING_(__VA_ARGS__, 0), HOLDING_(__VA_ARGS__, 1)
#define HOLDINGS2_(...) HOLDINGS1_(__VA_ARGS__, 0), HOLDINGS1_(__VA_ARGS__, 1)
#define HOLDINGS3_(...) HOLDINGS2_(__VA_ARGS__, 0), HOLDINGS2_(__VA_ARGS__, 1)
#define HOLDINGS4_(...) HOLDINGS3_(__VA_ARGS__, 0), HOLDINGS3_(__VA_ARGS__, 1)
#define HOLDINGS5_(...) HOLDINGS4_(__VA_ARGS__, 0), HOLDINGS4_(__VA_ARGS__, 1)
#define HOLDINGS6_(...) HOLDINGS5_(__VA_ARGS__, 0), HOLDINGS5_(__VA_ARGS__, 1)
#define HOLDINGS7_(...) HOLDINGS6_(__VA_ARGS__, 0), HOLDINGS6_(__VA_ARGS__, 1)
#define HOLDINGS8_(...) HOLDINGS7_(__VA_ARGS__, 0), HOLDINGS7_(__VA_ARGS__, 1)
#define HOLDINGS9_(...) HOLDINGS8_(__VA_ARGS__, 0), HOLDINGS8_(__VA_ARGS__, 1)
#define HOLDINGS10_(...) HOLDINGS9_(__VA_ARGS__, 0), HOLDINGS9_(__VA_ARGS__, 1)
#define HOLDINGS11_(...) HOLDINGS10_(__VA_ARGS__, 0), HOLDINGS10_(__VA_ARGS__, 1)
#define HOLDINGS12_(a) HOLDINGS11_(a, 0), HOLDINGS11_(a, 1)

const uint8_t tc_spades_side_holding[1 << TC_NUM_RANKS] = {HOLDINGS12_(0), HOLDINGS12_(1)};

int tc_spades_nearest_bid(uint32_t legal, int want)
{
    uint32_t numbers = legal & ~(UINT32_C(1) << TC_SPADES_BLIND_NIL);
    uint32_t below = numbers & ((UINT32_C(1) << want) - 1), above = numbers & ~below;
    if (!below) return tc_lowest(above);
    int down = tc_highest(below);
    if (!above) return down;
    int up = tc_lowest(above);
    return up - want <= want - down ? up : down;
}

int tc_spades_policy_bid(const tc_spades_rules *r, const tc_spades_state *s)
{
    int seat = s->head.to_act;
    return tc_spades_choose_bid(r, tc_spades_legal_bids(r, s), s->hands[seat],
                                behind(r, s->scores, seat));
}
