"""Bindings of the engine's search and evaluation (src/draughts/search.c, eval.c)."""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int32_t, int64_t, uint64_t
from libc.string cimport memcpy

from trickcore.draughts._board cimport Board
from trickcore.draughts._cdraughts cimport (
    DR_FEATURES,
    DR_SCORE_MATE,
    DR_SCORE_TABLE_WIN,
    DR_SEARCH_MAX_PLY,
    DR_SEARCH_WINDOW,
    dr_eval_features,
    dr_eval_weights,
    dr_evaluate,
    dr_position,
    dr_search,
    dr_search_clear,
    dr_search_init,
    dr_search_options,
    dr_search_result,
    dr_search_run,
    dr_tables_probe,
    dr_tt_entries,
    dr_tt_entry,
)
from trickcore.draughts._tables cimport SliceStore

from trickcore.core.errors import RulesError

FEATURES = ("man", "king", "back_rank", "centre_man", "centre_king", "advance", "tempo",
            "mobility", "runaway")
WEIGHTS = tuple(dr_eval_weights[k] for k in range(DR_FEATURES))
MATE = DR_SCORE_MATE
TABLE_WIN = DR_SCORE_TABLE_WIN
MAX_DEPTH = DR_SEARCH_MAX_PLY - 1


def evaluate(Board board):
    """The static evaluation for the side to move, in hundredths of a man."""
    return dr_evaluate(&board._pos)


def features(Board board):
    """The evaluation's features (see FEATURES): the side to move's counts less the opponent's."""
    cdef int32_t f[DR_FEATURES]
    dr_eval_features(&board._pos, f)
    return tuple(f[k] for k in range(DR_FEATURES))


cdef class Searcher:
    """A search state with its transposition table of about ``hash_bytes`` bytes."""

    cdef dr_search *_s
    cdef dr_tt_entry *_tt
    cdef readonly size_t entries

    def __cinit__(self, size_t hash_bytes):
        self.entries = dr_tt_entries(hash_bytes)
        self._s = <dr_search *>PyMem_Malloc(sizeof(dr_search))
        self._tt = <dr_tt_entry *>PyMem_Malloc(max(self.entries, 1) * 16)
        if not self._s or not self._tt:
            raise MemoryError()
        with nogil:
            dr_search_init(self._s, self._tt, self.entries)

    def __dealloc__(self):
        PyMem_Free(self._s)
        PyMem_Free(self._tt)

    def clear(self):
        """Forgets the table and the move-ordering history."""
        with nogil:
            dr_search_clear(self._s)

    def run(self, Board board, int depth, int64_t nodes, double seconds, exclude,
            bint reductions=True, SliceStore tables=None, int probe_pieces=0):
        """(best move index, score, depth, nodes, seconds, pv indices): indices in the order of
        ``legal_moves()`` of each position. With ``tables`` (loaded slices), positions of at
        most ``probe_pieces`` pieces below the root are probed."""
        cdef dr_search_options o
        cdef dr_search_result r
        cdef int excluded[256]
        cdef int i, status
        cdef Py_ssize_t window = min(board._reversible[board._ply], board._ply)
        cdef int count = <int>min(window + 1, DR_SEARCH_WINDOW)
        cdef Py_ssize_t first = board._ply + 1 - count
        cdef dr_position *history = <dr_position *>PyMem_Malloc(count * sizeof(dr_position))
        cdef uint64_t *hashes = <uint64_t *>PyMem_Malloc(count * sizeof(uint64_t))
        if not history or not hashes:
            PyMem_Free(history)
            PyMem_Free(hashes)
            raise MemoryError()
        memcpy(history, &board._history[first], count * sizeof(dr_position))
        memcpy(hashes, &board._hashes[first], count * sizeof(uint64_t))
        exclude = list(exclude)[:256]
        for i in range(len(exclude)):
            excluded[i] = exclude[i]
        o.depth = depth
        o.nodes = nodes
        o.seconds = seconds
        o.auto_draw = board._auto_draw
        o.reductions = reductions
        o.exclude = excluded
        o.exclude_count = len(exclude)
        o.probe = NULL
        o.probe_ctx = NULL
        o.probe_pieces = 0
        if tables is not None and probe_pieces > 0:
            o.probe = dr_tables_probe
            o.probe_ctx = tables.context()
            o.probe_pieces = probe_pieces
        cdef int reversible = board._reversible[board._ply]
        with nogil:
            status = dr_search_run(self._s, history, hashes, count, reversible, &o, &r)
        PyMem_Free(history)
        PyMem_Free(hashes)
        if status != 0:
            raise RulesError(f"the search refused the position {board.fen()!r}")
        return (r.move, r.score, r.depth, r.nodes, r.seconds,
                [r.pv[i] for i in range(r.pv_length)])
