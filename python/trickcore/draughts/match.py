"""Engine-versus-engine matches from the 3-move openings: each opening played twice, each player
once with Black, with automatic draws and a ply limit; the score with a 95% normal interval over
the opening pairs (trickcore.arena.statistics; docs/draughts-engine.md, "Matches")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from trickcore.arena.statistics import Interval, mean_interval
from trickcore.core.errors import ArgumentError, BotMoveError
from trickcore.draughts._board import Board, Move
from trickcore.draughts.engine import Limit
from trickcore.draughts.openings import Opening, three_move_openings
from trickcore.draughts.pieces import Color

MAX_PLIES = 400   # a game still going after this many plies is adjudicated a draw


class DrawAdjudicated(Exception):
    """Raised by a player that cannot go on although the game has not ended on our board (an
    outside engine whose own rules ended it): the game is recorded as a draw."""


class Player(Protocol):
    """Anything that moves like Engine.play: ``play(board, limit).move``."""

    def play(self, board: Board, limit: Limit) -> _HasMove: ...


class _HasMove(Protocol):
    @property
    def move(self) -> Move: ...


@dataclass(frozen=True)
class GameRecord:
    """One game: the opening, the colour player A had, A's points (1, 0.5 or 0), the PDN result,
    the plies after the opening, the moves, and whether a player adjudicated the draw."""

    opening: Opening
    a_color: Color
    a_points: float
    result: str
    plies: int
    moves: tuple[str, ...]
    adjudicated: bool = False


@dataclass(frozen=True)
class MatchResult:
    """All games and A's score: wins, draws, losses, the mean points per game with its interval
    over opening pairs, and the share of decided games A won."""

    games: tuple[GameRecord, ...]
    wins: int
    draws: int
    losses: int
    score: Interval

    @property
    def decided_share(self) -> float:
        """A's wins over the decided games (NaN when every game was drawn)."""
        decided = self.wins + self.losses
        return self.wins / decided if decided else float("nan")


def play_game(a: Player, b: Player, opening: Opening, a_color: Color, limit: Limit,
              max_plies: int = MAX_PLIES) -> GameRecord:
    """One game from ``opening`` with A on ``a_color``; a player's illegal move raises."""
    adjudicated = False
    board = opening.board()
    for player in (a, b):
        clear = getattr(player, "clear", None)
        if callable(clear):
            clear()
    plies = 0
    while board.outcome() is None and plies < max_plies:
        mover = a if board.turn == a_color else b
        try:
            move = mover.play(board.copy(), limit).move
        except DrawAdjudicated:
            adjudicated = True
            break
        if not board.is_legal(move):
            raise BotMoveError(f"{type(mover).__name__} played the illegal move {move} in "
                               f"{board.fen()!r}")
        board.push(move)
        plies += 1
    outcome = board.outcome()
    winner = outcome.winner if outcome is not None and not adjudicated else None
    points = 0.5 if winner is None else float(winner == a_color)
    moves = tuple(str(m) for m in board.move_stack[len(opening.moves):])
    result = board.result() if outcome and not adjudicated else "1/2-1/2"
    return GameRecord(opening, a_color, points, result, plies, moves, adjudicated)


def summarise(games: Sequence[GameRecord]) -> MatchResult:
    """A's totals and score interval; games of the same opening form one pair."""
    pairs: dict[int, list[float]] = {}
    for game in games:
        pairs.setdefault(game.opening.number, []).append(game.a_points)
    per_pair = np.array([sum(p) / len(p) for p in pairs.values()], dtype=np.float64)
    wins = sum(g.a_points == 1.0 for g in games)
    losses = sum(g.a_points == 0.0 for g in games)
    return MatchResult(tuple(games), wins, len(games) - wins - losses, losses,
                       mean_interval(per_pair))


def match(a: Player, b: Player, *, openings: Sequence[Opening] | None = None,
          time_per_move: float | None = 0.1, depth: int | None = None,
          max_plies: int = MAX_PLIES) -> MatchResult:
    """Plays every opening (default: all 156 ballots) twice, A with Black then with White, each
    move searched with ``time_per_move`` seconds and/or to ``depth``."""
    if time_per_move is None and depth is None:
        raise ArgumentError("a match needs time_per_move or depth")
    if isinstance(max_plies, bool) or not isinstance(max_plies, int) or max_plies < 1:
        raise ArgumentError(f"max_plies must be a whole number >= 1, not {max_plies!r}")
    limit = Limit(depth=depth, time=time_per_move)
    chosen = three_move_openings() if openings is None else tuple(openings)
    games = [play_game(a, b, opening, color, limit, max_plies)
             for opening, color in pairings(chosen)]
    return summarise(games)


def pairings(openings: Sequence[Opening]) -> list[tuple[Opening, Color]]:
    """The games of a match in order: each opening with A as Black, then as White."""
    return [(opening, color) for opening in openings for color in (Color.BLACK, Color.WHITE)]
