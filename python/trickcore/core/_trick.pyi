from collections.abc import Iterable, Sequence
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from trickcore.core.card import Card, Suit

DuplicateRule = Literal["first", "last"]
JokerMode = Literal["none", "top-trump", "outright", "neutral"]

DUPLICATE_RULES: dict[str, int]
JOKER_MODES: dict[str, int]

def trick_winner(
    cards: str | Iterable[Card | int | str],
    trump: Suit | int | str | None = None,
    duplicates: DuplicateRule = "first",
    jokers: JokerMode = "none",
    packs: int = 1,
) -> int:
    """Index, in play order, of the card that wins the trick.

    The highest trump wins if any trump was played, else the highest card of the suit led. With
    ``packs=2`` identical cards are ordered by play: ``duplicates="first"`` (the first played wins)
    or ``"last"``. Jokers: ``"top-trump"`` (highest trumps, counting as the trump suit),
    ``"outright"`` (the first joker played wins), ``"neutral"`` (never wins; a joker led lets the
    next card set the suit); ``"none"`` refuses jokers. Raises InvalidTrickError or RulesError.
    """

def trick_winners(
    tricks: ArrayLike,
    trump: Suit | int | str | ArrayLike | None = None,
    duplicates: DuplicateRule = "first",
    jokers: JokerMode = "none",
    packs: int = 1,
) -> NDArray[np.int8]:
    """Winners of a 2-d array of tricks (one trick per row) in one C call; ``trump`` may be one
    suit for all or an array with one trump per trick (-1 for none)."""

def _trick_winning_card_masks(cards: int, led: int, trump: int) -> int:
    """The winning card of a one-pack trick without jokers, from masks (tc_trick_winning_card)."""

def _trick_winner_bits(cards: Sequence[int], trump: int | None, duplicates: str,
                       jokers: str) -> int:
    """The winner's index by the mask form of the trick rule (tc_trick_winner_bits)."""
