from typing import Any

import numpy as np
from numpy.typing import NDArray

from trickcore.core._binding import DealBinding, KernelRulesBase
from trickcore.core._cardset import CardSet

PHASES: tuple[str, str, str]
POLICIES: dict[str, int]
FIRST_LEADS: dict[str, int]
MOONS: dict[str, int]
MAX_VALUE: int
MAX_ROTATION: int

class KernelRules(KernelRulesBase):
    """The C rules struct of one ``trickcore.hearts.Rules``, built once and shared by its deals."""

    def __init__(self, rules: Any) -> None: ...

class DealCore(DealBinding):
    """The state of one Hearts-family deal, held as a C struct (see trickcore.hearts.Deal)."""

    def _start(
        self, kernel: KernelRules, hands: list[int], dealer: int, deal_number: int
    ) -> None: ...
    @property
    def pass_offset(self) -> int:
        """This deal's pass: seat s passes to seat (s + pass_offset) % players; 0 for none."""
    @property
    def hearts_broken(self) -> bool: ...
    @property
    def points_taken(self) -> tuple[int, ...]:
        """Card points won in tricks so far, per seat (before moon, bonus and void rules)."""
    def hand(self, seat: int) -> CardSet: ...
    def hands(self) -> tuple[CardSet, ...]: ...
    def dealt_hands(self) -> tuple[CardSet, ...]:
        """The hands as dealt, before any pass."""
    def taken(self, seat: int) -> CardSet:
        """The cards ``seat`` has won in tricks."""
    def passed(self, seat: int) -> CardSet:
        """The cards ``seat`` passed (empty before it passes, and in a deal without passing)."""
    def legal_moves(self) -> CardSet:
        """The cards the seat to act may play; in the passing phase, the cards that can be part
        of a legal pass for that seat. Empty when the deal is over."""
    def pass_cards(self, seat: int, cards: Any) -> None:
        """Passes ``cards`` (a CardSet, a string such as "QS AH 2D", or an iterable of cards) for
        ``seat``; the passes are exchanged when every seat has passed."""
    def score(self) -> tuple[tuple[int, ...], int | None, bool]:
        """(points per seat, moon shooter or None, void deal) of a finished deal."""

def simulate_block(
    kernel: KernelRules,
    bit_generator: np.random.BitGenerator,
    count: int,
    policy: str,
    record: bool,
) -> dict[str, NDArray[Any]]:
    """Plays ``count`` complete deals with ``policy`` from one bit generator (see
    tc_hearts_simulate) and returns the arrays of the simulation protocol."""
