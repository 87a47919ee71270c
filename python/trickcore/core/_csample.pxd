# C declarations of src/trickcore/core/sample.h.
from libc.stdint cimport int8_t, int64_t, uint64_t
from numpy.random cimport bitgen_t

from trickcore.core._ccards cimport tc_mask

cdef extern from "trickcore/core/sample.h" nogil:
    ctypedef struct tc_sample_count:
        pass

    ctypedef struct tc_sample_class:
        int8_t size

    ctypedef struct tc_sampler:
        int slots
        int classes
        int8_t need[8]
        tc_sample_class cls[32]
        int64_t entries

    ctypedef struct tc_sample_deal:
        tc_sampler core
        int players

    int tc_sampler_count(const tc_sampler *s, tc_sample_count *table)
    tc_sample_count tc_sampler_total(const tc_sampler *s, const tc_sample_count *table)
    void tc_sample_deal_batch(const tc_sample_deal *s, const tc_sample_count *table, bitgen_t *rng,
                              int64_t count, tc_mask *hands)
