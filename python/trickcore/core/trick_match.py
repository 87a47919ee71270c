"""The match loop every trick-taking game shares: deal after deal with the dealer rotating, totals
per side, the end of the match (a score limit or a number of deals), winners with ties shared,
redeals, undo and clone across deals, and a JSON document replayed move by move.

How a game plugs in (see ``trickcore.hearts.Match``): subclass ``TrickMatch`` and set
``TYPE_TAG``, ``DEAL_TYPE`` (its ``TrickDeal`` class, which must offer
``random(rules, seed=, dealer=, deal_number=)``), ``RULES_TYPE`` and ``LOWER_WINS``; implement
``_deal_points(deal)`` (points per seat of a finished deal) and ``_is_redeal(deal)`` (a finished
deal that does not count and is dealt again by the same dealer); add the game's move methods,
each a call to ``_move``. The rules must provide ``players``, ``sides`` (the seats of each side:
one per player, or teams), ``limit`` and ``deals`` (either may be None, not both). Override
``_reached_end`` for another end condition, ``lower_wins`` when the rules decide whether the
lowest or the highest total wins, and ``_carried`` when a deal starts from state the match
carries (Spades: each side's score and bags).

Deal ``k`` of a match (redeals included) is dealt from child stream ``k`` of the match's seed
(``trickcore.core.seeding.block_seed``), so a match replays from its seed alone; the first deals may
instead be given as explicit hands (a recorded match, a scripted test).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np

from trickcore.core._cardset import CardSet
from trickcore.core.errors import IllegalMoveError, RulesError, SerializationError
from trickcore.core.json_codec import (
    cards_from_json,
    check_summary,
    dump,
    field,
    load,
)
from trickcore.core.rules_codec import rules_from_json, rules_to_json
from trickcore.core.seeding import SeedLike, block_seed, root_seed
from trickcore.core.trick_deal import TrickDeal, replay

D = TypeVar("D", bound=TrickDeal)
M = TypeVar("M", bound="TrickMatch[Any]")


class TrickMatch(Generic[D]):
    """A match of deals to the end condition of its rules (see the module docstring)."""

    TYPE_TAG: ClassVar[str]
    DEAL_TYPE: ClassVar[type[Any]]
    RULES_TYPE: ClassVar[type[Any]]
    LOWER_WINS: ClassVar[bool] = True

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __init__(self, rules: Any, seed: SeedLike = None, *, dealer: int = 0,
                 hands: Sequence[Sequence[Any]] = ()) -> None:
        if not isinstance(rules, self.RULES_TYPE):
            raise RulesError(f"rules must be a {self.RULES_TYPE.__qualname__}, not {rules!r}")
        if not isinstance(dealer, int) or not 0 <= dealer < rules.players:
            raise RulesError(f"no seat {dealer!r} to deal: seats are 0..{rules.players - 1}")
        self.rules = rules
        self.first_dealer = dealer
        self._root = root_seed(seed)
        # Validated up front, so a bad later deal cannot fail in the middle of a move.
        self._given = [self.DEAL_TYPE(rules, h).dealt_hands() for h in hands]
        self._deals: list[D] = []  # before the first deal, so _carried may read the match
        self._deals.append(self._dealt(0, dealer, 0))

    def _dealt(self, index: int, dealer: int, deal_number: int) -> D:
        """Deal ``index``: the given hands, or else child stream ``index`` of the seed."""
        carried = self._carried()
        if index < len(self._given):
            given: D = self.DEAL_TYPE(self.rules, self._given[index], dealer=dealer,
                                      deal_number=deal_number, **carried)
            return given
        deal: D = self.DEAL_TYPE.random(self.rules, seed=block_seed(self._root, index),
                                        dealer=dealer, deal_number=deal_number, **carried)
        return deal

    def _carried(self) -> dict[str, Any]:
        """Keyword arguments the next deal takes from the match so far: none by default; a game
        whose deals start from the match's state (Spades: scores and bags) returns it."""
        return {}

    def _deal_points(self, deal: D) -> tuple[int, ...]:
        raise NotImplementedError

    def _is_redeal(self, deal: D) -> bool:
        raise NotImplementedError

    @property
    def deal(self) -> D:
        """The current deal (after the end of the match: the last one)."""
        return self._deals[-1]

    @property
    def deals(self) -> tuple[D, ...]:
        """Every deal so far, redeals included, the current one last (copies: changing them
        does not change the match)."""
        return tuple(d.clone() for d in self._deals)

    def _counted(self) -> list[D]:
        return [d for d in self._deals if d.is_over and not self._is_redeal(d)]

    @property
    def counted_deals(self) -> tuple[D, ...]:
        """The finished deals that count towards the totals (redeals left out), as copies."""
        return tuple(d.clone() for d in self._counted())

    @property
    def deals_played(self) -> int:
        """Finished deals that count (redeals excluded)."""
        return len(self._counted())

    @property
    def seat_totals(self) -> tuple[int, ...]:
        """Each seat's own points so far over the deals that count (``totals`` sums them by
        side)."""
        totals = [0] * self.rules.players
        for deal in self._counted():
            for seat, points in enumerate(self._deal_points(deal)):
                totals[seat] += points
        return tuple(totals)

    @property
    def totals(self) -> tuple[int, ...]:
        """The total of each side (``rules.sides``: each player, or each team)."""
        seats = self.seat_totals
        return tuple(sum(seats[s] for s in side) for side in self.rules.sides)

    def _reached_end(self) -> bool:
        limit, deals = self.rules.limit, self.rules.deals
        if deals is not None and self.deals_played >= deals:
            return True
        return limit is not None and any(total >= limit for total in self.totals)

    @property
    def is_over(self) -> bool:
        """Whether the match has ended: the current deal is over, counts, and an end is reached."""
        return self.deal.is_over and not self._is_redeal(self.deal) and self._reached_end()

    @property
    def lower_wins(self) -> bool:
        """Whether the lowest total wins (else the highest): ``LOWER_WINS`` unless overridden."""
        return self.LOWER_WINS

    @property
    def winners(self) -> tuple[int, ...]:
        """The sides with the best total when the match is over (ties share the win); () before."""
        if not self.is_over:
            return ()
        totals = self.totals
        best = min(totals) if self.lower_wins else max(totals)
        return tuple(i for i, total in enumerate(totals) if total == best)

    @property
    def winning_seats(self) -> tuple[int, ...]:
        """The seats of the winning sides (empty while the match goes on)."""
        return tuple(sorted(s for side in self.winners for s in self.rules.sides[side]))

    def _move(self, action: Callable[[D], None]) -> None:
        """Makes a move on the current deal and deals the next one when it ends."""
        if self.is_over:
            raise IllegalMoveError("the match is over")
        action(self.deal)
        deal = self.deal
        if not deal.is_over or self.is_over:
            return
        dealer, number = deal.dealer, deal.deal_number
        if not self._is_redeal(deal):
            dealer, number = (dealer + 1) % self.rules.players, number + 1
        self._deals.append(self._dealt(len(self._deals), dealer, number))

    # Delegated queries, so a match can be played like a deal.
    @property
    def phase(self) -> str:
        """"over" once the match has ended, else the current deal's phase."""
        return "over" if self.is_over else self.deal.phase

    @property
    def to_act(self) -> int | None:
        """The seat to act in the current deal; None once the match has ended."""
        return None if self.is_over else self.deal.to_act

    def legal_moves(self) -> CardSet:
        """The legal cards in the current deal."""
        return self.deal.legal_moves()

    def observation(self, seat: int) -> Any:
        """What ``seat`` knows of the current deal (the totals are public: ``totals``)."""
        return self.deal.observation(seat)

    def undo(self) -> None:
        """Takes back the last move, back into the previous deal if the current one is new."""
        if self.deal.move_count == 0 and len(self._deals) > 1:
            self._deals.pop()
        if self.deal.move_count == 0:
            raise IllegalMoveError("nothing to undo: no move has been made in this match")
        self.deal.undo()

    def clone(self: M) -> M:
        """An independent copy of the match (every deal cloned)."""
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy._deals = [d.clone() for d in self._deals]
        return copy

    def to_json(self, *, indent: int | None = None) -> str:
        """The rules, the seed, every deal with its moves, and the totals: ``from_json`` replays
        it and checks each deal against the seed."""
        seed = self._root
        body = {
            "rules": rules_to_json(self.rules),
            "seed": {"entropy": seed.entropy, "spawn_key": list(seed.spawn_key),
                     "pool_size": seed.pool_size},
            "first_dealer": self.first_dealer,
            "given_hands": [[str(h) for h in hands] for hands in self._given],
            "deals": [{k: v for k, v in d._document().items() if k != "rules"}
                      for d in self._deals],
            "state": self._summary(),
        }
        return dump(self.TYPE_TAG, body, indent=indent)

    def _summary(self) -> dict[str, Any]:
        return {"totals": list(self.totals), "deals_played": self.deals_played,
                "is_over": self.is_over, "winners": list(self.winners)}

    @classmethod
    def from_json(cls: type[M], text: str | bytes) -> M:
        """Rebuilds a match by replaying a ``to_json`` document; a document that does not replay is
        refused with a SerializationError giving the reason."""
        document = load(text, cls.TYPE_TAG)
        rules = rules_from_json(cls.RULES_TYPE, document.get("rules"))
        given = document.get("given_hands", [])
        if not isinstance(given, list) or not all(isinstance(h, list) for h in given):
            raise SerializationError(
                f"given_hands: expected a list of lists of hands, not {given!r}")
        hands = [[cards_from_json(h, f"given_hands[{i}][{s}]") for s, h in enumerate(deal)]
                 for i, deal in enumerate(given)]
        try:
            match = cls(rules, _seed_from_json(document.get("seed")),
                        dealer=field(document, "first_dealer", int, "match"), hands=hands)
        except RulesError as error:
            raise SerializationError(f"impossible deal: {error}") from None
        deals = document.get("deals")
        if not isinstance(deals, list) or not deals:
            raise SerializationError(f"deals: expected a non-empty list of deals, not {deals!r}")
        for i, recorded in enumerate(deals):
            where = f"deals[{i}]"
            if i >= len(match._deals):
                raise SerializationError(f"{where}: the match had ended before this deal")
            if not isinstance(recorded, Mapping):
                raise SerializationError(f"{where}: expected an object, not {recorded!r}")
            setup = match._deals[i]._setup_json()
            for key, value in setup.items():
                if recorded.get(key) != value:
                    raise SerializationError(
                        f"{where}.{key} is {recorded.get(key)!r} but the match's seed deals "
                        f"{value!r}: the document was altered")
            replay(match, recorded.get("moves", []), cls.DEAL_TYPE.MOVE_TYPES, f"{where}.moves")
            if "state" in recorded:
                check_summary(recorded["state"], match._deals[i]._summary(), f"{where}.state")
        if len(deals) != len(match._deals):
            raise SerializationError(f"deals: {len(deals)} recorded, but the moves lead to "
                                     f"{len(match._deals)}")
        if "state" in document:
            check_summary(document["state"], match._summary(), "state")
        return match

    def __repr__(self) -> str:
        return (f"<{self.TYPE_TAG} {self.rules.game} deal {len(self._deals)} totals={self.totals}"
                f"{' over' if self.is_over else ''}>")


def _seed_from_json(data: object) -> np.random.SeedSequence:
    if not isinstance(data, dict):
        raise SerializationError(
            f"seed: expected an object with entropy and spawn_key, not {data!r}")
    try:
        return np.random.SeedSequence(data["entropy"], spawn_key=tuple(data["spawn_key"]),
                                      pool_size=data.get("pool_size", 4))
    except (KeyError, TypeError, ValueError) as error:
        raise SerializationError(f"seed: {error!r}") from None


__all__ = ["TrickMatch"]
