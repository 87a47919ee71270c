# Undo history shared by every game's deal state (see _steps.pyx).
from libc.stdint cimport int64_t, uint64_t

cdef enum:
    STEP_STATE_BYTES = 384  # the largest C deal state a Step can hold
    STEP_STATE_WORDS = 48   # the same in 64-bit words

# What a step did; `value` is a card id (play), a card mask (pass) or a game's own code (bid,
# claim). A look is a seat looking at a hand it had not seen (games with blind bids); a claim is
# an announcement other than a bid, such as asking for a redeal.
cdef enum StepKind:
    STEP_PASS = 1
    STEP_PLAY = 2
    STEP_BID = 3
    STEP_LOOK = 4
    STEP_CLAIM = 5


cdef class Step:
    cdef readonly Step parent
    cdef readonly Py_ssize_t depth
    cdef readonly int kind
    cdef readonly int seat
    cdef readonly uint64_t value
    cdef readonly int result
    cdef uint64_t state[STEP_STATE_WORDS]  # words: a C state struct read in place is aligned


cdef Step push_step(Step parent, const void *state, size_t size, int kind, int seat,
                    uint64_t value, int result)


# `seat` as a seat index among `players`: an int (not a bool) in 0..players-1, else
# IllegalMoveError naming it. Every game's deal class checks its seat arguments with it.
cdef int seat_in(object seat, int players) except -1
