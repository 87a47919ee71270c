# The sampler of consistent deals, for the games' sampling modules to cimport (see _sample.pyx).
from libc.stdint cimport int64_t

from trickcore.core._csample cimport tc_sample_deal


cdef class DealSampler:
    cdef tc_sample_deal c
    cdef object table  # numpy buffer of the counts (caller-owned memory of the kernel)

    cdef prepare(self, int status, str what)


# The zeroed (count, width) array of `count` samples; ArgumentError when count < 0.
cdef object sample_rows(int64_t count, int width, object dtype)
