#include "trickcore/core/playout.h"

uint64_t tc_follow_accepted(bitgen_t *rng, uint32_t b0, uint32_t b1, uint32_t b2, uint64_t x)
{
    const uint32_t bound[3] = {b0, b1, b2};
    return tc_batch_accepted_bits(rng, x, bound, 3, 64 - TC_FOLLOW_SHIFT);
}
