# C declarations of src/trickcore/core/cards.h.
from libc.stdint cimport uint64_t

cdef extern from "trickcore/core/cards.h" nogil:
    ctypedef uint64_t tc_mask
    ctypedef struct tc_multiset:
        tc_mask once
        tc_mask twice
    enum: TC_NUM_CARDS
    enum: TC_NUM_CARD_IDS
    int tc_popcount(tc_mask m)
    int tc_lowest(tc_mask m)
    int tc_highest(tc_mask m)
    tc_mask tc_suit_mask(int suit)
    int tc_multiset_count(tc_multiset s, int card)
    int tc_multiset_size(tc_multiset s)
    int tc_multiset_add(tc_multiset *s, int card)
    int tc_multiset_sum(tc_multiset a, tc_multiset b, tc_multiset *out)
    tc_multiset tc_multiset_difference(tc_multiset a, tc_multiset b)

cdef extern from "trickcore/core/isa.h" nogil:
    enum tc_isa:
        TC_ISA_PORTABLE
        TC_ISA_BMI2
    int tc_isa_best()
