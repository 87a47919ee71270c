# C declarations of src/trickcore/deal.h.
from libc.stdint cimport int64_t, uint8_t
from numpy.random cimport bitgen_t

from trickcore.core._ccards cimport tc_mask

cdef extern from "trickcore/core/deal.h" nogil:
    int TC_MAX_DECK
    int TC_MAX_PLAYERS
    void tc_shuffle(bitgen_t *rng, uint8_t *cards, int n, int keep)
    int tc_random_below(bitgen_t *rng, unsigned long long bound)
    int tc_deal_batch(bitgen_t *rng, const uint8_t *deck, int deck_size, int players,
                      int hand_size, int64_t count, tc_mask *once, tc_mask *twice,
                      uint8_t *stock)
    ctypedef struct tc_dealer:
        tc_mask deck
        int players
        int hand_size
    int tc_dealer_init(tc_dealer *dl, tc_mask deck, int players, int hand_size)
    tc_mask tc_dealer_deal(const tc_dealer *dl, bitgen_t *rng, tc_mask *hands)
    tc_mask tc_dealer_deal_portable(const tc_dealer *dl, bitgen_t *rng, tc_mask *hands)
