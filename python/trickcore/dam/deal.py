"""One deal of Danish Dam: ``Deal``, the state a game is refereed and searched on, and its moves."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

from trickcore.core._cardset import CardMultiset, CardSet, multiset_masks
from trickcore.core.card import Card, Suit
from trickcore.core.deal_batch import deal_batch
from trickcore.core.errors import ParseError, RulesError, SerializationError
from trickcore.core.json_codec import (
    card_list_from_json,
    field,
    hands_from_json,
    multiset_from_json,
)
from trickcore.core.sampling import SamplingMixin, plays_of, replay_plays
from trickcore.core.seeding import SeedLike
from trickcore.core.trick_deal import Observation, Play, TrickDeal
from trickcore.dam import _sample
from trickcore.dam._core import DealCore
from trickcore.dam.rules import Rules, kernel_rules
from trickcore.search.solver import DEEP_TABLE_MB, FAST_TABLE_MB


@dataclass(frozen=True)
class DamObservation(Observation):
    """What one seat knows in a Dam deal. ``hand`` is its own hand, or None with open hands."""

    hands: tuple[CardMultiset | None, ...]  # per seat, the hands this seat sees (else None)
    trump: Suit | None
    trump_card: Card | None                 # the turned card, seen by all (None: no turn)
    pile_size: int
    points_taken: tuple[int, ...]           # card points each seat has won in tricks so far


HandLike: TypeAlias = "CardMultiset | CardSet | str | Iterable[Card | int | str]"
PileLike: TypeAlias = "str | Iterable[Card | int | str]"
class Deal(SamplingMixin, DealCore, TrickDeal):
    """One deal: ``Deal(rules, hands=[...], pile=[...], dealer=0)`` with the draw pile top card
    first, as left after dealing (with ``turn_trump`` its top card is then turned and put at the
    bottom), or ``Deal.random(rules, seed=1)``.

    ``legal_moves()`` (the distinct cards the seat to act may play) and ``play(card)``; each
    completed trick refills the hands from the pile, the winner first. Each refused call raises
    IllegalMoveError naming the rule and leaves the deal unchanged. ``undo()`` and ``clone()``
    are cheap (a struct copy; the history is shared)."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Cython core types it as Any

        @property
        def rules(self) -> Rules: ...

    __hash__ = None  # type: ignore[assignment]  # mutable
    TYPE_TAG = "dam.Deal"
    RULES_TYPE = Rules
    MOVE_TYPES = (Play,)

    def __init__(self, rules: Rules, hands: Sequence[HandLike], pile: PileLike = (),
                 dealer: int = 0, deal_number: int = 0) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a trickcore.dam.Rules, not {rules!r}")
        parsed = _hands(rules, hands)
        cards = _pile(rules, pile)
        _check_deck(rules, parsed, cards)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer not in range(
                rules.players):
            raise RulesError(f"no seat {dealer!r} to deal: seats are 0..{rules.players - 1}")
        if isinstance(deal_number, bool) or not isinstance(deal_number, int) or deal_number < 0:
            raise RulesError(f"deal_number must be a non-negative int, not {deal_number!r}")
        self._start(kernel_rules(rules), [(h.once, h.twice) for h in parsed],
                    [int(c) for c in cards], dealer, deal_number)

    @classmethod
    def random(cls, rules: Rules, seed: SeedLike = None, *, dealer: int = 0,
               deal_number: int = 0) -> Deal:
        """A uniformly random deal of the rules' deck (``trickcore.deal_batch``) from ``seed``:
        the hands, then the rest as the draw pile."""
        deals = deal_batch(1, players=rules.players, hand_size=rules.hand_size,
                           deck=rules.deck, seed=seed)
        hands = [CardMultiset(deals.hand(0, p)) for p in range(rules.players)]
        pile = [int(c) for c in deals.stock[0]]
        return cls(rules, hands, pile, dealer=dealer, deal_number=deal_number)

    def points(self) -> tuple[int, ...]:
        """The deal's score per seat; only when the deal is over."""
        return self.score()

    def team_points(self) -> tuple[int, ...]:
        """The deal's score per side (``rules.sides``)."""
        points = self.points()
        rules: Rules = self.rules
        return tuple(sum(points[s] for s in side) for side in rules.sides)

    def taken(self, seat: int) -> CardMultiset:
        """The cards ``seat`` has won in tricks."""
        self.hand(seat)  # validates the seat
        won = CardMultiset()
        for trick in self.tricks:
            if trick.winner == seat:
                for card in trick.cards:
                    won = won.add(card)
        return won

    def _display_facts(self) -> dict[str, str]:
        turned = self.trump_card
        trump = "none" if self.trump is None else self.trump.symbol
        if turned is not None:
            trump += f" ({turned.symbol} turned)"
        return {"pile": f"{self.pile_size} cards", "trump": trump}

    def _seat_facts(self) -> dict[str, tuple[object, ...]]:
        facts: dict[str, tuple[object, ...]] = {"points taken": self.points_taken}
        if self.is_over:
            facts["points"] = self.points()
        return facts

    def observation(self, seat: int) -> DamObservation:
        """What ``seat`` knows: its own hand (with open hands, every other hand instead), the
        turned card, every play, and the size of the pile."""
        fields = self._observation_fields(seat)
        rules: Rules = self.rules
        all_hands = self.hands()
        if rules.open_hands:
            seen = tuple(None if p == seat else h for p, h in enumerate(all_hands))
        else:
            seen = tuple(h if p == seat else None for p, h in enumerate(all_hands))
        fields["hand"] = seen[seat]
        return DamObservation(**fields, hands=seen, trump=self.trump,
                              trump_card=self.trump_card, pile_size=self.pile_size,
                              points_taken=self.points_taken)

    def _sampler(self, observation: Observation,
                 rounding: tuple[int, int] | None = None) -> _sample.DamSampler:
        assert isinstance(observation, DamObservation)
        rules: Rules = self.rules
        turned = -1 if observation.trump_card is None else int(observation.trump_card)
        hands = [(0, 0) if h is None else (h.once, h.twice) for h in observation.hands]
        return _sample.sampler(kernel_rules(rules), observation.seat, observation.dealer,
                               rules.open_hands, turned, hands, plays_of(observation), rounding)

    def _hands(self, observation: Observation, drawn: NDArray[Any]) -> NDArray[np.uint64]:
        """The hands now: (n, players, 2), the cards held at least once, and twice."""
        sampler = self._sampler(observation)
        owners = sampler.owners
        players = self.players
        counts = np.zeros((len(drawn), players, 56), dtype=np.int8)
        rows = np.arange(len(drawn))[:, None]
        for p in range(players):
            np.add.at(counts[:, p], (rows, drawn[:, owners == p]), 1)
        for seat, card in plays_of(observation):
            counts[:, seat, card] -= 1
        bits = np.uint64(1) << np.arange(56, dtype=np.uint64)
        hands = np.zeros((len(drawn), players, 2), dtype=np.uint64)
        hands[..., 0] = np.bitwise_or.reduce(np.where(counts >= 1, bits, np.uint64(0)), axis=2)
        hands[..., 1] = np.bitwise_or.reduce(np.where(counts >= 2, bits, np.uint64(0)), axis=2)
        return hands

    def _row_world(self, observation: Observation, row: NDArray[Any]) -> Deal:
        """The deal dealing the row's places (hands, then the pile in draw order), replayed. A
        row deals the deck by construction, so the constructor's checks are skipped."""
        rules: Rules = self.rules
        size, dealt = rules.hand_size, rules.players * rules.hand_size
        cards = row.tolist()
        pile = cards[dealt:]
        if rules.turn_trump:  # dealt with the turned card on top
            pile = pile[-1:] + pile[:-1]
        hands = [multiset_masks(cards[p * size:(p + 1) * size]) for p in range(rules.players)]
        world = Deal.__new__(Deal)
        world._start(kernel_rules(rules), hands, pile, self.dealer, self.deal_number)
        replay_plays(world, observation)
        return world

    def _solve_lower_is_better(self) -> bool:
        """Points count against a side: the solver's values are better low."""
        return bool(self.rules.lower_wins)

    def _solver_table_mb(self) -> int:
        """Avoid searches deep trees as the Hearts family does, collect fast ones."""
        return DEEP_TABLE_MB if self.rules.lower_wins else FAST_TABLE_MB

    def _setup_json(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "deal_number": self.deal_number,
                "hands": [str(h) for h in self.dealt_hands()],
                "pile": " ".join(str(c) for c in self.dealt_pile())}

    @classmethod
    def _from_setup(cls, rules: Rules, document: Mapping[str, Any]) -> Deal:
        parsed = hands_from_json(document, multiset_from_json)
        pile = card_list_from_json(document.get("pile"), "pile")
        try:
            return cls(rules, parsed, pile, dealer=field(document, "dealer", int, "deal"),
                       deal_number=field(document, "deal_number", int, "deal"))
        except RulesError as error:
            raise SerializationError(f"impossible deal: {error}") from None

    def _summary(self) -> dict[str, Any]:
        over = self.is_over
        trump_card = self.trump_card
        return {
            "phase": self.phase,
            "to_act": self.to_act,
            "trump_card": None if trump_card is None else str(trump_card),
            "hands": [str(h) for h in self.hands()],
            "pile_size": self.pile_size,
            "tricks_won": list(self.tricks_won),
            "points_taken": list(self.points_taken),
            "points": list(self.points()) if over else None,
        }


def _hands(rules: Rules, hands: Sequence[HandLike]) -> list[CardMultiset]:
    if isinstance(hands, (str, CardSet, CardMultiset)) or not isinstance(hands, Sequence):
        raise RulesError(f"hands must be a list of {rules.players} hands, not {hands!r}")
    if len(hands) != rules.players:
        raise RulesError(f"{len(hands)} hands for {rules.players} players")
    parsed = []
    for seat, hand in enumerate(hands):
        try:
            multiset = CardMultiset(hand)
        except (TypeError, ParseError) as error:
            raise RulesError(f"hands[{seat}]: not a hand of cards: {hand!r} ({error})") from None
        if len(multiset) != rules.hand_size:
            raise RulesError(f"seat {seat} holds {len(multiset)} cards; each player is dealt "
                             f"{rules.hand_size}")
        parsed.append(multiset)
    return parsed


def _pile(rules: Rules, pile: PileLike) -> tuple[Card, ...]:
    try:
        tokens: Iterable[Card | int | str] = pile.split() if isinstance(pile, str) else pile
        cards = tuple(Card(c) for c in tokens)
    except (TypeError, ParseError) as error:
        raise RulesError(f"pile: not a list of cards: {pile!r} ({error})") from None
    if len(cards) != rules.pile_size:
        raise RulesError(f"the draw pile holds {len(cards)} cards; after dealing "
                         f"{rules.players} hands of {rules.hand_size} from {rules.deck_size} "
                         f"it holds {rules.pile_size}")
    return cards


def _check_deck(rules: Rules, hands: list[CardMultiset], pile: tuple[Card, ...]) -> None:
    """The hands and the pile together are exactly the deck."""
    counts = [0] * 56
    for hand in hands:
        for card in hand:
            counts[card] += 1
    for card in pile:
        counts[card] += 1
    deck = rules.deck
    strangers = [Card(c) for c in range(56) if counts[c] and not deck.count(c)]
    extra = [Card(c) for c in range(56) if counts[c] > deck.count(c)]
    missing = [Card(c) for c in range(56) if counts[c] < deck.count(c)]
    if strangers:
        raise RulesError(f"{' '.join(map(str, strangers))} not in the deck (packs={rules.packs}, "
                         f"jokers={rules.jokers!r})")
    if extra:
        shown = ", ".join(f"{c} ({counts[c]} copies)" for c in extra)
        raise RulesError(f"more copies than the deck holds: {shown} (packs={rules.packs}, "
                         f"jokers={rules.jokers!r})")
    if missing:
        raise RulesError(f"the hands and pile leave out {' '.join(map(str, missing))}")
