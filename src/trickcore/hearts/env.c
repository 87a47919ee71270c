/* Hearts-family environments: the hooks of core/env_loop.h on the referee's rules (hearts.h)
 * and policies (simulate.c). Layout of the observation: docs/environments.md. */
#include "trickcore/hearts/env.h"

#include "trickcore/core/status.h"

int tc_hearts_env_init(tc_hearts_env_params *p, const tc_hearts_rules *r)
{
    if (tc_hearts_check_rules(r) != TC_OK) return TC_ERR_ARGUMENT;
    p->rules = *r;
    return tc_dealer_init(&p->dealer, r->deck, r->players, r->hand_size);
}

void tc_hearts_env_load(tc_hearts_env *e, const tc_hearts_state *s, const tc_mask *held,
                        int64_t deals)
{
    e->deal = *s;
    for (int seat = 0; seat < TC_HEARTS_MAX_PLAYERS; ++seat) e->held[seat] = held[seat];
    e->choosing = 0;
    e->deals = deals;
}

/* Whether a pass holding `chosen` with `slots` cards still to choose from the rest of `hand`
 * can end legally under the Q♠ restriction (Q♠ only with another spade or J♦). */
static int pass_completes(tc_mask hand, tc_mask chosen, int slots)
{
    const tc_mask queen = TC_HEARTS_QUEEN_BIT, partners = TC_HEARTS_QUEEN_PARTNERS;
    tc_mask rest = hand & ~chosen;
    int has_queen = (chosen & queen) != 0, has_partner = (chosen & partners) != 0;
    if (slots == 0) return !has_queen || has_partner;
    if (tc_popcount(rest & ~queen) >= slots && (!has_queen || has_partner || (rest & partners)))
        return 1;
    return (rest & queen) && tc_popcount(rest) >= slots &&
           (has_partner || (slots >= 2 && (rest & partners)));
}

/* The cards the seat passing may add to the `chosen` part of its pass. */
static tc_mask pass_choices(const tc_hearts_rules *r, tc_mask hand, tc_mask chosen)
{
    tc_mask choices = hand & ~chosen;
    if (!r->queen_pass_restricted) return choices;
    int slots = r->pass_count - tc_popcount(chosen) - 1;
    tc_mask kept = 0;
    for (tc_mask m = choices; m; m &= m - 1)
        if (pass_completes(hand, chosen | (m & (0 - m)), slots)) kept |= m & (0 - m);
    return kept;
}

static tc_mask legal_actions(const tc_hearts_env_params *p, const tc_hearts_env *e)
{
    const tc_hearts_state *s = &e->deal;
    if (s->head.phase == TC_PHASE_SETUP)
        return pass_choices(&p->rules, s->hands[s->head.to_act], e->choosing);
    return tc_hearts_legal(&p->rules, s);
}

/* After a move: the hands as play begins, once the last pass is exchanged. */
static void note_play_start(const tc_hearts_env_params *p, tc_hearts_env *e, int was_setup)
{
    if (!was_setup || e->deal.head.phase != TC_PHASE_PLAY) return;
    for (int seat = 0; seat < p->rules.players; ++seat) e->held[seat] = e->deal.hands[seat];
}

static int env_players(const tc_hearts_env_params *p)
{
    return p->rules.players;
}

static int env_to_act(const tc_hearts_env *e)
{
    return e->deal.head.to_act;
}

static int env_truncated(const tc_hearts_env_params *p, const tc_hearts_env *e)
{
    (void)p;
    (void)e;
    return 0;
}

static int env_legal(const tc_hearts_env_params *p, const tc_hearts_env *e, int action)
{
    return (int)(legal_actions(p, e) >> action & 1);
}

static void env_apply(const tc_hearts_env_params *p, tc_hearts_env *e, int action)
{
    tc_hearts_state *s = &e->deal;
    if (s->head.phase != TC_PHASE_SETUP) {
        tc_hearts_play_unchecked(&p->rules, s, action);
        return;
    }
    e->choosing |= tc_bit(action);
    if (tc_popcount(e->choosing) < p->rules.pass_count) return;
    tc_hearts_pass_unchecked(&p->rules, s, s->head.to_act, e->choosing);
    e->choosing = 0;
    note_play_start(p, e, 1);
}

static void env_policy(const tc_hearts_env_params *p, tc_hearts_env *e, int policy, tc_draw8 *d)
{
    int was_setup = e->deal.head.phase == TC_PHASE_SETUP;
    tc_hearts_policy_move(&p->rules, &e->deal, policy, d); /* the codes are the same */
    note_play_start(p, e, was_setup);
}

static void env_deal(const tc_hearts_env_params *p, tc_hearts_env *e, bitgen_t *rng, tc_draw8 *d)
{
    (void)d;
    tc_mask hands[TC_HEARTS_MAX_PLAYERS];
    tc_dealer_deal(&p->dealer, rng, hands);
    int dealer = (int)(e->deals % p->rules.players);
    tc_hearts_deal_unchecked(&p->rules, &e->deal, hands, dealer, e->deals);
    e->deals++;
    e->choosing = 0;
    note_play_start(p, e, 1);
}

static void env_observe(const tc_hearts_env_params *p, const tc_hearts_env *e, int me, uint8_t *obs)
{
    const tc_hearts_state *s = &e->deal;
    int n = p->rules.players, playing = s->head.phase != TC_PHASE_SETUP;
    tc_mask trick = 0;
    for (int i = 0; i < s->head.trick_len; ++i) trick |= tc_bit(s->head.trick[i]);
    int giver = (me - s->pass_offset + n) % n;
    tc_env_plane(obs, 0, s->hands[me]);
    tc_env_plane(obs, 1, !playing && s->head.to_act == me ? e->choosing : 0);
    tc_env_plane(obs, 2, s->passed[me]);
    tc_env_plane(obs, 3, playing && s->pass_offset ? s->passed[giver] : 0);
    tc_env_plane(obs, 4, trick);
    uint64_t voids = 0;
    for (int r = 0; r < TC_HEARTS_MAX_PLAYERS; ++r) {
        int seat = (me + r) % n;
        int here = r < n;
        tc_env_plane(obs, 5 + r, here && playing ? e->held[seat] & ~s->hands[seat] : 0);
        tc_env_plane(obs, 11 + r, here ? s->taken[seat] : 0);
        if (here) voids |= (uint64_t)(s->head.voids[seat] & 15) << (4 * r);
    }
    tc_env_plane(obs, 17, voids);
    uint64_t state = tc_env_one_hot(0, s->head.phase) | tc_env_one_hot(3, s->pass_offset) |
                     (uint64_t)(s->hearts_broken != 0) << 11 |
                     tc_env_one_hot(12, tc_env_relative(s->head.leader, me, n)) |
                     tc_env_one_hot(18, tc_env_relative(s->head.dealer, me, n)) |
                     tc_env_one_hot(24, s->head.tricks_played) |
                     tc_env_one_hot(38, tc_env_relative(s->head.to_act, me, n)) |
                     tc_env_one_hot(44, n - 3);
    tc_env_plane(obs, 18, state);
}

static void env_mask(const tc_hearts_env_params *p, const tc_hearts_env *e, uint8_t *mask)
{
    tc_env_mask_bits(mask, legal_actions(p, e), TC_HEARTS_ENV_ACTIONS);
}

static void env_rewards(const tc_hearts_env_params *p, const tc_hearts_env *e, float *rewards)
{
    int32_t points[TC_HEARTS_MAX_PLAYERS];
    int shooter, void_deal, n = p->rules.players;
    if (n > TC_HEARTS_MAX_PLAYERS) return; /* never (checked rules); bounds the loops below */
    tc_hearts_score_of(&p->rules, n, e->deal.taken, points, &shooter, &void_deal);
    for (int seat = 0; seat < n; ++seat) rewards[seat] = (float)-points[seat];
}

#define ENV_PARAMS tc_hearts_env_params
#define ENV_STATE tc_hearts_env
#define ENV_NAME(x) tc_hearts_env_##x
#define ENV_ACTIONS TC_HEARTS_ENV_ACTIONS
#define ENV_OBS_BYTES TC_HEARTS_ENV_OBS_BYTES
#include "trickcore/core/env_loop.h"
