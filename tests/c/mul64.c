/* Prints the 128-bit product of each pair of 64-bit numbers read from stdin ("a b" per line) as
 * "hi lo", computed by deal.h's tc_mul64: built by tests/test_mul64.py with and without
 * TC_PORTABLE_MUL64, so both the __int128 path and the portable one are checked. */
#include <inttypes.h>
#include <stdio.h>

#include "trickcore/core/deal.h"

int main(void)
{
    uint64_t a, b, lo;
    while (scanf("%" SCNu64 " %" SCNu64, &a, &b) == 2) {
        uint64_t hi = tc_mul64(a, b, &lo);
        printf("%" PRIu64 " %" PRIu64 "\n", hi, lo);
    }
    return 0;
}
