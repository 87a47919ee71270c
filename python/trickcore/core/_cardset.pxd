from libc.stdint cimport uint64_t


cdef class CardSet:
    cdef readonly uint64_t mask
    cdef bint built  # set once: __init__ may not run again on an immutable value


cdef class CardMultiset:
    cdef readonly uint64_t once
    cdef readonly uint64_t twice
    cdef bint built


cdef CardSet make_cardset(uint64_t mask)
cdef CardMultiset make_multiset(uint64_t once, uint64_t twice)
cdef uint64_t card_index(object card) except? 255
cdef int card_arg(object card) except -1
cdef uint64_t cards_arg(object cards) except? 0xFFFFFFFFFFFFFFFF
cdef str card_symbol(int card)
cdef str card_symbols(uint64_t mask)
