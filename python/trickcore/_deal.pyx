"""Bindings of the dealing kernel (src/trickcore/deal.c)."""

from libc.stdint cimport int64_t, uint8_t, uint64_t
from numpy.random cimport bitgen_t

from trickcore._bitgen cimport bitgen_of
from trickcore._ccards cimport tc_mask
from trickcore._cdeal cimport tc_deal_batch, tc_dealer, tc_dealer_deal, tc_dealer_init

import numpy as np

from trickcore.errors import RulesError, error_for_status


def deal_block(bit_generator, const uint8_t[::1] deck, int players, int hand_size,
               int64_t count, bint two_packs):
    """Deals ``count`` deals from one bit generator: (once, twice or None, stock) arrays."""
    cdef bitgen_t *rng = bitgen_of(bit_generator)
    cdef int deck_size = deck.shape[0]
    cdef int stock_size = deck_size - players * hand_size
    once = np.empty((count, players), dtype=np.uint64)
    twice = np.empty((count, players), dtype=np.uint64) if two_packs else None
    stock = np.empty((count, max(stock_size, 0)), dtype=np.uint8)
    cdef uint64_t[:, ::1] once_view = once
    cdef uint64_t[:, ::1] twice_view
    cdef uint8_t[:, ::1] stock_view = stock
    cdef uint64_t *twice_ptr = NULL
    cdef uint8_t *stock_ptr = NULL
    if two_packs:
        twice_view = twice
    if count > 0 and two_packs:
        twice_ptr = &twice_view[0, 0]
    if count > 0 and stock_size > 0:
        stock_ptr = &stock_view[0, 0]
    cdef int status
    if count == 0:
        return once, twice, stock
    with bit_generator.lock, nogil:
        status = tc_deal_batch(rng, &deck[0], deck_size, players, hand_size, count,
                               <uint64_t *>&once_view[0, 0], twice_ptr, stock_ptr)
    if status != 0:
        raise error_for_status(status, f"cannot deal {deck_size} cards to {players} players "
                                       f"of {hand_size}")
    return once, twice, stock


def _dealer_deals(bit_generator, uint64_t deck, int players, int hand_size, int64_t count):
    """``count`` deals by tc_dealer, for tests: (hands of shape (count, players), undealt rests)."""
    cdef tc_dealer dl
    cdef int status = tc_dealer_init(&dl, deck, players, hand_size)
    if status != 0:
        raise error_for_status(status, f"cannot deal {players} hands of {hand_size} "
                                       f"from the deck {deck:#x}")
    if count < 0:
        raise RulesError(f"count must be non-negative, not {count}")
    hands = np.zeros((count, players), dtype=np.uint64)
    rests = np.zeros(count, dtype=np.uint64)
    cdef uint64_t[:, ::1] hands_view = hands
    cdef uint64_t[::1] rests_view = rests
    cdef bitgen_t *rng = bitgen_of(bit_generator)
    cdef int64_t d
    with bit_generator.lock, nogil:
        for d in range(count):
            rests_view[d] = tc_dealer_deal(&dl, rng, <tc_mask *>&hands_view[d, 0])
    return hands, rests
