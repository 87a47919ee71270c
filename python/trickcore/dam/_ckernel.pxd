# C declarations of src/trickcore/dam.h.
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t
from numpy.random cimport bitgen_t

from trickcore.core._chead cimport tc_deal_head
from trickcore.core._ccards cimport tc_mask, tc_multiset
from trickcore.core._cdraw cimport tc_draw8
from trickcore.search._csolver cimport tc_solve_request, tc_solver
from trickcore.core._ctrick cimport tc_trick_rules

cdef extern from "trickcore/dam/dam.h" nogil:
    enum:
        TC_DAM_MAX_PLAYERS
        TC_DAM_MAX_HAND
        TC_DAM_MAX_CARDS
        TC_DAM_MAX_VALUE
        TC_DAM_GROUP

    enum tc_dam_policy:
        TC_DAM_RANDOM
        TC_DAM_GREEDY
        TC_DAM_RULE

    enum tc_dam_loop:
        TC_DAM_LOOP_BEST
        TC_DAM_LOOP_PORTABLE
        TC_DAM_LOOP_GENERIC

    # The derived fields (trick tables, deck ids) are filled by tc_dam_prepare_rules.
    ctypedef struct tc_dam_rules:
        int8_t players
        int8_t hand_size
        int8_t turn_trump
        int8_t score_tricks
        int8_t collect
        int32_t last_trick_bonus
        tc_trick_rules trick
        tc_multiset deck
        int16_t values[56]  # TC_NUM_CARD_IDS
        int8_t deck_size

    ctypedef struct tc_dam_state:
        tc_deal_head head
        tc_multiset hands[TC_DAM_MAX_PLAYERS]
        tc_mask led_mask
        int32_t points_taken[TC_DAM_MAX_PLAYERS]
        uint8_t trick_seats[TC_DAM_MAX_PLAYERS]
        uint8_t next_seat[TC_DAM_MAX_PLAYERS]
        int8_t trick_size
        int8_t led
        int8_t trump
        int8_t last_winner
        uint8_t turned
        uint8_t pile_next
        uint8_t pile_end
        uint8_t pile[TC_DAM_MAX_CARDS]

    ctypedef struct tc_dam_block:
        int32_t *points
        int8_t *tricks
        int8_t *trump
        int8_t *last_trick
        tc_mask *once
        tc_mask *twice
        uint8_t *pile
        uint8_t *plays
        tc_mask *legal

    int tc_dam_voids(const tc_dam_rules *r, const tc_dam_state *s, int seat)
    int tc_dam_prepare_rules(tc_dam_rules *r)
    int tc_dam_start(const tc_dam_rules *r, tc_dam_state *s, const tc_multiset *hands,
                     const uint8_t *pile, int pile_size, int dealer)
    int tc_dam_play(const tc_dam_rules *r, tc_dam_state *s, int card, int *refusal)
    tc_mask tc_dam_moves(const tc_dam_state *s)
    void tc_dam_score(const tc_dam_rules *r, const tc_dam_state *s, int32_t *points)
    int tc_dam_playouts(const tc_dam_rules *r, const tc_dam_state *start, bitgen_t *rng,
                        int policy, int64_t count, int32_t *points)
    int tc_dam_policy_card(const tc_dam_rules *r, const tc_dam_state *s, int policy,
                           tc_draw8 *d)
    int tc_dam_simulate(const tc_dam_rules *r, bitgen_t *rng, int policy, int64_t count,
                        const tc_dam_block *out, int loop)

cdef extern from "trickcore/dam/solve.h" nogil:
    int tc_dam_solve(const tc_dam_rules *r, const tc_dam_state *s, tc_solve_request request,
                     tc_solver *solver, int32_t *values, tc_mask *legal, int32_t *value)
