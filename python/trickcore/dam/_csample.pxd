# C declarations of src/trickcore/dam/sample.h.
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t
from numpy.random cimport bitgen_t

from trickcore.core._ccards cimport tc_multiset
from trickcore.core._csample cimport tc_sample_count
from trickcore.dam._ckernel cimport tc_dam_rules

cdef extern from "trickcore/dam/sample.h" nogil:
    ctypedef struct tc_dam_view:
        int8_t seat
        int8_t dealer
        int8_t open_hands
        int16_t plays
        uint8_t turned
        tc_multiset hands[4]
        uint8_t play_seat[108]
        uint8_t play_card[108]

    ctypedef struct tc_dam_place:
        int8_t owner
        int8_t avail

    ctypedef struct tc_dam_sampler:
        int players
        int places
        int hidden
        tc_dam_place place[108]
        int32_t entries
        int ways_bits
        int split_bits

    int tc_dam_sample_plan(const tc_dam_rules *r, const tc_dam_view *v, tc_dam_sampler *s)
    int tc_dam_sample_count(tc_dam_sampler *s, tc_sample_count *table)
    int tc_dam_sample_draw(const tc_dam_sampler *s, const tc_sample_count *table, bitgen_t *rng,
                           int64_t count, uint8_t *cards)
