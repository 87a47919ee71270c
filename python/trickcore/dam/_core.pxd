# Danish Dam deal state classes, for other Cython modules (search, solvers) to cimport.
from trickcore.dam._ckernel cimport tc_dam_rules, tc_dam_state
from trickcore.core._binding cimport DealBinding, KernelRulesBase


cdef class KernelRules(KernelRulesBase):
    cdef tc_dam_rules c


cdef class DealCore(DealBinding):
    cdef tc_dam_state state
    cdef KernelRules kernel
    cdef tuple setup_pile

