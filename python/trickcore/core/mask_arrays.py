"""Vectorised helpers over numpy arrays of uint64 card masks: counts, suit holdings, and
conversion to and from CardSets."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numpy.typing import ArrayLike, NDArray

from trickcore.core._cardset import CardSet
from trickcore.core.card import Card

SUIT_BITS = 0x1FFF

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
    "SUIT_BITS", "contains", "from_masks", "popcount", "suit_holdings", "suit_lengths", "to_masks",
]
