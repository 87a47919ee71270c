"""Bindings of the dealing kernel (src/trickcore/deal.c)."""

from libc.stdint cimport int64_t, uint8_t, uint64_t
from numpy.random cimport bitgen_t

from trickcore.core._bitgen cimport bitgen_of
from trickcore.core._ccards cimport tc_mask
from trickcore.core._cdeal cimport (
    tc_deal_batch,
    tc_dealer,
    tc_dealer_deal,
    tc_dealer_deal_portable,
    tc_dealer_init,
    tc_shuffle,
    TC_MAX_DECK,
)

import numpy as np

from trickcore.core.errors import RulesError, error_for_status


def deal_block(bit_generator, const uint8_t[::1] deck, int players, int hand_size,
               int64_t count, bint two_packs):
    """Deals ``count`` deals from one bit generator: (once, twice or None, stock) arrays."""
    cdef int stock_size = max(deck.shape[0] - players * hand_size, 0)
    once = np.empty((count, players), dtype=np.uint64)
    twice = np.empty((count, players), dtype=np.uint64) if two_packs else None
    stock = np.empty((count, stock_size), dtype=np.uint8)
    deal_into(bit_generator, deck, players, hand_size, 0, once, twice, stock)
    return once, twice, stock


def deal_into(bit_generator, const uint8_t[::1] deck, int players, int hand_size, int64_t skip,
              uint64_t[:, ::1] once, uint64_t[:, ::1] twice or None, uint8_t[:, ::1] stock):
    """Deals ``skip`` deals that are dropped, then one deal per row of ``once`` (and of ``twice``
    for two packs, else None, and of ``stock``), from one bit generator. (A two-pack deal
    shuffles the previous deal's order, so the dropped deals are dealt in the same call.)"""
    if skip > 0:
        all_once, all_twice, all_stock = deal_block(
            bit_generator, deck, players, hand_size, skip + once.shape[0], twice is not None)
        np.asarray(once)[:] = all_once[skip:]
        np.asarray(stock)[:] = all_stock[skip:]
        if twice is not None:
            np.asarray(twice)[:] = all_twice[skip:]
        return
    cdef int64_t count = once.shape[0]
    if count == 0:
        return
    cdef bitgen_t *rng = bitgen_of(bit_generator)
    cdef int deck_size = deck.shape[0]
    cdef uint64_t *twice_ptr = NULL if twice is None else &twice[0, 0]
    cdef uint8_t *stock_ptr = &stock[0, 0] if stock.shape[1] > 0 else NULL
    cdef int status
    with bit_generator.lock, nogil:
        status = tc_deal_batch(rng, &deck[0], deck_size, players, hand_size, count,
                               <tc_mask *>&once[0, 0], <tc_mask *>twice_ptr, stock_ptr)
    if status != 0:
        raise error_for_status(status, f"cannot deal {deck_size} cards to {players} players "
                                       f"of {hand_size}")


def _dealer_deals(bit_generator, uint64_t deck, int players, int hand_size, int64_t count, *,
                  bint portable=False):
    """``count`` deals by tc_dealer, for tests: (hands of shape (count, players), undealt rests);
    ``portable`` uses the portable select even on a CPU with fast BMI2."""
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
            if portable:
                rests_view[d] = tc_dealer_deal_portable(&dl, rng, <tc_mask *>&hands_view[d, 0])
            else:
                rests_view[d] = tc_dealer_deal(&dl, rng, <tc_mask *>&hands_view[d, 0])
    return hands, rests


def _shuffled(bit_generator, const uint8_t[::1] cards, *, int keep=1):
    """A copy of ``cards`` shuffled by tc_shuffle(..., keep), for tests."""
    if cards.shape[0] > TC_MAX_DECK:
        raise RulesError(f"at most {TC_MAX_DECK} cards can be shuffled, not {cards.shape[0]}")
    out = np.array(cards, dtype=np.uint8)
    cdef uint8_t[::1] view = out
    cdef bitgen_t *rng = bitgen_of(bit_generator)
    cdef int n = view.shape[0]
    if n == 0:
        return out
    with bit_generator.lock, nogil:
        tc_shuffle(rng, &view[0], n, keep)
    return out
