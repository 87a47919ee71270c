# Spades deal state classes, for other Cython modules (search, solvers) to cimport.
from libc.stdint cimport int64_t

from trickcore.spades._ckernel cimport tc_spades_rules, tc_spades_state
from trickcore.core._binding cimport DealBinding, KernelRulesBase


cdef class KernelRules(KernelRulesBase):
    cdef tc_spades_rules c


cdef class DealCore(DealBinding):
    cdef tc_spades_state state
    cdef KernelRules kernel

    cdef str bid_refusal(self, int refusal, int code)
    cdef str seat_refusal(self, int refusal, int seat)
