"""The draughts engine: alpha-beta search in C (src/draughts/search.c) behind a python-chess-like
API. ``Engine().search(board, depth=..., time=..., nodes=...)`` returns a ``SearchResult``;
``analyse(board, multipv=k)`` the k best moves; ``play(board, Limit(time=0.1))`` a
``PlayResult`` with ``.move``. Searching never changes the board (docs/draughts-engine.md)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from trickcore.core.errors import ArgumentError, IllegalMoveError
from trickcore.draughts._board import Board, Move
from trickcore.draughts._search import FEATURES, MATE, MAX_DEPTH, WEIGHTS, Searcher
from trickcore.draughts._search import evaluate as _evaluate
from trickcore.draughts._search import features as _features
from trickcore.draughts.tables import Tables

__all__ = ["FEATURES", "MATE", "WEIGHTS", "Engine", "GameOverError", "Limit", "PlayResult",
           "SearchLimitError", "SearchResult"]


class SearchLimitError(ArgumentError):
    """A search limit that is not allowed: a depth outside 1..MAX_DEPTH, a negative or non-finite
    time, a node count below 1, or no limit at all; the message names the limit."""


class GameOverError(IllegalMoveError):
    """A search of a board whose game is over: there is no move to find."""


@dataclass(frozen=True)
class Limit:
    """When a search stops (as python-chess's ``chess.engine.Limit``): the first limit reached."""

    depth: int | None = None
    time: float | None = None
    nodes: int | None = None


@dataclass(frozen=True)
class SearchResult:
    """A search's answer: the best move, its score for the side to move in hundredths of a man
    (``mate`` says when it is a forced win or loss), the principal variation (``pv[0]`` is
    ``move``), the last depth completed, the positions searched and the speed."""

    move: Move
    score: int
    pv: list[Move]
    depth: int
    nodes: int
    nps: float
    time: float

    @property
    def mate(self) -> int | None:
        """Plies to the end of a forced game: positive when the side to move wins, negative when
        it loses; None for a score that is not a forced end."""
        if abs(self.score) < MATE - MAX_DEPTH:
            return None
        return MATE - self.score if self.score > 0 else -(MATE + self.score)

    def format_score(self) -> str:
        """The score as a person reads it: ``+0.25`` (men), ``win in 7 plies``, ``loss in 4
        plies``."""
        mate = self.mate
        if mate is not None:
            return f"win in {mate} plies" if mate > 0 else f"loss in {-mate} plies"
        return f"{self.score / 100:+.2f}"


@dataclass(frozen=True)
class PlayResult:
    """What ``Engine.play`` gives: the move to play, the expected reply, the search behind it."""

    move: Move
    ponder: Move | None
    info: SearchResult


def _limits(depth: int | None, time: float | None, nodes: int | None) -> tuple[int, float, int]:
    if depth is None and time is None and nodes is None:
        raise SearchLimitError("a search needs a limit: depth, time or nodes")
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)
                              or not 1 <= depth <= MAX_DEPTH):
        raise SearchLimitError(f"search depth must be a whole number 1..{MAX_DEPTH}, "
                               f"not {depth!r}")
    if time is not None and (isinstance(time, bool) or not isinstance(time, (int, float))
                             or not math.isfinite(time) or time <= 0):
        raise SearchLimitError(f"search time must be a positive number of seconds, not {time!r}")
    if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int)
                              or nodes < 1):
        raise SearchLimitError(f"search nodes must be a whole number >= 1, not {nodes!r}")
    return (MAX_DEPTH if depth is None else depth, 0.0 if time is None else float(time),
            0 if nodes is None else nodes)


class Engine:
    """An English draughts engine with its own transposition table of ``hash_mb`` megabytes.

    With ``tables`` (a ``draughts.Tables``, whose every slice is loaded, or built when missing,
    as the engine is made), a position reached by a capture below the root, with fewer pieces
    than the root and no more than the tables cover, scores its table value; positions with as
    many pieces as the root are searched, so a won endgame still makes progress. The table and
    the ordering history carry over from one search to the next; ``clear()`` forgets them.
    ``reductions=False`` turns late-move reductions off: with ``hash_mb=0`` too, a search to
    depth d then scores exactly the minimax value at depth d (for tests).
    """

    def __init__(self, tables: Tables | None = None, hash_mb: float = 4, *,
                 reductions: bool = True) -> None:
        if tables is not None and not isinstance(tables, Tables):
            raise ArgumentError(f"tables must be a draughts.Tables or None, not {tables!r}")
        if (isinstance(hash_mb, bool) or not isinstance(hash_mb, (int, float))
                or not math.isfinite(hash_mb) or not 0 <= hash_mb <= 65536):
            raise ArgumentError(f"hash_mb must be a number of megabytes 0..65536, not {hash_mb!r}")
        if tables is not None:
            tables.build()
        self._tables = tables
        self._searcher = Searcher(int(hash_mb * (1 << 20)))
        self._reductions = bool(reductions)

    @property
    def tables(self) -> Tables | None:
        """The endgame tables the search probes, if any."""
        return self._tables

    def clear(self) -> None:
        """Forgets the transposition table and the ordering history."""
        self._searcher.clear()

    @staticmethod
    def evaluate(board: Board) -> int:
        """The static evaluation of the position for the side to move (hundredths of a man)."""
        return _evaluate(board)

    @staticmethod
    def features(board: Board) -> dict[str, int]:
        """The evaluation's features, the side to move's counts less the opponent's."""
        return dict(zip(FEATURES, _features(board), strict=True))

    def search(self, board: Board, *, depth: int | None = None, time: float | None = None,
               nodes: int | None = None) -> SearchResult:
        """Searches the board's position (its game history decides repetitions and the 40-move
        rule) until the first of the limits; at least one is needed."""
        return self._search(board, _limits(depth, time, nodes), [])

    def _search(self, board: Board, limits: tuple[int, float, int],
                exclude: list[int]) -> SearchResult:
        if not isinstance(board, Board):
            raise ArgumentError(f"Engine.search takes a draughts Board, not {type(board).__name__}")
        outcome = board.outcome()
        if outcome is not None:
            raise GameOverError(f"the game is over ({outcome.result()}, "
                                f"{outcome.termination.name.lower()}): no move to search")
        depth, seconds, nodes = limits
        tables, probe_pieces = None, 0
        if self._tables is not None:
            tables = self._tables.store
            probe_pieces = min(self._tables.pieces, (board.black | board.white).bit_count() - 1)
        index, score, reached, searched, elapsed, pv = self._searcher.run(
            board, depth, nodes, seconds, exclude, self._reductions, tables, probe_pieces)
        moves = _replay(board, pv)
        best = board.legal_moves()[index]
        if not moves or moves[0] != best:
            moves = [best]
        return SearchResult(best, score, moves, reached, searched,
                            searched / elapsed if elapsed > 0 else 0.0, elapsed)

    def analyse(self, board: Board, *, multipv: int = 1, depth: int | None = None,
                time: float | None = None, nodes: int | None = None) -> list[SearchResult]:
        """The ``multipv`` best moves, best first, each searched with the limits (a time limit is
        shared among them); fewer when the position has fewer legal moves."""
        if isinstance(multipv, bool) or not isinstance(multipv, int) or multipv < 1:
            raise SearchLimitError(f"multipv must be a whole number >= 1, not {multipv!r}")
        limits = _limits(depth, time, nodes)
        count = min(multipv, len(board.legal_moves()))
        if count > 1 and limits[1]:
            limits = (limits[0], limits[1] / count, limits[2])
        results: list[SearchResult] = []
        legal = board.legal_moves()
        for _ in range(max(count, 1)):
            exclude = [legal.index(r.move) for r in results]
            results.append(self._search(board, limits, exclude))
        return sorted(results, key=lambda r: -r.score)

    def play(self, board: Board, limit: Limit | None = None, *, depth: int | None = None,
             time: float | None = None, nodes: int | None = None) -> PlayResult:
        """The move to play: a search with ``limit`` (a Limit) or the keyword limits."""
        if limit is not None:
            if not isinstance(limit, Limit):
                raise SearchLimitError(f"play takes a Limit, not {type(limit).__name__}")
            depth, time, nodes = limit.depth, limit.time, limit.nodes
        result = self.search(board, depth=depth, time=time, nodes=nodes)
        ponder = result.pv[1] if len(result.pv) > 1 else None
        return PlayResult(result.move, ponder, result)


def _replay(board: Board, pv: list[int]) -> list[Move]:
    """The moves of a variation given as indices into each position's legal moves."""
    copy = board.copy()
    moves: list[Move] = []
    for index in pv:
        legal = copy.legal_moves()
        if index >= len(legal) or copy.is_game_over():
            break
        moves.append(legal[index])
        copy.push(legal[index])
    return moves

