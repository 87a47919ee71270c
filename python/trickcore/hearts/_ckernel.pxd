# C declarations of src/trickcore/hearts.h.
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t
from numpy.random cimport bitgen_t

from trickcore.core._chead cimport tc_deal_head
from trickcore.core._ccards cimport tc_mask
from trickcore.core._cdraw cimport tc_draw8
from trickcore.search._csolver cimport tc_solve_request, tc_solver

cdef extern from "trickcore/hearts/hearts.h" nogil:
    enum:
        TC_HEARTS_MAX_PLAYERS
        TC_HEARTS_MAX_ROTATION
        TC_HEARTS_MAX_VALUE

    enum tc_hearts_first_lead:
        TC_HEARTS_LEAD_LOWEST_CLUB
        TC_HEARTS_LEAD_ANY_CLUB
        TC_HEARTS_LEAD_LEFT_OF_DEALER

    enum tc_hearts_moon:
        TC_HEARTS_MOON_OFF
        TC_HEARTS_MOON_ADD_TO_OTHERS
        TC_HEARTS_MOON_SUBTRACT_FROM_SHOOTER

    enum tc_hearts_policy:
        TC_HEARTS_RANDOM
        TC_HEARTS_GREEDY
        TC_HEARTS_RULE

    ctypedef struct tc_hearts_rules:
        int8_t players
        int8_t hand_size
        int8_t pass_count
        int8_t rotation_length
        int8_t rotation[TC_HEARTS_MAX_ROTATION]
        int8_t first_lead
        int8_t first_trick_protected
        int8_t hearts_must_be_broken
        int8_t queen_breaks_hearts
        int8_t hearts_lead_with_only_queen
        int8_t queen_pass_restricted
        int8_t void_if_one_takes_all
        int8_t moon
        int32_t moon_points
        int32_t no_tricks_bonus
        tc_mask deck
        tc_mask moon_cards
        int16_t values[52]  # TC_NUM_CARDS
        # and derived fields, filled by tc_hearts_prepare_rules

    ctypedef struct tc_hearts_state:
        tc_deal_head head
        tc_mask hands[TC_HEARTS_MAX_PLAYERS]
        tc_mask taken[TC_HEARTS_MAX_PLAYERS]
        tc_mask passed[TC_HEARTS_MAX_PLAYERS]
        int8_t pass_offset
        int8_t led_suit
        int8_t hearts_broken
        uint8_t pending_passes

    ctypedef struct tc_hearts_block:
        int32_t *points
        int8_t *tricks
        uint8_t *moon
        int8_t *shooter
        uint8_t *void_deal
        int8_t *direction
        tc_mask *hands
        tc_mask *passes
        uint8_t *plays
        tc_mask *legal

    tc_mask tc_hearts_legal(const tc_hearts_rules *r, const tc_hearts_state *s)
    int32_t tc_hearts_points(const tc_hearts_rules *r, tc_mask cards)
    tc_mask tc_hearts_passable(const tc_hearts_rules *r, tc_mask hand)
    int tc_hearts_prepare_rules(tc_hearts_rules *r)
    int tc_hearts_start(const tc_hearts_rules *r, tc_hearts_state *s, const tc_mask *hands,
                        int dealer, int64_t deal_number)
    int tc_hearts_play(const tc_hearts_rules *r, tc_hearts_state *s, int card, int *refusal)
    int tc_hearts_pass(const tc_hearts_rules *r, tc_hearts_state *s, int seat, tc_mask cards,
                       int *refusal)
    tc_mask tc_hearts_moves(const tc_hearts_rules *r, const tc_hearts_state *s)
    void tc_hearts_score(const tc_hearts_rules *r, const tc_mask *taken, int32_t *points,
                         int *shooter, int *void_deal)
    void tc_hearts_policy_move(const tc_hearts_rules *r, tc_hearts_state *s, int policy,
                               tc_draw8 *d)
    int tc_hearts_playouts(const tc_hearts_rules *r, const tc_hearts_state *start, bitgen_t *rng,
                           int policy, int64_t count, int32_t *points)
    int tc_hearts_simulate(const tc_hearts_rules *r, bitgen_t *rng, int policy, int64_t count,
                           const tc_hearts_block *out)

cdef extern from "trickcore/hearts/solve.h" nogil:
    int tc_hearts_solve(const tc_hearts_rules *r, const tc_hearts_state *s,
                        tc_solve_request request, tc_solver *solver, int32_t *values,
                        tc_mask *legal, int32_t *value)
