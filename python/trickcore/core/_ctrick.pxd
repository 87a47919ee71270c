# C declarations of src/trickcore/trick.h.
from libc.stdint cimport int8_t, int64_t, uint8_t

from trickcore.core._ccards cimport tc_mask

cdef extern from "trickcore/core/trick.h" nogil:
    int TC_NO_TRUMP
    int TC_MAX_TRICK
    enum tc_duplicate_rule:
        TC_DUP_FIRST
        TC_DUP_LAST
    enum tc_joker_mode:
        TC_JOKER_NONE
        TC_JOKER_TOP_TRUMP
        TC_JOKER_OUTRIGHT
        TC_JOKER_NEUTRAL
    ctypedef struct tc_trick_rules:
        int8_t trump
        int8_t duplicates
        int8_t jokers
        int8_t packs
    int tc_trick_winner_unchecked(const uint8_t *cards, int n, const tc_trick_rules *rules)
    int tc_trick_winning_card(tc_mask cards, tc_mask led, tc_mask trump)
    int tc_trick_winner_bits(const tc_mask *bits, int n, tc_mask led, tc_mask trump, int jokers,
                             int last)
    int tc_trick_winner(const uint8_t *cards, int n, const tc_trick_rules *rules, int *winner,
                        int *bad)
    int tc_trick_winners_batch(const uint8_t *cards, int64_t count, int n, const int8_t *trumps,
                               const tc_trick_rules *rules, int8_t *winners, int64_t *bad_trick)
