from typing import Any

import numpy as np
from numpy.typing import NDArray

from trickcore.core._cardset import CardMultiset, CardSet
from trickcore.core._history import DealHistory
from trickcore.core.card import Card, Suit
from trickcore.core.seeding import SeedLike

PHASES: tuple[str, str]
POLICIES: dict[str, int]
LOOPS: dict[str, int]
DUPLICATES: dict[str, int]
JOKER_TRICK_MODES: dict[str, int]
MAX_PLAYERS: int
MAX_VALUE: int

class KernelRules:
    """The C rules struct of one ``trickcore.dam.Rules``, built once and shared by its deals."""

    @property
    def rules(self) -> Any: ...
    def __init__(self, rules: Any) -> None: ...
    @property
    def pile_size(self) -> int:
        """Cards left in the draw pile after the deal."""

class DealCore(DealHistory):
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
    def rules(self) -> Any: ...
    @property
    def players(self) -> int: ...
    @property
    def phase(self) -> str:
        """"play" or "over"."""
    @property
    def to_act(self) -> int | None:
        """The seat to play, None when the deal is over."""
    @property
    def is_over(self) -> bool: ...
    @property
    def dealer(self) -> int: ...
    @property
    def leader(self) -> int:
        """The seat that led (or is to lead) the current trick."""
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
    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the current trick, in play order."""
    @property
    def tricks_won(self) -> tuple[int, ...]: ...
    @property
    def tricks_played(self) -> int: ...
    @property
    def last_trick_winner(self) -> int | None:
        """The seat that won the latest trick, None before the first."""
    @property
    def points_taken(self) -> tuple[int, ...]:
        """Card points won in tricks so far, per seat, on the scale of ``rules.scoring``."""
    @property
    def move_count(self) -> int: ...
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
    def play(self, card: Card | int | str, *, seat: int | None = None) -> None:
        """Plays one copy of ``card`` for the seat to act (``seat``, when given, must be that
        seat). Completing a trick resolves it and refills the hands from the pile."""
    def score(self) -> tuple[int, ...]:
        """Points per seat of a finished deal: card values taken, or tricks (and the last-trick
        bonus) under ``score_by="tricks"``."""
    def playouts(
        self, count: int, *, policy: str = "random", seed: SeedLike = None
    ) -> NDArray[np.int32]:
        """Plays the deal from here to its end ``count`` times with a policy ("random" or
        "greedy") in C, leaving this deal unchanged: the points of each playout, shape
        (count, players). Omniscient: the playouts use the true hands and pile."""

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
