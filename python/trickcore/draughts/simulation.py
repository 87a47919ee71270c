"""Random-game simulation: the rules object the shared simulate framework runs, and
``simulate(games=N, seed=S)``.

Every game is played in C from one bit generator per block of ``trickcore.seeding.BLOCK_SIZE``
games (``simulate_block``), so game ``i`` of a seed is the same whatever the number of workers.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from trickcore.draughts._board import STARTING_FEN, Board
from trickcore.draughts._playout import playout_block
from trickcore.errors import ParseError, RulesError
from trickcore.seeding import SeedLike, block_seed, blocks, root_seed

POLICIES = ("random",)

Games = dict[str, NDArray[np.integer[Any]]]   # arrays with one row per game


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of simulated games (the rules of play themselves are fixed: WCDF)."""

    game: ClassVar[str] = "draughts"
    summary_fields: ClassVar[tuple[str, ...]] = ("result", "plies")

    # End a game as a draw as soon as a draw claim (threefold repetition, 40-move rule) would
    # be possible, as simulations and engines need; without it games need a ply limit.
    auto_draw: bool = True
    # Adjudicate a draw after this many plies; None for no limit.
    max_plies: int | None = None
    # The position every game starts from.
    start: str = STARTING_FEN

    def __post_init__(self) -> None:
        if self.max_plies is not None and (
                not isinstance(self.max_plies, int) or not 1 <= self.max_plies < 2**31):
            raise RulesError(f"max_plies must be a positive int or None, not {self.max_plies!r}")
        if not self.auto_draw and self.max_plies is None:
            raise RulesError("without auto_draw random games may never end: set max_plies")
        try:
            Board(self.start)
        except ParseError as error:
            raise RulesError(f"bad start position: {error}") from None

    def simulate_block(self, seed: np.random.SeedSequence, count: int,
                       policy: str = "random") -> Games:
        """Plays ``count`` random games from ``numpy.random.PCG64(seed)``: arrays ``result``
        (+1 Black won, -1 White won, 0 draw), ``end`` (Termination values), ``plies``, and
        ``pieces`` (count, 2): pieces left, Black then White."""
        if policy not in POLICIES:
            raise RulesError(
                f"unknown policy {policy!r} for draughts (known: {', '.join(POLICIES)})")
        return playout_block(np.random.PCG64(seed), Board(self.start), self.auto_draw,
                             self.max_plies or 0, count)


def simulate(games: int, seed: SeedLike = None, workers: int | None = None, *,
             rules: Rules | None = None, policy: str = "random") -> Games:
    """Plays ``games`` random games and returns the arrays of ``Rules.simulate_block`` for all of
    them, game ``i`` from block ``i // BLOCK_SIZE`` of ``seed`` (independent of ``workers``)."""
    if not isinstance(games, int) or games < 0:
        raise RulesError(f"games must be a non-negative int, not {games!r}")
    rules = Rules() if rules is None else rules
    root = root_seed(seed)

    def run(span: tuple[int, int, int]) -> Games:
        return rules.simulate_block(block_seed(root, span[0]), span[2], policy)

    spans = blocks(0, games)
    if workers == 1 or len(spans) <= 1:
        parts = [run(span) for span in spans]
    else:
        with ThreadPoolExecutor(workers) as pool:
            parts = list(pool.map(run, spans))
    if not parts:
        return rules.simulate_block(block_seed(root, 0), 0, policy)
    return {name: np.concatenate([part[name] for part in parts]) for name in parts[0]}
