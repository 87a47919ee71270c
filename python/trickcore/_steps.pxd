# Undo history shared by every game's deal state (see _steps.pyx).
from libc.stdint cimport uint64_t

cdef enum:
    STEP_STATE_BYTES = 384  # the largest C deal state a Step can hold

# What a step did; `value` is a card id (play), a card mask (pass) or a game's own code (bid).
cdef enum StepKind:
    STEP_PASS = 1
    STEP_PLAY = 2
    STEP_BID = 3


cdef class Step:
    cdef readonly Step parent
    cdef readonly Py_ssize_t depth
    cdef readonly int kind
    cdef readonly int seat
    cdef readonly uint64_t value
    cdef readonly int result
    cdef unsigned char state[STEP_STATE_BYTES]


cdef Step push_step(Step parent, const void *state, size_t size, int kind, int seat,
                    uint64_t value, int result)
