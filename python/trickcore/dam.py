"""Danish Dam: two packs shuffled together, a draw pile that refills the hands after each trick,
and two scorings that are never mixed (avoid the valuable cards, or collect the honours).

``Rules`` holds every parameter (presets ``Rules.avoid()`` and ``Rules.collect()``), ``Deal`` is
one deal as a state machine on the C kernel ``src/trickcore/dam.c`` (hands are multisets: a
player may hold both copies of a card), ``Match`` plays deals to the end of a game, and
``Rules.simulate_block`` plays complete deals by the million in C for ``trickcore.simulate``.
The rules are in ``shared/rules/dam.md``; where the sources are silent the choice made is noted
on the parameter. One more choice of ours: when the pile ran out part-way, a short player plays
its last card one trick before the others; if it wins that trick, the next seat in playing
order that still holds cards leads.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeAlias

import numpy as np
from numpy.typing import NDArray

from trickcore._cards import CardMultiset, CardSet
from trickcore._dam import MAX_VALUE, DealCore, KernelRules, simulate_block
from trickcore.card import Card, Rank, Suit
from trickcore.dealing import deal_batch
from trickcore.errors import ParseError, RulesError, SerializationError
from trickcore.game import Observation, Play, TrickDeal
from trickcore.match import TrickMatch
from trickcore.rule_fields import check_choice, int_field
from trickcore.seeding import SeedLike
from trickcore.serialization import card_list_from_json, field, hands_from_json, multiset_from_json
from trickcore.simblock import block_generator, check_count, side_points

GameName: TypeAlias = Literal["dam-avoid", "dam-collect"]
Scoring: TypeAlias = Literal["avoid", "collect"]
ScoreBy: TypeAlias = Literal["cards", "tricks"]
Jokers: TypeAlias = Literal["none", "outright", "points", "neutral"]
Duplicates: TypeAlias = Literal["first", "last"]
Policy: TypeAlias = Literal["random", "greedy"]

PLAYERS = range(2, 5)
HAND_SIZES = (10, 12, 13)
JOKERS_PER_PACK = 2
JOKER_IDS = (52, 53)
HONOURS = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)


@dataclass(frozen=True)
class Rules:
    """Every rule of Danish Dam. Immutable, hashable and picklable; invalid values and
    combinations raise RulesError when the rules are built."""

    # The scoring, one of two never mixed. "avoid": ♥K and ♥Q 0, every ace 1, 2-10 face value,
    # jacks 11, the other queens and kings 13; the lowest total wins. "collect": every ace, king,
    # queen, jack and ten 1; the highest total wins.
    scoring: Scoring = "avoid"
    # Number of players, 2..4; seats 0..players-1, play passes to the left (seat + 1).
    players: int = 4
    # Partners sit opposite (4 players only); a team's score is the sum of its players'.
    teams: bool = False
    # Cards each player holds while the pile lasts: 12, or 10 or 13 by agreement.
    hand_size: int = 12
    # Two packs shuffled together (every card twice, 104 cards), or one pack (52).
    packs: int = 2
    # Jokers, 2 per pack when in play (our decision): "none"; "outright" (the first joker played
    # wins the trick); "points" (never wins, worth joker_points to whoever takes it); "neutral"
    # (never wins, worth nothing). A joker may be played at any time: it belongs to no suit and
    # never forces or breaks following suit; a joker led lets the next card set the suit. A trick
    # of jokers only that none can win goes to its leader (our decision).
    jokers: Jokers = "none"
    # What a joker is worth under jokers="points" (our decision: jokers score 0 otherwise).
    joker_points: int = 0
    # Two identical cards in one trick: the first played ranks above the second ("first", the
    # usual rule), or the last ("last").
    duplicates: Duplicates = "first"
    # The top card of the draw pile is turned after the deal and its suit is trump for the deal;
    # it goes to the bottom of the pile face up and is drawn last; a turned joker means no trump
    # (our decisions). Needs a draw pile.
    turn_trump: bool = False
    # What a deal scores: the card values of the tricks taken ("cards"), or 1 per trick taken
    # ("tricks"; low is still good under "avoid").
    score_by: ScoreBy = "cards"
    # Added for taking the last trick (score_by="tricks" only).
    last_trick_bonus: int = 0
    # Hands turned outward: each seat sees the other hands but not its own.
    open_hands: bool = False
    # A match ends after the deal in which a total reaches this limit (None: no limit)...
    limit: int | None = None
    # ... or after this many deals (None: no fixed number). Avoid: 1 deal by default.
    deals: int | None = 1

    summary_fields: ClassVar[tuple[str, ...]] = ("points", "tricks")

    def __post_init__(self) -> None:
        check_choice("scoring", self.scoring, Scoring)
        players = int_field("players", self.players)
        if players not in PLAYERS:
            raise RulesError(f"players must be 2..4, not {players}")
        for name in ("teams", "turn_trump", "open_hands"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be True or False, not {getattr(self, name)!r}")
        if self.teams and players != 4:
            raise RulesError(f"team play needs 4 players (partners opposite), not {players}")
        if int_field("hand_size", self.hand_size) not in HAND_SIZES:
            raise RulesError(f"hand_size must be 10, 12 or 13, not {self.hand_size}")
        if int_field("packs", self.packs) not in (1, 2):
            raise RulesError(f"packs must be 1 or 2, not {self.packs}")
        check_choice("jokers", self.jokers, Jokers)
        check_choice("duplicates", self.duplicates, Duplicates)
        check_choice("score_by", self.score_by, ScoreBy)
        for name in ("joker_points", "last_trick_bonus"):
            if abs(int_field(name, getattr(self, name))) > MAX_VALUE:
                raise RulesError(f"{name} must be within ±{MAX_VALUE}, not {getattr(self, name)}")
        if self.joker_points and self.jokers != "points":
            raise RulesError(f"joker_points={self.joker_points} needs jokers='points' (jokers "
                             f"score 0 otherwise), not jokers={self.jokers!r}")
        if self.jokers == "points" and self.score_by == "tricks":
            raise RulesError("jokers='points' counts card points, but score_by='tricks' scores "
                             "tricks only")
        if self.last_trick_bonus and self.score_by != "tricks":
            raise RulesError(f"last_trick_bonus={self.last_trick_bonus} needs score_by='tricks' "
                             f"(the bonus is for tricks, not card values)")
        if self.pile_size < 0:
            raise RulesError(f"{players} hands of {self.hand_size} need {players * self.hand_size}"
                             f" cards; the deck holds {self.deck_size}")
        if self.turn_trump and self.pile_size == 0:
            raise RulesError(f"turn_trump turns the top card of the draw pile, but {players} "
                             f"hands of {self.hand_size} leave no pile from {self.deck_size} cards")
        for name in ("limit", "deals"):
            value = getattr(self, name)
            if value is not None and int_field(name, value) <= 0:
                raise RulesError(f"{name} must be positive or None, not {value}")
        if self.limit is None and self.deals is None:
            raise RulesError("a match needs an end: set limit, deals or both")

    @classmethod
    def avoid(cls, **overrides: Any) -> Rules:
        """Version A, avoid: the cards' values count against you and the lowest total wins;
        a match is one deal unless ``deals`` or a ``limit`` says otherwise."""
        return cls(**{"scoring": "avoid", "limit": None, "deals": 1, **overrides})

    @classmethod
    def collect(cls, **overrides: Any) -> Rules:
        """Version B, collect: every honour and ten is worth 1 and the highest total wins; a
        match is played to 100 (``limit=200`` is the other usual target)."""
        return cls(**{"scoring": "collect", "limit": 100, "deals": None, **overrides})

    @property
    def game(self) -> GameName:
        """The registry name trickcore.simulate uses."""
        return "dam-avoid" if self.scoring == "avoid" else "dam-collect"

    @property
    def lower_wins(self) -> bool:
        return self.scoring == "avoid"

    @property
    def joker_count(self) -> int:
        return 0 if self.jokers == "none" else JOKERS_PER_PACK * self.packs

    @property
    def deck(self) -> CardMultiset:
        """Every card in play: each card once or twice, and the jokers (ids 52 and 53, twice
        each with two packs)."""
        if self.packs == 2:
            return CardMultiset.two_packs(jokers=self.joker_count)
        return CardMultiset(CardSet.deck(jokers=self.joker_count))

    @property
    def deck_size(self) -> int:
        return 52 * self.packs + self.joker_count

    @property
    def pile_size(self) -> int:
        """Cards in the draw pile after the deal."""
        return self.deck_size - self.players * self.hand_size

    @property
    def card_values(self) -> tuple[int, ...]:
        """Points for taking each card id 0..55 (jokers 52..55) under ``scoring``."""
        values = [0] * 56
        for card in CardSet.full():
            values[card] = _card_value(card, self.scoring)
        for joker in JOKER_IDS:
            values[joker] = self.joker_points
        return tuple(values)

    def card_value(self, card: Card | int | str) -> int:
        return self.card_values[Card(card)]

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats that score together: each player alone, or partners opposite."""
        if self.teams:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.players))

    def simulate_block(self, seed: np.random.SeedSequence | int, count: int,
                       policy: Policy = "random", *,
                       record: bool = False) -> dict[str, NDArray[Any]]:
        """Plays ``count`` complete deals in C from ``numpy.random.PCG64(seed)`` with the GIL
        released, dealer 0. Arrays (first axis ``count``): "points" (players, int32), "tricks"
        (players, int8), "trump" (the deal's trump suit, -1 for none), "last_trick" (the seat
        that took the last trick), and with teams "team_points". With ``record=True`` also every
        deal in full: "hands_once"/"hands_twice" (the dealt multisets' masks per seat), "pile"
        (as dealt, top first, before the turn), "plays" (cards in play order) and "legal" (the
        legal cards at each play). Policies: "random" (uniform among the distinct legal cards)
        and "greedy" (see dam.c)."""
        result = simulate_block(kernel_rules(self), block_generator(seed), check_count(count),
                                policy, record)
        if self.teams:
            result["team_points"] = side_points(result["points"], self.sides)
        return result


def _card_value(card: Card, scoring: Scoring) -> int:
    """The value of a pack card (not a joker) under a scoring."""
    rank = Rank(card % 13)
    if scoring == "collect":
        return 1 if rank in HONOURS else 0
    if rank == Rank.ACE:
        return 1
    if rank <= Rank.TEN:
        return int(rank) + 2
    if rank == Rank.JACK:
        return 11
    return 0 if card // 13 == Suit.HEARTS else 13


@functools.lru_cache(maxsize=256)
def kernel_rules(rules: Rules) -> KernelRules:
    """The C rules of ``rules``, built once."""
    return KernelRules(rules)


PRESETS: dict[str, Callable[..., Rules]] = {"dam-avoid": Rules.avoid,
                                            "dam-collect": Rules.collect}


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


class Deal(DealCore, TrickDeal):
    """One deal: ``Deal(rules, hands=[...], pile=[...], dealer=0)`` with the draw pile top card
    first, as left after dealing (with ``turn_trump`` its top card is then turned and put at the
    bottom), or ``Deal.random(rules, seed=1)``.

    ``legal_moves()`` (the distinct cards the seat to act may play) and ``play(card)``; each
    completed trick refills the hands from the pile, the winner first. Each refused call raises
    IllegalMoveError naming the rule and leaves the deal unchanged. ``undo()`` and ``clone()``
    are cheap (a struct copy; the history is shared)."""

    __slots__ = ()
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


class Match(TrickMatch[Deal]):
    """Deals to the end of the match (``rules.deals`` or ``rules.limit``) with the dealer
    rotating, totals per side and the winners: the lowest total under "avoid", the highest
    under "collect" (ties share the win)."""

    TYPE_TAG = "dam.Match"
    DEAL_TYPE = Deal
    RULES_TYPE = Rules

    @property
    def lower_wins(self) -> bool:
        rules: Rules = self.rules
        return rules.lower_wins

    def _deal_points(self, deal: Deal) -> tuple[int, ...]:
        return deal.points()

    def _is_redeal(self, deal: Deal) -> bool:
        return False

    def play(self, card: Card | int | str, *, seat: int | None = None) -> None:
        self._move(lambda deal: deal.play(card, seat=seat))


__all__ = [
    "PRESETS",
    "DamObservation",
    "Deal",
    "Match",
    "Play",
    "Rules",
]
