#include "trickcore/core/draw.h"

/* Position of the k-th lowest set bit of the byte b, 0 when b has k bits or fewer. */
#define TC_BIT_(b, i) (((b) >> (i)) & 1)
#define TC_BITS_BELOW_(b, i) \
    (((i) > 0 && TC_BIT_(b, 0)) + ((i) > 1 && TC_BIT_(b, 1)) + ((i) > 2 && TC_BIT_(b, 2)) + \
     ((i) > 3 && TC_BIT_(b, 3)) + ((i) > 4 && TC_BIT_(b, 4)) + ((i) > 5 && TC_BIT_(b, 5)) + \
     ((i) > 6 && TC_BIT_(b, 6)))
#define TC_IS_KTH_(b, k, i) (TC_BIT_(b, i) && TC_BITS_BELOW_(b, i) == (k))
#define TC_SELECT_(b, k) \
    (1 * TC_IS_KTH_(b, k, 1) + 2 * TC_IS_KTH_(b, k, 2) + 3 * TC_IS_KTH_(b, k, 3) + \
     4 * TC_IS_KTH_(b, k, 4) + 5 * TC_IS_KTH_(b, k, 5) + 6 * TC_IS_KTH_(b, k, 6) + \
     7 * TC_IS_KTH_(b, k, 7))
#define TC_ROW_(b) \
    {TC_SELECT_(b, 0), TC_SELECT_(b, 1), TC_SELECT_(b, 2), TC_SELECT_(b, 3), \
     TC_SELECT_(b, 4), TC_SELECT_(b, 5), TC_SELECT_(b, 6), TC_SELECT_(b, 7)}
#define TC_ROWS4_(b) TC_ROW_(b), TC_ROW_((b) + 1), TC_ROW_((b) + 2), TC_ROW_((b) + 3)
#define TC_ROWS16_(b) TC_ROWS4_(b), TC_ROWS4_((b) + 4), TC_ROWS4_((b) + 8), TC_ROWS4_((b) + 12)
#define TC_ROWS64_(b) \
    TC_ROWS16_(b), TC_ROWS16_((b) + 16), TC_ROWS16_((b) + 32), TC_ROWS16_((b) + 48)

const uint8_t tc_select_in_byte[256][8] = {TC_ROWS64_(0), TC_ROWS64_(64), TC_ROWS64_(128),
                                           TC_ROWS64_(192)};

uint32_t tc_draw8_redraw(uint32_t bound, uint32_t product, bitgen_t *rng)
{
    uint32_t threshold = 256u % bound;
    while ((product & 0xFF) < threshold)
        product = (uint32_t)(rng->next_uint64(rng->state) & 0xFF) * bound;
    return product;
}
