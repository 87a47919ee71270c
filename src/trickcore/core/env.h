/* Environments for learning: what every game's env.c shares. The configuration (the agent's
 * seat, the opponents' policy), the caller's output arrays, and the writers of observation
 * planes and action masks (docs/environments.md). */
#ifndef TRICKCORE_CORE_ENV_H
#define TRICKCORE_CORE_ENV_H

#include <stdint.h>

#include "numpy/random/bitgen.h"
#include "trickcore/core/draw.h"

/* Who plays the seats the caller does not: every game's policies, by these codes. */
enum tc_env_policy { TC_ENV_RANDOM = 0, TC_ENV_GREEDY = 1, TC_ENV_RULE = 2 };

#define TC_ENV_EVERY_SEAT (-1) /* multi-agent mode: the caller acts for every seat */

typedef struct {
    int seat;   /* the caller's seat, or TC_ENV_EVERY_SEAT */
    int policy; /* enum tc_env_policy: the other seats' moves (single-agent mode) */
} tc_env_config;

/* Row i of each array belongs to environment i. `rewards` has one column in single-agent mode,
 * one per seat in multi-agent mode; `to_act` is the seat whose observation row i is. */
typedef struct {
    uint8_t *obs;  /* obs_bytes per row: bit-packed planes, little-endian */
    uint8_t *mask; /* actions per row: 1 legal, 0 not */
    float *rewards;
    uint8_t *terminated;
    uint8_t *truncated;
    int8_t *to_act;
} tc_env_out;

/* A random stream kept inside an environment between calls: the unused 8-bit chunks. */
typedef struct {
    uint64_t bits;
    int32_t chunks;
} tc_env_stream;

static inline tc_draw8 tc_env_stream_open(const tc_env_stream *st, bitgen_t *rng)
{
    tc_draw8 d = {rng, st->bits, st->chunks};
    return d;
}

static inline void tc_env_stream_close(tc_env_stream *st, const tc_draw8 *d)
{
    st->bits = d->bits;
    st->chunks = d->chunks;
}

/* Observation plane `plane` (8 bytes) := w, little-endian on any host. */
static inline void tc_env_plane(uint8_t *obs, int plane, uint64_t w)
{
    uint8_t *p = obs + 8 * plane;
    for (int i = 0; i < 8; ++i) p[i] = (uint8_t)(w >> (8 * i));
}

/* One bit of a 64-bit plane word for a small integer: bit (offset + v), none for v < 0. */
static inline uint64_t tc_env_one_hot(int offset, int v)
{
    return v < 0 ? 0 : UINT64_C(1) << (offset + v);
}

/* Seat s as seen from `me` among n: 0 is me, 1 the next seat in play order; -1 for none. */
static inline int tc_env_relative(int s, int me, int n)
{
    return s < 0 ? -1 : (s - me + n) % n;
}

/* mask[0..n) := the bits 0..n-1 of `bits` as bytes 0/1. */
static inline void tc_env_mask_bits(uint8_t *mask, uint64_t bits, int n)
{
    for (int i = 0; i < n; ++i) mask[i] = (uint8_t)(bits >> i & 1);
}

#endif
