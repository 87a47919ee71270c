/* The batch loop of the environments, instantiated once by each game's env.c: reset, the check
 * that refuses a whole batch before any environment moves, and the step with its opponents and
 * auto-reset (docs/environments.md).
 *
 * Before including it, a game defines ENV_PARAMS (its rules and whatever dealing needs),
 * ENV_STATE (one environment, caller memory), ENV_NAME(x) (the prefix of the entry points),
 * ENV_ACTIONS, ENV_OBS_BYTES and these functions, all on the referee's own rules:
 *   int env_players(p)                   seats
 *   int env_to_act(e)                    the seat to act, -1 once the episode is over
 *   int env_legal(p, e, action)          whether action (0 <= action < ENV_ACTIONS) is legal
 *   void env_apply(p, e, action)         the referee's unchecked move
 *   void env_policy(p, e, policy, d)     one move of a built-in policy (enum tc_env_policy)
 *   void env_deal(p, e, rng, d)          a new episode
 *   int env_truncated(p, e)              the episode was cut short (not over by the rules)
 *   void env_observe(p, e, seat, obs)    ENV_OBS_BYTES of `seat`'s observation
 *   void env_mask(p, e, mask)            ENV_ACTIONS bytes: the legal actions of the seat to act
 *   void env_rewards(p, e, rewards)      per seat, at the end: higher is better */

#include <string.h>

#include "trickcore/core/env.h"
#include "trickcore/core/head.h"

/* Why a batch was refused (the first environment at fault is reported). */
enum { TC_ENV_FINE = 0, TC_ENV_ACTION_RANGE = 1, TC_ENV_ACTION_ILLEGAL = 2, TC_ENV_FINISHED = 3 };

static int env_done(const ENV_PARAMS *p, const ENV_STATE *e)
{
    return env_to_act(e) < 0 || env_truncated(p, e);
}

/* Plays the other seats until `seat` is to act or the episode ends. */
static void env_play_others(const ENV_PARAMS *p, ENV_STATE *e, const tc_env_config *cfg,
                            tc_draw8 *d)
{
    if (cfg->seat == TC_ENV_EVERY_SEAT) return;
    while (!env_done(p, e) && env_to_act(e) != cfg->seat) env_policy(p, e, cfg->policy, d);
}

/* Row i of the outputs: the observation and mask of the seat the caller acts for next. */
static void env_write(const ENV_PARAMS *p, const ENV_STATE *e, const tc_env_config *cfg, int64_t i,
                      const tc_env_out *out)
{
    int to_act = env_done(p, e) ? -1 : env_to_act(e);
    int seat = cfg->seat != TC_ENV_EVERY_SEAT ? cfg->seat : to_act < 0 ? 0 : to_act;
    env_observe(p, e, seat, out->obs + i * ENV_OBS_BYTES);
    if (to_act < 0)
        memset(out->mask + i * ENV_ACTIONS, 0, ENV_ACTIONS);
    else
        env_mask(p, e, out->mask + i * ENV_ACTIONS);
    out->to_act[i] = (int8_t)to_act;
}

static int env_reward_columns(const ENV_PARAMS *p, const tc_env_config *cfg)
{
    return cfg->seat == TC_ENV_EVERY_SEAT ? env_players(p) : 1;
}

static void env_begin(const ENV_PARAMS *p, ENV_STATE *e, const tc_env_config *cfg, bitgen_t *rng,
                      tc_env_stream *st)
{
    tc_draw8 d = tc_env_stream_open(st, rng);
    env_deal(p, e, rng, &d);
    env_play_others(p, e, cfg, &d);
    tc_env_stream_close(st, &d);
}

/* Starts environments lo..hi-1 with new episodes and writes their rows (rewards 0). */
void ENV_NAME(reset)(const ENV_PARAMS *p, const tc_env_config *cfg, ENV_STATE *envs,
                     tc_env_stream *streams, bitgen_t *const *rngs, int64_t lo, int64_t hi,
                     const tc_env_out *out)
{
    int columns = env_reward_columns(p, cfg);
    for (int64_t i = lo; i < hi; ++i) {
        env_begin(p, &envs[i], cfg, rngs[i], &streams[i]);
        for (int k = 0; k < columns; ++k) out->rewards[i * columns + k] = 0.0f;
        out->terminated[i] = out->truncated[i] = 0;
        env_write(p, &envs[i], cfg, i, out);
    }
}

/* The first of environments 0..n-1 whose action cannot be taken, or -1; *why says why. */
int64_t ENV_NAME(check)(const ENV_PARAMS *p, const ENV_STATE *envs, int64_t n,
                        const int32_t *actions, int *why)
{
    for (int64_t i = 0; i < n; ++i) {
        int a = actions[i];
        *why = env_done(p, &envs[i])        ? TC_ENV_FINISHED
               : a < 0 || a >= ENV_ACTIONS  ? TC_ENV_ACTION_RANGE
               : !env_legal(p, &envs[i], a) ? TC_ENV_ACTION_ILLEGAL
                                            : TC_ENV_FINE;
        if (*why != TC_ENV_FINE) return i;
    }
    return -1;
}

/* Steps environments lo..hi-1 (actions checked) and writes their rows; an episode that ends
 * starts again at once when `autoreset`, its rewards in this step's row. */
void ENV_NAME(step)(const ENV_PARAMS *p, const tc_env_config *cfg, ENV_STATE *envs,
                    tc_env_stream *streams, bitgen_t *const *rngs, int64_t lo, int64_t hi,
                    const int32_t *actions, int autoreset, const tc_env_out *out)
{
    int columns = env_reward_columns(p, cfg), players = env_players(p);
    for (int64_t i = lo; i < hi; ++i) {
        ENV_STATE *e = &envs[i];
        float *rewards = out->rewards + i * columns;
        tc_draw8 d = tc_env_stream_open(&streams[i], rngs[i]);
        env_apply(p, e, actions[i]);
        env_play_others(p, e, cfg, &d);
        tc_env_stream_close(&streams[i], &d);
        for (int k = 0; k < columns; ++k) rewards[k] = 0.0f;
        int truncated = env_truncated(p, e), terminated = !truncated && env_to_act(e) < 0;
        out->terminated[i] = (uint8_t)terminated;
        out->truncated[i] = (uint8_t)truncated;
        if (terminated || truncated) {
            float seat_rewards[TC_SEATS_MAX];
            env_rewards(p, e, seat_rewards);
            for (int k = 0; k < columns; ++k)
                rewards[k] = columns == players ? seat_rewards[k] : seat_rewards[cfg->seat];
            if (autoreset) env_begin(p, e, cfg, rngs[i], &streams[i]);
        }
        env_write(p, e, cfg, i, out);
    }
}

/* Environment i as the caller just set its state (a position loaded): the other seats play
 * until the caller's seat is to act, and its row is written (rewards 0). */
void ENV_NAME(resume)(const ENV_PARAMS *p, const tc_env_config *cfg, ENV_STATE *envs,
                      tc_env_stream *streams, bitgen_t *const *rngs, int64_t i,
                      const tc_env_out *out)
{
    int columns = env_reward_columns(p, cfg);
    tc_draw8 d = tc_env_stream_open(&streams[i], rngs[i]);
    env_play_others(p, &envs[i], cfg, &d);
    tc_env_stream_close(&streams[i], &d);
    for (int k = 0; k < columns; ++k) out->rewards[i * columns + k] = 0.0f;
    out->terminated[i] = (uint8_t)(!env_truncated(p, &envs[i]) && env_to_act(&envs[i]) < 0);
    out->truncated[i] = (uint8_t)env_truncated(p, &envs[i]);
    env_write(p, &envs[i], cfg, i, out);
}

/* One environment's observation for any seat, and its legal actions (zeros once it is over). */
void ENV_NAME(observe)(const ENV_PARAMS *p, const ENV_STATE *e, int seat, uint8_t *obs,
                       uint8_t *mask)
{
    env_observe(p, e, seat, obs);
    if (env_done(p, e))
        memset(mask, 0, ENV_ACTIONS);
    else
        env_mask(p, e, mask);
}
