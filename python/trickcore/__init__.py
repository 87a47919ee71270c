"""trickcore: C-accelerated trick-taking card games and English draughts."""

from trickcore import dam, hearts, spades
from trickcore._trick import trick_winner, trick_winners
from trickcore.cards import Card, CardMultiset, CardSet, Rank, Suit
from trickcore.dealing import Deals, deal_batch
from trickcore.errors import (
    IllegalMoveError,
    InvalidTrickError,
    ParseError,
    RulesError,
    SerializationError,
    TrickcoreError,
)
from trickcore.simulation import SimulationResult, simulate

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CardMultiset",
    "CardSet",
    "Deals",
    "IllegalMoveError",
    "InvalidTrickError",
    "ParseError",
    "Rank",
    "RulesError",
    "SerializationError",
    "SimulationResult",
    "Suit",
    "TrickcoreError",
    "__version__",
    "dam",
    "deal_batch",
    "hearts",
    "simulate",
    "spades",
    "trick_winner",
    "trick_winners",
]
