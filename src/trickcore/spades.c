#include "trickcore/spades.h"

#include <string.h>

#include "trickcore/deal.h"
#include "trickcore/status.h"

static int is_flag(int8_t v) { return v == 0 || v == 1; }

static int within(int32_t v, int32_t low, int32_t high) { return v >= low && v <= high; }

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
    s->phase = TC_SPADES_BIDDING;
    s->dealer = (int8_t)dealer;
    s->leader = s->to_act = (int8_t)((dealer + 1) & 3);
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
    *refusal = TC_SPADES_ACCEPTED;
    if (s->phase != TC_SPADES_PLAYING) {
        *refusal = TC_SPADES_NOT_PLAYING;
        return TC_ERR_STATE;
    }
    if (card < 0 || card >= TC_NUM_CARD_IDS) {
        *refusal = TC_SPADES_NOT_HELD;
        return TC_ERR_CARD_RANGE;
    }
    tc_mask bit = tc_bit(card);
    int seat = s->to_act;
    if (!(s->hands[seat] & bit)) {
        *refusal = TC_SPADES_NOT_HELD;
        for (int p = 0; p < TC_SPADES_PLAYERS; ++p)
            if (s->hands[p] & bit) *refusal = TC_SPADES_NOT_YOUR_TURN;
        return TC_ERR_ILLEGAL;
    }
    int why = TC_SPADES_ACCEPTED;
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
    if (code < TC_SPADES_NIL || code > TC_SPADES_BLIND_NIL) return TC_SPADES_BAD_BID;
    if (tc_spades_legal_bids(r, s) >> code & 1) return TC_SPADES_ACCEPTED;
    int seat = s->to_act;
    if (code == TC_SPADES_BLIND_NIL) {
        if (!r->blind_nil) return TC_SPADES_BLIND_OFF;
        if (!(s->blind_eligible >> seat & 1)) return TC_SPADES_BLIND_NOT_BEHIND;
        if (s->seen >> seat & 1) return TC_SPADES_BLIND_SEEN;
    }
    switch (r->bidding) {
    case TC_SPADES_SUICIDE:
        return s->bids[seat ^ 2] == TC_SPADES_NIL || s->bids[seat ^ 2] == TC_SPADES_BLIND_NIL
                   ? TC_SPADES_SUICIDE_NUMBER
                   : TC_SPADES_SUICIDE_NIL;
    case TC_SPADES_MIRROR: return TC_SPADES_MIRROR_COUNT;
    case TC_SPADES_WHIZ: return TC_SPADES_WHIZ_COUNT;
    default: return TC_SPADES_BAD_BID;
    }
}

int tc_spades_bid(const tc_spades_rules *r, tc_spades_state *s, int code, int *refusal)
{
    if (s->phase != TC_SPADES_BIDDING) {
        *refusal = TC_SPADES_NOT_BIDDING;
        return TC_ERR_STATE;
    }
    *refusal = tc_spades_bid_refusal(r, s, code);
    if (*refusal != TC_SPADES_ACCEPTED) return TC_ERR_ILLEGAL;
    tc_spades_bid_unchecked(s, code);
    return TC_OK;
}

int tc_spades_look(const tc_spades_rules *r, tc_spades_state *s, int seat, int *refusal)
{
    (void)r;
    *refusal = TC_SPADES_ACCEPTED;
    if (s->phase != TC_SPADES_BIDDING) *refusal = TC_SPADES_NOT_BIDDING;
    else if (seat < 0 || seat >= TC_SPADES_PLAYERS) *refusal = TC_SPADES_BAD_SEAT;
    else if (s->seen >> seat & 1) *refusal = TC_SPADES_ALREADY_SEEN;
    if (*refusal == TC_SPADES_NOT_BIDDING) return TC_ERR_STATE;
    if (*refusal == TC_SPADES_BAD_SEAT) return TC_ERR_ARGUMENT;
    if (*refusal != TC_SPADES_ACCEPTED) return TC_ERR_ILLEGAL;
    s->seen |= (uint8_t)(1u << seat);
    return TC_OK;
}

int tc_spades_claim_misdeal(const tc_spades_rules *r, tc_spades_state *s, int seat, int *refusal)
{
    *refusal = TC_SPADES_ACCEPTED;
    if (s->phase != TC_SPADES_BIDDING) *refusal = TC_SPADES_NOT_BIDDING;
    else if (seat < 0 || seat >= TC_SPADES_PLAYERS) *refusal = TC_SPADES_BAD_SEAT;
    else if (!r->misdeal) *refusal = TC_SPADES_NO_MISDEAL;
    else if (s->bids_made) *refusal = TC_SPADES_MISDEAL_LATE;
    else if (!tc_spades_misdeal_reasons(r, s->hands[seat])) *refusal = TC_SPADES_MISDEAL_HAND;
    if (*refusal == TC_SPADES_NOT_BIDDING) return TC_ERR_STATE;
    if (*refusal == TC_SPADES_BAD_SEAT) return TC_ERR_ARGUMENT;
    if (*refusal != TC_SPADES_ACCEPTED) return TC_ERR_ILLEGAL;
    s->seen |= (uint8_t)(1u << seat);
    s->misdeal_seat = (int8_t)seat;
    s->phase = TC_SPADES_OVER;
    s->to_act = -1;
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
    tc_spades_score_tricks(r, s->bids, s->tricks_won, s->scores, s->bags, offender, out);
}

/* ---- The bidding evaluator ---- */

#define SIDE_SUIT_(length, honours)                                                        \
    (((honours) >> 1 & ((length) <= 6)) + ((honours) == 3 && (length) <= 4) + 16 * ((length) == 0))
#define SIDE_SUIT_ROW_(length)                                                             \
    {SIDE_SUIT_(length, 0), SIDE_SUIT_(length, 1), SIDE_SUIT_(length, 2), SIDE_SUIT_(length, 3)}

const uint8_t tc_spades_side_suit[TC_NUM_RANKS + 1][4] = {
    SIDE_SUIT_ROW_(0),  SIDE_SUIT_ROW_(1),  SIDE_SUIT_ROW_(2),  SIDE_SUIT_ROW_(3),
    SIDE_SUIT_ROW_(4),  SIDE_SUIT_ROW_(5),  SIDE_SUIT_ROW_(6),  SIDE_SUIT_ROW_(7),
    SIDE_SUIT_ROW_(8),  SIDE_SUIT_ROW_(9),  SIDE_SUIT_ROW_(10), SIDE_SUIT_ROW_(11),
    SIDE_SUIT_ROW_(12), SIDE_SUIT_ROW_(13)};

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
    int seat = s->to_act;
    return tc_spades_choose_bid(r, tc_spades_legal_bids(r, s), s->hands[seat],
                                behind(r, s->scores, seat));
}

/* ---- Play policies ---- */

/* Strength for choosing among cards: rank in a side suit, trumps above every side card. */
static int strength(int card)
{
    return card >= 39 ? 16 + card - 39 : tc_rank(card); /* spades 39..51, then the jokers */
}

static int weakest(tc_mask m)
{
    int best = tc_lowest(m);
    for (m &= m - 1; m; m &= m - 1)
        if (strength(tc_lowest(m)) < strength(best)) best = tc_lowest(m);
    return best;
}

static int strongest(tc_mask m)
{
    int best = tc_lowest(m);
    for (m &= m - 1; m; m &= m - 1)
        if (strength(tc_lowest(m)) > strength(best)) best = tc_lowest(m);
    return best;
}

/* The legal cards that would win the trick as it stands, by the trick kernel. */
static tc_mask winning_cards(const tc_spades_rules *r, const tc_spades_state *s, tc_mask legal)
{
    uint8_t trick[TC_SPADES_PLAYERS];
    memcpy(trick, s->trick, sizeof trick);
    tc_mask wins = 0;
    for (tc_mask m = legal; m; m &= m - 1) {
        trick[s->trick_len] = (uint8_t)tc_lowest(m);
        if (tc_trick_winner_table(&r->trick, trick, s->trick_len + 1) == s->trick_len)
            wins |= m & (0 - m);
    }
    return wins;
}

/* Greedy play. A nil bidder ducks: the strongest card that does not win, else the strongest.
 * Others lead a card no other hand can beat in its suit (the weakest such), else their weakest
 * card; follow with the weakest card when the partner is winning, else the weakest card that
 * wins, else the weakest card. Weakest and strongest by strength (side suits below trumps, ties
 * to the lowest card id). */
static int greedy_card(const tc_spades_rules *r, const tc_spades_state *s, tc_mask legal)
{
    int seat = s->to_act, bid = s->bids[seat];
    int nil = bid == TC_SPADES_NIL || bid == TC_SPADES_BLIND_NIL;
    if (s->trick_len == 0) {
        if (nil) return weakest(legal);
        tc_mask others = 0, top = 0;
        for (int p = 0; p < TC_SPADES_PLAYERS; ++p)
            if (p != seat) others |= s->hands[p];
        for (tc_mask m = legal; m; m &= m - 1) {
            int c = tc_lowest(m);
            tc_mask above = ~((tc_bit(c) << 1) - 1);
            if (!(others & r->suit_masks[tc_spades_suit(r, c)] & above)) top |= tc_bit(c);
        }
        return weakest(top ? top : legal);
    }
    tc_mask wins = winning_cards(r, s, legal);
    if (nil) return strongest(legal & ~wins ? legal & ~wins : legal);
    int current = (s->leader + tc_trick_winner_table(&r->trick, s->trick, s->trick_len)) & 3;
    if (r->partnerships && current == (seat ^ 2)) return weakest(legal);
    return weakest(wins ? wins : legal);
}

int tc_spades_policy_card(const tc_spades_rules *r, const tc_spades_state *s, int policy,
                          tc_draw *d)
{
    tc_mask legal = tc_spades_legal(r, s);
    return policy == TC_SPADES_GREEDY ? greedy_card(r, s, legal) : tc_lowest(tc_draw_bit(d, legal));
}

static int check_policy(int policy)
{
    return policy == TC_SPADES_RANDOM || policy == TC_SPADES_GREEDY ? TC_OK : TC_ERR_ARGUMENT;
}

/* Bids the rest of the bidding phase with the evaluator; returns the legal-bid masks in order. */
static void bid_all(const tc_spades_rules *r, tc_spades_state *s, uint32_t *legal_bids)
{
    for (int i = 0; s->phase == TC_SPADES_BIDDING; ++i) {
        if (legal_bids) legal_bids[i] = tc_spades_legal_bids(r, s);
        tc_spades_bid_unchecked(s, tc_spades_policy_bid(r, s));
    }
}

int tc_spades_playouts(const tc_spades_rules *r, const tc_spades_state *start, bitgen_t *rng,
                       int policy, int64_t count, tc_spades_result *results)
{
    int rc = tc_spades_check_rules(r);
    if (rc == TC_OK) rc = check_policy(policy);
    if (rc != TC_OK) return rc;
    tc_draw d;
    tc_draw_init(&d, rng);
    for (int64_t i = 0; i < count; ++i) {
        tc_spades_state s = *start;
        bid_all(r, &s, 0);
        while (s.phase == TC_SPADES_PLAYING)
            tc_spades_play_unchecked(r, &s, tc_spades_policy_card(r, &s, policy, &d));
        tc_spades_score(r, &s, results + i);
    }
    return TC_OK;
}

/* Shuffles and deals until no hand qualifies for a misdeal (each qualifying deal is redealt by
 * the same dealer, as if its first qualifying seat asked). Returns the number of redeals, or -1
 * past TC_SPADES_MAX_REDEALS. */
static int deal_one(const tc_spades_rules *r, bitgen_t *rng, uint8_t *deck, tc_mask *hands)
{
    for (int redeals = 0; redeals <= TC_SPADES_MAX_REDEALS; ++redeals) {
        tc_shuffle(rng, deck, TC_SPADES_PLAYERS * TC_SPADES_TRICKS);
        int misdeal = 0;
        for (int p = 0; p < TC_SPADES_PLAYERS; ++p) {
            tc_mask hand = 0;
            const uint8_t *dealt = deck + p * TC_SPADES_TRICKS;
            for (int i = 0; i < TC_SPADES_TRICKS; ++i) hand |= tc_bit(dealt[i]);
            hands[p] = hand;
            misdeal |= r->misdeal && tc_spades_misdeal_reasons(r, hand);
        }
        if (!misdeal) return redeals;
    }
    return -1;
}

int tc_spades_simulate(const tc_spades_rules *r, bitgen_t *rng, int policy, int64_t count,
                       const tc_spades_block *out)
{
    int rc = tc_spades_check_rules(r);
    if (rc == TC_OK) rc = check_policy(policy);
    if (rc != TC_OK) return rc;
    enum { DECK = TC_SPADES_PLAYERS * TC_SPADES_TRICKS };
    const int32_t zero_scores[TC_SPADES_PLAYERS] = {0, 0, 0, 0};
    const int16_t zero_bags[TC_SPADES_PLAYERS] = {0, 0, 0, 0};
    int sides = tc_spades_sides(r);
    uint8_t deck[DECK];
    int k = 0;
    for (tc_mask m = r->deck; m; m &= m - 1) deck[k++] = (uint8_t)tc_lowest(m);
    tc_draw d;
    tc_draw_init(&d, rng);
    /* One deal is a single long dependency chain; playing TC_SPADES_LANES deals side by side, a
     * card at a time each, lets the CPU overlap them. Lanes past `count` are played and dropped,
     * so deal j never depends on count. */
    for (int64_t first = 0; first < count; first += TC_SPADES_LANES) {
        tc_spades_state s[TC_SPADES_LANES];
        tc_mask hands[TC_SPADES_LANES][TC_SPADES_PLAYERS];
        uint32_t legal_bids[TC_SPADES_LANES][TC_SPADES_PLAYERS];
        int redeals[TC_SPADES_LANES];
        int lanes = count - first < TC_SPADES_LANES ? (int)(count - first) : TC_SPADES_LANES;
        for (int lane = 0; lane < TC_SPADES_LANES; ++lane) {
            redeals[lane] = deal_one(r, rng, deck, hands[lane]);
            if (redeals[lane] < 0) return TC_ERR_ARGUMENT;
            begin_deal(r, &s[lane], hands[lane], 0, zero_scores, zero_bags);
            bid_all(r, &s[lane], legal_bids[lane]);
        }
        for (int i = 0; i < DECK; ++i) {
            for (int lane = 0; lane < TC_SPADES_LANES; ++lane) {
                tc_mask legal = tc_spades_legal(r, &s[lane]);
                int card = policy == TC_SPADES_GREEDY ? greedy_card(r, &s[lane], legal)
                                                      : tc_lowest(tc_draw_bit(&d, legal));
                if (out->plays && lane < lanes) {
                    out->plays[(first + lane) * DECK + i] = (uint8_t)card;
                    out->legal[(first + lane) * DECK + i] = legal;
                }
                tc_spades_play_unchecked(r, &s[lane], card);
            }
        }
        for (int lane = 0; lane < lanes; ++lane) {
            int64_t j = first + lane;
            tc_spades_result result;
            tc_spades_score(r, &s[lane], &result);
            for (int p = 0; p < TC_SPADES_PLAYERS; ++p) {
                out->bids[j * TC_SPADES_PLAYERS + p] = s[lane].bids[p];
                out->tricks[j * TC_SPADES_PLAYERS + p] = s[lane].tricks_won[p];
            }
            for (int side = 0; side < sides; ++side) {
                out->points[j * sides + side] = result.points[side];
                out->bags[j * sides + side] = result.bags_taken[side];
                out->made[j * sides + side] = (uint8_t)result.made[side];
            }
            out->redeals[j] = (int16_t)redeals[lane];
            if (out->hands)
                memcpy(out->hands + j * TC_SPADES_PLAYERS, hands[lane], sizeof hands[lane]);
            if (out->legal_bids)
                memcpy(out->legal_bids + j * TC_SPADES_PLAYERS, legal_bids[lane],
                       sizeof legal_bids[lane]);
        }
    }
    return TC_OK;
}
