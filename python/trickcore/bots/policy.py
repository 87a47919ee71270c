"""``RandomBot``, ``GreedyBot`` and ``RuleBot``: the games' C policies, one move at a time.

Each asks the deal's kernel for the move of its policy (``DealBinding._policy_move``), so the
bots and the simulations play the same policies from one implementation. The policies read
only the seat's own hand and public facts (the cards played, the trick, the bids and the
scores before the deal; Hearts' rule player the union of the cards not yet played), which
``tests/bots/test_bots_see_only_their_observation.py`` checks by changing hidden cards.
"""

from __future__ import annotations

from typing import Any, ClassVar

from trickcore.bots.protocol import check_turn
from trickcore.core.seeding import SeedLike, bit_generator
from trickcore.core.trick_deal import Move


class PolicyBot:
    """A bot playing the game's C policy ``POLICY``: passes, bids (Spades: the bidding
    evaluator; an unseen hand is looked at unless the evaluator bids blind nil) and cards.
    ``seed`` (and ``reset``) seed its random draws; ``name`` defaults to the policy's name."""

    POLICY: ClassVar[str]
    __slots__ = ("_bits", "name")

    def __init__(self, seed: SeedLike = None, *, name: str | None = None) -> None:
        self.name = self.POLICY if name is None else name
        self.reset(seed)

    def reset(self, seed: SeedLike) -> None:
        """Restarts the bot's random draws from ``seed``."""
        self._bits = bit_generator(seed)

    def choose(self, deal: Any, seat: int) -> Move:
        """The policy's move for ``seat``, which must be the seat to act of ``deal``."""
        seat = check_turn(self, deal, seat)
        kind, to_act, value = deal._policy_move(self.POLICY, self._bits)
        kinds = {m.KIND: m for m in deal.MOVE_TYPES}
        move: Move = kinds[kind].from_log(to_act, value)
        return move

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"


class RandomBot(PolicyBot):
    """Uniformly random legal passes and cards; Spades bids by the evaluator."""

    POLICY = "random"
    __slots__ = ()


class GreedyBot(PolicyBot):
    """The simulations' greedy policy (docs/rules/<game>.md, "Simulation")."""

    POLICY = "greedy"
    __slots__ = ()


class RuleBot(PolicyBot):
    """A casual player's habits (docs/bots.md): Hearts ducks, voids and unloads Q♠; Spades
    counts sure tricks to bid, covers a partner's nil and ducks once its contract is made;
    Dam plays by the scoring version."""

    POLICY = "rule"
    __slots__ = ()
