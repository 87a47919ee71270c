"""The public card module: single cards, card sets and two-pack multisets, named constants,
and vectorised helpers over numpy arrays of card masks."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numpy.typing import ArrayLike, NDArray

from trickcore._cards import CardMultiset, CardSet
from trickcore.card import JOKER_NAMES, LANGUAGES, Card, Rank, Suit, all_cards, parse_card

SUIT_BITS = 0x1FFF

# Named constants, suit first (identifiers cannot start with a digit): SQ is the queen of spades.

C2 = Card(0)
C3 = Card(1)
C4 = Card(2)
C5 = Card(3)
C6 = Card(4)
C7 = Card(5)
C8 = Card(6)
C9 = Card(7)
CT = Card(8)
CJ = Card(9)
CQ = Card(10)
CK = Card(11)
CA = Card(12)
D2 = Card(13)
D3 = Card(14)
D4 = Card(15)
D5 = Card(16)
D6 = Card(17)
D7 = Card(18)
D8 = Card(19)
D9 = Card(20)
DT = Card(21)
DJ = Card(22)
DQ = Card(23)
DK = Card(24)
DA = Card(25)
H2 = Card(26)
H3 = Card(27)
H4 = Card(28)
H5 = Card(29)
H6 = Card(30)
H7 = Card(31)
H8 = Card(32)
H9 = Card(33)
HT = Card(34)
HJ = Card(35)
HQ = Card(36)
HK = Card(37)
HA = Card(38)
S2 = Card(39)
S3 = Card(40)
S4 = Card(41)
S5 = Card(42)
S6 = Card(43)
S7 = Card(44)
S8 = Card(45)
S9 = Card(46)
ST = Card(47)
SJ = Card(48)
SQ = Card(49)
SK = Card(50)
SA = Card(51)
LJ = Card(52)
BJ = Card(53)


def popcount(masks: ArrayLike) -> NDArray[np.uint8]:
    """Number of cards in each mask of an array of uint64 card masks."""
    return np.bitwise_count(np.asarray(masks, dtype=np.uint64))


def suit_holdings(masks: ArrayLike) -> NDArray[np.uint16]:
    """Per-suit 13-bit holdings, shape ``masks.shape + (4,)``, in suit order ♣ ♦ ♥ ♠."""
    arr = np.asarray(masks, dtype=np.uint64)[..., np.newaxis]
    shifts = np.arange(4, dtype=np.uint64) * np.uint64(13)
    return ((arr >> shifts) & np.uint64(SUIT_BITS)).astype(np.uint16)


def suit_lengths(masks: ArrayLike) -> NDArray[np.uint8]:
    """Number of cards per suit: shape ``masks.shape + (4,)``."""
    return np.bitwise_count(suit_holdings(masks))


def to_masks(sets: Iterable[CardSet]) -> NDArray[np.uint64]:
    """A uint64 array of the masks of a sequence of CardSets."""
    return np.fromiter((s.mask for s in sets), dtype=np.uint64)


def from_masks(masks: ArrayLike) -> list[CardSet]:
    """CardSets from a 1-d array of uint64 masks."""
    return [CardSet(int(m)) for m in np.asarray(masks, dtype=np.uint64).ravel()]


def contains(masks: ArrayLike, card: Card | int | str) -> NDArray[np.bool_]:
    """Whether each mask holds ``card``."""
    bit = np.uint64(1) << np.uint64(int(Card(card)))
    held: NDArray[np.bool_] = (np.asarray(masks, dtype=np.uint64) & bit) != 0
    return held


__all__ = [
    "JOKER_NAMES", "LANGUAGES", "Card", "CardMultiset", "CardSet", "Rank", "Suit", "all_cards",
    "contains", "from_masks", "parse_card", "popcount", "suit_holdings", "suit_lengths", "to_masks",
]
