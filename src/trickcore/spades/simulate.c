/* Spades playouts: random and greedy policies, playouts from a state, and the block loop (deal,
 * evaluator bids, play, score); random play goes by whole tricks from masks on playout.h's fast
 * path (docs/kernels.md, "Spades"; streams: docs/random-streams.md, "Spades"). */
#include "trickcore/spades/spades.h"

#include <string.h>

#include "trickcore/core/deal.h"
#include "trickcore/core/playout.h"
#include "trickcore/core/status.h"

#if TC_SPADES_LANES % 2
#error "random play draws a word per pair of lanes"
#endif

/* ---- Greedy policy ---- */

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
    memcpy(trick, s->head.trick, sizeof trick);
    tc_mask wins = 0;
    for (tc_mask m = legal; m; m &= m - 1) {
        trick[s->head.trick_len] = (uint8_t)tc_lowest(m);
        if (tc_trick_winner_table(&r->trick, trick, s->head.trick_len + 1) == s->head.trick_len)
            wins |= m & (0 - m);
    }
    return wins;
}

/* The seat winning the trick in progress (at least one card played). */
static int current_winner(const tc_spades_rules *r, const tc_spades_state *s)
{
    return (s->head.leader + tc_trick_winner_table(&r->trick, s->head.trick, s->head.trick_len)) &
           3;
}

/* Greedy: a bidder who must not win (`duck`) plays under; others lead sure winners and win
 * cheaply unless the partner is winning. Tie-breaks in docs/rules/spades.md, "Simulation". */
static int greedy_card(const tc_spades_rules *r, const tc_spades_state *s, tc_mask legal, int duck)
{
    int seat = s->head.to_act;
    if (s->head.trick_len == 0) {
        if (duck) return weakest(legal);
        tc_mask others = 0, top = 0; /* their union: the unplayed cards not held, public */
        for (int p = 0; p < TC_SPADES_PLAYERS; ++p)
            if (p != seat) others |= s->hands[p];
        for (tc_mask m = legal; m; m &= m - 1) {
            int c = tc_lowest(m);
            if (!(others & r->suit_masks[tc_spades_suit(r, c)] & tc_above(c))) top |= tc_bit(c);
        }
        return weakest(top ? top : legal);
    }
    tc_mask wins = winning_cards(r, s, legal);
    if (duck) return strongest(legal & ~wins ? legal & ~wins : legal);
    if (r->partnerships && current_winner(r, s) == (seat ^ 2)) return weakest(legal);
    return weakest(wins ? wins : legal);
}

static int is_nil(int bid)
{
    return bid == TC_SPADES_NIL || bid == TC_SPADES_BLIND_NIL;
}

/* The rule player (docs/environments.md, "Spades"): ducks as a nil bidder or once its side's
 * contract is made, covers a partner's nil that has taken no trick (high while the partner is to
 * play, over the partner when it is winning), and otherwise plays greedy. */
static int rule_card(const tc_spades_rules *r, const tc_spades_state *s, tc_mask legal)
{
    int seat = s->head.to_act, partner = seat ^ 2, sides = tc_spades_sides(r), contract = 0,
        won = 0;
    for (int p = tc_spades_side(r, seat); p < TC_SPADES_PLAYERS; p += sides)
        if (!is_nil(s->bids[p])) {
            contract += s->bids[p];
            won += s->head.tricks_won[p];
        }
    int duck = is_nil(s->bids[seat]) || won >= contract;
    if (is_nil(s->bids[seat]) || !r->partnerships || !is_nil(s->bids[partner]) ||
        s->head.tricks_won[partner])
        return greedy_card(r, s, legal, duck);
    if (s->head.trick_len == 0) return strongest(legal);
    tc_mask wins = winning_cards(r, s, legal);
    if (current_winner(r, s) == partner) return wins ? weakest(wins) : weakest(legal);
    if ((partner - s->head.leader + 4) % 4 > s->head.trick_len) /* the partner is still to play */
        return wins ? strongest(wins) : weakest(legal);
    return greedy_card(r, s, legal, duck);
}

int tc_spades_policy_card(const tc_spades_rules *r, const tc_spades_state *s, int policy,
                          tc_draw8 *d)
{
    tc_mask legal = tc_spades_legal(r, s);
    return policy == TC_SPADES_GREEDY ? greedy_card(r, s, legal, is_nil(s->bids[s->head.to_act]))
           : policy == TC_SPADES_RULE ? rule_card(r, s, legal)
                                      : tc_lowest(tc_draw8_bit(d, legal, TC_ISA_PORTABLE));
}

static int check_policy(int policy)
{
    return policy == TC_SPADES_RANDOM || policy == TC_SPADES_GREEDY ? TC_OK : TC_ERR_ARGUMENT;
}

/* ---- Move by move ---- */

/* One move of `policy` for the seat to act: the evaluator's bid, or a card, recorded. */
static TC_ALWAYS_INLINE void policy_move(const tc_spades_rules *r, tc_spades_state *s, int policy,
                                         tc_draw8 *d, int isa, tc_playout_recorder *rec)
{
    if (s->head.phase == TC_PHASE_SETUP) {
        tc_spades_bid_unchecked(s, tc_spades_policy_bid(r, s));
        return;
    }
    tc_mask legal = tc_spades_legal(r, s);
    int card = policy == TC_SPADES_RANDOM ? tc_lowest(tc_playout_pick(d, legal, isa))
                                          : tc_spades_policy_card(r, s, policy, d);
    tc_playout_record(rec, card, legal);
    tc_spades_play_unchecked(r, s, card);
}

void tc_spades_policy_move(const tc_spades_rules *r, tc_spades_state *s, int policy, tc_draw8 *d)
{
    policy_move(r, s, policy, d, TC_ISA_PORTABLE, 0);
}

/* Plays `s` one move at a time under every rule (the evaluator's bids, then cards of `policy`)
 * as long as random play cannot go on by whole tricks: to the end for the greedy and rule
 * policies, to the end of the trick under way for the random one. */
static TC_ALWAYS_INLINE void play_moves(const tc_spades_rules *r, tc_spades_state *s, int policy,
                                        tc_draw8 *d, int isa, tc_playout_recorder *rec)
{
    while (s->head.phase == TC_PHASE_SETUP) policy_move(r, s, policy, d, isa, rec);
    while (s->head.phase == TC_PHASE_PLAY && (policy != TC_SPADES_RANDOM || s->head.trick_len))
        policy_move(r, s, policy, d, isa, rec);
}

/* ---- Random play by whole tricks, several deals side by side ---- */

/* What changes from trick to trick: unplayed cards, the cards a lead avoids (trumps until broken),
 * each trick's winning card, and the leader (the seat i after it holds dealt[leader + i]). */
typedef struct {
    tc_mask unplayed, unbroken, wins;
    int leader;
} trick_state;

/* A deal played by whole tricks: each seat's cards at the start (twice over, so that the seat
 * `i` places after the leader is dealt[leader + i] without a wrap), who holds each card, and the
 * state. */
typedef struct {
    tc_mask dealt[2 * TC_SPADES_PLAYERS];
    tc_seat_map seats;
    trick_state now;
} trick_play;

/* What the trick loop looks up, made from the rules once per block (a local copy: stores to the
 * lanes cannot alias it): the trumps, and for a trick led with each card the cards that follow
 * it. */
typedef struct {
    tc_mask trumps, follow[TC_NUM_CARD_IDS];
} trick_loop;

static void trick_loop_init(trick_loop *tl, const tc_spades_rules *r)
{
    tl->trumps = r->trumps;
    for (int card = 0; card < TC_NUM_CARD_IDS; ++card)
        tl->follow[card] = r->suit_masks[tc_spades_suit(r, card)];
}

/* A deal at the start of a trick: the hands, the leader, whether spades are broken. */
static TC_ALWAYS_INLINE void trick_play_start(trick_play *p, const tc_mask *hands, int leader,
                                              int broken, tc_mask trumps)
{
    p->now.unplayed = 0;
    for (int seat = 0; seat < TC_SPADES_PLAYERS; ++seat) {
        p->dealt[seat] = p->dealt[seat + TC_SPADES_PLAYERS] = hands[seat];
        p->now.unplayed |= hands[seat];
    }
    tc_seat_map_init(&p->seats, hands, TC_SPADES_PLAYERS);
    p->now.unbroken = broken ? 0 : trumps;
    p->now.wins = 0;
    p->now.leader = leader;
}

/* Tricks won per seat at the end of the play: `before` (those won when it started) and the
 * winning cards each seat held. */
static TC_ALWAYS_INLINE void trick_play_won(const trick_play *p, const int8_t *before, int8_t *won)
{
    for (int seat = 0; seat < TC_SPADES_PLAYERS; ++seat)
        won[seat] = (int8_t)(before[seat] + tc_popcount(p->now.wins & p->dealt[seat]));
}

/* One random trick of deal `p` in state `now`: the lead from the top byte of the 32 `bits`, the
 * followers from the low 24 as one batch (tc_follow_cards); rejections redraw there and then.
 * `last` (one card each, no draw) is a constant (docs/random-streams.md, "Spades"). */
static TC_ALWAYS_INLINE void random_trick(const trick_loop *tl, int last, const trick_play *p,
                                          trick_state *now, uint32_t bits, bitgen_t *rng, int isa,
                                          tc_playout_recorder *rec)
{
    const tc_mask *hands = p->dealt + now->leader, unplayed = now->unplayed;
    tc_mask held[TC_SPADES_PLAYERS], cards, led;
    for (int i = 0; i < TC_SPADES_PLAYERS; ++i) held[i] = unplayed & hands[i];
    if (last) {
        for (int i = 0; i < TC_SPADES_PLAYERS; ++i)
            tc_playout_record(rec, tc_lowest(held[i]), held[i]);
        cards = unplayed;
        led = tl->follow[tc_lowest(held[0])];
    } else {
        tc_mask kept = held[0] & ~now->unbroken, lead = kept ? kept : held[0];
        cards = tc_draw8_bit_chunk(rng, lead, bits >> 24, isa);
        tc_playout_record(rec, tc_lowest(cards), lead);
        led = tl->follow[tc_lowest(cards)];
        tc_mask follow[TC_SPADES_PLAYERS - 1];
        for (int i = 0; i < TC_SPADES_PLAYERS - 1; ++i) {
            tc_mask on_suit = held[i + 1] & led;
            follow[i] = on_suit ? on_suit : held[i + 1];
        }
        cards |= tc_follow_cards(rng, bits & 0xFFFFFF, follow, isa, rec);
        /* Spades are broken by a trump played to a trick led in another suit. Branch-free (a
         * branch here is taken unpredictably, and compilers turn a select into one): the
         * trumps' bits are below bit 63, so the top bit of -t tells whether t is not 0. */
        tc_mask off_suit = cards & tl->trumps & ~led;
        now->unbroken &= ((0 - off_suit) >> 63) - 1;
    }
    tc_mask winner = tc_bit(tc_trick_winning_card(cards, led, tl->trumps));
    now->unplayed = unplayed & ~cards;
    now->wins |= winner;
    now->leader = tc_seat_map_seat(&p->seats, tc_lowest(winner), TC_SPADES_PLAYERS);
}

/* Plays the lanes' deals from trick `t` to the end, trick by trick, lane by lane, states in
 * locals. The round words come first, one per lane pair (low half: first lane); rejection redraws
 * after them, in play order (docs/random-streams.md, "Spades"). */
static TC_ALWAYS_INLINE void random_tricks(const trick_loop *tl, trick_play *lanes, int t,
                                           bitgen_t *rng, int isa, tc_playout_recorder *recs)
{
    enum { PAIRS = TC_SPADES_LANES / 2 };
    uint64_t words[TC_SPADES_TRICKS - 1][PAIRS];
    for (int round = t; round < TC_SPADES_TRICKS - 1; ++round)
        for (int pair = 0; pair < PAIRS; ++pair) words[round][pair] = rng->next_uint64(rng->state);
    trick_state now[TC_SPADES_LANES];
    for (int l = 0; l < TC_SPADES_LANES; ++l) now[l] = lanes[l].now;
    for (; t < TC_SPADES_TRICKS - 1; ++t) {
        TC_UNROLL(TC_SPADES_LANES)
        for (int l = 0; l < TC_SPADES_LANES; ++l)
            random_trick(tl, 0, &lanes[l], &now[l], (uint32_t)(words[t][l / 2] >> (32 * (l % 2))),
                         rng, isa, tc_playout_lane_recorder(recs, l));
    }
    for (int l = 0; l < TC_SPADES_LANES; ++l) {
        random_trick(tl, 1, &lanes[l], &now[l], 0, rng, isa, tc_playout_lane_recorder(recs, l));
        lanes[l].now = now[l];
    }
}

/* ---- Playouts from a state ---- */

/* Playouts of `*start` with `policy`, a group of lanes at a time: move by move to the start of a
 * trick, then (random policy) by whole tricks; each scored by tc_spades_score, which knows the
 * reneges and the scores and bags of the state. */
static TC_ALWAYS_INLINE void playouts(const tc_spades_rules *r, const tc_spades_state *start,
                                      bitgen_t *rng, int policy, int64_t count,
                                      tc_spades_result *results, int isa)
{
    trick_loop tl;
    trick_loop_init(&tl, r);
    tc_draw8 d;
    tc_draw8_init(&d, rng);
    for (int64_t i0 = 0; i0 < count; i0 += TC_SPADES_LANES) {
        tc_spades_state s[TC_SPADES_LANES];
        trick_play lanes[TC_SPADES_LANES];
        for (int l = 0; l < TC_SPADES_LANES; ++l) {
            s[l] = *start;
            play_moves(r, &s[l], policy, &d, isa, 0);
        }
        if (s[0].head.phase == TC_PHASE_PLAY) {
            for (int l = 0; l < TC_SPADES_LANES; ++l)
                trick_play_start(&lanes[l], s[l].hands, s[l].head.leader, s[l].spades_broken,
                                 tl.trumps);
            random_tricks(&tl, lanes, s[0].head.tricks_played, rng, isa, 0);
            for (int l = 0; l < TC_SPADES_LANES; ++l) {
                trick_play_won(&lanes[l], s[l].head.tricks_won, s[l].head.tricks_won);
                s[l].head.phase = TC_PHASE_OVER;
            }
        }
        int within = tc_playout_lanes_within(i0, count, TC_SPADES_LANES);
        for (int l = 0; l < within; ++l) tc_spades_score(r, &s[l], results + i0 + l);
    }
}

static void playouts_portable(const tc_spades_rules *r, const tc_spades_state *start, bitgen_t *rng,
                              int policy, int64_t count, tc_spades_result *results)
{
    playouts(r, start, rng, policy, count, results, TC_ISA_PORTABLE);
}

#ifdef TC_ISA_BMI2_CLONE
TC_ISA_BMI2_TARGET static void random_playouts_bmi2(const tc_spades_rules *r,
                                                    const tc_spades_state *start, bitgen_t *rng,
                                                    int64_t count, tc_spades_result *results)
{
    playouts(r, start, rng, TC_SPADES_RANDOM, count, results, TC_ISA_BMI2);
}
#endif

int tc_spades_playouts(const tc_spades_rules *r, const tc_spades_state *start, bitgen_t *rng,
                       int policy, int64_t count, tc_spades_result *results)
{
    int rc = tc_spades_check_rules(r);
    if (rc == TC_OK && policy != TC_SPADES_RULE) rc = check_policy(policy); /* rule: moves only */
    if (rc != TC_OK) return rc;
#ifdef TC_ISA_BMI2_CLONE
    if (policy == TC_SPADES_RANDOM && tc_isa_best() == TC_ISA_BMI2) {
        random_playouts_bmi2(r, start, rng, count, results);
        return TC_OK;
    }
#endif
    playouts_portable(r, start, rng, policy, count, results);
    return TC_OK;
}

/* ---- Dealing and bidding ---- */

/* Deals with the 4x13 dealer until no hand qualifies for a misdeal (when played), redealing by
 * the same dealer. Returns the number of redeals, or -1 past TC_SPADES_MAX_REDEALS. */
static TC_ALWAYS_INLINE int deal_hands(const tc_spades_rules *r, const tc_dealer *dl, bitgen_t *rng,
                                       tc_mask *hands, int isa)
{
    for (int redeals = 0; redeals <= TC_SPADES_MAX_REDEALS; ++redeals) {
        tc_dealer_deal_4x13_isa(dl, rng, hands, isa);
        if (!r->misdeal) return redeals;
        int misdeal = 0;
        for (int p = 0; p < TC_SPADES_PLAYERS; ++p)
            misdeal |= tc_spades_misdeal_reasons(r, hands[p]);
        if (!misdeal) return redeals;
    }
    return -1;
}

/* The evaluator's bids of a deal by seat 0, every score 0 (so no blind nil; `blind` has bit p when
 * seat p may), variant `bidding`: each seat's legal bids (in bidding order, to `legal_bids` unless
 * NULL) and its bid. */
static TC_ALWAYS_INLINE void bid_deal(const tc_spades_rules *r, int bidding, const tc_mask *hands,
                                      int blind, int8_t *bids, uint32_t *legal_bids)
{
    for (int seat = 0; seat < TC_SPADES_PLAYERS; ++seat) bids[seat] = TC_SPADES_NO_BID;
    for (int i = 0; i < TC_SPADES_PLAYERS; ++i) {
        int seat = (i + 1) & 3;
        uint32_t legal = tc_spades_variant_bids(bidding, tc_popcount(hands[seat] & r->trumps),
                                                bids[seat ^ 2], blind >> seat & 1);
        if (legal_bids) legal_bids[i] = legal;
        bids[seat] = (int8_t)tc_spades_choose_bid(r, legal, hands[seat], 0);
    }
}

/* Scores deal j of the block (every score and bag counter 0 before it, no renege) from its bids
 * and tricks won, and writes them and the score to *out; `sides` as for tc_spades_score_sides. */
static TC_ALWAYS_INLINE void score_deal(const tc_spades_rules *r, int sides, const int8_t *bids,
                                        const int8_t *won, const tc_spades_block *out, int64_t j)
{
    static const int32_t zero_scores[TC_SPADES_PLAYERS] = {0, 0, 0, 0};
    static const int16_t zero_bags[TC_SPADES_PLAYERS] = {0, 0, 0, 0};
    tc_spades_result result;
    tc_spades_score_sides(r, sides, bids, won, zero_scores, zero_bags, -1, &result);
    memcpy(out->bids + j * TC_SPADES_PLAYERS, bids, TC_SPADES_PLAYERS);
    memcpy(out->tricks + j * TC_SPADES_PLAYERS, won, TC_SPADES_PLAYERS);
    for (int side = 0; side < sides; ++side) {
        out->points[j * sides + side] = result.points[side];
        out->bags[j * sides + side] = result.bags_taken[side];
        out->made[j * sides + side] = (uint8_t)result.made[side];
    }
}

/* Greedy play of a dealt and bid deal, move by move from a checked start. */
static void greedy_deal(const tc_spades_rules *r, const tc_mask *hands, const int8_t *bids,
                        tc_playout_recorder *rec, int8_t *won)
{
    static const int32_t zero_scores[TC_SPADES_PLAYERS] = {0, 0, 0, 0};
    static const int16_t zero_bags[TC_SPADES_PLAYERS] = {0, 0, 0, 0};
    tc_spades_state s;
    tc_spades_start(r, &s, hands, 0, zero_scores, zero_bags);
    while (s.head.phase == TC_PHASE_SETUP) tc_spades_bid_unchecked(&s, bids[s.head.to_act]);
    play_moves(r, &s, TC_SPADES_GREEDY, 0, TC_ISA_PORTABLE, rec);
    for (int seat = 0; seat < TC_SPADES_PLAYERS; ++seat) won[seat] = s.head.tricks_won[seat];
}

/* ---- The block loop ---- */

/* Deals, bids, plays and scores a block, a group of lanes at a time: each lane's deal (dealer 0,
 * misdeals redealt) and bids, then their play, then the outputs of the lanes within `count`.
 * Returns a tc_status. */
static TC_ALWAYS_INLINE int simulate_deals(const tc_spades_rules *rules, bitgen_t *rng, int policy,
                                           int64_t count, const tc_spades_block *out, int isa,
                                           int recording)
{
    /* Local copies whose address never leaves the inlined loop (the greedy policy aside): the
     * compiler may then keep their fields in registers across generator calls and byte stores. */
    const tc_spades_rules rules_copy = *rules, *r = &rules_copy;
    tc_dealer dealer;
    tc_dealer_init(&dealer, r->deck, TC_SPADES_PLAYERS, TC_SPADES_TRICKS); /* checked: TC_OK */
    const tc_dealer dl = dealer;
    enum { DECK = TC_SPADES_PLAYERS * TC_SPADES_TRICKS };
    int blind = r->blind_nil && 0 >= r->blind_nil_behind ? 0xF : 0; /* every side at 0 */
    trick_loop tl;
    trick_loop_init(&tl, r);
    for (int64_t j0 = 0; j0 < count; j0 += TC_SPADES_LANES) {
        tc_mask hands[TC_SPADES_LANES][TC_SPADES_PLAYERS];
        int8_t bids[TC_SPADES_LANES][TC_SPADES_PLAYERS];
        uint32_t legal_bids[TC_SPADES_LANES][TC_SPADES_PLAYERS];
        int redeals[TC_SPADES_LANES];
        int8_t won[TC_SPADES_LANES][TC_SPADES_PLAYERS];
        tc_playout_recorder recs[TC_SPADES_LANES] = {{0, 0}};
        int within = tc_playout_lanes_within(j0, count, TC_SPADES_LANES);
        for (int l = 0; l < TC_SPADES_LANES; ++l) {
            redeals[l] = deal_hands(r, &dl, rng, hands[l], isa);
            if (redeals[l] < 0) return TC_ERR_ARGUMENT;
        }
        for (int l = 0; l < TC_SPADES_LANES; ++l) {
            uint32_t *legal = recording ? legal_bids[l] : 0;
            if (r->bidding == TC_SPADES_STANDARD)
                bid_deal(r, TC_SPADES_STANDARD, hands[l], blind, bids[l], legal);
            else
                bid_deal(r, r->bidding, hands[l], blind, bids[l], legal);
            if (recording && l < within)
                tc_playout_recorder_at(&recs[l], out->plays, out->legal, j0 + l, DECK);
        }
        if (policy == TC_SPADES_GREEDY) {
            for (int l = 0; l < TC_SPADES_LANES; ++l)
                greedy_deal(r, hands[l], bids[l], recording ? &recs[l] : 0, won[l]);
        } else {
            static const int8_t none[TC_SPADES_PLAYERS] = {0, 0, 0, 0};
            trick_play lanes[TC_SPADES_LANES];
            for (int l = 0; l < TC_SPADES_LANES; ++l)
                trick_play_start(&lanes[l], hands[l], 1, 0, tl.trumps);
            random_tricks(&tl, lanes, 0, rng, isa, recording ? recs : 0);
            for (int l = 0; l < TC_SPADES_LANES; ++l) trick_play_won(&lanes[l], none, won[l]);
        }
        for (int l = 0; l < within; ++l) {
            int64_t j = j0 + l;
            if (r->partnerships)
                score_deal(r, 2, bids[l], won[l], out, j);
            else
                score_deal(r, TC_SPADES_PLAYERS, bids[l], won[l], out, j);
            out->redeals[j] = (int16_t)redeals[l];
            if (out->hands) memcpy(out->hands + j * TC_SPADES_PLAYERS, hands[l], sizeof hands[l]);
            if (recording)
                memcpy(out->legal_bids + j * TC_SPADES_PLAYERS, legal_bids[l],
                       sizeof legal_bids[l]);
        }
    }
    return TC_OK;
}

/* The hot case, random play without recording, as loops of their own: one for any CPU, and on
 * x86-64 one for CPUs with fast BMI2, chosen at run time. */
static int simulate_random(const tc_spades_rules *r, bitgen_t *rng, int64_t count,
                           const tc_spades_block *out)
{
    return simulate_deals(r, rng, TC_SPADES_RANDOM, count, out, TC_ISA_PORTABLE, 0);
}

#ifdef TC_ISA_BMI2_CLONE
TC_ISA_BMI2_TARGET static int simulate_random_bmi2(const tc_spades_rules *r, bitgen_t *rng,
                                                   int64_t count, const tc_spades_block *out)
{
    return simulate_deals(r, rng, TC_SPADES_RANDOM, count, out, TC_ISA_BMI2, 0);
}
#endif

int tc_spades_simulate(const tc_spades_rules *r, bitgen_t *rng, int policy, int64_t count,
                       const tc_spades_block *out)
{
    int rc = tc_spades_check_rules(r);
    if (rc == TC_OK) rc = check_policy(policy);
    if (rc != TC_OK) return rc;
    if (out->plays) return simulate_deals(r, rng, policy, count, out, TC_ISA_PORTABLE, 1);
    if (policy == TC_SPADES_GREEDY)
        return simulate_deals(r, rng, policy, count, out, TC_ISA_PORTABLE, 0);
#ifdef TC_ISA_BMI2_CLONE
    if (tc_isa_best() == TC_ISA_BMI2) return simulate_random_bmi2(r, rng, count, out);
#endif
    return simulate_random(r, rng, count, out);
}
