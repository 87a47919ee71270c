# The cdef classes of _board.pyx, for other Cython modules.
from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t

from trickcore.draughts._cdraughts cimport DR_MAX_PATH, dr_move, dr_position


cdef class Move:
    cdef uint8_t _path[DR_MAX_PATH]
    cdef uint8_t _length
    cdef uint32_t _captured

    cdef int last_index(self) except -1


cdef class Board:
    cdef dr_position _pos
    cdef dr_position *_history
    cdef uint64_t *_hashes
    cdef int32_t *_reversible
    cdef Py_ssize_t _ply
    cdef Py_ssize_t _capacity
    cdef dr_move *_moves
    cdef int _move_count
    cdef list _stack
    cdef bint _auto_draw

    cdef _set_fen(self, fen)
    cdef _start_at(self, dr_position p)
    cdef int _generate(self) except -1
    cdef int _find(self, Move move) except -2
    cdef str _illegal_message(self, text)
    cdef _play(self, const dr_move *m)
    cdef _grow(self)
    cdef int _draw_claim(self) except -1
