"""Bindings of the random-game kernel (src/draughts/playout.c)."""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t
from numpy.random cimport bitgen_t

from trickcore.core._bitgen cimport bitgen_of
from trickcore.draughts._board cimport Board
from trickcore.draughts._cdraughts cimport (
    dr_game_summary,
    dr_playout,
    dr_playout_batch,
    dr_playout_rules,
    dr_position,
)

import numpy as np

from trickcore.core.errors import RulesError


cdef dr_playout_rules _rules(bint auto_draw, int32_t max_plies) except *:
    if max_plies < 0 or (not auto_draw and max_plies == 0):
        raise RulesError("random games need automatic draws or a ply limit to be sure to end")
    cdef dr_playout_rules rules
    rules.auto_draw = auto_draw
    rules.max_plies = max_plies
    return rules


def playout_block(bit_generator, Board start, bint auto_draw, int32_t max_plies, int64_t count):
    """Plays ``count`` random games from ``start`` with one bit generator: a dict of arrays
    ``result`` (+1 Black won, -1 White won, 0 draw), ``end`` (a Termination value), ``plies``
    and ``pieces`` (pieces left, Black then White)."""
    cdef dr_playout_rules rules = _rules(auto_draw, max_plies)
    cdef dr_position position = start._pos
    cdef bitgen_t *rng = bitgen_of(bit_generator)
    result = np.zeros(count, dtype=np.int8)
    end = np.zeros(count, dtype=np.int8)
    plies = np.zeros(count, dtype=np.int32)
    pieces = np.zeros((count, 2), dtype=np.int8)
    if count <= 0:
        return {"result": result, "end": end, "plies": plies, "pieces": pieces}
    cdef dr_game_summary *games = <dr_game_summary *>PyMem_Malloc(count * sizeof(dr_game_summary))
    if not games:
        raise MemoryError()
    cdef int status
    cdef int8_t[::1] result_view = result, end_view = end
    cdef int32_t[::1] plies_view = plies
    cdef int8_t[:, ::1] pieces_view = pieces
    cdef int64_t g
    try:
        with bit_generator.lock, nogil:
            status = dr_playout_batch(rng, &position, &rules, count, games)
        if status != 0:
            raise RulesError(f"cannot play random games from {start.fen()!r}")
        for g in range(count):
            result_view[g] = games[g].result
            end_view[g] = games[g].end
            plies_view[g] = games[g].plies
            pieces_view[g, 0] = games[g].black_pieces
            pieces_view[g, 1] = games[g].white_pieces
    finally:
        PyMem_Free(games)
    return {"result": result, "end": end, "plies": plies, "pieces": pieces}


def playout_choices(bit_generator, Board start, bint auto_draw, int32_t max_plies,
                    int32_t record_plies):
    """Plays one random game and returns (choices, result, end, plies): the index of each
    ply's move in the path-ordered legal move list (the first ``record_plies`` plies)."""
    cdef dr_playout_rules rules = _rules(auto_draw, max_plies)
    cdef dr_position position = start._pos
    cdef bitgen_t *rng = bitgen_of(bit_generator)
    cdef dr_game_summary game
    choices = np.zeros(max(record_plies, 1), dtype=np.uint8)
    cdef uint8_t[::1] choices_view = choices
    cdef int status
    with bit_generator.lock, nogil:
        status = dr_playout(rng, &position, &rules, &game, &choices_view[0], record_plies)
    if status != 0:
        raise RulesError(f"cannot play a random game from {start.fen()!r}")
    recorded = min(game.plies, record_plies)
    return choices[:recorded].tolist(), int(game.result), int(game.end), int(game.plies)
