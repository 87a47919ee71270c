/* Spades environments: the hooks of core/env_loop.h on the referee's rules (spades.h) and
 * policies (simulate.c). Actions and the layout of the observation: docs/environments.md. */
#include "trickcore/spades/env.h"

#include "trickcore/core/status.h"

int tc_spades_env_init(tc_spades_env_params *p, const tc_spades_rules *r, int32_t target,
                       int32_t min_score)
{
    if (tc_spades_check_rules(r) != TC_OK || r->table_mode) return TC_ERR_ARGUMENT;
    p->rules = *r;
    p->target = target;
    p->min_score = min_score;
    return tc_dealer_init(&p->dealer, r->deck, TC_SPADES_PLAYERS, TC_SPADES_TRICKS);
}

/* The misdeal round (only under misdeal rules): before the first bid, each seat in bidding order
 * keeps its hand or, having seen it, asks for a misdeal when it qualifies. */
static int in_round(const tc_spades_env *e)
{
    return e->asked < TC_SPADES_PLAYERS && e->deal.head.phase == TC_PHASE_SETUP;
}

static int seen(const tc_spades_env *e, int seat)
{
    return e->deal.seen >> seat & 1;
}

static int env_to_act(const tc_spades_env *e)
{
    return in_round(e) ? (e->deal.head.dealer + 1 + e->asked) & 3 : e->deal.head.to_act;
}

/* The legal actions of the seat to act: card bits, and bits a - 56 of the other actions. A seat
 * that has not seen its hand bids blind nil or looks (a bid's legality may depend on the hand). */
typedef struct {
    tc_mask cards;
    uint32_t rest;
} legal_set;

static legal_set legal_actions(const tc_spades_env_params *p, const tc_spades_env *e)
{
    const tc_spades_rules *r = &p->rules;
    const tc_spades_state *s = &e->deal;
    legal_set l = {0, 0};
    int seat = env_to_act(e);
    const uint32_t look = UINT32_C(1) << (TC_SPADES_ENV_LOOK - TC_SPADES_ENV_BID);
    if (in_round(e)) {
        int claim = seen(e, seat) && tc_spades_misdeal_reasons(r, s->hands[seat]);
        l.rest =
            UINT32_C(1) << (TC_SPADES_ENV_KEEP - TC_SPADES_ENV_BID) |
            (seen(e, seat) ? (uint32_t)claim << (TC_SPADES_ENV_MISDEAL - TC_SPADES_ENV_BID) : look);
    } else if (s->head.phase == TC_PHASE_SETUP) {
        uint32_t bids = tc_spades_legal_bids(r, s);
        l.rest = seen(e, seat) ? bids : (bids & UINT32_C(1) << TC_SPADES_BLIND_NIL) | look;
    } else if (s->head.phase == TC_PHASE_PLAY) {
        l.cards = tc_spades_legal(r, s);
    }
    return l;
}

static int env_players(const tc_spades_env_params *p)
{
    (void)p;
    return TC_SPADES_PLAYERS;
}

static int env_truncated(const tc_spades_env_params *p, const tc_spades_env *e)
{
    (void)p;
    (void)e;
    return 0;
}

static int env_legal(const tc_spades_env_params *p, const tc_spades_env *e, int action)
{
    legal_set l = legal_actions(p, e);
    return action < TC_SPADES_ENV_BID ? (int)(l.cards >> action & 1)
                                      : (int)(l.rest >> (action - TC_SPADES_ENV_BID) & 1);
}

static void env_apply(const tc_spades_env_params *p, tc_spades_env *e, int action)
{
    const tc_spades_rules *r = &p->rules;
    tc_spades_state *s = &e->deal;
    int refusal;
    if (action < TC_SPADES_ENV_BID)
        tc_spades_play_unchecked(r, s, action);
    else if (action < TC_SPADES_ENV_LOOK)
        tc_spades_bid_unchecked(s, action - TC_SPADES_ENV_BID);
    else if (action == TC_SPADES_ENV_LOOK)
        tc_spades_look(r, s, env_to_act(e), &refusal);
    else if (action == TC_SPADES_ENV_MISDEAL)
        tc_spades_claim_misdeal(r, s, env_to_act(e), &refusal);
    else
        e->asked++;
}

int tc_spades_env_policy_action(const tc_spades_env_params *p, const tc_spades_env *e, int policy)
{
    const tc_spades_state *s = &e->deal;
    if (env_to_act(e) < 0 || (policy != TC_ENV_GREEDY && policy != TC_ENV_RULE)) return -1;
    if (in_round(e)) return TC_SPADES_ENV_KEEP;
    if (s->head.phase == TC_PHASE_PLAY) return tc_spades_policy_card(&p->rules, s, policy, 0);
    int bid = tc_spades_policy_bid(&p->rules, s);
    return !seen(e, s->head.to_act) && bid != TC_SPADES_BLIND_NIL ? TC_SPADES_ENV_LOOK
                                                                  : TC_SPADES_ENV_BID + bid;
}

/* Every policy keeps its hand in the misdeal round: a claim before the agent's first move would
 * end an episode in which it never acts. */
static void env_policy(const tc_spades_env_params *p, tc_spades_env *e, int policy, tc_draw8 *d)
{
    if (in_round(e))
        e->asked++;
    else
        tc_spades_policy_move(&p->rules, &e->deal, policy, d);
}

/* Whether the match is over after totals `t` (a side at the target, or at the minimum score). */
static int match_over(const tc_spades_env_params *p, const int32_t *t)
{
    for (int k = 0; k < tc_spades_sides(&p->rules); ++k)
        if (t[k] >= p->target || t[k] <= p->min_score) return 1;
    return 0;
}

/* A new deal: the last one's totals and bags carried (a new match once it is over, or when the
 * totals leave the kernel's bounds); the dealer rotates, but redeals after a misdeal. */
static void env_deal(const tc_spades_env_params *p, tc_spades_env *e, bitgen_t *rng, tc_draw8 *d)
{
    (void)d;
    const tc_spades_rules *r = &p->rules;
    tc_spades_state *s = &e->deal;
    int dealer = 0;
    if (s->head.phase == TC_PHASE_OVER) {
        tc_spades_result result;
        tc_spades_score(r, s, &result);
        int new_match = match_over(p, result.totals);
        for (int k = 0; k < tc_spades_sides(r); ++k) {
            e->scores[k] = new_match ? 0 : result.totals[k];
            e->bags[k] = new_match ? 0 : result.bags[k];
        }
        dealer = (s->head.dealer + (s->misdeal_seat < 0)) & 3;
    } else if (e->deals) {
        dealer = (s->head.dealer + 1) & 3;
    }
    tc_dealer_deal(&p->dealer, rng, e->held);
    if (tc_spades_start(r, s, e->held, dealer, e->scores, e->bags) != TC_OK) {
        for (int k = 0; k < TC_SPADES_PLAYERS; ++k) e->scores[k] = e->bags[k] = 0;
        tc_spades_start(r, s, e->held, dealer, e->scores, e->bags);
    }
    e->asked = p->rules.misdeal ? 0 : TC_SPADES_PLAYERS;
    e->deals++;
}

static void env_observe(const tc_spades_env_params *p, const tc_spades_env *e, int me, uint8_t *obs)
{
    const tc_spades_rules *r = &p->rules;
    const tc_spades_state *s = &e->deal;
    tc_mask trick = 0;
    for (int i = 0; i < s->head.trick_len; ++i) trick |= tc_bit(s->head.trick[i]);
    tc_env_plane(obs, 0, seen(e, me) ? s->hands[me] : 0);
    tc_env_plane(obs, 5, trick);
    uint64_t voids = 0, bids = 0, won = 0, bags = 0, scores = 0, eligible = 0;
    for (int k = 0; k < TC_SPADES_PLAYERS; ++k) {
        int seat = (me + k) & 3, side = tc_spades_side(r, seat);
        int left = r->bag_limit - s->bags[side];
        int32_t score = s->scores[side] < -32768 ? -32768 : s->scores[side]; /* int16 */
        score = score > 32767 ? 32767 : score;
        tc_env_plane(obs, 1 + k, e->held[seat] & ~s->hands[seat]);
        voids |= (uint64_t)(s->head.voids[seat] & 15) << (4 * k);
        bids |= tc_env_one_hot(16 * k, s->bids[seat]);
        won |= tc_env_one_hot(16 * k, s->head.tricks_won[seat]);
        bags |= tc_env_one_hot(16 * k, (left < 16 ? left : 16) - 1);
        scores |= (uint64_t)(uint16_t)score << (16 * k);
        eligible |= (uint64_t)(s->blind_eligible >> seat & 1) << k;
    }
    tc_env_plane(obs, 6, voids);
    tc_env_plane(obs, 7, bids);
    tc_env_plane(obs, 8, won);
    tc_env_plane(obs, 10, bags);
    tc_env_plane(obs, 11, scores);
    int phase = in_round(e) ? 0 : 1 + s->head.phase;
    uint64_t state =
        tc_env_one_hot(0, phase) |
        tc_env_one_hot(4, tc_env_relative(s->head.dealer, me, TC_SPADES_PLAYERS)) |
        tc_env_one_hot(8, tc_env_relative(s->head.leader, me, TC_SPADES_PLAYERS)) |
        tc_env_one_hot(12, tc_env_relative(env_to_act(e), me, TC_SPADES_PLAYERS)) |
        (uint64_t)(s->spades_broken != 0) << 16 | (uint64_t)seen(e, me) << 17 | eligible << 18 |
        tc_env_one_hot(22, s->head.tricks_played) | (uint64_t)r->partnerships << 40 |
        tc_env_one_hot(41, r->bidding) | (uint64_t)r->blind_nil << 45 |
        (uint64_t)((r->deck & TC_SPADES_JOKERS) != 0) << 46 | (uint64_t)r->misdeal << 47;
    tc_env_plane(obs, 9, state);
}

static void env_mask(const tc_spades_env_params *p, const tc_spades_env *e, uint8_t *mask)
{
    legal_set l = legal_actions(p, e);
    tc_env_mask_bits(mask, l.cards, TC_SPADES_ENV_BID);
    tc_env_mask_bits(mask + TC_SPADES_ENV_BID, l.rest, TC_SPADES_ENV_ACTIONS - TC_SPADES_ENV_BID);
}

/* Each seat's side's score for the deal, bag penalties included (a misdeal: 0). */
static void env_rewards(const tc_spades_env_params *p, const tc_spades_env *e, float *rewards)
{
    tc_spades_result result;
    tc_spades_score(&p->rules, &e->deal, &result);
    for (int seat = 0; seat < TC_SPADES_PLAYERS; ++seat)
        rewards[seat] = (float)result.points[tc_spades_side(&p->rules, seat)];
}

#define ENV_PARAMS tc_spades_env_params
#define ENV_STATE tc_spades_env
#define ENV_NAME(x) tc_spades_env_##x
#define ENV_ACTIONS TC_SPADES_ENV_ACTIONS
#define ENV_OBS_BYTES TC_SPADES_ENV_OBS_BYTES
#include "trickcore/core/env_loop.h"
