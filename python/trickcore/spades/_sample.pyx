# cython: freethreading_compatible = False, auto_pickle = False, nonecheck = True
"""Sampling the Spades deals consistent with one seat's view (src/trickcore/spades/sample.c)."""

from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t

from trickcore.core._sample cimport DealSampler
from trickcore.spades._ckernel cimport tc_spades_rules
from trickcore.spades._core cimport KernelRules
from trickcore.core._csample cimport tc_sample_deal

cdef extern from "trickcore/spades/sample.h" nogil:
    ctypedef struct tc_spades_view:
        int8_t seat
        int8_t dealer
        int8_t seen
        int8_t bids_made
        int8_t plays
        int8_t bids[4]
        int32_t scores[4]
        int16_t bags[4]
        unsigned long long hand
        uint8_t play_seat[52]
        uint8_t play_card[52]

    int tc_spades_sample_plan(const tc_spades_rules *r, const tc_spades_view *v, tc_sample_deal *s)


def sampler(KernelRules kernel, int seat, int dealer, bint seen, bids, scores, bags,
            unsigned long long hand, plays):
    """The sampler of the current hands of a view: ``bids`` by seat (codes, -1 before a bid),
    ``scores`` and ``bags`` per side, ``plays`` (seat, card) pairs in order."""
    kernel.check()
    cdef tc_spades_view v
    v.seat = seat
    v.dealer = dealer
    v.seen = seen
    v.bids_made = sum(1 for b in bids if b >= 0)
    v.plays = len(plays)
    v.hand = hand
    for p in range(4):
        v.bids[p] = bids[p]
        v.scores[p] = scores[p] if p < len(scores) else 0
        v.bags[p] = bags[p] if p < len(bags) else 0
    for i, (player, card) in enumerate(plays):
        v.play_seat[i] = player
        v.play_card[i] = card
    cdef DealSampler result = DealSampler.__new__(DealSampler)
    result.prepare(tc_spades_sample_plan(&kernel.c, &v, &result.c), f"seat {seat}'s view")
    return result
