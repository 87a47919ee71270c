"""One deal of Spades: ``Deal``, the state a game is refereed and searched on, and its moves."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

from trickcore.core._cardset import CardSet
from trickcore.core._history import KIND_BID, KIND_CLAIM, KIND_LOOK
from trickcore.core._sample import DealSampler
from trickcore.core.card import Card
from trickcore.core.deal_batch import deal_batch
from trickcore.core.errors import ArgumentError, RulesError, SerializationError
from trickcore.core.json_codec import cards_from_json, field, hands_from_json
from trickcore.core.rule_fields import cards_field
from trickcore.core.sampling import SamplingMixin, hand_mask, played_by, plays_of, replay_plays
from trickcore.core.seeding import SeedLike
from trickcore.core.trick_deal import Observation, Play, TrickDeal
from trickcore.spades import _sample
from trickcore.spades._core import (
    MAX_SCORE,
    DealCore,
    bid_code,
    bid_value,
)
from trickcore.spades.rules import PLAYERS, BidValue, Rules, kernel_rules


@dataclass(frozen=True)
class Bid:
    """``seat`` bid ``value`` ("nil", 1..13 or "blind nil")."""

    seat: int
    value: BidValue
    KEY: ClassVar[str] = "bid"
    KIND: ClassVar[int] = KIND_BID

    def to_json(self) -> dict[str, Any]:
        """The move as a JSON object: ``{"seat": 1, "bid": 4}``."""
        return {"seat": self.seat, "bid": self.value}

    def apply_to(self, target: Any) -> None:
        """Makes the bid on ``target`` (a deal or a match) for the seat."""
        target.bid(self.value, seat=self.seat)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], where: str) -> Bid:
        """The move a ``to_json`` object describes (``where`` names it in errors)."""
        value = data["bid"]
        try:
            code = bid_code(value)
        except ValueError as error:
            raise SerializationError(f"{where}.bid: {error}") from None
        return cls(field(data, "seat", int, where), bid_value(code))

    @classmethod
    def from_log(cls, seat: int, value: int) -> Bid:
        """The move from a C history entry (``value``: the bid code)."""
        return cls(seat, bid_value(value))

    def __str__(self) -> str:
        return f"seat {self.seat} bids {self.value}"


@dataclass(frozen=True)
class Look:
    """``seat`` looked at its hand (after which it cannot bid blind nil)."""

    seat: int
    KEY: ClassVar[str] = "look"
    KIND: ClassVar[int] = KIND_LOOK

    def to_json(self) -> dict[str, Any]:
        """The move as a JSON object: ``{"seat": 1, "look": true}``."""
        return {"seat": self.seat, "look": True}

    def apply_to(self, target: Any) -> None:
        """Lets the seat look at its hand on ``target`` (a deal or a match)."""
        target.look(self.seat)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], where: str) -> Look:
        """The move a ``to_json`` object describes (``where`` names it in errors)."""
        return cls(field(data, "seat", int, where))

    @classmethod
    def from_log(cls, seat: int, value: int) -> Look:
        """The move from a C history entry."""
        return cls(seat)

    def __str__(self) -> str:
        return f"seat {self.seat} looks at its hand"


@dataclass(frozen=True)
class Misdeal:
    """``seat`` asked for a misdeal: the deal is redealt by the same dealer."""

    seat: int
    KEY: ClassVar[str] = "misdeal"
    KIND: ClassVar[int] = KIND_CLAIM

    def to_json(self) -> dict[str, Any]:
        """The move as a JSON object: ``{"seat": 1, "misdeal": true}``."""
        return {"seat": self.seat, "misdeal": True}

    def apply_to(self, target: Any) -> None:
        """Claims the misdeal on ``target`` (a deal or a match) for the seat."""
        target.claim_misdeal(self.seat)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], where: str) -> Misdeal:
        """The move a ``to_json`` object describes (``where`` names it in errors)."""
        return cls(field(data, "seat", int, where))

    @classmethod
    def from_log(cls, seat: int, value: int) -> Misdeal:
        """The move from a C history entry."""
        return cls(seat)

    def __str__(self) -> str:
        return f"seat {self.seat} asks for a misdeal"


@dataclass(frozen=True)
class Renege:
    """A card played against the rules in table mode: by ``seat`` in trick ``trick`` (from 0);
    ``rule`` is "must-follow", "not-broken" or "first-trick"."""

    seat: int
    card: Card
    trick: int
    rule: str


@dataclass(frozen=True)
class DealScore:
    """The result of a finished deal, one entry per side (``rules.sides``)."""

    points: tuple[int, ...]       # this deal's score, bag penalties included
    totals: tuple[int, ...]       # each side's score after the deal
    bags: tuple[int, ...]         # each side's bag counter after the deal
    bags_taken: tuple[int, ...]   # bags taken in this deal (overtricks and failed-nil tricks)
    penalties: tuple[int, ...]    # bag penalties applied
    contracts: tuple[int, ...]    # the sum of each side's number bids
    tricks: tuple[int, ...]       # tricks counted toward each contract
    made: tuple[bool, ...]        # contract made (a side of nil bidders only: True)


@dataclass(frozen=True)
class SpadesObservation(Observation):
    """What one seat knows in a Spades deal. ``hand`` is empty while the seat has not seen it
    (a possible blind nil: see ``hand_seen``)."""

    hand_seen: bool
    bids: tuple[BidValue | None, ...]    # per seat
    scores_before: tuple[int, ...]       # per side
    bags_before: tuple[int, ...]         # per side
    spades_broken: bool
    # This seat's, when it is to bid; before it has seen its hand only blind nil (under mirror
    # and whiz the other bids depend on the hand, so listing them would tell its spades).
    legal_bids: tuple[BidValue, ...]


HandsLike: TypeAlias = Sequence["CardSet | str | Iterable[Card | int | str]"]
class Deal(DealCore, SamplingMixin, TrickDeal):
    """One deal: ``Deal(rules, hands=[...], dealer=3)`` (the seat left of the dealer bids and
    leads first) or ``Deal.random(rules, seed=1)``; in a match each deal starts from the sides'
    ``scores`` and ``bags`` (blind nil and the bag penalty depend on them).

    Bidding, then play: ``legal_bids()``, ``bid(n | "nil" | "blind nil")``, ``look(seat)``,
    ``claim_misdeal(seat)``, ``legal_moves()``, ``play(card)``. Each refused call raises
    IllegalMoveError naming the rule and leaves the deal unchanged. ``undo()`` and ``clone()``
    are cheap (a struct copy; the history is shared)."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Cython core types it as Any

        @property
        def rules(self) -> Rules: ...

    __hash__ = None  # type: ignore[assignment]  # mutable
    TYPE_TAG = "spades.Deal"
    RULES_TYPE = Rules
    MOVE_TYPES = (Bid, Look, Misdeal, Play)

    def __init__(self, rules: Rules, hands: HandsLike, dealer: int = 0, deal_number: int = 0,
                 *, scores: Sequence[int] | None = None, bags: Sequence[int] | None = None
                 ) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a trickcore.spades.Rules, not {rules!r}")
        masks = _hand_masks(rules, hands)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer not in range(4):
            raise RulesError(f"no seat {dealer!r} to deal: seats are 0..3")
        if isinstance(deal_number, bool) or not isinstance(deal_number, int) or deal_number < 0:
            raise RulesError(f"deal_number must be a non-negative int, not {deal_number!r}")
        sides = len(rules.sides)
        start_scores = _per_side("scores", scores, sides, -MAX_SCORE, MAX_SCORE)
        start_bags = _per_side("bags", bags, sides, 0, rules.bag_limit - 1)
        self._start(kernel_rules(rules), masks, dealer, deal_number, start_scores, start_bags)

    @classmethod
    def random(cls, rules: Rules, seed: SeedLike = None, *, dealer: int = 0,
               deal_number: int = 0, scores: Sequence[int] | None = None,
               bags: Sequence[int] | None = None) -> Deal:
        """A uniformly random deal of the rules' pack (``trickcore.deal_batch``) from ``seed``."""
        deals = deal_batch(1, players=PLAYERS, deck=rules.deck, seed=seed)
        hands = [deals.hand(0, p) for p in range(PLAYERS)]
        return cls(rules, hands, dealer=dealer, deal_number=deal_number, scores=scores,
                   bags=bags)

    @property
    def is_misdeal(self) -> bool:
        """The deal ended by a misdeal claim (it does not count and is redealt)."""
        return self.misdeal_seat is not None

    @property
    def reneges(self) -> tuple[Renege, ...]:
        """Every renege accepted so far (table mode), in order."""
        return tuple(Renege(seat, Card(card), trick, rule)
                     for seat, card, trick, rule in self._renege_log())

    def result(self) -> DealScore:
        """The score of the finished deal per side (docs/rules/spades.md, ``Rules``)."""
        return DealScore(*self.score())

    def points(self) -> tuple[int, ...]:
        """This deal's score per side, bag penalties included; only when the deal is over."""
        return self.result().points

    def _display_facts(self) -> dict[str, str]:
        facts = {"bidding": self.rules.bidding,
                 "spades broken": "yes" if self.spades_broken else "no"}
        if self.is_over:
            facts["points"] = ", ".join(f"side {side} {points}"
                                        for side, points in enumerate(self.points()))
        return facts

    def _seat_facts(self) -> dict[str, tuple[object, ...]]:
        return {"bid": tuple("—" if bid is None else bid for bid in self.bids)}

    def observation(self, seat: int) -> SpadesObservation:
        fields = self._observation_fields(seat)
        seen = self.has_seen(seat)
        if not seen:
            fields["hand"] = CardSet()
        return SpadesObservation(
            **fields, hand_seen=seen, bids=self.bids, scores_before=self.scores_before,
            bags_before=self.bags_before, spades_broken=self.spades_broken,
            legal_bids=tuple(b for b in self.legal_bids() if seen or b == "blind nil")
            if self.to_act == seat else ())

    def _sampler(self, observation: Observation) -> DealSampler:
        assert isinstance(observation, SpadesObservation)
        if self.is_misdeal:
            raise ArgumentError("the deal ended by a misdeal: no hand is played from it")
        hand = hand_mask(observation.hand)
        bids = [-1 if b is None else bid_code(b) for b in observation.bids]
        return _sample.sampler(
            kernel_rules(self.rules), observation.seat, observation.dealer,
            observation.hand_seen, bids, observation.scores_before, observation.bags_before,
            hand, plays_of(observation))

    def _world(self, observation: Observation, hands: list[int]) -> Deal:
        """A deal dealing ``hands`` (as held now) whose replay gives ``observation``: the bids
        from the dealer's left, the seat's own look, the plays."""
        assert isinstance(observation, SpadesObservation)
        played = played_by(observation, PLAYERS)
        world = Deal(self.rules, [CardSet(hands[p] | played[p]) for p in range(PLAYERS)],
                     self.dealer, self.deal_number, scores=observation.scores_before,
                     bags=observation.bags_before)
        seat = observation.seat
        if observation.hand_seen and observation.bids[seat] is None and not world.has_seen(seat):
            world.look(seat)  # a seat not open to blind nil has seen its hand from the start
        for k in range(PLAYERS):
            bidder = (self.dealer + 1 + k) % PLAYERS
            value = observation.bids[bidder]
            if value is not None:
                world.bid(value, seat=bidder)
        replay_plays(world, observation)
        return world

    def _setup_json(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "deal_number": self.deal_number,
                "scores": list(self.scores_before), "bags": list(self.bags_before),
                "hands": [str(h) for h in self.dealt_hands()]}

    @classmethod
    def _from_setup(cls, rules: Rules, document: Mapping[str, Any]) -> Deal:
        parsed = hands_from_json(document, cards_from_json)
        scores, bags = document.get("scores"), document.get("bags")
        for name, value in (("scores", scores), ("bags", bags)):
            if value is not None and (not isinstance(value, list) or not all(
                    isinstance(v, int) and not isinstance(v, bool) for v in value)):
                raise SerializationError(f"{name}: expected a list of ints, not {value!r}")
        try:
            return cls(rules, parsed, dealer=field(document, "dealer", int, "deal"),
                       deal_number=field(document, "deal_number", int, "deal"),
                       scores=scores, bags=bags)
        except RulesError as error:
            raise SerializationError(f"impossible deal: {error}") from None

    def _summary(self) -> dict[str, Any]:
        result = self.result() if self.is_over else None
        return {
            "phase": self.phase,
            "to_act": self.to_act,
            "hands": [str(h) for h in self.hands()],
            "bids": list(self.bids),
            "tricks_won": list(self.tricks_won),
            "misdeal_seat": self.misdeal_seat,
            "reneges": [[r.seat, str(r.card), r.trick, r.rule] for r in self.reneges],
            "points": None if result is None else list(result.points),
            "totals": None if result is None else list(result.totals),
            "bags": None if result is None else list(result.bags),
        }


def _per_side(name: str, values: Sequence[int] | None, sides: int, low: int, high: int
              ) -> list[int]:
    if values is None:
        return [0] * sides
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(
            values) != sides:
        raise RulesError(f"{name} must list one int per side ({sides}), not {values!r}")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RulesError(f"{name} must be ints within {low}..{high}, not {values!r}")
    return list(values)


def _hand_masks(rules: Rules, hands: HandsLike) -> list[int]:
    if isinstance(hands, (str, CardSet)) or not isinstance(hands, Sequence):
        raise RulesError(f"hands must be a list of 4 hands, not {hands!r}")
    if len(hands) != PLAYERS:
        raise RulesError(f"{len(hands)} hands for 4 players")
    masks = [cards_field(f"hands[{seat}]", hand).mask for seat, hand in enumerate(hands)]
    seen = 0
    for seat, mask in enumerate(masks):
        hand = CardSet(mask)
        if len(hand) != 13:
            raise RulesError(f"seat {seat} holds {len(hand)} cards; each player is dealt 13")
        if hand - rules.deck:
            raise RulesError(f"seat {seat} holds {hand - rules.deck}, not in play under these "
                             f"rules (jokers: {rules.jokers}, removed: "
                             f"{rules.removed_cards or 'none'})")
        if mask & seen:
            raise RulesError(f"{CardSet(mask & seen)} dealt to more than one seat")
        seen |= mask
    return masks
