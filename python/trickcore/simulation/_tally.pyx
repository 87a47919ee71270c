"""Per-column value counts of an integer array in two passes without the GIL: the per-block
reduction behind simulation statistics, so that worker threads reduce their blocks in parallel
(numpy's bincount holds the GIL)."""

from libc.stdint cimport int64_t

import numpy as np

ctypedef fused integer:
    signed char
    short
    int
    long
    long long
    unsigned char
    unsigned short
    unsigned int
    unsigned long
    unsigned long long


def tally(const integer[:, ::1] values, int64_t limit):
    """(low, high, counts) of a C-contiguous (rows, columns) array: the smallest and
    largest value, and counts[v - low, column] (int64, shape (high - low + 1, columns)) of every
    value v per column, or None when high - low + 1 exceeds ``limit``."""
    cdef Py_ssize_t rows = values.shape[0], columns = values.shape[1], size = rows * columns
    if size == 0:
        raise ValueError("tally needs at least one row and one column")
    # Raw pointers: the loops then keep everything in registers (memoryview accesses reload
    # their strides after every store, which could alias them).
    cdef const integer *data = &values[0, 0]
    cdef integer low = data[0], high = data[0], value
    cdef Py_ssize_t i, j
    with nogil:
        for i in range(size):
            value = data[i]
            low = value if value < low else low  # branch-free: vectorises
            high = value if value > high else high
    first, last = low, high  # as Python ints: the span check cannot overflow
    if last - first + 1 > limit:
        return first, last, None
    # Every value lies within `limit` of `low`, so `value - low` below is exact in any type.
    cdef Py_ssize_t span = last - first + 1
    # One row of counts per column, so a row's increments never share a cache line.
    counts = np.zeros((columns, span), dtype=np.int64)
    cdef int64_t[:, ::1] view = counts
    cdef int64_t *out = &view[0, 0]
    with nogil:
        for i in range(rows):
            for j in range(columns):
                out[j * span + <Py_ssize_t>(data[i * columns + j] - low)] += 1
    return first, last, np.ascontiguousarray(counts.T)
