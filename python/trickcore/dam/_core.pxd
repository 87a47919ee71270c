# Danish Dam deal state classes, for other Cython modules (search, solvers) to cimport.
from trickcore.dam._ckernel cimport tc_dam_rules, tc_dam_state
from trickcore.core._history cimport DealHistory


cdef class KernelRules:
    cdef tc_dam_rules c
    cdef readonly object rules


cdef class DealCore(DealHistory):
    cdef tc_dam_state state
    cdef KernelRules kernel
    cdef tuple setup_pile

    cdef int seat_index(self, object seat) except -1
    cdef str play_refusal(self, int refusal, int card)
