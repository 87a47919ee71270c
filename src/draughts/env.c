/* English draughts environments: the hooks of core/env_loop.h on the referee's move generator
 * (movegen.h) and draw claims (draw.h), ending games as Board(auto_draw=True) and playout.c do.
 * Layout of the observation: docs/environments.md. */
#include "draughts/env.h"

#include <string.h>

#include "draughts/zobrist.h"
#include "trickcore/core/deal.h"
#include "trickcore/core/status.h"

/* The rule policy's piece values and bonuses, a man counting 3. */
enum { MAN_VALUE = 3, KING_VALUE = 5, CROWN_VALUE = 2, BACK_RANK_VALUE = 1, WIN_VALUE = 1000 };

int dr_env_init(dr_env_params *p, const dr_position *start, int32_t max_plies)
{
    dr_move moves[DR_MAX_MOVES];
    if (dr_check_position(start) != 0 || max_plies < 0) return TC_ERR_ARGUMENT;
    if (dr_generate(start, moves, DR_MAX_MOVES) <= 0) return TC_ERR_ARGUMENT; /* over at once */
    p->start = *start;
    p->max_plies = max_plies;
    return TC_OK;
}

static int action_of(const dr_move *m)
{
    return (m->path[0] - 1) * DR_SQUARES + (m->path[m->length - 1] - 1);
}

/* The move `action` takes among moves[0..n): the one from and to its squares capturing the
 * most pieces, the first in path order of those; -1 when none. */
static int find_move(const dr_move *moves, int n, int action)
{
    int best = -1;
    for (int i = 0; i < n; ++i) {
        if (action_of(&moves[i]) != action) continue;
        if (best < 0 || dr_popcount(moves[i].captured) > dr_popcount(moves[best].captured))
            best = i;
    }
    return best;
}

static const dr_position *current(const dr_env *e)
{
    return &e->window[e->reversible];
}

/* Whether the current position stood before, with the same side to move. */
static int repeated(const dr_env *e)
{
    int r = e->reversible;
    for (int k = r - 2; k >= 0; k -= 2)
        if (e->hashes[k] == e->hashes[r] && dr_same_position(&e->window[k], &e->window[r]))
            return 1;
    return 0;
}

/* After a move or a deal: the legal moves, and whether the game is over, in the order of
 * Board.outcome (no move loses, then the 40-move rule, then repetition). */
static void settle(dr_env *e)
{
    const dr_position *p = current(e);
    int n = dr_generate(p, e->moves, DR_MAX_MOVES);
    e->count = (int16_t)(n > 0 ? n : 0);
    e->result = 0;
    if (n <= 0) e->result = p->turn == DR_BLACK ? -1 : 1;
    e->over = n <= 0 || dr_forty_move_claim(e->reversible) ||
              dr_repetition_claim(e->window, e->hashes, e->reversible + 1, e->moves, n);
    e->repeated = (int8_t)repeated(e);
}

/* Plays legal move i of the current position. */
static void play(dr_env *e, int i)
{
    const dr_move m = e->moves[i];
    const dr_position *before = current(e);
    dr_position after = *before;
    dr_make(&after, &m);
    uint64_t hash = dr_zobrist_update(e->hashes[e->reversible], before, &m);
    e->reversible = dr_is_irreversible(before, &m) ? 0 : e->reversible + 1;
    e->window[e->reversible] = after;
    e->hashes[e->reversible] = hash;
    e->plies++;
    settle(e);
}

/* A man move that makes a king: neither end square held a king before. */
static int crowns(const dr_position *p, const dr_move *m)
{
    return !(m->moved & p->kings) && (m->kings & m->moved) != 0;
}

static int material(const dr_position *p, const dr_move *m)
{
    int kings = dr_popcount(m->captured & p->kings);
    return MAN_VALUE * (dr_popcount(m->captured) - kings) + KING_VALUE * kings +
           CROWN_VALUE * crowns(p, m);
}

/* The greedy score: most pieces captured, then a crowning. */
static int greedy_score(const dr_position *p, const dr_move *m)
{
    return 2 * dr_popcount(m->captured) + crowns(p, m);
}

/* The rule score, two plies deep: what the move wins (material, crowning, a win outright)
 * less the opponent's best capture in reply, less a man leaving the back rank. */
static int rule_score(const dr_position *p, const dr_move *m)
{
    dr_move replies[DR_MAX_MOVES];
    dr_bits back_rank = p->turn == DR_BLACK ? DR_WHITE_CROWN : DR_BLACK_CROWN;
    int score = material(p, m);
    if (!(m->moved & p->kings) && (m->moved & back_rank)) score -= BACK_RANK_VALUE;
    dr_position q = *p;
    dr_make(&q, m);
    int n = dr_generate_capture_masks(&q, replies, DR_MAX_MOVES), threat = 0;
    if (n == 0 && dr_side_count_steps(&q, q.turn) == 0) return score + WIN_VALUE;
    for (int i = 0; i < n; ++i) {
        int gain = material(&q, &replies[i]);
        if (gain > threat) threat = gain;
    }
    return score - threat;
}

/* A uniformly random move of the highest score (policy TC_ENV_GREEDY or TC_ENV_RULE). */
static int best_move(const dr_position *p, const dr_move *moves, int n, int policy, bitgen_t *rng)
{
    int scores[DR_MAX_MOVES], top = 0, ties = 0;
    for (int i = 0; i < n; ++i) {
        scores[i] = policy == TC_ENV_RULE ? rule_score(p, &moves[i]) : greedy_score(p, &moves[i]);
        if (i == 0 || scores[i] > top) {
            top = scores[i];
            ties = 0;
        }
        ties += scores[i] == top;
    }
    int pick = ties == 1 ? 0 : tc_random_below(rng, (uint64_t)ties);
    for (int i = 0; i < n; ++i)
        if (scores[i] == top && pick-- == 0) return i;
    return 0;
}

static int env_players(const dr_env_params *p)
{
    (void)p;
    return 2;
}

static int env_to_act(const dr_env *e)
{
    return e->over ? -1 : current(e)->turn;
}

static int env_truncated(const dr_env_params *p, const dr_env *e)
{
    return !e->over && p->max_plies && e->plies >= p->max_plies;
}

static int env_legal(const dr_env_params *p, const dr_env *e, int action)
{
    (void)p;
    for (int i = 0; i < e->count; ++i)
        if (action_of(&e->moves[i]) == action) return 1;
    return 0;
}

static void env_apply(const dr_env_params *p, dr_env *e, int action)
{
    (void)p;
    int i = find_move(e->moves, e->count, action);
    if (i >= 0) play(e, i);
}

static void env_policy(const dr_env_params *p, dr_env *e, int policy, tc_draw8 *d)
{
    (void)p;
    int n = e->count;
    if (n <= 0) return;
    int i = policy == TC_ENV_RANDOM ? (n == 1 ? 0 : tc_random_below(d->rng, (uint64_t)n))
                                    : best_move(current(e), e->moves, n, policy, d->rng);
    play(e, i);
}

static void env_deal(const dr_env_params *p, dr_env *e, bitgen_t *rng, tc_draw8 *d)
{
    (void)rng;
    (void)d;
    e->window[0] = p->start;
    e->hashes[0] = dr_zobrist_hash(&p->start);
    e->reversible = e->plies = 0;
    settle(e);
}

static void env_observe(const dr_env_params *p, const dr_env *e, int seat, uint8_t *obs)
{
    const dr_position *pos = current(e);
    dr_bits own = seat == DR_BLACK ? pos->black : pos->white;
    dr_bits other = seat == DR_BLACK ? pos->white : pos->black;
    int to_move = env_to_act(e) >= 0 && !env_truncated(p, e) ? pos->turn : -1;
    int plies = e->plies < UINT16_MAX ? e->plies : UINT16_MAX;
    tc_env_plane(
        obs, 0, dr_to_squares(own & ~pos->kings) | (uint64_t)dr_to_squares(own & pos->kings) << 32);
    tc_env_plane(obs, 1,
                 dr_to_squares(other & ~pos->kings) | (uint64_t)dr_to_squares(other & pos->kings)
                                                          << 32);
    tc_env_plane(obs, 2,
                 tc_env_one_hot(0, seat) | tc_env_one_hot(2, to_move) |
                     (uint64_t)(e->repeated != 0) << 4 | (uint64_t)e->reversible << 8 |
                     (uint64_t)plies << 16);
}

static void env_mask(const dr_env_params *p, const dr_env *e, uint8_t *mask)
{
    (void)p;
    memset(mask, 0, DR_ENV_ACTIONS);
    for (int i = 0; i < e->count; ++i) mask[action_of(&e->moves[i])] = 1;
}

static void env_rewards(const dr_env_params *p, const dr_env *e, float *rewards)
{
    (void)p;
    rewards[DR_BLACK] = (float)e->result;
    rewards[DR_WHITE] = (float)-e->result;
}

#define ENV_PARAMS dr_env_params
#define ENV_STATE dr_env
#define ENV_NAME(x) dr_env_##x
#define ENV_ACTIONS DR_ENV_ACTIONS
#define ENV_OBS_BYTES DR_ENV_OBS_BYTES
#include "trickcore/core/env_loop.h"
