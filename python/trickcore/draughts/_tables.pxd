# The cdef class of _tables.pyx, for other Cython modules (a search's probe hook).
from trickcore.draughts._cdraughts cimport dr_tables


cdef class SliceStore:
    cdef dr_tables _tables
    cdef dict _buffers

    cdef const void *context(self)
