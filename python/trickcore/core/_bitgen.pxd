# The bitgen_t behind a numpy BitGenerator, for C kernels that draw random numbers.
from cpython.pycapsule cimport PyCapsule_GetPointer
from numpy.random cimport bitgen_t


cdef inline bitgen_t *bitgen_of(object bit_generator) except NULL:
    return <bitgen_t *>PyCapsule_GetPointer(bit_generator.capsule, "BitGenerator")
