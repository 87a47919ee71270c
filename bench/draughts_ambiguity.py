"""How often the draughts environment's action space (start and end squares) cannot tell two
legal moves apart: positions of random games where one action stands for capture sequences
taking different pieces (king capture cycles), the environment then taking the one capturing
most. Run: ``python bench/draughts_ambiguity.py [--positions N] [--seed S]``."""

import argparse

import numpy as np

from trickcore.draughts import Board

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--positions", type=int, default=1_000_000)
parser.add_argument("--seed", type=int, default=1)
ARGS = parser.parse_args()

rng = np.random.default_rng(ARGS.seed)
positions = ambiguous = hidden = moves_seen = 0
board = Board(auto_draw=True)
while positions < ARGS.positions:
    if board.is_game_over():
        board = Board(auto_draw=True)
    moves = board.legal_moves()
    captured: dict[tuple[int, int], set[int]] = {}
    for move in moves:
        captured.setdefault((move.start, move.end), set()).add(move.captured_mask)
    positions += 1
    moves_seen += len(moves)
    extra = sum(len(sets) - 1 for sets in captured.values())
    ambiguous += extra > 0
    hidden += extra
    board.push(moves[int(rng.integers(len(moves)))])
print(f"{positions} positions of random games (seed {ARGS.seed}), {moves_seen} legal moves: "
      f"{ambiguous} positions ({ambiguous / positions:.2e}) with an ambiguous action, "
      f"{hidden} moves ({hidden / moves_seen:.2e}) no action reaches")
