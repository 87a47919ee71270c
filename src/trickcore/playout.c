#include "trickcore/playout.h"

uint64_t tc_follow_accepted(bitgen_t *rng, uint32_t b0, uint32_t b1, uint32_t b2, uint64_t x)
{
    const uint32_t bound[3] = {b0, b1, b2};
    uint32_t index[3];
    uint64_t threshold = ((UINT64_C(1) << 24) % (b0 * b1 * b2)) << TC_FOLLOW_SHIFT;
    while (tc_follow_indices(x, bound, index, TC_ISA_PORTABLE) < threshold)
        x = rng->next_uint64(rng->state) << TC_FOLLOW_SHIFT;
    return x;
}
