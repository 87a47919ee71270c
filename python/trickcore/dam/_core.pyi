from typing import Any

import numpy as np
from numpy.typing import NDArray

from trickcore.core._binding import DealBinding, KernelRulesBase
from trickcore.core._cardset import CardMultiset, CardSet
from trickcore.core.card import Card, Suit

PHASES: tuple[str, str]
POLICIES: dict[str, int]
MOVE_POLICIES: dict[str, int]
LOOPS: dict[str, int]
DUPLICATES: dict[str, int]
JOKER_TRICK_MODES: dict[str, int]
MAX_PLAYERS: int
MAX_VALUE: int

class KernelRules(KernelRulesBase):
    """The C rules struct of one ``trickcore.dam.Rules``, built once and shared by its deals."""

    def __init__(self, rules: Any) -> None: ...
    @property
    def pile_size(self) -> int:
        """Cards left in the draw pile after the deal."""

class DealCore(DealBinding):
    """The state of one Danish Dam deal, held as a C struct (see trickcore.dam.Deal)."""

    def _start(
        self,
        kernel: KernelRules,
        hands: list[tuple[int, int]],
        pile: list[int],
        dealer: int,
        deal_number: int,
    ) -> None: ...
    @property
    def trump(self) -> Suit | None:
        """The trump suit of this deal (from the turned card), None without trump."""
    @property
    def trump_card(self) -> Card | None:
        """The card turned from the pile for trump (face up at its bottom until drawn), None when
        the rules turn no card."""
    @property
    def pile_size(self) -> int:
        """Cards left in the draw pile."""
    def pile(self) -> tuple[Card, ...]:
        """The draw pile in draw order (top first; the turned card, if any, last). Hidden from
        the players: see ``observation`` for what a seat knows."""
    @property
    def last_trick_winner(self) -> int | None:
        """The seat that won the latest trick, None before the first."""
    @property
    def points_taken(self) -> tuple[int, ...]:
        """Card points won in tricks so far, per seat, on the scale of ``rules.scoring``."""
    def hand(self, seat: int) -> CardMultiset:
        """The cards ``seat`` holds, a CardMultiset (a card may be held twice)."""
    def hands(self) -> tuple[CardMultiset, ...]: ...
    def dealt_hands(self) -> tuple[CardMultiset, ...]:
        """The hands as dealt."""
    def dealt_pile(self) -> tuple[Card, ...]:
        """The draw pile as left after dealing, top first, before any card was turned."""
    def void_suits(self, seat: int) -> frozenset[Suit]:
        """The suits ``seat`` has shown by play that it lacks, and cannot have drawn since."""
    def legal_moves(self) -> CardSet:
        """The cards (not copies) the seat to act may play; empty when the deal is over."""
    def score(self) -> tuple[int, ...]:
        """Points per seat of a finished deal: card values taken, or tricks (and the last-trick
        bonus) under ``score_by="tricks"``."""

def best_loop_isa() -> str:
    """The instruction set of the loop "best" runs on this CPU for the random policy without
    recording: "bmi2" or "portable" (see tc_isa_best)."""

def simulate_block(
    kernel: KernelRules,
    bit_generator: np.random.BitGenerator,
    count: int,
    policy: str,
    record: bool,
    loop: str = "best",
) -> dict[str, NDArray[Any]]:
    """Plays ``count`` complete deals with ``policy`` from one bit generator (see
    tc_dam_simulate) and returns the arrays of the simulation protocol. ``loop`` picks the
    compiled loop ("best", "portable" or "generic"), for tests
    that compare them."""
