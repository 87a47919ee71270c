# C declarations of src/trickcore/core/draw.h: the 8-bit draw stream the policies choose from.
from libc.stdint cimport uint64_t
from numpy.random cimport bitgen_t

cdef extern from "trickcore/core/draw.h" nogil:
    ctypedef struct tc_draw8:
        bitgen_t *rng
        uint64_t bits
        int chunks
    void tc_draw8_init(tc_draw8 *d, bitgen_t *rng)
