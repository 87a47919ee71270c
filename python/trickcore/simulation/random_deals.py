"""Statistics of random deals: high-card points, suit lengths and voids per seat.

``DealStats`` plugs the dealing kernel into ``trickcore.simulate`` (registry name ``"deals"``):
the classic Monte Carlo questions about hands (how often is a hand void, how are high-card
points spread) at the speed of the C dealer, on every core or a cluster. Deal ``i`` of a seed
is exactly deal ``i`` of ``trickcore.deal_batch`` with the same seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from trickcore.core._cardset import CardSet
from trickcore.core._deal_batch import deal_block
from trickcore.core.deal_batch import MAX_PLAYERS, deck_ids
from trickcore.core.errors import RulesError
from trickcore.core.mask_arrays import SUIT_BITS
from trickcore.core.rule_fields import int_field
from trickcore.core.simulate_block import block_generator

# Milton Work points: ace 4, king 3, queen 2, jack 1 (bits of each rank in every suit).
_RANK_BITS = {rank: sum(1 << (suit * 13 + rank) for suit in range(4)) for rank in (9, 10, 11, 12)}
HIGH_CARD_POINTS = {12: 4, 11: 3, 10: 2, 9: 1}
_PACK = deck_ids(CardSet.full())


def high_card_points(hands: NDArray[np.uint64]) -> NDArray[np.int8]:
    """Milton Work high-card points (A 4, K 3, Q 2, J 1) of each hand mask."""
    total = np.zeros(hands.shape, dtype=np.int8)
    for rank, points in HIGH_CARD_POINTS.items():
        held = np.bitwise_count(hands & np.uint64(_RANK_BITS[rank])).astype(np.int8)
        total += np.int8(points) * held
    return total


@dataclass(frozen=True)
class DealStats:
    """Deals of the 52-card pack to ``players`` seats of ``hand_size`` cards (default: all
    cards dealt evenly), summarised per seat."""

    players: int = 4  # seats dealt to, 1..8
    hand_size: int | None = None  # cards per hand; None deals 52 // players each

    game: ClassVar[str] = "deals"
    summary_fields: ClassVar[tuple[str, ...]] = ("hcp", "longest", "void")
    policies: ClassVar[tuple[str, ...]] = ("random",)

    def __post_init__(self) -> None:
        if not 1 <= int_field("players", self.players) <= MAX_PLAYERS:
            raise RulesError(f"players must be 1..{MAX_PLAYERS}, not {self.players!r}")
        if self.hand_size is not None:
            int_field("hand_size", self.hand_size)
        size = self.cards_per_hand
        if size < 1 or size * self.players > 52:
            raise RulesError(
                f"hand_size: cannot deal {self.players} hands of {size} cards from 52 cards")

    @property
    def cards_per_hand(self) -> int:
        return 52 // self.players if self.hand_size is None else self.hand_size

    def simulate_block(self, seed: np.random.SeedSequence, count: int,
                       policy: str) -> dict[str, NDArray[Any]]:
        """``count`` deals from ``PCG64(seed)``: hand masks, points, suit lengths, voids."""
        if policy not in self.policies:
            raise RulesError(f"unknown policy {policy!r} for deals: {list(self.policies)}")
        hands, _, _ = deal_block(block_generator(seed), _PACK,
                                 self.players, self.cards_per_hand, count, False)
        # Suit by suit on (count, players) arrays: reducing a trailing axis of 4 is slow.
        per_suit = [np.bitwise_count((hands >> np.uint64(13 * suit)) & np.uint64(SUIT_BITS))
                    .astype(np.int8) for suit in range(4)]
        longest, void = per_suit[0].copy(), per_suit[0] == 0
        for length in per_suit[1:]:
            np.maximum(longest, length, out=longest)
            void |= length == 0
        return {
            "hands": hands,
            "hcp": high_card_points(hands),
            "lengths": np.stack(per_suit, axis=-1),
            "longest": longest,
            "void": void,
        }
