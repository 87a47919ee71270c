"""Command-line subcommands for draughts, for trickcore's CLI to register:
``draughts-perft`` (leaf counts, optionally per move), ``draughts-analyse`` (the engine's
search), ``draughts-simulate`` and ``draughts-tables`` (build or verify the endgame tables)."""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from trickcore.cli.simulate import count, positive
from trickcore.draughts._board import STARTING_FEN, Board, perft
from trickcore.draughts.engine import Engine
from trickcore.draughts.outcome import Termination
from trickcore.draughts.simulation import simulate
from trickcore.draughts.tables import Tables, positions


def _perft(args: argparse.Namespace) -> int:
    board = Board(args.fen)
    if args.divide:
        total = 0
        for move in board.legal_moves():
            board.push(move)
            leaves = perft(board, args.depth - 1, bulk=not args.no_bulk) if args.depth else 1
            board.pop()
            total += leaves
            print(f"{move}: {leaves}")
        print(f"total: {total}")
        return 0
    started = time.perf_counter()
    leaves = perft(board, args.depth, bulk=not args.no_bulk)
    seconds = time.perf_counter() - started
    rate = f", {leaves / seconds / 1e6:.1f} M leaves/s" if seconds > 0 else ""
    print(f"perft {args.depth}: {leaves} leaves in {seconds:.3f} s{rate}")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    games = simulate(games=args.games, seed=args.seed, workers=args.workers)
    result, end = games["result"], games["end"]
    print(f"{args.games} random games: Black won {int((result == 1).sum())}, "
          f"White won {int((result == -1).sum())}, drawn {int((result == 0).sum())}")
    for termination in Termination:
        count = int((end == termination).sum())
        if count:
            print(f"  {termination.name.lower().replace('_', ' ')}: {count}")
    if len(result):
        print(f"  plies: mean {float(np.mean(games['plies'])):.1f}, "
              f"max {int(games['plies'].max())}")
    return 0


def _tables(args: argparse.Namespace) -> int:
    tables = Tables(args.pieces, args.path, build="on-demand" if args.action == "build" else
                    "never", workers=args.workers)
    print(f"draughts endgame tables of up to {args.pieces} pieces in {tables.path}")
    started = time.perf_counter()
    if args.action == "build":
        def progress(pieces: int, done: int, slices: int, seconds: float) -> None:
            if done == slices:
                print(f"  {pieces} pieces: {positions(pieces):,} positions, {seconds:.1f} s",
                      flush=True)
            elif sys.stdout.isatty():
                print(f"  {pieces} pieces: {done}/{slices} slices, {seconds:.1f} s", end="\r",
                      flush=True)
        tables.build(progress)
    else:
        files = list(tables.verify())
        for pieces in range(1, args.pieces + 1):
            mine = [f for f in files if sum(f.counts) == pieces]
            print(f"  {pieces} pieces: {len(mine)} slices, {sum(f.positions for f in mine):,} "
                  f"positions, {sum(f.bytes for f in mine) / 1e6:.2f} MB, checksums good")
    total = sum(f.stat().st_size for f in tables.path.glob("draughts-*.tb"))
    print(f"{args.action} done in {time.perf_counter() - started:.1f} s; "
          f"{total / 1e6:.2f} MB on disk")
    return 0


def _analyse(args: argparse.Namespace) -> int:
    board = Board(args.fen)
    limits = {"depth": args.depth, "time": args.time, "nodes": args.nodes}
    if all(v is None for v in limits.values()):
        limits["time"] = 1.0
    engine = Engine(hash_mb=args.hash)
    for line in engine.analyse(board, multipv=args.multipv, **limits):
        print(f"depth {line.depth} score {line.format_score()} "
              f"pv {' '.join(map(str, line.pv))}")
        print(f"  nodes {line.nodes} nps {line.nps:.0f} time {line.time:.3f} s")
    return 0


def _seconds(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"a time in seconds must be positive, not {text!r}")
    return value


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds the draughts subcommands to a CLI's subparsers."""
    command = commands.add_parser("draughts-perft", help="count draughts move-tree leaves")
    command.add_argument("depth", type=count)
    command.add_argument("--fen", default=STARTING_FEN, help="position (default: the start)")
    command.add_argument("--no-bulk", action="store_true", help="make every leaf's move")
    command.add_argument("--divide", action="store_true", help="leaves below each move")
    command.set_defaults(run=_perft)
    command = commands.add_parser("draughts-analyse", help="search a draughts position")
    command.add_argument("fen", nargs="?", default=STARTING_FEN, help="position (default: start)")
    command.add_argument("--time", type=_seconds, default=None, help="seconds (default 1)")
    command.add_argument("--depth", type=positive, default=None, help="plies")
    command.add_argument("--nodes", type=positive, default=None, help="positions to search")
    command.add_argument("--multipv", type=positive, default=1, help="best moves to show")
    command.add_argument("--hash", type=positive, default=4, help="table size in MB")
    command.set_defaults(run=_analyse)
    command = commands.add_parser("draughts-simulate", help="play random draughts games")
    command.add_argument("--games", type=count, default=10_000)
    command.add_argument("--seed", type=int, default=None)
    command.add_argument("--workers", type=positive, default=None)
    command.set_defaults(run=_simulate)
    command = commands.add_parser("draughts-tables", help="build or verify the endgame tables")
    command.add_argument("action", choices=("build", "verify"))
    command.add_argument("--pieces", type=positive, default=5, help="up to this many (1..6)")
    command.add_argument("--path", default=None, help="the tables folder (default: "
                         "$TRICKCORE_TABLES_DIR or the user cache folder)")
    command.add_argument("--workers", type=positive, default=2, help="build threads")
    command.set_defaults(run=_tables)
