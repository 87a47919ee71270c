"""Pure-Python twin of the deal sampler: every deal consistent with a seat's observation, by
brute force. The unknown cards are dealt to the other seats every way; a deal is kept when the
referee replays the history on it legally and gives the seat the same observation."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

from trickcore.core.sampling import played_by


def splits(cards: list[int], sizes: list[int]) -> Iterator[list[int]]:
    """Every way to deal ``cards`` into hands of ``sizes`` (masks)."""
    if not sizes:
        yield []
        return
    for chosen in combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in chosen]
        for tail in splits(rest, sizes[1:]):
            yield [sum(1 << c for c in chosen), *tail]


def consistent_hands(deal: Any, seat: int) -> set[tuple[int, ...]]:
    """The current hands of every deal consistent with ``deal.observation(seat)``."""
    observation = deal.observation(seat)
    n = deal.players
    played = played_by(observation, n)
    own = observation.hand.mask if observation.hand is not None else 0
    every = deal.rules.deck.mask
    unknown = [c for c in range(64) if every >> c & 1 and not own >> c & 1
               and not any(p >> c & 1 for p in played)]
    size = len(deal.dealt_hands()[0])
    seen = getattr(observation, "hand_seen", True)
    others = [p for p in range(n) if p != seat or not seen]
    sizes = [size - bin(played[p]).count("1") for p in others]
    found = set()
    for split in splits(unknown, sizes):
        hands = [own] * n
        for p, hand in zip(others, split, strict=True):
            hands[p] = hand
        try:
            world = deal._world(observation, hands)
        except ValueError:
            continue
        if world.observation(seat) == observation and [int(h.mask) for h in world.hands()] == hands:
            found.add(tuple(hands))
    return found
