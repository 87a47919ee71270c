"""The engine's figures: its speed (nodes a second, wall and CPU) and depth reached from the
start and from middlegame positions, and its match against its own depth-4 search from the
3-move openings, each with both colours.

    PYTHONPATH=python python bench/engine_figures.py speed [--time 1]
    PYTHONPATH=python python bench/engine_figures.py depth4 [--games 312] [--first 0] [--jobs 2]

The second plays games --first .. --first + --games - 1 of the 312 (opening i with the timed
engine as Black is game 2i, as White 2i + 1) in --jobs processes.
"""

from __future__ import annotations

import argparse
import functools
import time

from engine_match import run, timed_game
from trickcore.draughts import Board
from trickcore.draughts.engine import Engine, Limit
from trickcore.draughts.match import GameRecord
from trickcore.draughts.openings import three_move_openings

# Middlegames: openings 1, 60, 120 continued by 20 plies of depth-6 self-play.
MIDDLEGAME_OPENINGS = (0, 59, 119)


def middlegame(index: int) -> Board:
    board = three_move_openings()[index].board()
    engine = Engine(hash_mb=8)
    for _ in range(20):
        board.push(engine.play(board, Limit(depth=6)).move)
    return board


def speed(seconds: float) -> None:
    boards = [("start", Board())] + [(f"middlegame {i + 1}", middlegame(i))
                                     for i in MIDDLEGAME_OPENINGS]
    for name, board in boards:
        engine = Engine()
        cpu = time.process_time()
        result = engine.search(board, time=seconds)
        cpu = time.process_time() - cpu
        print(f"{name:13} {board.fen()}\n  depth {result.depth:2}, {result.nodes} nodes in "
              f"{result.time:.2f} s: {result.nps / 1e6:.2f} M nodes/s wall, "
              f"{result.nodes / cpu / 1e6:.2f} M nodes/s of CPU time")


def one_game(number: int, seconds: float) -> tuple[GameRecord, float]:
    return timed_game(number, TimedEngine(seconds), Engine(), Limit(depth=4))


class TimedEngine:
    """The engine searching a fixed time a move whatever the match's limit."""

    def __init__(self, seconds: float) -> None:
        self.engine, self.seconds = Engine(), seconds

    def clear(self) -> None:
        self.engine.clear()

    def play(self, board: Board, limit: Limit) -> object:
        return self.engine.play(board, Limit(time=self.seconds))


def depth4(first: int, games: int, jobs: int, seconds: float) -> None:
    run(functools.partial(one_game, seconds=seconds), first, games, jobs,
        f"{seconds} s a move vs depth 4")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("speed")
    command.add_argument("--time", type=float, default=1.0)
    command = commands.add_parser("depth4")
    command.add_argument("--games", type=int, default=312)
    command.add_argument("--first", type=int, default=0)
    command.add_argument("--jobs", type=int, default=2)
    command.add_argument("--time", type=float, default=0.1)
    args = parser.parse_args()
    if args.command == "speed":
        speed(args.time)
    else:
        depth4(args.first, args.games, args.jobs, args.time)


if __name__ == "__main__":
    main()
