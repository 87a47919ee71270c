# cython: freethreading_compatible = False, auto_pickle = False, nonecheck = True
"""The sampler of the deals consistent with one seat's view (src/trickcore/core/sample.h): a
game's sampling module plans it from the view, then ``draw`` deals hands from a bit generator."""

from libc.stdint cimport int64_t, uint64_t
from libc.string cimport memcpy
from numpy.random cimport bitgen_t

from trickcore.core._bitgen cimport bitgen_of
from trickcore.core._csample cimport tc_sample_count, tc_sampler_count, tc_sampler_total, tc_sample_deal_batch

import math

import numpy as np

from trickcore.core.errors import ArgumentError, error_for_status


cdef class DealSampler:
    """The hidden hands of one view: its classes and counts, built once, drawn many times."""

    cdef prepare(self, int status, str what):
        """Checks the plan's status, then fills the table of counts."""
        if status != 0:
            raise error_for_status(status, f"no deal is consistent with {what}")
        self.table = np.zeros(max(self.c.core.entries, 1) * sizeof(tc_sample_count), dtype=np.uint8)
        cdef unsigned char[::1] view = self.table
        status = tc_sampler_count(&self.c.core, <tc_sample_count *>&view[0])
        if status != 0:
            raise error_for_status(status, f"cannot count the deals consistent with {what}")

    @property
    def total(self):
        """The number of consistent deals (hidden cards treated as distinct physical cards)."""
        cdef unsigned char[::1] view = self.table
        cdef tc_sample_count total = tc_sampler_total(&self.c.core, <tc_sample_count *>&view[0])
        cdef uint64_t words[2]
        memcpy(words, &total, sizeof(total))
        fillings = int.from_bytes(np.array(words, dtype="<u8").tobytes(), "little")
        # The table counts fillings of labelled places by class: times the orders within each
        # class, over the orders within each slot.
        for k in range(self.c.core.classes):
            fillings *= math.factorial(self.c.core.cls[k].size)
        for s in range(self.c.core.slots):
            fillings //= math.factorial(self.c.core.need[s])
        return fillings

    @property
    def classes(self):
        """The classes of hidden cards (cards held by the same possible seats)."""
        return self.c.core.classes

    def draw(self, int64_t count, bit_generator):
        """``count`` deals: an array (count, players) of hand masks, row i never depending on
        count."""
        hands = sample_rows(count, self.c.players, np.uint64)
        if count == 0:
            return hands
        cdef uint64_t[:, ::1] out = hands
        cdef unsigned char[::1] view = self.table
        cdef bitgen_t *rng = bitgen_of(bit_generator)
        with bit_generator.lock, nogil:
            tc_sample_deal_batch(&self.c, <tc_sample_count *>&view[0], rng, count, &out[0, 0])
        return hands


cdef object sample_rows(int64_t count, int width, object dtype):
    if count < 0:
        raise ArgumentError(f"the number of samples must be non-negative, not {count}")
    return np.zeros((count, width), dtype=dtype)
