"""Spades (Swedish "Spader"): partnerships or cutthroat, bidding with nil and blind nil, bags,
the suicide, mirror, whiz, jokers and misdeal variants, and refereeing in strict or table mode.

``Rules`` holds every parameter (preset ``Rules.standard()``), ``Deal`` is one deal as a state
machine (bidding, play, scoring) on the C kernel ``src/trickcore/spades.c``, ``Match`` plays deals
to the target, and ``Rules.simulate_block`` plays complete deals by the million in C for
``trickcore.simulate``. The rules are in ``shared/rules/spades.md``; where the source is silent the
choice made is noted on the parameter or the method.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeAlias

import numpy as np
from numpy.typing import NDArray

from trickcore._cards import CardSet
from trickcore._spades import (
    BLIND_NIL,
    MAX_BAG_LIMIT,
    MAX_SCORE,
    MAX_VALUE,
    MIN_LONG_SUIT,
    DealCore,
    KernelRules,
    bid_code,
    bid_value,
    simulate_block,
)
from trickcore._steps import KIND_BID, KIND_CLAIM, KIND_LOOK
from trickcore.card import Card
from trickcore.cards import C2, D2
from trickcore.dealing import deal_batch
from trickcore.errors import RulesError, SerializationError
from trickcore.game import Observation, Play, TrickDeal
from trickcore.match import TrickMatch
from trickcore.rule_fields import cards_field, check_choice, int_field
from trickcore.seeding import SeedLike
from trickcore.serialization import cards_from_json, field, hands_from_json
from trickcore.simblock import block_generator, check_count

BidValue: TypeAlias = int | Literal["nil", "blind nil"]
RenegeMode: TypeAlias = Literal["strict", "table"]
Bidding: TypeAlias = Literal["standard", "suicide", "mirror", "whiz"]
MisdealCondition: TypeAlias = Literal["no-spades", "no-face-cards", "long-suit"]
Policy: TypeAlias = Literal["random", "greedy"]

PLAYERS = 4
JOKERS = CardSet("LJ BJ")
JOKER_REMOVAL = CardSet([C2, D2])  # our decision: the two lowest cards of the minor suits
ALL_MISDEALS: tuple[MisdealCondition, ...] = ("no-spades", "no-face-cards", "long-suit")


@dataclass(frozen=True)
class Rules:
    """Every rule of a Spades game. Immutable, hashable and picklable; invalid values and
    combinations raise RulesError when the rules are built."""

    # The registry name trickcore.simulate uses.
    game: Literal["spades"] = "spades"
    # Partners sit opposite (seats 0+2 are side 0, 1+3 side 1); False: solo/cutthroat, each
    # seat plays for itself with its own contract, score and bags (4 sides).
    partnerships: bool = True
    # The first side to reach this score wins; when several reach it in the same deal the
    # highest wins, and a tie at the top plays another deal (our decision).
    target: int = 500
    # Optional minimum-score loss: a side whose total falls to this or below ends the match
    # (the best other total wins). None: off. Must be negative.
    min_score: int | None = None
    # Nil made / failed: +/- this (50 is usual with a target of 200 or 300).
    nil_value: int = 100
    # Blind nil (bid before looking at one's cards) is allowed.
    blind_nil: bool = True
    # Blind nil made / failed: +/- this.
    blind_nil_value: int = 200
    # Blind nil only for a side at least this many points behind (the best other side); 200
    # is a common alternative. 0 allows it always.
    blind_nil_behind: int = 100
    # A side whose bag counter reaches this loses bag_penalty points and this many bags; the
    # rest carry over.
    bag_limit: int = 10
    bag_penalty: int = 100
    # Reneges (not following suit when able, leading a spade before they are broken while
    # holding another suit): refused ("strict"), or accepted and recorded for refereeing
    # recorded play ("table"): the offending side then scores as set with every nil failed,
    # and the other side makes its contract with all 13 tricks counted for it (our decision;
    # in cutthroat each other player makes its contract with its own tricks, at least its bid).
    renege: RenegeMode = "strict"
    # Suicide: in each partnership exactly one player bids nil (or blind nil); the first of the
    # two to bid chooses, the second is forced.
    suicide: bool = False
    # Mirror: each player bids exactly the number of spades held (none: nil); no blind nil.
    mirror: bool = False
    # Whiz: each player bids the number of spades held or nil (blind nil counts as a nil).
    whiz: bool = False
    # Jokers: the big and the little joker are the two highest trumps (big > little > A♠) and
    # count as spades for following suit and for mirror/whiz counts.
    jokers: bool = False
    # With jokers, the two cards taken out of the pack. None: 2♣ and 2♦ (our decision).
    removed: CardSet | None = None
    # Misdeal: before the first bid, a player whose hand meets one of these conditions may ask
    # for a redeal by the same dealer: "no-spades" (jokers count as spades), "no-face-cards" (no
    # J, Q or K), "long-suit" (misdeal_long_suit or more cards of one suit). () : no misdeals.
    misdeal: tuple[MisdealCondition, ...] = ()
    misdeal_long_suit: int = 7

    summary_fields: ClassVar[tuple[str, ...]] = ("points", "bags", "made")

    def __post_init__(self) -> None:
        if self.removed is not None and not isinstance(self.removed, CardSet):
            object.__setattr__(self, "removed", cards_field("removed", self.removed))
        if isinstance(self.misdeal, (list, str)):
            names = self.misdeal.split() if isinstance(self.misdeal, str) else self.misdeal
            object.__setattr__(self, "misdeal", tuple(names))
        self._validate()

    def _validate(self) -> None:
        check_choice("game", self.game, Literal["spades"])
        for name in ("partnerships", "blind_nil", "suicide", "mirror", "whiz", "jokers"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be True or False, not {getattr(self, name)!r}")
        if int_field("target", self.target) <= 0:
            raise RulesError(f"target must be positive, not {self.target}")
        if self.min_score is not None and int_field("min_score", self.min_score) >= 0:
            raise RulesError(f"min_score must be negative (a side at or below it loses) or None, "
                             f"not {self.min_score}")
        for name in ("nil_value", "blind_nil_value", "bag_penalty"):
            value = int_field(name, getattr(self, name))
            if not 0 <= value <= MAX_VALUE:
                raise RulesError(f"{name} must be 0..{MAX_VALUE}, not {value}")
        if not 0 <= int_field("blind_nil_behind", self.blind_nil_behind) <= MAX_SCORE:
            raise RulesError(f"blind_nil_behind must be 0..{MAX_SCORE}, not "
                             f"{self.blind_nil_behind}")
        if not 1 <= int_field("bag_limit", self.bag_limit) <= MAX_BAG_LIMIT:
            raise RulesError(f"bag_limit must be 1..{MAX_BAG_LIMIT}, not {self.bag_limit}")
        check_choice("renege", self.renege, RenegeMode)
        variants = [name for name in ("suicide", "mirror", "whiz") if getattr(self, name)]
        if len(variants) > 1:
            raise RulesError(f"{' and '.join(variants)} each fix the bids their own way: choose "
                             f"one of them")
        if self.suicide and not self.partnerships:
            raise RulesError("suicide forces one nil per partnership: it needs partnerships=True")
        if self.mirror and self.blind_nil:
            raise RulesError("mirror forces every bid to the number of spades held, so blind nil "
                             "cannot be bid: pass blind_nil=False with mirror=True")
        if self.removed is not None:
            if not self.jokers:
                raise RulesError("removed names the cards the jokers replace: it needs "
                                 "jokers=True")
            if len(self.removed) != 2 or self.removed - CardSet.full():
                raise RulesError(f"with jokers exactly two cards of the 52-card pack are "
                                 f"removed, not {self.removed}")
        if not isinstance(self.misdeal, tuple):
            raise RulesError(f"misdeal must be a tuple of conditions, not {self.misdeal!r}")
        for name in self.misdeal:
            check_choice("misdeal", name, MisdealCondition)
        if len(set(self.misdeal)) != len(self.misdeal):
            raise RulesError(f"misdeal lists a condition twice: {self.misdeal!r}")
        if not MIN_LONG_SUIT <= int_field("misdeal_long_suit", self.misdeal_long_suit) <= 13:
            raise RulesError(f"misdeal_long_suit must be {MIN_LONG_SUIT}..13 (every hand has a "
                             f"suit of 4 and most one of 5), not {self.misdeal_long_suit}")

    @classmethod
    def standard(cls, **overrides: Any) -> Rules:
        """Partnership Spades as in spades.md: nil ±100, blind nil ±200 for a side 100 behind,
        10 bags cost 100, strict reneges, no variants, a match to 500. Any field can be
        overridden, e.g. ``Rules.standard(target=300, nil_value=50)``, ``partnerships=False``
        (cutthroat), ``mirror=True, blind_nil=False``, ``jokers=True``,
        ``misdeal=ALL_MISDEALS``, ``renege="table"``."""
        return cls(**overrides)

    @property
    def players(self) -> int:
        return PLAYERS

    @property
    def bidding(self) -> Bidding:
        """The bidding variant in force."""
        if self.suicide:
            return "suicide"
        if self.mirror:
            return "mirror"
        return "whiz" if self.whiz else "standard"

    @property
    def removed_cards(self) -> CardSet:
        """The cards out of play (those the jokers replace; none without jokers)."""
        if not self.jokers:
            return CardSet()
        return self.removed if self.removed is not None else JOKER_REMOVAL

    @property
    def deck(self) -> CardSet:
        """The 52 cards in play."""
        full = CardSet.full() | JOKERS if self.jokers else CardSet.full()
        return full - self.removed_cards

    @property
    def trumps(self) -> CardSet:
        """The spades in play, and the jokers when played."""
        return self.deck & (CardSet.of_suit(3) | JOKERS)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats that score together: partners opposite, or each seat alone."""
        if self.partnerships:
            return ((0, 2), (1, 3))
        return ((0,), (1,), (2,), (3,))

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat

    def estimate(self, hand: CardSet | str | Iterable[Card | int | str]) -> int:
        """The sure tricks the built-in bidding evaluator counts in ``hand``."""
        return int(kernel_rules(self).estimate(cards_field("hand", hand)))

    def misdeal_reasons(self, hand: CardSet | str | Iterable[Card | int | str]
                        ) -> tuple[MisdealCondition, ...]:
        """The misdeal conditions in force that ``hand`` meets."""
        reasons: tuple[MisdealCondition, ...] = kernel_rules(self).misdeal_reasons(
            cards_field("hand", hand))
        return reasons

    def simulate_block(self, seed: np.random.SeedSequence | int, count: int,
                       policy: Policy = "random", *, record: bool = False
                       ) -> dict[str, NDArray[Any]]:
        """Plays ``count`` complete deals (bidding included) in C from
        ``numpy.random.PCG64(seed)`` with the GIL released: dealer 0, scores and bags 0, bids by
        the built-in evaluator (sure tricks; nil with a weak hand; see spades.c), cards by
        ``policy`` ("random": uniform among legal cards; "greedy": win cheaply, duck as a nil
        bidder). A deal a hand qualifies for as a misdeal (when misdeals are played) is redealt.
        Arrays (first axis ``count``): "bids" (4 seats, int8: 0 nil, 1..13, 14 blind nil),
        "tricks" (4 seats, int8), "points" (per side, int32: the deal's score, bag penalty
        included), "bags" (per side, int8: bags taken), "made" (per side, bool: contract made),
        "redeals" (int16: misdeals before the deal). With ``record=True`` also "hands" as dealt,
        "legal_bids" (bid-code masks in bidding order), "plays" (cards in play order) and
        "legal" (the legal cards at each play)."""
        return simulate_block(kernel_rules(self), block_generator(seed), check_count(count),
                              policy, record)


@functools.lru_cache(maxsize=256)
def kernel_rules(rules: Rules) -> KernelRules:
    """The C rules of ``rules``, built once."""
    return KernelRules(rules)


@dataclass(frozen=True)
class Bid:
    """``seat`` bid ``value`` ("nil", 1..13 or "blind nil")."""

    seat: int
    value: BidValue
    KEY: ClassVar[str] = "bid"
    KIND: ClassVar[int] = KIND_BID

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "bid": self.value}

    def apply_to(self, target: Any) -> None:
        target.bid(self.value, seat=self.seat)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], where: str) -> Bid:
        value = data["bid"]
        try:
            code = bid_code(value)
        except ValueError as error:
            raise SerializationError(f"{where}.bid: {error}") from None
        return cls(field(data, "seat", int, where), bid_value(code))

    @classmethod
    def from_log(cls, seat: int, value: int) -> Bid:
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
        return {"seat": self.seat, "look": True}

    def apply_to(self, target: Any) -> None:
        target.look(self.seat)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], where: str) -> Look:
        return cls(field(data, "seat", int, where))

    @classmethod
    def from_log(cls, seat: int, value: int) -> Look:
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
        return {"seat": self.seat, "misdeal": True}

    def apply_to(self, target: Any) -> None:
        target.claim_misdeal(self.seat)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], where: str) -> Misdeal:
        return cls(field(data, "seat", int, where))

    @classmethod
    def from_log(cls, seat: int, value: int) -> Misdeal:
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
    legal_bids: tuple[BidValue, ...]     # this seat's, when it is to bid


HandsLike: TypeAlias = Sequence["CardSet | str | Iterable[Card | int | str]"]


class Deal(DealCore, TrickDeal):
    """One deal: ``Deal(rules, hands=[...], dealer=3)`` (the seat left of the dealer bids and
    leads first) or ``Deal.random(rules, seed=1)``; in a match each deal starts from the sides'
    ``scores`` and ``bags`` (blind nil and the bag penalty depend on them).

    Bidding, then play: ``legal_bids()``, ``bid(n | "nil" | "blind nil")``, ``look(seat)``,
    ``claim_misdeal(seat)``, ``legal_moves()``, ``play(card)``. Each refused call raises
    IllegalMoveError naming the rule and leaves the deal unchanged. ``undo()`` and ``clone()``
    are cheap (a struct copy; the history is shared)."""

    __slots__ = ()
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
        """The score of the finished deal per side (see spades.md and ``Rules``)."""
        return DealScore(*self.score())

    def points(self) -> tuple[int, ...]:
        """This deal's score per side, bag penalties included; only when the deal is over."""
        return self.result().points

    def observation(self, seat: int) -> SpadesObservation:
        fields = self._observation_fields(seat)
        seen = self.has_seen(seat)
        if not seen:
            fields["hand"] = CardSet()
        return SpadesObservation(
            **fields, hand_seen=seen, bids=self.bids, scores_before=self.scores_before,
            bags_before=self.bags_before, spades_broken=self.spades_broken,
            legal_bids=self.legal_bids() if self.to_act == seat else ())

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


class Match(TrickMatch[Deal]):
    """Deals to the target with the dealer rotating: each deal starts from the sides' scores and
    bags, a misdeal is redealt by the same dealer, and the match ends after a deal in which a
    side reaches the target (or, with ``min_score``, falls to it) with one side alone on top;
    a tie at the top plays another deal."""

    TYPE_TAG = "spades.Match"
    DEAL_TYPE = Deal
    RULES_TYPE = Rules
    LOWER_WINS = False

    def _carried(self) -> dict[str, Any]:
        standing = self._standing()
        if standing is None:
            return {}
        return {"scores": standing[0], "bags": standing[1]}

    def _standing(self) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """(totals, bags) after the last counted deal; None before the first."""
        counted = self._counted()
        if not counted:
            return None
        result = counted[-1].result()
        return result.totals, result.bags

    def _deal_points(self, deal: Deal) -> tuple[int, ...]:
        """Each seat's share is its side's points (partners score together)."""
        points = deal.points()
        return tuple(points[self.rules.side_of(seat)] for seat in range(PLAYERS))

    def _is_redeal(self, deal: Deal) -> bool:
        return deal.is_misdeal

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's score (``rules.sides``)."""
        standing = self._standing()
        return standing[0] if standing is not None else (0,) * len(self.rules.sides)

    @property
    def bags(self) -> tuple[int, ...]:
        """Each side's bag counter."""
        standing = self._standing()
        return standing[1] if standing is not None else (0,) * len(self.rules.sides)

    @property
    def seat_totals(self) -> tuple[int, ...]:
        """Each seat's side's score."""
        totals = self.totals
        return tuple(totals[self.rules.side_of(seat)] for seat in range(PLAYERS))

    def _reached_end(self) -> bool:
        totals, rules = self.totals, self.rules
        ended = any(t >= rules.target for t in totals) or (
            rules.min_score is not None and any(t <= rules.min_score for t in totals))
        return ended and totals.count(max(totals)) == 1

    def _summary(self) -> dict[str, Any]:
        return {**super()._summary(), "bags": list(self.bags)}

    def legal_bids(self) -> tuple[BidValue, ...]:
        return self.deal.legal_bids()

    def bid(self, value: BidValue, *, seat: int | None = None) -> None:
        self._move(lambda deal: deal.bid(value, seat=seat))

    def look(self, seat: int) -> None:
        self._move(lambda deal: deal.look(seat))

    def claim_misdeal(self, seat: int) -> None:
        self._move(lambda deal: deal.claim_misdeal(seat))

    def play(self, card: Card | int | str, *, seat: int | None = None) -> None:
        self._move(lambda deal: deal.play(card, seat=seat))


PRESETS = {"spades": Rules.standard}

__all__ = [
    "ALL_MISDEALS",
    "BLIND_NIL",
    "JOKER_REMOVAL",
    "PRESETS",
    "Bid",
    "BidValue",
    "Deal",
    "DealScore",
    "Look",
    "Match",
    "Misdeal",
    "Play",
    "Renege",
    "Rules",
    "SpadesObservation",
]
