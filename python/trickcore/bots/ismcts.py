"""``IsmctsBot``: single-observer information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse 2012). Each iteration takes one sampled world consistent with the bot's observation,
descends the tree of public move sequences by UCB among the moves legal in that world
(availability counts), adds one node, finishes the deal with a C playout and backs up each
mover's normalised reward. Passes are the rule player's, Spades bids PimcBot's: sampled worlds
solved (docs/bots.md, "IsmctsBot")."""

from __future__ import annotations

import math
import random
import time
from typing import Any

from trickcore.bots.sampling_bot import SamplingBot
from trickcore.core.card import Card
from trickcore.core.errors import ArgumentError
from trickcore.core.seeding import SeedLike, bit_generator


class Node:
    """A public move sequence: the mover of its last move, its children by card, its visits,
    availability count and the mover's total reward over the iterations through it."""

    __slots__ = ("available", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Any, Node] = {}
        self.visits, self.available, self.total = 0, 1, 0.0


class IsmctsBot(SamplingBot):
    """``IsmctsBot(iterations=1000, time=None, exploration=0.7, rollout="rule", worlds=64,
    bid_worlds=16, seed=None)``: ``iterations`` tree iterations per card (fewer when ``time``
    seconds run out), UCB exploration constant ``exploration`` on rewards scaled to [0, 1],
    playouts of the game's ``rollout`` policy; the iterations cycle through ``worlds`` sampled
    worlds. A Spades bid solves ``bid_worlds`` sampled deals (0: the rule player's bid)."""

    __slots__ = ("exploration", "iterations", "rollout", "worlds")

    def __init__(self, iterations: int = 1000, *, time: float | None = None,
                 exploration: float = 0.7, rollout: str = "rule", worlds: int = 64,
                 bid_worlds: int = 16, seed: SeedLike = None, name: str = "ismcts") -> None:
        for label, value in (("iterations", iterations), ("worlds", worlds)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ArgumentError(f"{label} must be a positive int, not {value!r}")
        if isinstance(exploration, bool) or not isinstance(exploration, (int, float)) \
                or not exploration >= 0:
            raise ArgumentError(f"exploration must be a number >= 0, not {exploration!r}")
        if not isinstance(rollout, str):
            raise ArgumentError(f"rollout must be a policy name such as 'rule', not {rollout!r}")
        self.iterations, self.exploration = iterations, float(exploration)
        self.rollout, self.worlds = rollout, worlds
        super().__init__(time, seed, name, bid_worlds)

    def choose_card(self, deal: Any, seat: int, legal: list[Card]) -> Card:
        root = self.search(deal, seat)
        return max(legal, key=lambda card: root.children[card].visits)

    def search(self, deal: Any, seat: int) -> Node:
        """The tree grown from ``deal`` for ``seat`` within the budget; ``deal`` is unchanged."""
        if self.rollout not in deal.POLICIES:
            raise ArgumentError(f"rollout {self.rollout!r} is not a playout policy of "
                                f"{type(deal).__module__} ({', '.join(deal.POLICIES)})")
        draws, rollouts = random.Random(self.draw_seed()), bit_generator(self.draw_seed())
        sampled, worlds = self.worlds_of(deal, seat, min(self.worlds, self.iterations)), []
        sign = -1.0 if deal._solve_lower_is_better() else 1.0
        columns = [self.column(deal, s) for s in range(deal.players)]
        root, c = Node(seat), self.exploration
        low, high = math.inf, -math.inf
        deadline = None if self.time is None else time.perf_counter() + self.time
        for done in range(self.iterations):
            if deadline is not None and done and time.perf_counter() > deadline:
                break
            if done < self.worlds:  # each world is built the first time it is used
                worlds.append(next(sampled))
            world = worlds[done % len(worlds)].clone()
            node, path = root, []
            while not world.is_over:
                legal = list(world.legal_moves())
                children = node.children
                untried = [card for card in legal if card not in children]
                for card in legal:
                    if card in children:
                        children[card].available += 1
                if untried:
                    card = untried[draws.randrange(len(untried))]
                    node = children[card] = Node(world.to_act)
                    world.play(card)
                    path.append(node)
                    break
                scale = 1.0 / (high - low) if high > low else 1.0
                best = -math.inf
                for move in legal:
                    child = children[move]
                    score = (child.total / child.visits - low) * scale \
                        + c * math.sqrt(math.log(child.available) / child.visits)
                    if score > best:
                        best, card, node = score, move, child
                world.play(card)
                path.append(node)
            points = world.playouts(1, policy=self.rollout, seed=rollouts)[0]
            values = [sign * float(points[column]) for column in columns]
            low, high = min(low, *values), max(high, *values)
            for node in path:
                node.visits += 1
                node.total += values[node.mover]
        return root

    def __repr__(self) -> str:
        return (f"IsmctsBot(iterations={self.iterations}, time={self.time}, "
                f"exploration={self.exploration}, rollout={self.rollout!r}, "
                f"worlds={self.worlds})")
