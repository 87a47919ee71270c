"""Exact per-column figures of a block's integer and flag arrays, each in one pass without the
GIL: the per-block reduction behind simulation statistics, so that worker threads reduce their
blocks in parallel (numpy's bincount holds the GIL).

``tally`` counts every value into a window of counts per column (for one-byte types their whole
range; else WINDOW counts from 0 when the first value is small and non-negative, or around the
first value) and reads the minimum, maximum, sums and histogram off the counts. A value outside
the window sends the array through a min/max pass and an exact count instead. ``count_true``
adds flags eight bytes at a time.
"""

from libc.stdint cimport int64_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

import numpy as np

cdef enum:
    # Counts per column of the one-pass window (one-byte types: 256, their whole range): a power
    # of two, so that the offsets of a group of values can be ORed together and tested at once.
    WINDOW = 1024
    # Values per group in the counting loops (8, 4 or 2 whole rows of 1, 2 or 4 columns),
    # tested against the window at once.
    GROUP = 8
    # Widest histogram: moments of offsets below it fit int64 for up to 2**31 rows (counted in
    # uint32).
    MAX_LIMIT = 1 << 16

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
    """(sums, squares, minimum, maximum, low, counts) of a C-contiguous (rows, columns) array,
    or None when its values span more than ``limit`` (at most 2**16) distinct values.

    Per column, exact Python ints: the sum of the values, of their squares, the smallest and
    the largest value. ``low`` is the smallest value of all and ``counts[v - low, column]``
    (int64, shape (high - low + 1, columns)) the number of rows holding ``v`` in the column."""
    cdef Py_ssize_t rows = values.shape[0], columns = values.shape[1]
    if rows == 0 or columns == 0:
        raise ValueError("tally needs at least one row and one column")
    if not 0 < limit <= MAX_LIMIT:
        raise ValueError(f"tally's span limit must be in 1..{MAX_LIMIT}, not {limit}")
    if rows >= 1 << 31:
        raise ValueError(f"tally takes fewer than 2**31 rows, not {rows}")
    cdef const integer *data = &values[0, 0]
    cdef integer first = data[0], base = 0, low, high, value
    cdef Py_ssize_t width = 256 if sizeof(integer) == 1 else WINDOW
    window = np.empty((columns, width), dtype=np.uint32)
    cdef uint32_t[:, ::1] window_view = window
    cdef uint32_t *counts = &window_view[0, 0]
    cdef bint counted
    cdef Py_ssize_t i
    with nogil:
        # Small non-negative values (most often) are counted from 0: no offsets to take.
        counted = (sizeof(integer) > 1 and first >= 0 and first < WINDOW
                   and _count_from(data, rows, columns, 0, counts, width))
        if not counted:
            base = _window_base(first)
            counted = base != 0 and _count_from(data, rows, columns, base, counts, width)
    if counted:
        return _figures(window_view, base, rows, limit)
    with nogil:
        low = high = first
        for i in range(rows * columns):
            value = data[i]
            low = value if value < low else low  # branch-free: vectorises
            high = value if value > high else high
    span = <object>high - <object>low + 1
    if span > limit:
        return None
    # A power-of-two width: the grouped loops test ORed offsets against it.
    exact = np.empty((columns, 1 << (span - 1).bit_length()), dtype=np.uint32)
    cdef uint32_t[:, ::1] exact_view = exact
    with nogil:
        _count_from(data, rows, columns, low, &exact_view[0, 0], exact_view.shape[1])
    return _figures(exact_view, low, rows, limit)


cdef inline integer _window_base(integer first) noexcept nogil:
    """Where the window starts: WINDOW / 2 below ``first``, kept within the integer type so
    that no value can wrap into it (for one-byte types: the type's smallest value)."""
    cdef integer smallest = 0, largest = <integer>-1
    if <integer>-1 < 0:  # two's complement
        largest = <integer>((<uint64_t>1 << (8 * sizeof(integer) - 1)) - 1)
        smallest = -largest - 1
    if <uint64_t>first - <uint64_t>smallest < WINDOW // 2:
        return smallest
    if <uint64_t>largest - <uint64_t>first < WINDOW // 2:
        return <integer>(largest - (WINDOW - 1))
    return <integer>(first - WINDOW // 2)


cdef inline bint _count_from(const integer *data, Py_ssize_t rows, Py_ssize_t columns,
                             integer base, uint32_t *counts, Py_ssize_t width) noexcept nogil:
    """Counts every value v of column j in counts[j * width + v - base] from zero; False as
    soon as a value lies outside [base, base + width) (the counts are then partial). ``width``
    is a power of two; one-byte values are only counted from their type's smallest value."""
    memset(counts, 0, columns * width * sizeof(uint32_t))
    if base == 0:  # a constant offset: the loops take none
        return _count(data, rows, columns, 0, counts, width)
    return _count(data, rows, columns, <uint64_t>base, counts, width)


cdef inline bint _count(const integer *data, Py_ssize_t rows, Py_ssize_t columns,
                        uint64_t base, uint32_t *counts, Py_ssize_t width) noexcept nogil:
    """``_count_from`` without the zeroing; the usual column counts get loops of their own."""
    cdef Py_ssize_t groups = rows * columns // GROUP
    if columns == 1:
        groups = _count_groups(data, groups, 1, base, counts, width)
    elif columns == 2:
        groups = _count_groups(data, groups, 2, base, counts, width)
    elif columns == 4:
        groups = _count_groups(data, groups, 4, base, counts, width)
    else:
        groups = 0
    if groups < 0:
        return False
    cdef Py_ssize_t done = groups * GROUP
    return _count_rows(data + done, rows - done // columns, columns, base, counts, width)


cdef inline Py_ssize_t _count_groups(const integer *data, Py_ssize_t groups, Py_ssize_t columns,
                                     uint64_t base, uint32_t *counts,
                                     Py_ssize_t width) noexcept nogil:
    """``_count`` over ``groups`` runs of GROUP values (whole rows of ``columns``, a constant
    once inlined): the number of groups, or -1 when a value lies outside the window."""
    cdef Py_ssize_t g, j
    cdef uint64_t spread
    cdef uint64_t offsets[GROUP]
    for g in range(groups):
        spread = 0
        for j in range(GROUP):
            offsets[j] = <uint64_t>data[j] - base
            spread |= offsets[j]
        if sizeof(integer) > 1 and spread >= <uint64_t>width:  # one-byte values always fit
            return -1
        for j in range(GROUP):
            counts[(j % columns) * width + <Py_ssize_t>offsets[j]] += 1
        data += GROUP
    return groups


cdef inline bint _count_rows(const integer *data, Py_ssize_t rows, Py_ssize_t columns,
                             uint64_t base, uint32_t *counts, Py_ssize_t width) noexcept nogil:
    cdef Py_ssize_t i, j
    cdef uint64_t offset
    for i in range(rows):
        for j in range(columns):
            offset = <uint64_t>data[j] - base
            if offset >= <uint64_t>width:
                return False
            counts[j * width + <Py_ssize_t>offset] += 1
        data += columns
    return True


cdef object _figures(const uint32_t[:, ::1] counts, object base, Py_ssize_t rows,
                     int64_t limit):
    """The result of ``tally`` from counts[column, v - base], or None beyond ``limit``."""
    cdef Py_ssize_t columns = counts.shape[0], width = counts.shape[1]
    cdef Py_ssize_t column, k, first = width, last = -1
    cdef const uint32_t *row
    firsts, lasts = [], []
    for column in range(columns):
        row = &counts[column, 0]
        k = _first_held(row, width)
        firsts.append(k)
        first = k if k < first else first
        k = _last_held(row, width)
        lasts.append(k)
        last = k if k > last else last
    if last - first + 1 > limit:
        return None
    histogram = np.zeros((last - first + 1, columns), dtype=np.int64)
    cdef int64_t[:, ::1] out_view = histogram
    cdef int64_t *out = &out_view[0, 0]
    cdef int64_t count, moment, square, offset
    low = base + first
    sums, squares = [], []
    for column in range(columns):
        row = &counts[column, 0]
        moment = square = 0
        for k in range(<Py_ssize_t>firsts[column], <Py_ssize_t>lasts[column] + 1):
            count, offset = row[k], k - first
            out[offset * columns + column] = count
            moment += count * offset
            square += count * offset * offset
        sums.append(rows * low + moment)
        squares.append(rows * low * low + 2 * low * moment + square)
    return (tuple(sums), tuple(squares), tuple([base + k for k in firsts]),
            tuple([base + k for k in lasts]), low, histogram)


cdef inline Py_ssize_t _first_held(const uint32_t *row, Py_ssize_t width) noexcept nogil:
    """The first nonzero count of a row holding one, skipping zeros four at a time."""
    cdef Py_ssize_t k = 0
    while k + 4 <= width and (row[k] | row[k + 1] | row[k + 2] | row[k + 3]) == 0:
        k += 4
    while row[k] == 0:
        k += 1
    return k


cdef inline Py_ssize_t _last_held(const uint32_t *row, Py_ssize_t width) noexcept nogil:
    cdef Py_ssize_t k = width
    while k >= 4 and (row[k - 1] | row[k - 2] | row[k - 3] | row[k - 4]) == 0:
        k -= 4
    k -= 1
    while row[k] == 0:
        k -= 1
    return k


def count_true(const unsigned char[:, ::1] flags):
    """The number of nonzero bytes per column of a C-contiguous (rows, columns) byte array (a
    bool array viewed as uint8), as a tuple of ints."""
    cdef Py_ssize_t columns = flags.shape[1], size = flags.shape[0] * columns
    totals = np.zeros(columns, dtype=np.int64)
    if size == 0:
        return tuple(totals.tolist())
    cdef int64_t[::1] out = totals
    cdef const unsigned char *data = &flags[0, 0]
    cdef Py_ssize_t done = 0, i
    with nogil:
        if 8 % columns == 0:
            done = _count_true_words(data, size // 8, columns, &out[0]) * 8
        for i in range(done, size):
            out[i % columns] += data[i] != 0
    return tuple(totals.tolist())


cdef inline Py_ssize_t _count_true_words(const unsigned char *data, Py_ssize_t words,
                                         Py_ssize_t columns, int64_t *totals) noexcept nogil:
    """Counts nonzero bytes eight at a time into byte lanes (byte k of a word belongs to column
    k % columns, which divides 8), emptied every 255 words, before they can overflow."""
    cdef uint64_t ones = <uint64_t>-1 // 0xFF  # 0x0101...01: bit 0 of every byte
    cdef uint64_t low_bits = ones * 0x7F, lanes, word
    cdef Py_ssize_t start, end, w, k
    for start in range(0, words, 255):
        end = start + 255 if start + 255 < words else words
        lanes = 0
        for w in range(start, end):
            memcpy(&word, data + 8 * w, 8)
            # Bit 7 of a byte is set when it is nonzero (its low 7 bits carry into bit 7).
            lanes += (((word & low_bits) + low_bits) | word) >> 7 & ones
        for k in range(8):
            totals[k % columns] += lanes >> (8 * k) & 0xFF
    return words
