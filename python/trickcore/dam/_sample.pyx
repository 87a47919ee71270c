# cython: freethreading_compatible = False, auto_pickle = False, nonecheck = True
"""Sampling the Dam deals consistent with one seat's view (src/trickcore/dam/sample.c): every
card dealt to each place (the hands as dealt, then the pile in draw order)."""

from libc.stdint cimport int64_t, uint8_t
from numpy.random cimport bitgen_t

from trickcore.core._bitgen cimport bitgen_of
from trickcore.dam._core cimport KernelRules
from trickcore.core._csample cimport tc_sample_count
from trickcore.core._sample cimport sample_rows
from trickcore.dam._csample cimport (tc_dam_sampler, tc_dam_view, tc_dam_sample_plan,
                                    tc_dam_sample_count, tc_dam_sample_draw)

import numpy as np

from trickcore.core.errors import ArgumentError, error_for_status


cdef class DamSampler:
    """The places of one view and the cards that may fill them, planned once, drawn many times."""

    cdef tc_dam_sampler c
    cdef object table  # numpy buffer of the counts (caller-owned memory of the kernel)

    @property
    def owners(self):
        """Per place, the seat holding or having played its card, or -1 (still in the pile)."""
        return np.array([self.c.place[i].owner for i in range(self.c.places)], dtype=np.int8)

    @property
    def hidden(self):
        """The seats whose hands the observer does not see."""
        return tuple(p for p in range(self.c.players) if self.c.hidden >> p & 1)

    def draw(self, int64_t count, bit_generator):
        """``count`` deals: an array (count, places) of the card dealt to each place, row i
        never depending on count."""
        cards = sample_rows(count, self.c.places, np.uint8)
        if count == 0:
            return cards
        cdef uint8_t[:, ::1] out = cards
        cdef unsigned char[::1] view = self.table
        cdef bitgen_t *rng = bitgen_of(bit_generator)
        cdef int status = 0
        with bit_generator.lock, nogil:
            status = tc_dam_sample_draw(&self.c, <tc_sample_count *>&view[0], rng, count,
                                        &out[0, 0])
        if status != 0:
            raise error_for_status(status, "the view is too constrained to sample from")
        return cards


def sampler(KernelRules kernel, int seat, int dealer, bint open_hands, int turned, hands,
            plays, rounding=None):
    """The sampler of a view: ``hands`` the (once, twice) masks of the hands the seat sees now
    (others ignored), ``plays`` (seat, card) pairs in order, ``turned`` the turned card or -1;
    ``rounding`` (ways bits, split bits), at most the kernel's, rounds the split's counts
    coarser (tests of the rounding's refusals)."""
    kernel.check()
    cdef tc_dam_view v
    v.seat = seat
    v.dealer = dealer
    v.open_hands = open_hands
    v.turned = <uint8_t>(turned if turned >= 0 else 255)
    v.plays = len(plays)
    for p in range(4):
        v.hands[p].once = hands[p][0] if p < len(hands) else 0
        v.hands[p].twice = hands[p][1] if p < len(hands) else 0
    for i, (player, card) in enumerate(plays):
        v.play_seat[i] = player
        v.play_card[i] = card
    cdef DamSampler result = DamSampler.__new__(DamSampler)
    cdef unsigned char[::1] view
    status = tc_dam_sample_plan(&kernel.c, &v, &result.c)
    if status == 0 and rounding is not None:
        ways_bits, split_bits = rounding
        if not (1 <= ways_bits <= result.c.ways_bits and 1 <= split_bits <= result.c.split_bits):
            raise ArgumentError(f"rounding must be at most ({result.c.ways_bits}, "
                             f"{result.c.split_bits}) bits, not {rounding!r}")
        result.c.ways_bits = ways_bits
        result.c.split_bits = split_bits
    if status == 0:
        result.table = np.zeros(result.c.entries * sizeof(tc_sample_count), dtype=np.uint8)
        view = result.table
        status = tc_dam_sample_count(&result.c, <tc_sample_count *>&view[0])
    if status != 0:
        raise error_for_status(status, f"no deal is consistent with seat {seat}'s view")
    return result
