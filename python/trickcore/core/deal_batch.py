"""Batch dealing: N shuffled deals at once into numpy arrays of hand masks, from a seed."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from trickcore.core import arguments
from trickcore.core._cardset import CardMultiset, CardSet
from trickcore.core._deal_batch import deal_into
from trickcore.core.arguments import whole_number
from trickcore.core.errors import RulesError
from trickcore.core.seeding import BLOCK_SIZE, SeedLike, block_bit_generator, blocks, root_seed

MAX_DECK = 112
MAX_PLAYERS = 8


@dataclass(frozen=True, eq=False)
class Deals:
    """``count`` deals: ``hands[d, p]`` is player p's hand in deal d as a card mask (for two packs,
    the cards held at least once; ``twice`` holds the cards held twice). ``stock[d]`` is the undealt
    rest in draw order (top card first)."""

    hands: NDArray[np.uint64]
    twice: NDArray[np.uint64] | None
    stock: NDArray[np.uint8]
    start: int
    seed_entropy: int | Sequence[int] | None

    def __len__(self) -> int:
        return int(self.hands.shape[0])

    @property
    def players(self) -> int:
        """The number of hands in each deal."""
        return int(self.hands.shape[1])

    def hand(self, deal: int, seat: int) -> CardSet | CardMultiset:
        """Player ``seat``'s hand in deal ``deal`` (a CardMultiset when two packs were dealt)."""
        once = int(self.hands[deal, seat])
        if self.twice is None:
            return CardSet(once)
        return CardMultiset.from_masks(once, int(self.twice[deal, seat]))


def deck_ids(deck: CardSet | CardMultiset) -> NDArray[np.uint8]:
    """The card ids of a deck, a duplicated card listed twice."""
    return np.fromiter((int(c) for c in deck), dtype=np.uint8)


@functools.lru_cache(maxsize=64)
def _dealt_ids(deck: CardSet | CardMultiset) -> NDArray[np.uint8]:
    """deck_ids, read-only and kept for the next deal of the same deck (decks are immutable)."""
    ids = deck_ids(deck)
    ids.flags.writeable = False
    return ids


def deal_batch(
    count: int,
    players: int = 4,
    hand_size: int | None = None,
    deck: CardSet | CardMultiset | None = None,
    seed: SeedLike = None,
    start: int = 0,
) -> Deals:
    """Deals ``count`` independent uniformly random deals of ``deck`` (default: the 52-card pack)
    to ``players`` players of ``hand_size`` cards (default: as many as divide evenly).

    Deal ``i`` comes from block ``i // BLOCK_SIZE``'s own child stream of ``seed``, so deals
    ``start .. start+count-1`` are the same whatever batch size or split was used to make them.
    """
    deck = CardSet.full() if deck is None else deck
    if not isinstance(deck, (CardSet, CardMultiset)):
        raise RulesError(f"deck must be a CardSet or CardMultiset, not {type(deck).__name__}")
    ids = _dealt_ids(deck)
    players = whole_number("players", players, 1, MAX_PLAYERS, RulesError)
    count = arguments.count("count", count, RulesError)
    start = arguments.count("start", start, RulesError)
    if not 1 <= len(ids) <= MAX_DECK:
        raise RulesError(f"a deck holds 1..{MAX_DECK} cards, not {len(ids)}")
    hand_size = (len(ids) // players if hand_size is None
                 else whole_number("hand_size", hand_size, 0, MAX_DECK, RulesError))
    if players * hand_size > len(ids):
        raise RulesError(f"cannot deal {players} hands of {hand_size} from {len(ids)} cards")
    two_packs = isinstance(deck, CardMultiset)
    root = root_seed(seed)
    stock_size = len(ids) - players * hand_size
    hands = np.empty((count, players), dtype=np.uint64)
    twice = np.empty((count, players), dtype=np.uint64) if two_packs else None
    stock = np.empty((count, stock_size), dtype=np.uint8)
    done = 0
    for block, offset, take in blocks(start, count):
        rows = slice(done, done + take)
        done += take
        deal_into(block_bit_generator(root, block), ids, players, hand_size, offset,
                  hands[rows], None if twice is None else twice[rows], stock[rows])
    return Deals(hands, twice, stock, start, root.entropy)


__all__ = ["BLOCK_SIZE", "Deals", "deal_batch", "deck_ids"]
