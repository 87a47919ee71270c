"""Endgame tables: win, draw or loss under perfect play for every position of up to 5 (or 6)
pieces, built on demand by retrograde analysis in C and kept compressed in a cache folder.

``Tables(pieces=5)`` loads a slice (one set of piece counts) the first time a probe needs it,
building it and the slices it depends on when its file is missing or corrupt (unless
``build="never"``). Values ignore the 40-move rule and count a repetition as a draw
(docs/draughts-tables.md).
"""

from __future__ import annotations

import os
import struct
import sys
import time
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import IntEnum
from itertools import product
from pathlib import Path
from typing import Literal

from trickcore.core.arguments import whole_number
from trickcore.draughts._board import Board, Move
from trickcore.draughts._tables import MAX_PIECES, SliceStore, packed_size, slice_size, solve
from trickcore.draughts.errors import TablesCorruptError, TablesError

Counts = tuple[int, int, int, int]
"""A slice's piece counts: black men, black kings, white men, white kings."""

ENVIRONMENT_VARIABLE = "TRICKCORE_TABLES_DIR"
MAGIC = b"TCDRTB\r\n"
VERSION = 1
# magic, version, the four counts, positions, compressed bytes, CRC32 of the packed values
_HEADER = struct.Struct("<8sH4BQQI")


class TableValue(IntEnum):
    """A table's result for the side to move."""

    LOSS = -1
    DRAW = 0
    WIN = 1


def default_path() -> Path:
    """``$TRICKCORE_TABLES_DIR``, else the platform's user cache folder + trickcore/draughts."""
    chosen = os.environ.get(ENVIRONMENT_VARIABLE)
    if chosen:
        return Path(chosen)
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "trickcore" / "draughts"


def slices(pieces: int) -> list[Counts]:
    """The slices of exactly ``pieces`` pieces, in an order where each slice's dependencies of
    the same piece count come first (fewer men first: a crowning turns a man into a king)."""
    found = [(bm, bk, wm, wk) for bm, bk, wm, wk in product(range(pieces + 1), repeat=4)
             if bm + bk + wm + wk == pieces]
    return sorted(found, key=lambda c: (c[0] + c[2], c))


def positions(pieces: int) -> int:
    """The number of positions of exactly ``pieces`` pieces (each placement counted once: its
    two sides to move are one slice's Black-to-move position and its mirror's)."""
    return sum(slice_size(c) for c in slices(pieces))


def mirror(counts: Counts) -> Counts:
    """The slice holding a slice's positions with White to move, as colour-flipped positions."""
    return (counts[2], counts[3], counts[0], counts[1])


def dependencies(counts: Counts) -> list[Counts]:
    """The slices a move from the slice or its mirror can lead to outside the pair: a capture
    (fewer of the opponent's pieces) or a crowning (a man becomes a king, at most one a move),
    each seen from the opponent's side; a superset is harmless."""
    found: set[Counts] = set()
    for bm, bk, wm, wk in {counts, mirror(counts)}:
        for crowned in range(min(bm, 1) + 1):
            for men, kings in product(range(wm + 1), range(wk + 1)):
                if (crowned, men, kings) != (0, wm, wk):
                    found.add(mirror((bm - crowned, bk + crowned, men, kings)))
    return sorted(c for c in found if sum(c) > 0)


@dataclass(frozen=True)
class SliceFile:
    """What ``Tables.verify`` found for one slice's file."""

    counts: Counts
    path: Path
    positions: int
    bytes: int


class Tables:
    """The endgame tables of up to ``pieces`` pieces in the folder ``path`` (default:
    ``default_path()``). ``build="on-demand"`` builds a missing or corrupt slice when a probe
    needs it (on ``workers`` threads); ``build="never"`` raises TablesError for a missing file
    and TablesCorruptError for a corrupt one. Not safe to share between threads while building.
    """

    def __init__(self, pieces: int = 5, path: str | os.PathLike[str] | None = None, *,
                 build: Literal["on-demand", "never"] = "on-demand", workers: int = 2) -> None:
        self._pieces = whole_number("pieces", pieces, 1, MAX_PIECES, TablesError)
        if build not in ("on-demand", "never"):
            raise TablesError(f"build must be 'on-demand' or 'never', not {build!r}")
        self._build = build
        self._workers = whole_number("workers", workers, 1, 256, TablesError)
        self._path = Path(default_path() if path is None else path)
        self._store = SliceStore()

    @property
    def pieces(self) -> int:
        """The most pieces a probed position may have."""
        return self._pieces

    @property
    def path(self) -> Path:
        """The folder of the table files."""
        return self._path

    @property
    def store(self) -> SliceStore:
        """The loaded slices, whose ``context()`` a C search passes to ``dr_tables_probe``."""
        return self._store

    def file(self, counts: Counts) -> Path:
        """The file of a slice."""
        return self._path / "draughts-{}{}{}{}.tb".format(*counts)

    def probe(self, board: Board) -> TableValue | None:
        """The result for the side to move under perfect play, or None when the position has
        more pieces than the tables cover (or none). The board is not changed."""
        black, white, kings = board.black, board.white, board.kings
        counts: Counts = ((black & ~kings).bit_count(), (black & kings).bit_count(),
                          (white & ~kings).bit_count(), (white & kings).bit_count())
        if not 0 < sum(counts) <= self._pieces:
            return None
        self.load(counts if board.turn == 0 else mirror(counts))
        value = self._store.probe(board)
        assert value is not None
        return TableValue(value)

    def best_moves(self, board: Board) -> list[Move]:
        """The legal moves that keep the best table value for the side to move; empty when the
        game is over. Raises TablesError when the position has
        more pieces than the tables cover. The board is not changed."""
        if self.probe(board) is None:
            raise TablesError(f"{board.fen()!r} has more than {self._pieces} pieces")
        copy, scored = board.copy(), []
        for move in board.legal_moves():
            copy.push(move)
            value = self.probe(copy)
            assert value is not None  # a move never adds pieces
            scored.append((-int(value), move))
            copy.pop()
        best = max((score for score, _ in scored), default=0)
        return [move for score, move in scored if score == best]

    def load(self, counts: Counts) -> None:
        """Makes a slice available: loaded, read from its file, or built (with what it needs)."""
        counts = tuple(counts)  # type: ignore[assignment]
        if counts in self._store:
            return
        if sum(counts) > self._pieces:
            raise TablesError(f"slice {counts!r} has more than {self._pieces} pieces")
        try:
            self._store.put(counts, self._read(counts))
            return
        except FileNotFoundError:
            if self._build == "never":
                raise TablesError(
                    f"table file {self.file(counts)} is missing; build the tables with "
                    f"'python -m trickcore draughts-tables build --pieces {self._pieces}'"
                    ) from None
        except TablesCorruptError:
            if self._build == "never":
                raise
        self._solve(counts)

    def build(self, progress: Callable[[int, int, int, float], None] | None = None) -> None:
        """Builds (or loads) every slice, piece count by piece count; ``progress(pieces, done,
        slices, seconds)`` is told after each slice (``done`` of the count's ``slices``)."""
        for pieces in range(1, self._pieces + 1):
            started, order = time.perf_counter(), slices(pieces)
            for done, counts in enumerate(order, 1):
                self.load(counts)
                if progress is not None:
                    progress(pieces, done, len(order), time.perf_counter() - started)

    def verify(self) -> Iterator[SliceFile]:
        """Reads and checks every slice's file (header and checksum), slice by slice; raises
        TablesError for a missing file and TablesCorruptError for a corrupt one."""
        for pieces in range(1, self._pieces + 1):
            for counts in slices(pieces):
                path = self.file(counts)
                try:
                    self._read(counts)
                except FileNotFoundError:
                    raise TablesError(f"table file {path} is missing") from None
                yield SliceFile(counts, path, slice_size(counts), path.stat().st_size)

    def _solve(self, counts: Counts) -> None:
        for needed in dependencies(counts):
            self.load(needed)
        self._path.mkdir(parents=True, exist_ok=True)
        for solved, values in solve(self._store, counts, self._workers):
            self._write(solved, values)
            self._store.put(solved, values)

    def _write(self, counts: Counts, values: bytes) -> None:
        payload = zlib.compress(values, 6)
        header = _HEADER.pack(MAGIC, VERSION, *counts, slice_size(counts), len(payload),
                              zlib.crc32(values))
        path = self.file(counts)
        partial = path.with_suffix(".tmp")
        partial.write_bytes(header + payload)
        partial.replace(path)  # never a half-written file under the final name

    def _read(self, counts: Counts) -> bytes:
        path = self.file(counts)
        data = path.read_bytes()
        if len(data) < _HEADER.size:
            raise TablesCorruptError(f"table file {path} is truncated ({len(data)} bytes)")
        magic, version, bm, bk, wm, wk, size, length, crc = _HEADER.unpack_from(data)
        if magic != MAGIC or version != VERSION:
            raise TablesCorruptError(f"{path} is not a draughts table file of version {VERSION}")
        if (bm, bk, wm, wk) != counts or size != slice_size(counts):
            raise TablesCorruptError(f"table file {path} holds slice {(bm, bk, wm, wk)!r} of "
                                     f"{size} positions, not slice {counts!r}")
        if len(data) != _HEADER.size + length:
            raise TablesCorruptError(f"table file {path} is truncated or has trailing bytes: "
                                     f"{len(data)} bytes, the header says "
                                     f"{_HEADER.size + length}")
        try:
            values = zlib.decompress(data[_HEADER.size:])
        except zlib.error as error:
            raise TablesCorruptError(f"table file {path} is corrupt: {error}") from None
        if len(values) != packed_size(counts) or zlib.crc32(values) != crc:
            raise TablesCorruptError(f"table file {path} is corrupt: its checksum fails")
        return values


_default: dict[Path, Tables] = {}


def default_tables() -> Tables:
    """The 5-piece tables in the default folder, built on demand (one per folder)."""
    path = default_path()
    if path not in _default:
        _default[path] = Tables(path=path)
    return _default[path]
