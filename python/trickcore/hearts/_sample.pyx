# cython: freethreading_compatible = False, auto_pickle = False, nonecheck = True
"""Sampling the Hearts-family deals consistent with one seat's view
(src/trickcore/hearts/sample.c)."""

from libc.stdint cimport int8_t, uint8_t

from trickcore.core._sample cimport DealSampler
from trickcore.hearts._ckernel cimport tc_hearts_rules
from trickcore.hearts._core cimport KernelRules
from trickcore.core._csample cimport tc_sample_deal

cdef extern from "trickcore/hearts/sample.h" nogil:
    ctypedef struct tc_hearts_view:
        int8_t seat
        int8_t dealer
        int8_t passing
        int8_t pass_offset
        int8_t leader
        int8_t plays
        unsigned long long hand
        unsigned long long passed
        uint8_t play_seat[52]
        uint8_t play_card[52]

    int tc_hearts_sample_plan(const tc_hearts_rules *r, const tc_hearts_view *v, tc_sample_deal *s)


def sampler(KernelRules kernel, int seat, int dealer, bint passing, int pass_offset, int leader,
            unsigned long long hand, unsigned long long passed, plays):
    """The sampler of the current hands of a view (``plays``: (seat, card) pairs in order)."""
    kernel.check()
    cdef tc_hearts_view v
    v.seat = seat
    v.dealer = dealer
    v.passing = passing
    v.pass_offset = pass_offset
    v.leader = leader
    v.plays = len(plays)
    v.hand = hand
    v.passed = passed
    for i, (player, card) in enumerate(plays):
        v.play_seat[i] = player
        v.play_card[i] = card
    cdef DealSampler result = DealSampler.__new__(DealSampler)
    result.prepare(tc_hearts_sample_plan(&kernel.c, &v, &result.c), f"seat {seat}'s view")
    return result
