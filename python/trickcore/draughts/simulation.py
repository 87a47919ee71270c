"""Random-game simulation: the rules object the shared simulate framework runs, and
``simulate(games=N, seed=S)``.

Every game is played in C from one bit generator per block of ``trickcore.core.seeding.BLOCK_SIZE``
games (``simulate_block``), so game ``i`` of a seed is the same whatever the number of workers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from trickcore.core.errors import ParseError, RulesError
from trickcore.core.rule_fields import bool_field, describe, documented, int_field, rule
from trickcore.core.seeding import SeedLike
from trickcore.core.simulate_block import block_generator
from trickcore.draughts._board import STARTING_FEN, Board
from trickcore.draughts._playout import playout_block

if TYPE_CHECKING:
    from trickcore.simulation import SimulationResult

POLICIES = ("random",)

Games = dict[str, NDArray[np.integer[Any]]]   # arrays with one row per game


@documented
@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of simulated games (the rules of play themselves are fixed: WCDF)."""

    game: ClassVar[str] = "draughts"
    unit: ClassVar[str] = "games"
    summary_fields: ClassVar[tuple[str, ...]] = ("result", "plies")
    # What the values of ``result`` mean, in the order plots show them.
    value_names: ClassVar[dict[str, dict[int, str]]] = {
        "result": {1: "Black wins", 0: "draw", -1: "White wins"}}

    auto_draw: bool = rule(
        True,
        "End a game as a draw as soon as a draw claim (threefold repetition, 40-move rule) would "
        "be possible, as simulations and engines need; without it games need a ply limit.")
    max_plies: int | None = rule(
        None,
        "Adjudicate a draw after this many plies; None for no limit.")
    start: str = rule(STARTING_FEN, "The position every game starts from.")

    def __post_init__(self) -> None:
        if self.max_plies is not None and not 1 <= int_field("max_plies", self.max_plies) < 2**31:
            raise RulesError(f"max_plies must be 1..{2**31 - 1} or None, not {self.max_plies!r}")
        if not bool_field("auto_draw", self.auto_draw) and self.max_plies is None:
            raise RulesError("without auto_draw random games may never end: set max_plies")
        if not isinstance(self.start, str):
            raise RulesError(f"start must be a position in FEN, not {self.start!r}")
        try:
            Board(self.start)
        except ParseError as error:
            raise RulesError(f"bad start position: {error}") from None

    def __str__(self) -> str:
        """A one-line summary: the game, then every parameter that differs from ``Rules()``
        (``repr`` lists every field)."""
        return describe(self, Rules(), ["Draughts (WCDF)"], (), {
            "max_plies": lambda value: f"draw after {value} plies",
            "start": lambda value: f"from {value}",
        })

    def simulate_block(self, seed: np.random.SeedSequence, count: int,
                       policy: str = "random") -> Games:
        """Plays ``count`` random games from ``numpy.random.PCG64(seed)``: arrays ``result``
        (+1 Black won, -1 White won, 0 draw), ``end`` (Termination values), ``plies``, and
        ``pieces`` (count, 2): pieces left, Black then White."""
        if policy not in POLICIES:
            raise RulesError(
                f"unknown policy {policy!r} for draughts (known: {', '.join(POLICIES)})")
        return playout_block(block_generator(seed), Board(self.start), self.auto_draw,
                             self.max_plies or 0, count)


def simulate(games: int, seed: SeedLike = None, workers: int | None = None, *,
             rules: Rules | None = None, policy: str = "random", executor: object | None = None,
             progress: bool = False, stats_only: bool = False) -> SimulationResult:
    """Plays ``games`` random games through the shared framework (``trickcore.simulate``):
    game ``i`` comes from block ``i // BLOCK_SIZE`` of ``seed``, whatever ``workers`` or
    ``executor`` ran it. ``result["result"]``, ``["end"]``, ``["plies"]``, ``["pieces"]`` are the
    arrays of ``Rules.simulate_block``."""
    from trickcore.simulation import simulate as run_simulation

    return run_simulation(Rules() if rules is None else rules, games, seed=seed, policy=policy,
                          workers=workers, executor=executor, progress=progress,
                          stats_only=stats_only)
