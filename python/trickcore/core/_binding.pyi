from typing import Any, ClassVar, TypeVar

import numpy as np
from numpy.typing import NDArray

from trickcore.core.card import Card, Suit
from trickcore.core.seeding import SeedLike

B = TypeVar("B", bound="DealBinding")

class KernelRulesBase:
    """A game's C rules struct, built once from a ``Rules`` by the game's KernelRules."""

    @property
    def rules(self) -> Any: ...
    def check(self) -> None:
        """Refuses a KernelRules that was never built from rules (its C struct is blank)."""

class DealBinding:
    """Phase, turn, trick and history of a card game's deal, shared by the games' deal
    classes; the game's subclass supplies its C state and its rules."""

    PHASES: ClassVar[tuple[str, ...]]
    POLICIES: ClassVar[dict[str, int]]
    MOVE_POLICIES: ClassVar[dict[str, int]]
    OBJECTIVES: ClassVar[dict[str, int]]
    SOLVER_TABLE_SHRINK: ClassVar[int]

    @property
    def deal_number(self) -> int: ...
    @property
    def rules(self) -> Any: ...
    @property
    def players(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_act(self) -> int | None:
        """The seat to act, None when the deal is over."""
    @property
    def is_over(self) -> bool: ...
    @property
    def dealer(self) -> int: ...
    @property
    def leader(self) -> int:
        """The seat that led (or is to lead) the current trick."""
    @property
    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the current trick, in play order."""
    @property
    def tricks_won(self) -> tuple[int, ...]: ...
    @property
    def tricks_played(self) -> int: ...
    @property
    def move_count(self) -> int: ...
    def void_suits(self, seat: int) -> frozenset[Suit]:
        """The suits ``seat`` has shown by play that it does not hold."""
    def play(self, card: Card | int | str, *, seat: int | None = None) -> None:
        """Plays ``card`` for the seat to act (``seat``, when given, must be that seat)."""
    def playouts(
        self, count: int, *, policy: str = "random",
        seed: SeedLike | np.random.BitGenerator = None
    ) -> NDArray[np.int32]:
        """Plays the deal from here to its end ``count`` times with a policy in C, leaving this
        deal unchanged: the points of each playout, one row per playout. ``seed`` may be a numpy
        BitGenerator, drawn from in place (cheap for many single playouts)."""
    def _policy_move(
        self, policy: str, bit_generator: np.random.BitGenerator
    ) -> tuple[int, int, int]:
        """The move the game's C policy ``policy`` (a name of ``MOVE_POLICIES``) makes for the
        seat to act, as ``(kind, seat, value)`` in the history's terms (``_log``), the deal left
        unchanged; a random choice draws from ``bit_generator`` (a numpy BitGenerator)."""
    def undo(self) -> None:
        """Takes back the last move (and all it caused: a finished trick, a refill...)."""
    def clone(self: B) -> B:
        """An independent copy sharing the (immutable) history: a struct copy."""
    def _log(self) -> list[tuple[int, int, int, int]]:
        """The moves so far as (kind, seat, value, result) tuples."""
