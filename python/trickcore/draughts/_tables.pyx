"""Bindings of the endgame-tables kernel (src/draughts/tables.c): slice sizes, the store of
loaded slices that the C probe reads, and the retrograde solve of a slice and its mirror."""

from concurrent.futures import ThreadPoolExecutor

from libc.stdint cimport int64_t, uint8_t, uint64_t

from trickcore.draughts._board cimport Board
from trickcore.draughts._cdraughts cimport (
    DR_PROBE_UNKNOWN,
    DR_TABLES_MISSING,
    DR_TABLES_OK,
    dr_build,
    dr_build_advance,
    dr_build_init,
    dr_build_pack,
    dr_build_propagate,
    dr_build_start,
    dr_slice,
    dr_slice_id,
    dr_slice_init,
    dr_tables_init,
    dr_tables_probe,
)

from trickcore.draughts.errors import TablesError

MAX_PIECES = 6
# Below this many positions a solve pass runs on the calling thread alone.
_THREADED = 1 << 16


cdef dr_slice _slice(counts) except *:
    cdef dr_slice s
    bm, bk, wm, wk = counts
    if dr_slice_init(&s, bm, bk, wm, wk) != DR_TABLES_OK:
        raise TablesError(f"no table slice has the piece counts {tuple(counts)!r} (black men, "
                          f"black kings, white men, white kings; 1..{MAX_PIECES} pieces)")
    return s


def slice_size(counts):
    """The number of Black-to-move positions of a slice (black men, black kings, white men,
    white kings)."""
    return _slice(counts).size


def packed_size(counts):
    """Bytes of a slice's values, 2 bits a position."""
    return (_slice(counts).size + 3) // 4


cdef class SliceStore:
    """The loaded slices: their packed values, held here, and the C struct of pointers to them
    that ``dr_tables_probe`` reads (``context()``, for a C search's probe hook)."""

    def __cinit__(self):
        dr_tables_init(&self._tables)
        self._buffers = {}

    def put(self, counts, bytes values):
        """Holds a slice's packed values (``packed_size(counts)`` bytes)."""
        cdef dr_slice s = _slice(counts)
        if len(values) != <Py_ssize_t>((s.size + 3) // 4):
            raise TablesError(f"slice {tuple(counts)!r} holds {(s.size + 3) // 4} bytes, "
                              f"not {len(values)}")
        key = tuple(counts)
        cdef const char *data = values
        self._buffers[key] = values
        self._tables.values[dr_slice_id(key[0], key[1], key[2], key[3])] = <const uint8_t *>data

    def get(self, counts):
        """A slice's packed values, or None when it is not loaded."""
        return self._buffers.get(tuple(counts))

    def __contains__(self, counts):
        return tuple(counts) in self._buffers

    def probe(self, Board board):
        """The C probe's answer for the board's position: 1, 0, -1, or None when its slice is
        not loaded or it has more pieces than any table."""
        cdef int value = dr_tables_probe(&self._tables, &board._pos)
        return None if value == DR_PROBE_UNKNOWN else value

    cdef const void *context(self):
        return &self._tables


cdef class _Solve:
    """One solve's C state over buffers owned here."""
    cdef dr_build build
    cdef bytearray state
    cdef SliceStore solved

    def __init__(self, SliceStore solved, counts):
        cdef dr_slice s = _slice(counts)
        cdef dr_slice mirror = _slice((counts[2], counts[3], counts[0], counts[1]))
        size = s.size + (mirror.size if tuple(counts) != tuple(counts[2:]) + tuple(counts[:2])
                         else 0)
        self.state = bytearray(2 * size)
        self.solved = solved
        dr_build_init(&self.build, &s, <uint8_t *>(<char *>self.state), &solved._tables)

    def run(self, int phase, uint64_t lo, uint64_t hi):
        cdef int64_t n
        with nogil:
            if phase == 0:
                n = dr_build_start(&self.build, lo, hi)
            elif phase == 1:
                n = dr_build_propagate(&self.build, lo, hi)
            else:
                n = dr_build_advance(&self.build, lo, hi)
        if n == DR_TABLES_MISSING:
            raise TablesError("a slice that captures or crownings lead to is not loaded")
        if n < 0:
            raise TablesError(f"the tables build failed (status {n})")
        return n

    def pack(self, int which):
        cdef uint64_t size = self.build.slices[which].size
        out = bytearray((size + 3) // 4)
        cdef uint8_t *data = <uint8_t *>(<char *>out)
        with nogil:
            dr_build_pack(&self.build, which, 0, size, data)
        return bytes(out)


def solve(SliceStore solved, counts, int workers=2):
    """Solves a slice and its mirror (the same positions, White to move) by retrograde
    analysis on ``workers`` threads; every slice a capture or a crowning leads to must be in
    ``solved``. Returns [(counts, packed values)] for the slice and, if different, its mirror."""
    job = _Solve(solved, counts)
    cdef uint64_t size = job.build.size
    chunks = 1 if size < _THREADED or workers <= 1 else 8 * workers
    ranges = [(size * i // chunks, size * (i + 1) // chunks) for i in range(chunks)]
    with ThreadPoolExecutor(max(1, workers)) as pool:
        def run(int phase):
            if chunks == 1:
                return job.run(phase, 0, size)
            return sum(pool.map(lambda r: job.run(phase, r[0], r[1]), ranges))
        run(0)
        while True:
            run(1)
            if run(2) == 0:
                break
    mirror = (counts[2], counts[3], counts[0], counts[1])
    result = [(tuple(counts), job.pack(0))]
    if job.build.count == 2:
        result.append((mirror, job.pack(1)))
    return result
