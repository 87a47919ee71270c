"""The endgame tables: position counts, values against a pure-Python exhaustive solver
(tests/reference/draughts_tables.py) and against their own successors, the files' checks, the
API's refusals and the CLI."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from reference.draughts import BLACK, WHITE, Position
from reference.draughts_tables import Solver
from trickcore.draughts import Board, Tables, TablesCorruptError, TablesError, TableValue
from trickcore.draughts._tables import slice_size
from trickcore.draughts.commands import register
from trickcore.draughts.tables import default_path, dependencies, mirror, positions, slices

# Published numbers of positions (pieces placed on the board, either side to move).
PUBLISHED = {1: 120, 2: 6_972, 3: 261_224, 4: 7_092_774, 5: 148_688_232, 6: 2_503_611_964}


def random_position(rng: random.Random, pieces: int, king_share: float) -> Position:
    board: dict[int, tuple[int, bool]] = {}
    while len(board) < pieces:
        square, color, king = rng.randint(1, 32), rng.choice((BLACK, WHITE)), rng.random()
        man_allowed = square <= 28 if color == BLACK else square >= 5
        if square not in board:
            board[square] = (color, king < king_share or not man_allowed)
    return Position.make(board, rng.choice((BLACK, WHITE)))


def test_position_counts_equal_the_published_ones() -> None:
    for pieces, count in PUBLISHED.items():
        assert positions(pieces) == count


def test_built_files_hold_the_published_counts(built: Tables) -> None:
    files = list(built.verify())
    for pieces in range(1, 5):
        assert sum(f.positions for f in files if sum(f.counts) == pieces) == PUBLISHED[pieces]
    assert all(f.bytes > 0 and f.path.exists() for f in files)


def test_slices_come_after_what_they_depend_on() -> None:
    for pieces in range(1, 6):
        order = slices(pieces)
        for counts in order:
            for needed in dependencies(counts):
                assert needed not in (counts, mirror(counts))
                assert sum(needed) < pieces or order.index(needed) < order.index(counts)


def test_tables_equal_exhaustive_search(built: Tables) -> None:
    """Random roots of 2, 3 and 4 pieces (fewer kings as pieces grow) whose reachable graph
    is small enough for Python; every position of each graph is checked, not only the roots."""
    rng, solver = random.Random(17), Solver()
    for pieces, king_share, roots in ((2, 0.5, 30), (3, 0.2, 10), (4, 0.0, 10)):
        while roots:
            roots -= solver.value(random_position(rng, pieces, king_share), 2500) is not None
    assert len(solver.values) > 2000
    for position, value in solver.values.items():
        assert built.probe(Board(position.fen())) == value, position.fen()


def test_values_agree_with_their_successors(built: Tables) -> None:
    rng = random.Random(5)
    for _ in range(3000):
        board = Board(random_position(rng, rng.randint(2, 4), 0.5).fen())
        value = built.probe(board)
        after = []
        for move in board.legal_moves():
            board.push(move)
            after.append(built.probe(board))
            board.pop()
        has_pieces = board.black if board.turn == WHITE else board.white
        expected = max((-v for v in after if v is not None), default=-1) if has_pieces else 1
        assert value == expected, board.fen()


def test_probe_leaves_the_board_unchanged(built: Tables) -> None:
    board = Board("W:W22,K30:B5,K3")
    board.push("22-18")
    fen, ply = board.fen(), board.ply
    assert board.probe(built) == built.probe(board)
    assert (board.fen(), board.ply, board.move_stack) == (fen, ply, [board.peek()])


def test_known_values(built: Tables) -> None:
    assert Board("B:WK32:BK1,K2").probe(built) == TableValue.WIN
    assert Board("W:WK32:BK1,K2").probe(built) == TableValue.LOSS
    assert Board("B:WK32:BK1").probe(built) == TableValue.DRAW
    assert Board("B:W:BK1").probe(built) == TableValue.WIN  # White has no pieces: it lost
    assert Board("W:W:BK1").probe(built) == TableValue.LOSS


def test_positions_beyond_the_tables_give_none(built: Tables) -> None:
    assert built.probe(Board("B:W20,21,22:B1,2")) is None
    assert built.probe(Board("B:W:B")) is None
    assert built.store.probe(Board("B:W20,21,22:B1,2")) is None


def test_bad_requests_are_refused(tmp_path: Path) -> None:
    with pytest.raises(TablesError, match=r"pieces must be 1\.\.6"):
        Tables(7, tmp_path)
    with pytest.raises(TablesError, match="build must be"):
        Tables(2, tmp_path, build="sometimes")  # type: ignore[arg-type]
    with pytest.raises(TablesError, match="no table slice has the piece counts"):
        slice_size((7, 0, 0, 0))
    with pytest.raises(TablesError, match="is missing; build the tables"):
        Tables(2, tmp_path, build="never").probe(Board("B:WK32:BK1"))
    with pytest.raises(TablesError, match="is missing"):
        list(Tables(2, tmp_path, build="never").verify())


@pytest.mark.parametrize("damage", ["truncate", "flip", "foreign", "empty", "other slice"])
def test_damaged_files_are_refused_or_rebuilt(tmp_path: Path, damage: str) -> None:
    Tables(2, tmp_path).build()
    path = tmp_path / "draughts-1010.tb"
    good = path.read_bytes()
    if damage == "truncate":
        path.write_bytes(good[:-3])
    elif damage == "flip":
        path.write_bytes(good[:-5] + bytes([good[-5] ^ 0x10]) + good[-4:])
    elif damage == "foreign":
        path.write_bytes(b"PK\x03\x04" + bytes(100))
    elif damage == "empty":
        path.write_bytes(b"")
    else:
        path.write_bytes((tmp_path / "draughts-0101.tb").read_bytes())
    board = Board("B:W24:B9")
    with pytest.raises(TablesCorruptError):
        Tables(2, tmp_path, build="never").probe(board)
    with pytest.raises(TablesCorruptError):
        list(Tables(2, tmp_path, build="never").verify())
    rebuilt = Tables(2, tmp_path)
    assert rebuilt.probe(board) == Tables(2, tmp_path, build="never").probe(board)
    assert path.read_bytes() == good


def test_default_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TRICKCORE_TABLES_DIR", str(tmp_path / "mine"))
    assert default_path() == tmp_path / "mine"
    assert Tables(2).path == tmp_path / "mine"
    monkeypatch.delenv("TRICKCORE_TABLES_DIR")
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert default_path() == tmp_path / "cache" / "trickcore" / "draughts"


def test_board_probe_defaults_to_tables_in_the_default_folder(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TRICKCORE_TABLES_DIR", str(tmp_path))
    assert Board("B:WK32:BK1,K2").probe() == TableValue.WIN
    assert (tmp_path / "draughts-0201.tb").exists()  # built on demand: only what it needs
    assert not (tmp_path / "draughts-1010.tb").exists()


def test_tables_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command", required=True))
    for action in ("build", "verify"):
        args = parser.parse_args(["draughts-tables", action, "--pieces", "3", "--path",
                                  str(tmp_path)])
        assert args.run(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"draughts endgame tables of up to 3 pieces in {tmp_path}"
    assert "  3 pieces: 261,224 positions, " in out[3] and out[4].startswith("build done in ")
    assert out[8] == "  3 pieces: 20 slices, 261,224 positions, " + out[8].split(", ")[2] + \
        ", checksums good"
    assert out[9].startswith("verify done in ") and out[9].endswith(" MB on disk")


def test_best_moves_keep_the_best_table_value(built: Tables) -> None:
    rng = random.Random(9)
    for _ in range(200):
        board = Board(random_position(rng, 4, 0.3).fen())
        if board.is_game_over():
            assert built.best_moves(board) == []
            continue
        value, fen = built.probe(board), board.fen()
        keep = built.best_moves(board)
        assert keep and set(keep) <= set(board.legal_moves()) and board.fen() == fen
        for move in board.legal_moves():
            board.push(move)
            child = built.probe(board)
            board.pop()
            assert child is not None and (move in keep) == (-int(child) == int(value))
    with pytest.raises(TablesError, match="more than 4 pieces"):
        built.best_moves(Board())
