"""Draughts opponents by name, as the card bots are: ``make_opponent("random", seed=1)``.

An opponent has a ``name`` and ``choose(board) -> Move`` for the side to move; its choice must
depend only on the position and its seed, so undo, replays and saved games see the same moves.
``register_opponent`` adds a name; the search engine plays as ``engine`` and ``engine1`` to
``engine5`` (docs/play.md).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from functools import partial
from typing import Protocol, runtime_checkable

import numpy as np

from trickcore.core.errors import IllegalMoveError, UnknownBotError
from trickcore.draughts import Board, Engine, Move


@runtime_checkable
class Opponent(Protocol):
    """A draughts player: ``choose(board)`` is its move for the side to move."""

    @property
    def name(self) -> str:
        """The opponent's name, as the table and saved games show it."""

    def choose(self, board: Board) -> Move:
        """The move for the side to move on ``board`` (a copy: it may be changed)."""


class RandomOpponent:
    """A uniformly random legal move, drawn from the seed and the position (its FEN and ply),
    so the same position always gets the same move."""

    def __init__(self, seed: int = 0, *, name: str = "random") -> None:
        self.seed, self.name = seed, name

    def choose(self, board: Board) -> Move:
        """A legal move of the side to move, drawn from the seed and the position."""
        moves = board.legal_moves()
        if not moves:
            raise IllegalMoveError(f"opponent {self.name!r}: no legal move, the game is over")
        key = [board.ply, *board.fen().encode()]
        draw = np.random.Generator(np.random.PCG64(np.random.SeedSequence(self.seed,
                                                                          spawn_key=key)))
        return moves[int(draw.integers(len(moves)))]


class EngineOpponent:
    """The search engine with a budget of ``nodes`` positions a move. Its table is cleared before
    each search, so a position always gets the same move (the seed is not needed)."""

    def __init__(self, seed: int = 0, *, name: str = "engine", nodes: int = 1_000_000) -> None:
        self.seed, self.name, self.nodes = seed, name, nodes
        self.engine = Engine()

    def choose(self, board: Board) -> Move:
        """The engine's best move within its node budget."""
        self.engine.clear()
        return self.engine.search(board, nodes=self.nodes).move


OpponentFactory = Callable[..., Opponent]  # called as factory(seed, name=...)

# Node budgets of the engine's levels: about 1 ms to 1 s a move on one core.
ENGINE_LEVELS = {1: 2_000, 2: 20_000, 3: 200_000, 4: 1_000_000, 5: 5_000_000}

OPPONENTS: dict[str, OpponentFactory] = {
    "engine": EngineOpponent, "random": RandomOpponent,
    **{f"engine{level}": partial(EngineOpponent, nodes=nodes)
       for level, nodes in ENGINE_LEVELS.items()}}


def register_opponent(name: str, factory: OpponentFactory) -> None:
    """Makes ``name`` an opponent name: ``factory(seed, name=name)`` builds one."""
    OPPONENTS[name] = factory


def make_opponent(name: str, seed: int = 0) -> Opponent:
    """The opponent ``name`` names, seeded with ``seed``."""
    key = name.strip().lower()
    if key not in OPPONENTS:
        close = difflib.get_close_matches(key, OPPONENTS, n=3, cutoff=0.5)
        hint = f"; did you mean {' or '.join(map(repr, close))}?" if close else ""
        raise UnknownBotError(f"unknown draughts opponent {name!r} (opponents: "
                              f"{', '.join(OPPONENTS)}){hint}")
    return OPPONENTS[key](seed, name=key)
