"""trickcore: C-accelerated trick-taking card games and English draughts."""

from trickcore import bots, dam, hearts, spades
from trickcore.arena import ArenaResult, arena
from trickcore.core._cardset import CardMultiset, CardSet
from trickcore.core._trick import trick_winner, trick_winners
from trickcore.core.card import Card, Rank, Suit
from trickcore.core.deal_batch import Deals, deal_batch
from trickcore.core.errors import (
    ArgumentError,
    BotMoveError,
    IllegalMoveError,
    InvalidTrickError,
    ParseError,
    RulesError,
    SerializationError,
    SolveError,
    SolveLimitError,
    TrickcoreError,
    UnknownBotError,
)
from trickcore.search import BatchSolution, Solution, SolveStats, solve_batch
from trickcore.simulation import SimulationResult, simulate

__version__ = "0.1.0"

__all__ = [
    "ArenaResult",
    "ArgumentError",
    "BatchSolution",
    "BotMoveError",
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
    "Solution",
    "SolveError",
    "SolveLimitError",
    "SolveStats",
    "Suit",
    "TrickcoreError",
    "UnknownBotError",
    "__version__",
    "arena",
    "bots",
    "dam",
    "deal_batch",
    "hearts",
    "simulate",
    "solve_batch",
    "spades",
    "trick_winner",
    "trick_winners",
]
