from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from trickcore.core._binding import DealBinding, KernelRulesBase
from trickcore.core._cardset import CardSet

PHASES: tuple[str, ...]
POLICIES: dict[str, int]
MOVE_POLICIES: dict[str, int]
BIDDING: dict[str, int]
MISDEALS: dict[str, int]
NIL: int
BLIND_NIL: int
MAX_VALUE: int
MAX_SCORE: int
MAX_BAG_LIMIT: int
MIN_LONG_SUIT: int

def bid_value(code: int) -> Any:
    """The public form of a bid code: "nil", 1..13 or "blind nil"."""
def bid_code(value: object) -> int:
    """The code of a bid: an int 0..13 (0 is nil), "nil", "blind nil", or a number as text."""

class KernelRules(KernelRulesBase):
    def __init__(self, rules: Any) -> None: ...
    def estimate(self, hand: CardSet) -> int:
        """The bidding evaluator's count of sure tricks in ``hand`` (see spades.c)."""
    def score_tricks(self, bids: Sequence[int], won: Sequence[int], scores: Sequence[int],
                     bags: Sequence[int]) -> tuple[int, ...]:
        """The referee's points per side of a deal ending with these bid codes and tricks."""
    def misdeal_reasons(self, hand: CardSet) -> tuple[Any, ...]:
        """The misdeal conditions that ``hand`` meets, among those these rules play."""

class DealCore(DealBinding):
    def _start(
        self,
        kernel: KernelRules,
        hands: list[int],
        dealer: int,
        deal_number: int,
        scores: list[int],
        bags: list[int],
    ) -> None: ...
    @property
    def spades_broken(self) -> bool: ...
    @property
    def bids(self) -> tuple[Any, ...]:
        """Each seat's bid ("nil", 1..13 or "blind nil"), None before it has bid."""
    @property
    def scores_before(self) -> tuple[int, ...]:
        """Each side's score before this deal."""
    @property
    def bags_before(self) -> tuple[int, ...]:
        """Each side's bag counter before this deal."""
    @property
    def misdeal_seat(self) -> int | None:
        """The seat that asked for a misdeal (the deal is then redealt), else None."""
    @property
    def first_renege(self) -> int | None:
        """The seat of the first renege (table mode), else None."""
    def has_seen(self, seat: int) -> bool:
        """Whether ``seat`` has seen its hand."""
    def blind_nil_eligible(self, seat: int) -> bool:
        """Whether ``seat``'s side is far enough behind for blind nil."""
    def hand(self, seat: int) -> CardSet: ...
    def hands(self) -> tuple[CardSet, ...]: ...
    def dealt_hands(self) -> tuple[CardSet, ...]: ...
    def legal_moves(self) -> CardSet:
        """The cards the seat to act may play by the rules; empty while bidding."""
    def legal_bids(self) -> tuple[Any, ...]:
        """The bids the seat to act may make, in code order: "nil", 1..13, "blind nil"."""
    def policy_bid(self) -> Any:
        """The bid the built-in evaluator would make for the seat to act."""
    def bid(self, value: int | str, *, seat: int | None = None) -> None:
        """Bids for the seat to act: 1..13, "nil" (or 0) or "blind nil"."""
    def look(self, seat: int) -> None:
        """``seat`` looks at its hand (from then on it cannot bid blind nil)."""
    def claim_misdeal(self, seat: int) -> None:
        """``seat`` asks for a misdeal: the deal ends and is redealt by the same dealer."""
    def _renege_log(self) -> list[tuple[int, int, int, str]]:
        """The reneges so far, in order: (seat, card id, trick index, rule)."""
    def score(
        self,
    ) -> tuple[
        tuple[int, ...],
        tuple[int, ...],
        tuple[int, ...],
        tuple[int, ...],
        tuple[int, ...],
        tuple[int, ...],
        tuple[int, ...],
        tuple[bool, ...],
    ]:
        """The finished deal's result per side."""

def simulate_block(
    kernel: KernelRules,
    bit_generator: np.random.BitGenerator,
    count: int,
    policy: str,
    record: bool,
) -> dict[str, NDArray[Any]]:
    """Plays ``count`` complete deals with ``policy`` from one bit generator (see
    tc_spades_simulate) and returns the arrays of the simulation protocol."""
