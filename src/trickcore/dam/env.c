/* Danish Dam environments: the hooks of core/env_loop.h on the referee's rules and policies
 * (dam.h). Layout of the observation: docs/environments.md, "Danish Dam". */
#include "trickcore/dam/env.h"

#include <string.h>

#include "trickcore/core/status.h"

int tc_dam_env_init(tc_dam_env_params *p, const tc_dam_rules *r, int teams, int open_hands)
{
    p->rules = *r;
    if (tc_dam_prepare_rules(&p->rules) != TC_OK) return TC_ERR_ARGUMENT;
    if ((teams != 0 && teams != 1) || (open_hands != 0 && open_hands != 1)) return TC_ERR_ARGUMENT;
    if (teams && r->players != 4) return TC_ERR_ARGUMENT;
    p->teams = teams;
    p->open_hands = open_hands;
    tc_shuffle_plan(&p->shuffle, p->rules.deck_size, p->rules.hand_size);
    return TC_OK;
}

static int env_players(const tc_dam_env_params *p)
{
    return p->rules.players;
}

static int env_to_act(const tc_dam_env *e)
{
    return e->deal.head.to_act;
}

static int env_truncated(const tc_dam_env_params *p, const tc_dam_env *e)
{
    (void)p;
    (void)e;
    return 0;
}

static int env_legal(const tc_dam_env_params *p, const tc_dam_env *e, int action)
{
    (void)p;
    return (int)(tc_dam_legal(&e->deal) >> action & 1);
}

/* The referee's move, noting the card played and, once the trick is complete, its cards taken. */
static void env_apply(const tc_dam_env_params *p, tc_dam_env *e, int action)
{
    tc_dam_state *s = &e->deal;
    int len = s->head.trick_len, seat = s->head.to_act;
    uint8_t trick[TC_DAM_MAX_PLAYERS];
    for (int i = 0; i < len; ++i) trick[i] = s->head.trick[i];
    trick[len] = (uint8_t)action;
    tc_multiset_add_bit(&e->played[seat].once, &e->played[seat].twice, tc_bit(action));
    tc_dam_play_unchecked(&p->rules, s, action);
    if (s->head.trick_len) return;
    tc_multiset *won = &e->taken[s->last_winner];
    for (int i = 0; i <= len; ++i) tc_multiset_add_bit(&won->once, &won->twice, tc_bit(trick[i]));
}

static void env_policy(const tc_dam_env_params *p, tc_dam_env *e, int policy, tc_draw8 *d)
{
    env_apply(p, e, tc_dam_policy_card(&p->rules, &e->deal, policy, d));
}

static void env_deal(const tc_dam_env_params *p, tc_dam_env *e, bitgen_t *rng, tc_draw8 *d)
{
    (void)d;
    int dealer = (int)(e->deals % p->rules.players);
    tc_dam_deal_random(&p->rules, &p->shuffle, &e->deal, rng, dealer);
    memset(e->played, 0, sizeof e->played);
    memset(e->taken, 0, sizeof e->taken);
    e->deals++;
}

/* Bits 64 * plane + k for k = v, over two planes (0 <= v < 128). */
static void one_hot_128(uint8_t *obs, int plane, int v)
{
    tc_env_plane(obs, plane, v < 64 ? tc_env_one_hot(0, v) : 0);
    tc_env_plane(obs, plane + 1, v >= 64 ? tc_env_one_hot(0, v - 64) : 0);
}

static void env_observe(const tc_dam_env_params *p, const tc_dam_env *e, int me, uint8_t *obs)
{
    const tc_dam_rules *r = &p->rules;
    const tc_dam_state *s = &e->deal;
    int n = r->players, playing = s->head.phase == TC_PHASE_PLAY;
    tc_mask trick[TC_DAM_MAX_PLAYERS] = {0}; /* by relative seat */
    for (int i = 0; i < s->head.trick_len; ++i)
        trick[tc_env_relative(s->trick_seats[i], me, n)] = tc_bit(s->head.trick[i]);
    uint64_t voids = 0;
    for (int k = 0; k < TC_DAM_MAX_PLAYERS; ++k) {
        int seat = (me + k) % n, here = k < n, seen = here && (k == 0) != p->open_hands;
        tc_multiset none = {0, 0};
        tc_multiset hand = seen ? s->hands[seat] : none, played = here ? e->played[seat] : none;
        tc_multiset taken = here ? e->taken[seat] : none;
        tc_env_plane(obs, k, hand.once);
        tc_env_plane(obs, 4 + k, hand.twice);
        tc_env_plane(obs, 8 + k, played.once);
        tc_env_plane(obs, 12 + k, played.twice);
        tc_env_plane(obs, 16 + k, trick[k]);
        tc_env_plane(obs, 20 + k, taken.once);
        tc_env_plane(obs, 24 + k, taken.twice);
        tc_env_plane(obs, 32 + k, here ? tc_env_one_hot(0, s->head.tricks_won[seat]) : 0);
        if (here) voids |= (uint64_t)(tc_dam_voids(r, s, seat) & 15) << (4 * k);
    }
    tc_env_plane(obs, 28, s->turned == TC_NO_CARD ? 0 : tc_bit(s->turned));
    tc_env_plane(obs, 29, voids);
    one_hot_128(obs, 30, s->pile_end - s->pile_next);
    uint64_t state = tc_env_one_hot(0, s->head.phase - TC_PHASE_PLAY) |
                     tc_env_one_hot(2, tc_env_relative(s->head.dealer, me, n)) |
                     tc_env_one_hot(6, playing ? tc_env_relative(s->head.leader, me, n) : -1) |
                     tc_env_one_hot(10, tc_env_relative(s->head.to_act, me, n)) |
                     tc_env_one_hot(14, s->trump) | tc_env_one_hot(18, n - 2) |
                     (uint64_t)p->teams << 21 | (uint64_t)r->turn_trump << 22 |
                     (uint64_t)r->score_tricks << 23 | (uint64_t)r->collect << 24 |
                     (uint64_t)p->open_hands << 25 | (uint64_t)(r->trick.packs == 2) << 26 |
                     (uint64_t)(r->trick.duplicates == TC_DUP_LAST) << 27 |
                     (uint64_t)((r->deck.once & TC_JOKER_MASK) != 0) << 28 |
                     (uint64_t)(r->trick.jokers == TC_JOKER_OUTRIGHT) << 29 |
                     tc_env_one_hot(30, r->hand_size - 1);
    tc_env_plane(obs, 36, state);
}

static void env_mask(const tc_dam_env_params *p, const tc_dam_env *e, uint8_t *mask)
{
    (void)p;
    tc_env_mask_bits(mask, tc_dam_legal(&e->deal), TC_DAM_ENV_ACTIONS);
}

/* Per seat: its deal points (its side's under teams), minus them under avoid. */
static void env_rewards(const tc_dam_env_params *p, const tc_dam_env *e, float *rewards)
{
    int32_t points[TC_DAM_MAX_PLAYERS];
    int n = p->rules.players, sign = p->rules.collect ? 1 : -1;
    if (n > TC_DAM_MAX_PLAYERS) return; /* never (checked rules); bounds the loops below */
    tc_dam_score(&p->rules, &e->deal, points);
    for (int seat = 0; seat < n; ++seat) {
        int32_t side = points[seat] + (p->teams ? points[(seat + 2) % n] : 0);
        rewards[seat] = (float)(sign * side);
    }
}

#define ENV_PARAMS tc_dam_env_params
#define ENV_STATE tc_dam_env
#define ENV_NAME(x) tc_dam_env_##x
#define ENV_ACTIONS TC_DAM_ENV_ACTIONS
#define ENV_OBS_BYTES TC_DAM_ENV_OBS_BYTES
#include "trickcore/core/env_loop.h"
