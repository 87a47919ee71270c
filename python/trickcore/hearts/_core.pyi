from typing import Any

import numpy as np
from numpy.typing import NDArray

from trickcore.core._cardset import CardSet
from trickcore.core._history import DealHistory
from trickcore.core.card import Card, Suit
from trickcore.core.seeding import SeedLike

PHASES: tuple[str, str, str]
POLICIES: dict[str, int]
FIRST_LEADS: dict[str, int]
MOONS: dict[str, int]
MAX_VALUE: int
MAX_ROTATION: int

class KernelRules:
    """The C rules struct of one ``trickcore.hearts.Rules``, built once and shared by its deals."""

    @property
    def rules(self) -> Any: ...
    def __init__(self, rules: Any) -> None: ...

class DealCore(DealHistory):
    """The state of one Hearts-family deal, held as a C struct (see trickcore.hearts.Deal)."""

    def _start(
        self, kernel: KernelRules, hands: list[int], dealer: int, deal_number: int
    ) -> None: ...
    @property
    def rules(self) -> Any: ...
    @property
    def players(self) -> int: ...
    @property
    def phase(self) -> str:
        """"pass" (cards are being passed), "play" or "over"."""
    @property
    def to_act(self) -> int | None:
        """The seat to move (in the passing phase: the next seat from the dealer's left that
        has not passed; any such seat may pass), None when the deal is over."""
    @property
    def is_over(self) -> bool: ...
    @property
    def dealer(self) -> int: ...
    @property
    def pass_offset(self) -> int:
        """This deal's pass: seat s passes to seat (s + pass_offset) % players; 0 for none."""
    @property
    def hearts_broken(self) -> bool: ...
    @property
    def leader(self) -> int:
        """The seat that led (or is to lead) the current trick."""
    @property
    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the current trick, in play order."""
    @property
    def tricks_won(self) -> tuple[int, ...]: ...
    @property
    def points_taken(self) -> tuple[int, ...]:
        """Card points won in tricks so far, per seat (before moon, bonus and void rules)."""
    @property
    def move_count(self) -> int: ...
    def hand(self, seat: int) -> CardSet: ...
    def hands(self) -> tuple[CardSet, ...]: ...
    def dealt_hands(self) -> tuple[CardSet, ...]:
        """The hands as dealt, before any pass."""
    def taken(self, seat: int) -> CardSet:
        """The cards ``seat`` has won in tricks."""
    def passed(self, seat: int) -> CardSet:
        """The cards ``seat`` passed (empty before it passes, and in a deal without passing)."""
    def void_suits(self, seat: int) -> frozenset[Suit]:
        """The suits ``seat`` has shown by play that it does not hold."""
    def legal_moves(self) -> CardSet:
        """The cards the seat to act may play; in the passing phase, the cards that can be part
        of a legal pass for that seat. Empty when the deal is over."""
    def play(self, card: Card | int | str, *, seat: int | None = None) -> None:
        """Plays ``card`` for the seat to act (``seat``, when given, must be that seat)."""
    def pass_cards(self, seat: int, cards: Any) -> None:
        """Passes ``cards`` (a CardSet, a string such as "QS AH 2D", or an iterable of cards) for
        ``seat``; the passes are exchanged when every seat has passed."""
    def score(self) -> tuple[tuple[int, ...], int | None, bool]:
        """(points per seat, moon shooter or None, void deal) of a finished deal."""
    def playouts(
        self, count: int, *, policy: str = "random", seed: SeedLike = None
    ) -> NDArray[np.int32]:
        """Plays the deal from here to its end ``count`` times with a policy ("random" or
        "greedy") in C, leaving this deal unchanged: the points of each playout, shape
        (count, players)."""

def simulate_block(
    kernel: KernelRules,
    bit_generator: np.random.BitGenerator,
    count: int,
    policy: str,
    record: bool,
) -> dict[str, NDArray[Any]]:
    """Plays ``count`` complete deals with ``policy`` from one bit generator (see
    tc_hearts_simulate) and returns the arrays of the simulation protocol."""
