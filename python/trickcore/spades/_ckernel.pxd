# C declarations of src/trickcore/spades.h.
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint32_t
from numpy.random cimport bitgen_t

from trickcore.core._chead cimport tc_deal_head
from trickcore.core._ccards cimport tc_mask
from trickcore.core._cdraw cimport tc_draw8
from trickcore.search._csolver cimport tc_solve_request, tc_solver

cdef extern from "trickcore/spades/spades.h" nogil:
    enum:
        TC_SPADES_PLAYERS
        TC_SPADES_TRICKS
        TC_SPADES_MAX_VALUE
        TC_SPADES_MAX_SCORE
        TC_SPADES_MAX_BAG_LIMIT
        TC_SPADES_MIN_LONG_SUIT
        TC_SPADES_NIL
        TC_SPADES_BLIND_NIL
        TC_SPADES_NO_BID

    enum tc_spades_bidding:
        TC_SPADES_STANDARD
        TC_SPADES_SUICIDE
        TC_SPADES_MIRROR
        TC_SPADES_WHIZ

    enum tc_spades_misdeal:
        TC_SPADES_MISDEAL_NO_SPADES
        TC_SPADES_MISDEAL_NO_FACES
        TC_SPADES_MISDEAL_LONG_SUIT

    enum tc_spades_policy:
        TC_SPADES_RANDOM
        TC_SPADES_GREEDY
        TC_SPADES_RULE

    ctypedef struct tc_spades_rules:
        int8_t partnerships
        int8_t bidding
        int8_t blind_nil
        int8_t table_mode
        int8_t misdeal
        int8_t misdeal_long_suit
        int16_t bag_limit
        int32_t bag_penalty
        int32_t nil_value
        int32_t blind_nil_value
        int32_t blind_nil_behind
        tc_mask deck
        tc_mask trumps
        # and the other derived fields, filled by tc_spades_init_rules

    ctypedef struct tc_spades_state:
        tc_deal_head head
        tc_mask hands[TC_SPADES_PLAYERS]
        int32_t scores[TC_SPADES_PLAYERS]
        int16_t bags[TC_SPADES_PLAYERS]
        int8_t bids[TC_SPADES_PLAYERS]
        int8_t led_suit
        int8_t bids_made
        int8_t spades_broken
        uint8_t seen
        uint8_t blind_eligible
        uint8_t reneged
        int8_t first_renege
        int8_t misdeal_seat

    ctypedef struct tc_spades_result:
        int32_t points[TC_SPADES_PLAYERS]
        int32_t totals[TC_SPADES_PLAYERS]
        int16_t bags[TC_SPADES_PLAYERS]
        int8_t bags_taken[TC_SPADES_PLAYERS]
        int8_t penalties[TC_SPADES_PLAYERS]
        int8_t contract[TC_SPADES_PLAYERS]
        int8_t tricks[TC_SPADES_PLAYERS]
        int8_t made[TC_SPADES_PLAYERS]

    ctypedef struct tc_spades_block:
        int8_t *bids
        int8_t *tricks
        int32_t *points
        int8_t *bags
        uint8_t *made
        int16_t *redeals
        tc_mask *hands
        uint32_t *legal_bids
        uint8_t *plays
        tc_mask *legal

    int tc_spades_sides(const tc_spades_rules *r)
    int tc_spades_side(const tc_spades_rules *r, int seat)
    tc_mask tc_spades_legal(const tc_spades_rules *r, const tc_spades_state *s)
    uint32_t tc_spades_legal_bids(const tc_spades_rules *r, const tc_spades_state *s)
    int tc_spades_misdeal_reasons(const tc_spades_rules *r, tc_mask hand)
    int tc_spades_init_rules(tc_spades_rules *r)
    int tc_spades_check_rules(const tc_spades_rules *r)
    int tc_spades_start(const tc_spades_rules *r, tc_spades_state *s, const tc_mask *hands,
                        int dealer, const int32_t *scores, const int16_t *bags)
    int tc_spades_play(const tc_spades_rules *r, tc_spades_state *s, int card, int *refusal)
    int tc_spades_bid(const tc_spades_rules *r, tc_spades_state *s, int code, int *refusal)
    int tc_spades_look(const tc_spades_rules *r, tc_spades_state *s, int seat, int *refusal)
    int tc_spades_claim_misdeal(const tc_spades_rules *r, tc_spades_state *s, int seat,
                                int *refusal)
    int tc_spades_bid_refusal(const tc_spades_rules *r, const tc_spades_state *s, int code)
    void tc_spades_score(const tc_spades_rules *r, const tc_spades_state *s,
                         tc_spades_result *out)
    void tc_spades_score_tricks(const tc_spades_rules *r, const int8_t *bids, const int8_t *won,
                                const int32_t *scores, const int16_t *bags_before, int offender,
                                tc_spades_result *out)
    int tc_spades_policy_bid(const tc_spades_rules *r, const tc_spades_state *s)
    int tc_spades_policy_card(const tc_spades_rules *r, const tc_spades_state *s, int policy,
                              tc_draw8 *d)
    int tc_spades_estimate(const tc_spades_rules *r, tc_mask hand)
    int tc_spades_playouts(const tc_spades_rules *r, const tc_spades_state *start, bitgen_t *rng,
                           int policy, int64_t count, tc_spades_result *results)
    int tc_spades_simulate(const tc_spades_rules *r, bitgen_t *rng, int policy, int64_t count,
                           const tc_spades_block *out)

cdef extern from "trickcore/spades/solve.h" nogil:
    int tc_spades_solve(const tc_spades_rules *r, const tc_spades_state *s,
                        tc_solve_request request, tc_solver *solver, int32_t *values,
                        tc_mask *legal, int32_t *value)
