"""Endgame conversion (issue #17): the engine without tables, from won positions of up to 5
pieces (won by the endgame tables) reached by random games from the start, against a
table-perfect defender (a move keeping the best table value, the engine's pick of them at depth
6). A game counts as converted when it is won before the 40-move rule or a repetition would let
the defender claim a draw. Builds the tables on demand in the default folder.

    PYTHONPATH=python python bench/engine_conversion.py [--pieces 5] [--games 50]
        [--nodes 300000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

from trickcore.draughts import Board, Engine, Tables, TableValue


def won_endgame(rng: random.Random, tables: Tables, pieces: int) -> Board:
    """The first position of a random game from the start with ``pieces`` pieces left, no
    capture pending and a table win for the side to move."""
    while True:
        board = Board()
        while not board.is_game_over() and bin(board.black | board.white).count("1") > pieces:
            board.push(rng.choice(board.legal_moves()))
        if board.is_game_over() or board.legal_moves()[0].captured:
            continue
        if tables.probe(board) == TableValue.WIN:
            return Board(board.fen())


def convert(board: Board, tables: Tables, attacker: Engine, defender: Engine,
            nodes: int) -> tuple[bool, int]:
    """Plays the position out; (won by the side to move, plies played)."""
    side, plies = board.turn, 0
    attacker.clear()
    while not board.is_game_over() and not board.can_claim_forty_move_rule() \
            and not (board.turn != side and board.can_claim_draw()):
        if board.turn == side:
            move = attacker.search(board, nodes=nodes).move
        else:
            keep = tables.best_moves(board)
            ranked = defender.analyse(board, multipv=len(board.legal_moves()), depth=6)
            move = next(line.move for line in ranked if line.move in keep)
        board.push(move)
        plies += 1
    outcome = board.outcome()
    return outcome is not None and outcome.winner == side, plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pieces", type=int, default=5)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--nodes", type=int, default=300_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tables = Tables(args.pieces)
    tables.build()
    rng, attacker, defender = random.Random(args.seed), Engine(), Engine()
    won, started = 0, time.perf_counter()
    for game in range(args.games):
        board = won_endgame(rng, tables, args.pieces)
        start = board.fen()
        converted, plies = convert(board, tables, attacker, defender, args.nodes)
        won += converted
        print(f"{game:3} {'won ' if converted else 'NOT '} in {plies:3} plies  {start}",
              flush=True)
    print(f"{won}/{args.games} won positions of up to {args.pieces} pieces converted at "
          f"{args.nodes:,} nodes a move ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
