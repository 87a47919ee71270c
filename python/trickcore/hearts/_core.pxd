# Hearts-family deal state classes, for other Cython modules (search, solvers) to cimport.
from libc.stdint cimport int64_t, uint64_t

from trickcore.hearts._ckernel cimport tc_hearts_rules, tc_hearts_state
from trickcore.core._binding cimport DealBinding, KernelRulesBase


cdef class KernelRules(KernelRulesBase):
    cdef tc_hearts_rules c


cdef class DealCore(DealBinding):
    cdef tc_hearts_state state
    cdef KernelRules kernel

    cdef str pass_refusal(self, int refusal, int seat, uint64_t cards)
