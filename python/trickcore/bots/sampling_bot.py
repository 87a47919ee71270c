"""``SamplingBot``: what the searchers over sampled worlds (PimcBot, IsmctsBot) share: their
random streams, the time budget, the rule player for passes, Spades bids by the solver, the
checks before a card decision, and the playout column of a seat."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from trickcore.bots.policy import RuleBot
from trickcore.bots.protocol import check_turn
from trickcore.bots.spades_bidding import spades_bid
from trickcore.core.card import Card
from trickcore.core.errors import ArgumentError, RulesError
from trickcore.core.seeding import SeedLike, bit_generator
from trickcore.core.trick_deal import Move, Play
from trickcore.spades.deal import Deal as SpadesDeal


class SamplingBot:
    """A bot that plays its cards by ``choose_card`` from sampled worlds, within ``time``
    seconds when given, passes as the rule player and bids in Spades from ``bid_worlds``
    sampled worlds solved (0: the rule player's bids; docs/bots.md, "PimcBot")."""

    __slots__ = ("_seeds", "bid_worlds", "name", "rule", "time")

    def __init__(self, time: float | None, seed: SeedLike, name: str, bid_worlds: int) -> None:
        if time is not None and not time > 0:
            raise ArgumentError(f"time must be a positive number of seconds, not {time!r}")
        if isinstance(bid_worlds, bool) or not isinstance(bid_worlds, int) or bid_worlds < 0:
            raise ArgumentError(f"bid_worlds must be a non-negative int, not {bid_worlds!r}")
        self.time, self.name, self.bid_worlds = time, name, bid_worlds
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
            move = self.rule.choose(deal, seat)
            if isinstance(deal, SpadesDeal) and deal.phase == "bid" and self.bid_worlds:
                return spades_bid(deal, seat, move,
                                  lambda: self.worlds_of(deal, seat, self.bid_worlds))
            return move
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
