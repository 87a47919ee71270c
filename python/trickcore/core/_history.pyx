# cython: freethreading_compatible = False, auto_pickle = False
"""Undo history for game states: a persistent stack of snapshots.

A game's Cython deal class (see ``_binding``) holds its C state struct by value and its last
Step. Each accepted move pushes a Step holding the state *before* the move and what the move
was; ``undo()`` copies the snapshot back and pops. Steps are immutable once pushed, so ``clone()`` shares the whole
history by copying one reference: a clone is a struct copy, and both copies can move and undo
independently. The move records (kind, seat, value, result) double as the deal's history.
"""

cimport cython
from libc.string cimport memcpy

from trickcore.core.errors import IllegalMoveError

KIND_PASS = STEP_PASS
KIND_PLAY = STEP_PLAY
KIND_BID = STEP_BID
KIND_LOOK = STEP_LOOK
KIND_CLAIM = STEP_CLAIM


@cython.freelist(64)
cdef class Step:
    """One move of a game's history and the state before it (see the module docstring)."""

    def __repr__(self):
        return (f"Step(depth={self.depth}, kind={self.kind}, seat={self.seat}, "
                f"value={self.value:#x}, result={self.result})")


cdef Step push_step(Step parent, const void *state, size_t size, int kind, int seat,
                    uint64_t value, int result):
    """A new history head on top of ``parent`` (None for the first move). ``size`` must not
    exceed STEP_STATE_BYTES; each game checks its state size once at import."""
    cdef Step step = Step.__new__(Step)
    step.parent = parent
    step.depth = 1 if parent is None else parent.depth + 1
    step.kind = kind
    step.seat = seat
    step.value = value
    step.result = result
    memcpy(step.state, state, size)
    return step


def step_log(Step head=None):
    """The moves from the first to ``head``: a list of (kind, seat, value, result)."""
    log = []
    while head is not None:
        log.append((head.kind, head.seat, head.value, head.result))
        head = head.parent
    log.reverse()
    return log


cdef int seat_in(object seat, int players) except -1:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
        return seat
    raise IllegalMoveError(f"no seat {seat!r}: seats are 0..{players - 1}")
