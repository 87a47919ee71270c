# C declarations of src/trickcore/core/head.h: the deal head every card game's state opens with.
from libc.stdint cimport int8_t, uint8_t

cdef extern from "trickcore/core/head.h" nogil:
    enum:
        TC_SEATS_MAX

    enum tc_phase:
        TC_PHASE_SETUP
        TC_PHASE_PLAY
        TC_PHASE_OVER

    ctypedef struct tc_deal_head:
        uint8_t trick[TC_SEATS_MAX]
        int8_t tricks_won[TC_SEATS_MAX]
        uint8_t voids[TC_SEATS_MAX]
        int8_t phase
        int8_t to_act
        int8_t dealer
        int8_t leader
        int8_t trick_len
        int8_t tricks_played
        int8_t players
