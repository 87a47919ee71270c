"""The search's own move generators (capture masks with the men's single-jump shortcut, step
masks by direction) against the referee's dr_generate, through a C driver (tests/c): the same
moves, as masks, in thousands of positions of random games, kings and multi-jumps included."""

from __future__ import annotations

import random
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from trickcore.draughts import Board, Color


@pytest.fixture(scope="module")
def driver(build_c: Callable[..., Path]) -> Path:
    return build_c("search_moves", ["tests/c/draughts_search_moves.c", "src/draughts/movegen.c",
                                    "src/draughts/board.c"])


def random_game_positions(rng: random.Random, plies: int) -> list[Board]:
    board, seen = Board(), []
    while len(seen) < plies and not board.is_game_over():
        seen.append(board.copy())
        board.push(rng.choice(board.legal_moves()))
    return seen


def test_search_generators_give_the_referees_moves(driver: Path) -> None:
    rng = random.Random(17)
    boards = [b for _ in range(60) for b in random_game_positions(rng, 150)]
    assert sum(bool(b.kings) for b in boards) > 1000  # kings' steps and captures are covered
    assert sum(any(len(m.captured) > 1 for m in b.legal_moves()) for b in boards) > 50
    text = "".join(f"{b.black} {b.white} {b.kings} {int(b.turn != Color.BLACK)}\n"
                   for b in boards)
    out = subprocess.run([str(driver)], input=text, capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    assert len(lines) == len(boards)
    for board, line in zip(boards, lines, strict=True):
        search, referee = line.split("|")
        assert search.split() == referee.split(), board.fen()
