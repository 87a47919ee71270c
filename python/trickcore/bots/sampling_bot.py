"""``SamplingBot``: what the searchers over sampled worlds (PimcBot, IsmctsBot) share: their
random streams, the time budget, the rule player for passes and bids, the checks before a card
decision, and the playout column of a seat."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from trickcore.bots.policy import RuleBot
from trickcore.bots.protocol import check_turn
from trickcore.core.card import Card
from trickcore.core.errors import ArgumentError, RulesError
from trickcore.core.seeding import SeedLike, bit_generator
from trickcore.core.trick_deal import Move, Play


class SamplingBot:
    """A bot that plays its cards by ``choose_card`` from sampled worlds, within ``time``
    seconds when given, and passes and bids as the rule player (docs/bots.md, "PimcBot")."""

    __slots__ = ("_seeds", "name", "rule", "time")

    def __init__(self, time: float | None, seed: SeedLike, name: str) -> None:
        if time is not None and not time > 0:
            raise ArgumentError(f"time must be a positive number of seconds, not {time!r}")
        self.time, self.name = time, name
        self.rule = RuleBot(seed, name=name)
        self.reset(seed)

    def reset(self, seed: SeedLike) -> None:
        """Restarts the bot's sampling (and its rule player's draws) from ``seed``."""
        self._seeds = np.random.Generator(bit_generator(seed))
        self.rule.reset(seed)

    def draw_seed(self) -> int:
        """The next seed of the bot's stream."""
        return int(self._seeds.integers(2**63))

    def choose(self, deal: Any, seat: int) -> Move:
        seat = check_turn(self, deal, seat)
        if deal.phase != "play":
            return self.rule.choose(deal, seat)
        self.check_sampling(deal)
        legal = sorted(deal.legal_moves())
        if len(legal) == 1:
            return Play(seat, legal[0])
        return Play(seat, self.choose_card(deal, seat, legal))

    def check_sampling(self, deal: Any) -> None:
        """Refuses a deal whose game cannot sample worlds."""
        if not hasattr(deal, "sample_worlds"):
            raise RulesError(f"bot {self.name!r} needs deal sampling, which "
                             f"{type(deal).__module__} does not have yet")

    def choose_card(self, deal: Any, seat: int, legal: list[Card]) -> Card:
        """The card ``seat`` plays among ``legal`` (two or more) in ``deal``."""
        raise NotImplementedError

    def worlds_of(self, deal: Any, seat: int, n: int) -> Iterator[Any]:
        """``n`` worlds sampled for ``seat`` from the bot's stream, built as they are used
        where the game offers ``iter_worlds``."""
        sample = getattr(deal, "iter_worlds", deal.sample_worlds)
        return iter(sample(seat, n, self.draw_seed()))

    @staticmethod
    def column(world: Any, seat: int) -> int:
        """The playouts' column of ``seat``: its side in Spades, else the seat."""
        side_of = getattr(world.rules, "side_of", None)
        return int(side_of(seat)) if callable(side_of) else seat
