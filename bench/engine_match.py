"""The numbered games of the match scripts (engine_figures.py depth4, engine_vs_openspiel.py):
game n of 0..311 is opening n // 2 with our engine as Black (n even) or White, played in worker
processes, each printed as it ends, then the engine's totals and 95% interval."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from trickcore.draughts import Color, Limit
from trickcore.draughts.match import GameRecord, Player, pairings, play_game, summarise
from trickcore.draughts.openings import three_move_openings

GAMES = 2 * len(three_move_openings())


def timed_game(number: int, engine: Player, opponent: Player,
               limit: Limit) -> tuple[GameRecord, float]:
    """Plays game ``number`` (the engine is player A) and times it."""
    opening, color = pairings(three_move_openings())[number]
    started = time.perf_counter()
    record = play_game(engine, opponent, opening, color, limit)
    return record, time.perf_counter() - started


def run(one_game: Callable[[int], tuple[GameRecord, float]], first: int, games: int, jobs: int,
        title: str) -> None:
    """Plays games first .. first + games - 1 with ``one_game`` (a picklable function of the
    game number) in ``jobs`` processes and prints them and the summary."""
    numbers = range(first, min(first + games, GAMES))
    played = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for number, (game, seconds) in zip(numbers, pool.map(one_game, numbers), strict=True):
            side = "Black" if game.a_color == Color.BLACK else "White"
            note = " (adjudicated draw)" if game.adjudicated else ""
            print(f"game {number:3} {game.opening}: engine {side}, {game.result}{note}, "
                  f"{game.plies} plies, {seconds:.1f} s", flush=True)
            played.append((game, seconds))
    result = summarise([game for game, _ in played])
    score = result.score
    print(f"{title}: +{result.wins} ={result.draws} -{result.losses}; wins of decided games "
          f"{result.decided_share:.1%}; score {score.mean:.3f} [{score.low:.3f}, "
          f"{score.high:.3f}] (95%, {score.count} openings); "
          f"{sum(s for _, s in played) / len(played):.1f} s a game")
