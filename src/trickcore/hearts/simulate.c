/* Hearts-family playouts: random and greedy policies, playouts from a state, and the block loop
 * (deal, pass, play, score); random play goes by whole tricks on a fast path. What a seed gives:
 * docs/random-streams.md, "Hearts"; the design: docs/kernels.md, "Hearts". */
#include "trickcore/hearts/hearts.h"

#include <string.h>

#include "trickcore/core/deal.h"
#include "trickcore/core/playout.h"
#include "trickcore/core/status.h"

/* ---- Greedy policy: every choice maximises a key; ties go to the lowest card id. ---- */

static int best_card(tc_mask m, const int32_t *key)
{
    int best = tc_lowest(m);
    for (m &= m - 1; m; m &= m - 1) {
        int c = tc_lowest(m);
        if (key[c] > key[best]) best = c;
    }
    return best;
}

/* Keys over the cards of a mask: `value_weight * value + rank_weight * rank`. */
static void fill_keys(const tc_hearts_rules *r, tc_mask m, int value_weight, int rank_weight,
                      int32_t *key)
{
    for (; m; m &= m - 1) {
        int c = tc_lowest(m);
        key[c] = value_weight * r->values[c] + rank_weight * tc_rank(c);
    }
}

/* Greedy: lead low, follow with the most valuable card that does not win, discard the most
 * valuable card; tie-breaks in docs/rules/hearts.md, "Simulation". */
static int greedy_card(const tc_hearts_rules *r, const tc_hearts_state *s, tc_mask legal)
{
    int32_t key[TC_NUM_CARDS];
    if (s->head.trick_len == 0) {
        fill_keys(r, legal, -1, -4096, key);
        return best_card(legal, key);
    }
    tc_mask led = tc_suit_mask(s->led_suit);
    if (legal & led) {
        tc_mask trick = 0;
        for (int i = 0; i < s->head.trick_len; ++i) trick |= tc_bit(s->head.trick[i]);
        tc_mask below_winner = (tc_bit(tc_highest(trick & led)) - 1) & led;
        tc_mask safe = legal & below_winner;
        if (safe) {
            fill_keys(r, safe, 16, -1, key);
            return best_card(safe, key);
        }
        if (s->head.trick_len == r->players - 1)
            fill_keys(r, legal, -16, 1, key);
        else
            fill_keys(r, legal, -1, -4096, key);
        return best_card(legal, key);
    }
    tc_mask kept = 0;
    for (tc_mask m = legal; m; m &= m - 1)
        if (r->values[tc_lowest(m)] < 0) kept |= m & (0 - m);
    tc_mask dump = legal & ~kept ? legal & ~kept : legal;
    fill_keys(r, dump, 16, 1, key);
    return best_card(dump, key);
}

/* The pass_count cards of `hand` with the highest keys; under the Q♠ restriction a pass that
 * would break it is made without Q♠. */
static tc_mask pass_by_keys(const tc_hearts_rules *r, tc_mask hand, const int32_t *key)
{
    for (int attempt = 0; attempt < 2; ++attempt) {
        tc_mask pool = attempt ? hand & ~TC_HEARTS_QUEEN_BIT : hand, chosen = 0;
        for (int i = 0; i < r->pass_count; ++i) {
            int c = best_card(pool, key);
            chosen |= tc_bit(c);
            pool &= ~tc_bit(c);
        }
        if (tc_hearts_queen_pass_ok(r, chosen)) return chosen;
    }
    return 0; /* unreachable: without Q♠ the pass is always allowed */
}

/* Pass the most dangerous cards: highest value, then highest rank. */
static tc_mask greedy_pass(const tc_hearts_rules *r, tc_mask hand)
{
    int32_t key[TC_NUM_CARDS];
    fill_keys(r, hand, 16, 1, key);
    return pass_by_keys(r, hand, key);
}

/* ---- Rule policy: a casual player's habits (docs/environments.md, "Built-in policies") ---- */

#define RULE_AVOID 4096 /* a key penalty: the card is kept or played only when nothing else */

/* A♠ and K♠ while Q♠ is out elsewhere: they may catch it. */
static tc_mask queen_catchers(tc_mask mine, tc_mask out)
{
    const tc_mask above_queen = UINT64_C(3) << (TC_HEARTS_QUEEN + 1);
    return out & TC_HEARTS_QUEEN_BIT & ~mine ? above_queen : 0;
}

/* Pass Q♠ and the high spades that may catch it (unless the spades are long), the point cards
 * highest first, and the high cards of short suits; keep the cards worth less than nothing. */
static tc_mask rule_pass(const tc_hearts_rules *r, tc_mask hand)
{
    int32_t key[TC_NUM_CARDS];
    int long_spades = tc_popcount(hand & TC_HEARTS_SPADES) >= 5;
    for (tc_mask m = hand; m; m &= m - 1) {
        int c = tc_lowest(m), value = r->values[c], rank = tc_rank(c);
        int short_suit = tc_popcount(hand & tc_suit_mask(tc_suit(c))) <= 3;
        int spade_danger = tc_suit(c) == 3 && rank >= 10 && !long_spades;
        key[c] = value < 0 ? -RULE_AVOID : 32 * value + rank + 20 * short_suit + 300 * spade_danger;
    }
    return pass_by_keys(r, hand, key);
}

/* From its own hand and public facts only. Lead the lowest rank; take a trick holding a bonus
 * (J♦) with the highest card that wins it; duck under the winner with the highest card that
 * does; forced to win, win high last, low before, no points; void, dump the most dangerous. */
static int rule_card(const tc_hearts_rules *r, const tc_hearts_state *s, tc_mask legal)
{
    int32_t key[TC_NUM_CARDS], stake = 0;
    tc_mask mine = s->hands[s->head.to_act], out = r->deck, trick = 0;
    for (int i = 0; i < s->head.trick_len; ++i) {
        trick |= tc_bit(s->head.trick[i]);
        stake += r->values[s->head.trick[i]];
    }
    for (int seat = 0; seat < r->players; ++seat) out &= ~s->taken[seat];
    out &= ~trick; /* the cards not played yet, public: no other hand is read */
    tc_mask catchers = queen_catchers(mine, out);
    tc_mask led = s->head.trick_len ? tc_suit_mask(s->led_suit) : 0;
    tc_mask under = led ? (tc_bit(tc_highest(trick & led)) - 1) & led : 0;
    tc_mask below = legal & under, grab = 0;
    for (tc_mask m = legal & led & ~under; stake < 0 && m; m &= m - 1)
        if (stake + r->values[tc_lowest(m)] < 0) grab |= m & (0 - m);
    int last = s->head.trick_len == r->players - 1;
    if (!led) {
        fill_keys(r, legal, -1, -4096, key); /* the greedy lead: measured better than others */
        return best_card(legal, key);
    }
    for (tc_mask m = legal; m; m &= m - 1) {
        int c = tc_lowest(m), value = r->values[c], rank = tc_rank(c);
        int risky = (value > 0 || (catchers >> c & 1)) * RULE_AVOID;
        if (grab)
            key[c] = grab >> c & 1 ? rank : -RULE_AVOID;
        else if (below)
            key[c] = below >> c & 1 ? 64 * value + rank : -RULE_AVOID;
        else if (legal & led)
            key[c] = (last ? rank : -rank) - risky;
        else
            key[c] = value < 0 ? -RULE_AVOID : 64 * value + rank + (int)(catchers >> c & 1) * 500;
    }
    return best_card(legal, key);
}

/* A uniformly random legal pass from `hand`: each card uniformly among those not chosen yet (the
 * k-th lowest of them for a uniform k, as a card is played); a pass that breaks the Q♠ rule
 * (rare) is drawn again, so every legal pass is equally likely. */
static TC_ALWAYS_INLINE tc_mask random_pass(const tc_hearts_rules *r, tc_mask hand, tc_draw8 *d,
                                            int isa)
{
    for (;;) {
        tc_mask rest = hand;
        for (int i = 0; i < r->pass_count; ++i) rest ^= tc_playout_pick(d, rest, isa);
        if (tc_hearts_queen_pass_ok(r, hand ^ rest)) return hand ^ rest;
    }
}

/* The cards `seat` passes under `policy`. */
static TC_ALWAYS_INLINE tc_mask policy_pass(const tc_hearts_rules *r, tc_mask hand, int policy,
                                            tc_draw8 *d, int isa)
{
    if (policy == TC_HEARTS_GREEDY) return greedy_pass(r, hand);
    return policy == TC_HEARTS_RULE ? rule_pass(r, hand) : random_pass(r, hand, d, isa);
}

/* ---- Random play by whole tricks, several deals side by side ---- */

/* Random play interleaves TC_HEARTS_LANES deals (playout.h's lane scheme). With four players the
 * lanes' tricks of a round share one 64-bit draw, 32 bits a lane (see random_round). */
#define TC_HEARTS_LANES 2

/* One move of `policy` for the seat to act: its pass, or a card, recorded. */
static TC_ALWAYS_INLINE void policy_move(const tc_hearts_rules *r, tc_hearts_state *s, int policy,
                                         tc_draw8 *d, int isa, tc_playout_recorder *rec)
{
    int seat = s->head.to_act;
    if (s->head.phase == TC_PHASE_SETUP) {
        tc_hearts_pass_unchecked(r, s, seat, policy_pass(r, s->hands[seat], policy, d, isa));
        return;
    }
    tc_mask legal = tc_hearts_legal(r, s);
    int card = policy == TC_HEARTS_GREEDY ? greedy_card(r, s, legal)
               : policy == TC_HEARTS_RULE ? rule_card(r, s, legal)
                                          : tc_lowest(tc_playout_pick(d, legal, isa));
    tc_playout_record(rec, card, legal);
    tc_hearts_play_unchecked(r, s, card);
}

void tc_hearts_policy_move(const tc_hearts_rules *r, tc_hearts_state *s, int policy, tc_draw8 *d)
{
    policy_move(r, s, policy, d, TC_ISA_PORTABLE, 0);
}

/* Plays `s` with `policy` one move at a time under every rule (the passes, then cards from
 * tc_hearts_legal) as long as random play cannot go on by whole tricks: to the end for the
 * greedy policy, to the end of the trick under way for the random one. */
static TC_ALWAYS_INLINE void play_moves(const tc_hearts_rules *r, tc_hearts_state *s, int policy,
                                        tc_draw8 *d, int isa, tc_playout_recorder *rec)
{
    while (s->head.phase == TC_PHASE_SETUP) policy_move(r, s, policy, d, isa, rec);
    while (s->head.phase == TC_PHASE_PLAY && (policy != TC_HEARTS_RANDOM || s->head.trick_len))
        policy_move(r, s, policy, d, isa, rec);
}

/* What the trick loop looks up rather than computes, built once per block: by card led, its
 * suit's cards and the cards that break hearts on its trick; the next seat in play order; the
 * lead masks of lead_legal. */
typedef struct {
    tc_mask led[TC_NUM_CARD_IDS], breaking[TC_NUM_CARD_IDS];
    uint8_t next_seat[TC_HEARTS_MAX_PLAYERS]; /* seat + 1 mod n */
    tc_mask unbroken_lead;                    /* a lane's lead mask until hearts are broken */
    tc_mask queen_lead; /* Q♠ when unbroken_lead leaves it out only for the only-Q♠ rule */
} trick_loop;

static TC_ALWAYS_INLINE void trick_loop_init(trick_loop *tl, const tc_hearts_rules *r)
{
    for (int card = 0; card < TC_NUM_CARD_IDS; ++card) {
        int suit = card < TC_NUM_CARDS ? tc_suit(card) : 0;
        tl->led[card] = tc_suit_mask(suit);
        tl->breaking[card] = tc_hearts_breaking(r, suit);
    }
    for (int seat = 0; seat < TC_HEARTS_MAX_PLAYERS; ++seat)
        tl->next_seat[seat] = (uint8_t)(seat + 1 >= r->players ? 0 : seat + 1);
    int only_queen = r->hearts_must_be_broken && r->hearts_lead_with_only_queen;
    tl->queen_lead = only_queen ? TC_HEARTS_QUEEN_BIT : 0;
    tl->unbroken_lead =
        r->hearts_must_be_broken ? ~(TC_HEARTS_HEARTS | tl->queen_lead) : ~(tc_mask)0;
}

/* Who leads and what, the cards played, and which seat holds each card still in play (for the
 * trick winner): the part of random play not indexed by seat, apart so that the trick loop can
 * keep it in registers. */
typedef struct {
    tc_seat_map seats;
    unsigned leader; /* unsigned, as every seat of the loop: indexes without a sign extension */
    tc_mask lead;    /* tl->unbroken_lead, every card once hearts are broken (see lead_legal) */
    tc_mask played;  /* since the start of random play: a seat's hand is held & ~played */
} trick_turn;

/* The part of a deal state that random play by whole tricks needs (the score needs no more). */
typedef struct {
    tc_mask held[TC_HEARTS_MAX_PLAYERS]; /* the hands at the start of random play */
    tc_mask taken[TC_HEARTS_MAX_PLAYERS];
    tc_mask passed[TC_HEARTS_MAX_PLAYERS]; /* for the block's outputs */
    trick_turn turn;
} trick_play;

/* From a state at the start of a trick. */
static TC_ALWAYS_INLINE void trick_play_from(trick_play *p, const trick_loop *tl,
                                             const tc_hearts_state *s, int n)
{
    for (int i = 0; i < n; ++i) {
        p->held[i] = s->hands[i];
        p->taken[i] = s->taken[i];
        p->passed[i] = s->passed[i];
    }
    tc_seat_map_init(&p->turn.seats, s->hands, n);
    p->turn.leader = (unsigned)s->head.leader;
    p->turn.played = 0;
    p->turn.lead = s->hearts_broken ? ~(tc_mask)0 : tl->unbroken_lead;
}

/* Legal leads from `hand` after the first trick, as tc_hearts_lead_legal gives them, from the
 * lane's lead mask: its cards of the hand (with Q♠ when the mask leaves it out only so that a
 * hand of hearts and Q♠ falls through), or the whole hand when it holds none of them. */
static TC_ALWAYS_INLINE tc_mask lead_legal(const trick_loop *tl, const trick_turn *turn,
                                           tc_mask hand)
{
    return hand & turn->lead ? hand & (turn->lead | tl->queen_lead) : hand;
}

/* The seat after `seat`, which is i - 1 places after `leader`, among n; n is a constant in the
 * loops specialised for 4 players, which count from the leader (no chain from seat to seat). */
static TC_ALWAYS_INLINE unsigned next_seat(const trick_loop *tl, unsigned leader, unsigned i,
                                           unsigned seat, int n)
{
    return n == 4 ? (leader + i) & 3 : tl->next_seat[seat];
}

/* Where a trick's random bits come from (see the random order in the header comment): for four
 * players, the lane's 32 bits of the round's word (the lead's top byte, the followers' batch
 * the low 24 bits); otherwise the block's tc_draw8 stream. */
typedef struct {
    tc_draw8 *stream;
    uint32_t bits;
} trick_bytes;

/* One trick of uniformly random legal cards among n players; `first` and `last` (no draws: one
 * card each) are constants at every call. The winner: the seat of the winning card (masks). */
static TC_ALWAYS_INLINE void random_trick(const tc_hearts_rules *r, const trick_loop *tl, int n,
                                          int first, int last, trick_play *p, trick_turn *turn,
                                          trick_bytes *b, int isa, tc_playout_recorder *rec)
{
    unsigned seat = turn->leader;
    tc_mask hand = p->held[seat] & ~turn->played;
    /* the lead mask is every card exactly when hearts are broken or need not be */
    tc_mask legal = last    ? hand
                    : first ? tc_hearts_lead_legal(r, hand, 1, turn->lead == ~(tc_mask)0, 0, 0)
                            : lead_legal(tl, turn, hand);
    tc_mask cards = last     ? hand
                    : n == 4 ? tc_draw8_bit_chunk(b->stream->rng, legal, b->bits >> 24, isa)
                             : tc_playout_pick(b->stream, legal, isa);
    int card = tc_lowest(cards);
    if (rec) tc_playout_record(rec, card, legal);
    tc_mask led = tl->led[card];
    if (n == 4 && !last) {
        tc_mask follow[3];
        for (unsigned i = 1; i < 4; ++i)
            follow[i - 1] = tc_hearts_follow_legal(
                r, p->held[(turn->leader + i) & 3] & ~turn->played, led, first, 0, 0);
        cards |= tc_follow_cards(b->stream->rng, b->bits & 0xFFFFFF, follow, isa, rec);
    } else {
        TC_UNROLL(TC_HEARTS_MAX_PLAYERS)
        for (int i = 1; i < n; ++i) {
            seat = next_seat(tl, turn->leader, (unsigned)i, seat, n);
            hand = p->held[seat] & ~turn->played;
            legal = last ? hand : tc_hearts_follow_legal(r, hand, led, first, 0, 0);
            tc_mask bit = last ? hand : tc_playout_pick(b->stream, legal, isa);
            if (rec) tc_playout_record(rec, tc_lowest(bit), legal);
            cards |= bit;
        }
    }
    int win = tc_trick_winning_card(cards, led, 0);
    unsigned winner = (unsigned)tc_seat_map_seat(&turn->seats, win, n);
    p->taken[winner] |= cards;
    turn->played |= cards;
    turn->lead |= (tc_mask)0 - ((cards & tl->breaking[card]) != 0);
    turn->leader = winner;
}

/* One trick of every lane (the first or the last as `first` and `last` say), lane by lane; for
 * four players the lanes' 32-bit halves of the round's `word` give their cards. */
static TC_ALWAYS_INLINE void random_round(const tc_hearts_rules *r, const trick_loop *tl, int n,
                                          int first, int last, trick_play *lanes, trick_turn *turns,
                                          tc_draw8 *d, uint64_t word, int isa,
                                          tc_playout_recorder *recs)
{
    TC_UNROLL(TC_HEARTS_LANES)
    for (int l = 0; l < TC_HEARTS_LANES; ++l) {
        trick_bytes b = {d, (uint32_t)(word >> 32 * l)};
        random_trick(r, tl, n, first, last, &lanes[l], &turns[l], &b, isa,
                     tc_playout_lane_recorder(recs, l));
    }
}

/* Plays the lanes' deals, each at the start of trick `t`, to their end with uniformly random
 * legal cards, trick by trick and lane by lane. The draws come from a local copy of *d, and the
 * lanes' turns are local copies too: both stay in registers. */
static TC_ALWAYS_INLINE void random_tricks(const tc_hearts_rules *r, const trick_loop *tl, int n,
                                           trick_play *lanes, int t, tc_draw8 *d, int isa,
                                           tc_playout_recorder *recs)
{
    tc_draw8 draw = *d;
    trick_turn turns[TC_HEARTS_LANES];
    for (int l = 0; l < TC_HEARTS_LANES; ++l) turns[l] = lanes[l].turn;
    int last = r->hand_size - 1;
    uint64_t words[TC_NUM_CARDS / 4]; /* four players: each round's word, drawn first */
    if (n == 4)
        for (int round = t; round < last; ++round)
            words[round] = d->rng->next_uint64(d->rng->state);
    if (t == 0 && t < last) {
        random_round(r, tl, n, 1, 0, lanes, turns, &draw, n == 4 ? words[0] : 0, isa, recs);
        t = 1;
    }
    for (; t < last; ++t)
        random_round(r, tl, n, 0, 0, lanes, turns, &draw, n == 4 ? words[t] : 0, isa, recs);
    random_round(r, tl, n, 0, 1, lanes, turns, &draw, 0, isa, recs);
    *d = draw;
}

/* Plays the lanes' states (one point of a deal) to their end with `policy`, leaving in `lanes`
 * the cards each seat took: move by move, then (random) by whole tricks. n: r->players or 4. */
static TC_ALWAYS_INLINE void finish(const tc_hearts_rules *r, const trick_loop *tl, int n,
                                    tc_hearts_state *s, int policy, tc_draw8 *d, int isa,
                                    tc_playout_recorder *recs, trick_play *lanes)
{
    for (int l = 0; l < TC_HEARTS_LANES; ++l) {
        play_moves(r, &s[l], policy, d, isa, tc_playout_lane_recorder(recs, l));
        trick_play_from(&lanes[l], tl, &s[l], n);
    }
    if (s[0].head.phase == TC_PHASE_PLAY)
        random_tricks(r, tl, n, lanes, s[0].head.tricks_played, d, isa, recs);
}

/* Starts random play of a deal dealt by seat 0: the passes (seat s to s + offset, none when 0) in
 * turn from the dealer's left, the exchange and the first leader; the same deal as
 * tc_hearts_deal_unchecked, without the state's bookkeeping. */
static TC_ALWAYS_INLINE void random_deal_start(const tc_hearts_rules *r, const trick_loop *tl,
                                               int n, trick_play *p, const tc_mask *hands,
                                               int offset, tc_draw8 *d, int isa)
{
    for (int seat = 0; seat < n; ++seat) {
        p->held[seat] = hands[seat];
        p->taken[seat] = 0;
        p->passed[seat] = 0;
    }
    if (offset) {
        for (int k = 1; k <= n; ++k) {
            int seat = k == n ? 0 : k;
            p->passed[seat] = random_pass(r, hands[seat], d, isa);
        }
        for (int seat = 0; seat < n; ++seat) {
            int to = seat + offset < n ? seat + offset : seat + offset - n;
            p->held[seat] ^= p->passed[seat];
            p->held[to] |= p->passed[seat];
        }
    }
    tc_seat_map_init(&p->turn.seats, p->held, n);
    tc_mask clubs = r->deck & TC_HEARTS_CLUBS;
    p->turn.leader = r->first_lead == TC_HEARTS_LEAD_LEFT_OF_DEALER
                         ? 1
                         : (unsigned)tc_seat_map_seat(&p->turn.seats, tc_lowest(clubs), n);
    p->turn.lead = tl->unbroken_lead;
    p->turn.played = 0;
}

static int check_policy(int policy)
{
    return policy >= TC_HEARTS_RANDOM && policy <= TC_HEARTS_RULE ? TC_OK : TC_ERR_ARGUMENT;
}

/* Playouts of `*start` with `policy` (see tc_hearts_playouts), a group of lanes at a time. */
static TC_ALWAYS_INLINE void playouts(const tc_hearts_rules *r, const tc_hearts_state *start,
                                      bitgen_t *rng, int policy, int64_t count, int32_t *points,
                                      int isa, int n)
{
    trick_loop tl;
    trick_loop_init(&tl, r);
    tc_draw8 d;
    tc_draw8_init(&d, rng);
    for (int64_t i0 = 0; i0 < count; i0 += TC_HEARTS_LANES) {
        tc_hearts_state s[TC_HEARTS_LANES];
        trick_play lanes[TC_HEARTS_LANES];
        for (int l = 0; l < TC_HEARTS_LANES; ++l) s[l] = *start;
        finish(r, &tl, n, s, policy, &d, isa, 0, lanes);
        int within = tc_playout_lanes_within(i0, count, TC_HEARTS_LANES);
        for (int l = 0; l < within; ++l) {
            int shooter, void_deal;
            tc_hearts_score_of(r, n, lanes[l].taken, points + (i0 + l) * n, &shooter, &void_deal);
        }
    }
}

static void playouts_portable(const tc_hearts_rules *r, const tc_hearts_state *start, bitgen_t *rng,
                              int policy, int64_t count, int32_t *points)
{
    playouts(r, start, rng, policy, count, points, TC_ISA_PORTABLE, r->players);
}

#ifdef TC_ISA_BMI2_CLONE
TC_ISA_BMI2_TARGET static void random_playouts_bmi2(const tc_hearts_rules *r,
                                                    const tc_hearts_state *start, bitgen_t *rng,
                                                    int64_t count, int32_t *points)
{
    if (r->players == 4)
        playouts(r, start, rng, TC_HEARTS_RANDOM, count, points, TC_ISA_BMI2, 4);
    else
        playouts(r, start, rng, TC_HEARTS_RANDOM, count, points, TC_ISA_BMI2, r->players);
}
#endif

int tc_hearts_playouts(const tc_hearts_rules *r, const tc_hearts_state *start, bitgen_t *rng,
                       int policy, int64_t count, int32_t *points)
{
    int rc = tc_hearts_check_rules(r);
    if (rc == TC_OK) rc = check_policy(policy);
    if (rc != TC_OK) return rc;
#ifdef TC_ISA_BMI2_CLONE
    if (policy == TC_HEARTS_RANDOM && tc_isa_best() == TC_ISA_BMI2) {
        random_playouts_bmi2(r, start, rng, count, points);
        return TC_OK;
    }
#endif
    playouts_portable(r, start, rng, policy, count, points);
    return TC_OK;
}

/* ---- The block loop ---- */

/* Deals, plays and scores a block a group of lanes at a time: deals (dealer 0, pass direction
 * drawn), play (random_deal_start, random_tricks; greedy: finish), the outputs within `count`.
 * n: r->players, or 4 in the four-player loops. */
static TC_ALWAYS_INLINE void simulate_deals(const tc_hearts_rules *r, bitgen_t *rng, int policy,
                                            int64_t count, const tc_hearts_block *block, int isa,
                                            int recording, int n)
{
    const tc_hearts_block out = *block; /* stores to its arrays could alias *block */
    trick_loop tl;
    trick_loop_init(&tl, r);
    int deck_size = n * r->hand_size;
    tc_dealer dl;
    tc_dealer_init(&dl, r->deck, n, r->hand_size); /* cannot fail: the rules are checked */
    int draw_direction = r->pass_count > 0 && r->rotation_length > 1;
    tc_draw8 d;
    tc_draw8_init(&d, rng);
    for (int64_t j0 = 0; j0 < count; j0 += TC_HEARTS_LANES) {
        tc_mask hands[TC_HEARTS_LANES][TC_HEARTS_MAX_PLAYERS];
        int direction[TC_HEARTS_LANES];
        tc_playout_recorder recs[TC_HEARTS_LANES] = {{0, 0}};
        int within = tc_playout_lanes_within(j0, count, TC_HEARTS_LANES);
        for (int l = 0; l < TC_HEARTS_LANES; ++l) {
            tc_dealer_deal_isa(&dl, rng, hands[l], isa);
            direction[l] = draw_direction ? tc_draw8_below(&d, (uint32_t)r->rotation_length) : 0;
            if (recording && l < within)
                tc_playout_recorder_at(&recs[l], out.plays, out.legal, j0 + l, deck_size);
        }
        trick_play lanes[TC_HEARTS_LANES];
        if (policy == TC_HEARTS_RANDOM) {
            for (int l = 0; l < TC_HEARTS_LANES; ++l) {
                int offset = r->pass_count ? r->rotation[direction[l]] : 0;
                random_deal_start(r, &tl, n, &lanes[l], hands[l], offset, &d, isa);
            }
            random_tricks(r, &tl, n, lanes, 0, &d, isa, recording ? recs : 0);
        } else {
            tc_hearts_state s[TC_HEARTS_LANES];
            for (int l = 0; l < TC_HEARTS_LANES; ++l)
                tc_hearts_deal_unchecked(r, &s[l], hands[l], 0, direction[l]);
            finish(r, &tl, n, s, policy, &d, isa, recording ? recs : 0, lanes);
        }
        for (int l = 0; l < within; ++l) {
            int64_t j = j0 + l;
            int shooter, void_deal;
            tc_hearts_score_of(r, n, lanes[l].taken, out.points + j * n, &shooter, &void_deal);
            for (int p = 0; p < n; ++p)
                out.tricks[j * n + p] = (int8_t)(tc_popcount(lanes[l].taken[p]) / n);
            out.moon[j] = (uint8_t)(shooter >= 0);
            out.shooter[j] = (int8_t)shooter;
            out.void_deal[j] = (uint8_t)void_deal;
            out.direction[j] = (int8_t)direction[l];
            if (out.hands) memcpy(out.hands + j * n, hands[l], (size_t)n * sizeof(tc_mask));
            if (out.passes)
                memcpy(out.passes + j * n, lanes[l].passed, (size_t)n * sizeof(tc_mask));
        }
    }
}

/* The hot case, random play without recording, as loops of their own: one for any CPU, and on
 * x86-64 one for CPUs with fast BMI2, chosen at run time; each with a copy for four players. */
static void simulate_random(const tc_hearts_rules *r, bitgen_t *rng, int64_t count,
                            const tc_hearts_block *out)
{
    if (r->players == 4)
        simulate_deals(r, rng, TC_HEARTS_RANDOM, count, out, TC_ISA_PORTABLE, 0, 4);
    else
        simulate_deals(r, rng, TC_HEARTS_RANDOM, count, out, TC_ISA_PORTABLE, 0, r->players);
}

#ifdef TC_ISA_BMI2_CLONE
TC_ISA_BMI2_TARGET static void simulate_random_bmi2(const tc_hearts_rules *r, bitgen_t *rng,
                                                    int64_t count, const tc_hearts_block *out)
{
    if (r->players == 4)
        simulate_deals(r, rng, TC_HEARTS_RANDOM, count, out, TC_ISA_BMI2, 0, 4);
    else
        simulate_deals(r, rng, TC_HEARTS_RANDOM, count, out, TC_ISA_BMI2, 0, r->players);
}
#endif

int tc_hearts_simulate(const tc_hearts_rules *r, bitgen_t *rng, int policy, int64_t count,
                       const tc_hearts_block *out)
{
    int rc = tc_hearts_check_rules(r);
    if (rc == TC_OK) rc = check_policy(policy);
    if (rc != TC_OK) return rc;
    if (out->plays) {
        simulate_deals(r, rng, policy, count, out, TC_ISA_PORTABLE, 1, r->players);
    } else if (policy == TC_HEARTS_RANDOM) {
#ifdef TC_ISA_BMI2_CLONE
        if (tc_isa_best() == TC_ISA_BMI2) {
            simulate_random_bmi2(r, rng, count, out);
            return TC_OK;
        }
#endif
        simulate_random(r, rng, count, out);
    } else {
        simulate_deals(r, rng, policy, count, out, TC_ISA_PORTABLE, 0, r->players);
    }
    return TC_OK;
}
