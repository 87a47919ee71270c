"""One deal of the Hearts family (Svarta Maja, Spardame): ``Deal``, the state a game is refereed
and searched on, and its moves."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from trickcore.core._cardset import CardSet
from trickcore.core._sample import DealSampler
from trickcore.core.card import Card
from trickcore.core.deal_batch import deal_batch
from trickcore.core.errors import RulesError, SerializationError
from trickcore.core.json_codec import cards_from_json, field, hands_from_json
from trickcore.core.rule_fields import cards_field
from trickcore.core.sampling import (
    SamplingMixin,
    first_leader,
    hand_mask,
    played_by,
    plays_of,
    replay_plays,
)
from trickcore.core.seeding import SeedLike
from trickcore.core.trick_deal import Observation, Pass, Play, TrickDeal
from trickcore.hearts import _sample
from trickcore.hearts._core import DealCore
from trickcore.hearts.rules import PassDirection, Rules, kernel_rules
from trickcore.search.solver import DEEP_TABLE_MB


@dataclass(frozen=True)
class HeartsObservation(Observation):
    """What one seat knows in a Hearts-family deal."""

    pass_direction: PassDirection
    passed: CardSet             # the cards this seat passed (empty before it passes)
    received: CardSet | None    # the cards it received; None until the passes are exchanged
    points_taken: tuple[int, ...]  # card points each seat has won in tricks so far
    hearts_broken: bool


HandsLike: TypeAlias = Sequence["CardSet | str | Iterable[Card | int | str]"]
class Deal(DealCore, SamplingMixin, TrickDeal):
    """One deal: ``Deal(rules, hands=[...], dealer=0, deal_number=0)`` (the deal number picks the
    pass direction, so recorded games replay) or ``Deal.random(rules, seed=1)``.

    Passing, then play: ``pass_cards(seat, cards)``, ``legal_moves()``, ``play(card)``. Each
    refused call raises IllegalMoveError naming the rule and leaves the deal unchanged.
    ``undo()`` and ``clone()`` are cheap (a struct copy; the history is shared)."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Cython core types it as Any

        @property
        def rules(self) -> Rules: ...

    __hash__ = None  # type: ignore[assignment]  # mutable
    TYPE_TAG = "hearts.Deal"
    RULES_TYPE = Rules
    MOVE_TYPES = (Pass, Play)

    def __init__(self, rules: Rules, hands: HandsLike, dealer: int = 0,
                 deal_number: int = 0) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a trickcore.hearts.Rules, not {rules!r}")
        masks = _hand_masks(rules, hands)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer not in range(
                rules.players):
            raise RulesError(f"no seat {dealer!r} to deal: seats are 0..{rules.players - 1}")
        if isinstance(deal_number, bool) or not isinstance(deal_number, int) or deal_number < 0:
            raise RulesError(f"deal_number must be a non-negative int, not {deal_number!r}")
        self._start(kernel_rules(rules), masks, dealer, deal_number)

    @classmethod
    def random(cls, rules: Rules, seed: SeedLike = None, *, dealer: int = 0,
               deal_number: int = 0) -> Deal:
        """A uniformly random deal of the rules' pack (``trickcore.deal_batch``) from ``seed``."""
        deals = deal_batch(1, players=rules.players, deck=rules.deck, seed=seed)
        hands = [deals.hand(0, p) for p in range(rules.players)]
        return cls(rules, hands, dealer=dealer, deal_number=deal_number)

    @property
    def pass_direction(self) -> PassDirection:
        """Where this deal's passes go (``rules.pass_direction(deal_number)``)."""
        rules: Rules = self.rules
        return rules.pass_direction(self.deal_number)

    def received(self, seat: int) -> CardSet | None:
        """The cards ``seat`` received, once the passes have been exchanged (None before)."""
        source = (seat - self.pass_offset) % self.players
        if self.phase == "pass":
            self.hand(seat)  # validates the seat
            return None
        return self.passed(source) if self.pass_offset else self.passed(seat)

    def points(self) -> tuple[int, ...]:
        """The deal's score per seat (moon, no-trick bonus and void deal applied); only when the
        deal is over."""
        return self.score()[0]

    def team_points(self) -> tuple[int, ...]:
        """The deal's score per side (``rules.sides``)."""
        points = self.points()
        return tuple(sum(points[s] for s in side) for side in self.rules.sides)

    @property
    def moon_shooter(self) -> int | None:
        """The seat that shot the moon in a finished deal, else None."""
        return self.score()[1] if self.is_over else None

    @property
    def is_void(self) -> bool:
        """A finished deal in which one player took every trick, under that rule (Spardame)."""
        return self.is_over and self.score()[2]

    def _display_facts(self) -> dict[str, str]:
        return {"pass": self.pass_direction, "hearts broken": "yes" if self.hearts_broken else "no"}

    def _seat_facts(self) -> dict[str, tuple[object, ...]]:
        facts: dict[str, tuple[object, ...]] = {"points taken": self.points_taken}
        if self.is_over:
            facts["points"] = self.points()
        return facts

    def observation(self, seat: int) -> HeartsObservation:
        fields = self._observation_fields(seat)
        return HeartsObservation(**fields, pass_direction=self.pass_direction,
                                 passed=self.passed(seat), received=self.received(seat),
                                 points_taken=self.points_taken, hearts_broken=self.hearts_broken)

    def _sampler(self, observation: Observation) -> DealSampler:
        assert isinstance(observation, HeartsObservation)
        exchanged = observation.received is not None and self.pass_offset != 0
        return _sample.sampler(
            kernel_rules(self.rules), observation.seat, observation.dealer,
            observation.phase == "pass", self.pass_offset, first_leader(observation),
            hand_mask(observation.hand),
            observation.passed.mask if exchanged else 0, plays_of(observation))

    def _world(self, observation: Observation, hands: list[int]) -> Deal:
        """A deal dealing ``hands`` (as held now) whose replay gives ``observation``. The
        passes the seat did not see are the lowest cards the receiver holds (never Q♠)."""
        assert isinstance(observation, HeartsObservation)
        rules, n, seat = self.rules, self.players, observation.seat
        offset = self.pass_offset
        passes = self._pass_moves()
        if observation.phase == "pass":
            world = Deal(rules, [CardSet(h) for h in hands], self.dealer, self.deal_number)
            for passer in passes:
                cards = observation.passed if passer == seat else _lowest(
                    CardSet(hands[passer]), rules.pass_count)
                world.pass_cards(passer, cards)
            return world
        played = played_by(observation, n)
        held = [hands[p] | played[p] for p in range(n)]  # the hands after the exchange
        passed = [0] * n
        for passer in range(n if offset else 0):
            receiver = (passer + offset) % n
            if passer == seat:
                passed[passer] = observation.passed.mask
            elif receiver == seat:
                passed[passer] = (observation.received or CardSet()).mask
            else:
                passed[passer] = _lowest(CardSet(held[receiver]), rules.pass_count).mask
        dealt = [held[p] & ~passed[(p - offset) % n] | passed[p] for p in range(n)]
        world = Deal(rules, [CardSet(h) for h in dealt], self.dealer, self.deal_number)
        for passer in passes:
            world.pass_cards(passer, CardSet(passed[passer]))
        replay_plays(world, observation)
        return world

    def _pass_moves(self) -> list[int]:
        """The seats that have passed, in order (who passed is seen by all, what is not)."""
        return [move.seat for move in self.history if isinstance(move, Pass)]

    def _solve_lower_is_better(self) -> bool:
        """Points count against a side: the solver's values are better low."""
        return True

    def _solver_table_mb(self) -> int:
        """Deep trees: a full deal overwrites a small table many times over."""
        return DEEP_TABLE_MB

    def _setup_json(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "deal_number": self.deal_number,
                "hands": [str(h) for h in self.dealt_hands()]}

    @classmethod
    def _from_setup(cls, rules: Rules, document: Mapping[str, Any]) -> Deal:
        parsed = hands_from_json(document, cards_from_json)
        try:
            return cls(rules, parsed, dealer=field(document, "dealer", int, "deal"),
                       deal_number=field(document, "deal_number", int, "deal"))
        except RulesError as error:
            raise SerializationError(f"impossible deal: {error}") from None

    def _summary(self) -> dict[str, Any]:
        over = self.is_over
        points, shooter, void = self.score() if over else (None, None, False)
        return {
            "phase": self.phase,
            "to_act": self.to_act,
            "hands": [str(h) for h in self.hands()],
            "tricks_won": list(self.tricks_won),
            "points_taken": list(self.points_taken),
            "points": None if points is None else list(points),
            "moon_shooter": shooter,
            "void": void,
        }


def _lowest(hand: CardSet, count: int) -> CardSet:
    """The ``count`` lowest cards of ``hand`` other than Q♠: a pass always legal."""
    return CardSet(sorted(c for c in hand if c != Card.parse("QS"))[:count])


def _hand_masks(rules: Rules, hands: HandsLike) -> list[int]:
    if isinstance(hands, (str, CardSet)) or not isinstance(hands, Sequence):
        raise RulesError(f"hands must be a list of {rules.players} hands, not {hands!r}")
    if len(hands) != rules.players:
        raise RulesError(f"{len(hands)} hands for {rules.players} players")
    masks = [cards_field(f"hands[{seat}]", hand).mask for seat, hand in enumerate(hands)]
    seen = 0
    for seat, mask in enumerate(masks):
        hand = CardSet(mask)
        if len(hand) != rules.hand_size:
            raise RulesError(f"seat {seat} holds {len(hand)} cards; each player is dealt "
                             f"{rules.hand_size}")
        if hand - rules.deck:
            raise RulesError(f"seat {seat} holds {hand - rules.deck}, not in play with "
                             f"{rules.players} players (removed: {rules.removed_cards or 'none'})")
        if mask & seen:
            raise RulesError(f"{CardSet(mask & seen)} dealt to more than one seat")
        seen |= mask
    return masks
