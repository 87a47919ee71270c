# The Cython base of every card game's deal class (see _binding.pyx).
from libc.stdint cimport int32_t, int64_t, uint64_t
from numpy.random cimport bitgen_t

from trickcore.core._cdraw cimport tc_draw8
from trickcore.core._chead cimport tc_deal_head
from trickcore.core._history cimport Step
from trickcore.search._csolver cimport solve_fn


cdef class KernelRulesBase:
    cdef readonly object rules


cdef class DealBinding:
    cdef Step last_step
    cdef tuple dealt
    cdef readonly int64_t deal_number
    cdef object rules_object

    # The game's part: its C state (opening with a tc_deal_head), a blank copy holding
    # everything else it keeps, hands as Python values, play, refusal messages, playouts, and
    # one move of a C policy, and its C rules and solve function (trickcore.search).
    cdef void *state_address(self) except NULL
    cdef size_t state_size(self)
    cdef DealBinding blank_copy(self)
    cdef object hand_of(self, int seat)
    cdef object dealt_hand(self, object dealt)
    cdef int kernel_play(self, int card, int *refusal) except -1
    cdef str play_refusal(self, int refusal, int card)
    cdef int trick_winner(self)
    cdef int playout_columns(self)
    cdef int kernel_playouts(self, const void *state, bitgen_t *rng, int policy, int64_t count,
                             int32_t *points) noexcept nogil
    cdef int kernel_policy_move(self, void *state, int policy, tc_draw8 *d,
                                uint64_t *value) except -1
    cdef const void *kernel_rules(self) except NULL
    cdef solve_fn kernel_solver(self)

    cdef begin(self, object rules, tuple dealt, int64_t deal_number)
    cdef tc_deal_head *head(self) except NULL
    cdef int seat_index(self, object seat) except -1
    cdef str common_refusal(self, int refusal, int card, str shown)
    cdef push(self, const void *before, int kind, int seat, uint64_t value, int result)


cdef int policy_in(object policy, dict policies) except -1
