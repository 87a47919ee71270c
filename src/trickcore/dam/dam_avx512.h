/* Danish Dam's simulation on AVX-512: the tricks that every seat plays (the fast phase), for the
 * TC_DAM_GROUP (16) deals of a group at once under the random policy without jokers: one deal in
 * each 64-bit lane of a 512-bit register, and two registers' deals in step, since one trick
 * hangs on the last (the CPU overlaps two independent chains). It plays the same cards as dam.c's
 * scalar loops, from the same draws (dam.h, "Random choices from draws made ahead"): a trick
 * where some lane's draw is rejected is handed to dam.c's tc_dam_replay_trick, lane by lane,
 * which redraws as the scalar loops do.
 *
 * Built where the compiler can target AVX-512 from a portable build (GCC or Clang on x86-64):
 * the functions carry a target attribute, and tc_dam_simulate calls them only when
 * tc_dam_avx512_usable() says the CPU and the OS support every extension they use. */
#ifndef TRICKCORE_DAM_DAM_AVX512_H
#define TRICKCORE_DAM_DAM_AVX512_H

#include "trickcore/dam/dam.h"

#if defined(__x86_64__) && defined(__ELF__) && \
    ((defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 9) || \
     (defined(__clang__) && __clang_major__ >= 14))
#define TC_DAM_AVX512 1

/* Whether this CPU (and OS) runs the AVX-512 loop: AVX-512 F, BW, VL, CD, VPOPCNTDQ, BITALG and
 * VBMI, and BMI2 for the scalar code around it. */
int tc_dam_avx512_usable(void);

/* Plays the tricks of all seats of the group's deals s[0..TC_DAM_GROUP), just dealt by dealer 0
 * (the hands are built from the shuffled decks in s, so h is only written), with the refills and
 * the short refill between them, as dam.c's simulate_lanes does: `trumps[lane]` are each deal's
 * trump cards (or 0), `words` the group's draws. Leaves the hands in h and the points, tricks
 * and leader in s. No jokers; 2 to 4 players. */
void tc_dam_avx512_tricks(const tc_dam_rules *r, tc_dam_state *s, tc_dam_hands *h,
                          const tc_mask *trumps, const uint64_t (*words)[TC_DAM_GROUP],
                          bitgen_t *rng);
#endif

#endif
