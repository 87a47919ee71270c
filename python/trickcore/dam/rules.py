"""The rules of Danish Dam: ``Rules`` (every parameter, the presets) and its C rules."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeAlias

import numpy as np
from numpy.typing import NDArray

from trickcore.core._cardset import CardMultiset, CardSet
from trickcore.core.card import Card, Rank, Suit
from trickcore.core.errors import RulesError
from trickcore.core.rule_fields import (
    MATCH_END_LABELS,
    Formatter,
    bool_field,
    check_choice,
    check_match_end,
    describe,
    documented,
    int_field,
    rule,
)
from trickcore.core.simulate_block import block_generator, check_count, side_points
from trickcore.dam._core import MAX_VALUE, KernelRules, simulate_block

GameName: TypeAlias = Literal["dam-avoid", "dam-collect"]
Scoring: TypeAlias = Literal["avoid", "collect"]
ScoreBy: TypeAlias = Literal["cards", "tricks"]
Jokers: TypeAlias = Literal["none", "outright", "points", "neutral"]
Duplicates: TypeAlias = Literal["first", "last"]
PLAYERS = range(2, 5)
HAND_SIZES = (10, 12, 13)
JOKERS_PER_PACK = 2
JOKER_IDS = (52, 53)
HONOURS = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
# How str(rules) words the fields it does not spell out as "name value".
LABELS: dict[str, Formatter] = {
    **MATCH_END_LABELS,
    "jokers": lambda value: f"jokers: {value}",
    "joker_points": lambda value: f"jokers worth {value}",
    "duplicates": lambda value: f"the {value} of two identical cards ranks higher",
}


@documented
@dataclass(frozen=True)
class Rules:
    """Every rule of Danish Dam. Immutable, hashable and picklable; invalid values and
    combinations raise RulesError when the rules are built."""

    scoring: Scoring = rule(
        "avoid",
        'The scoring, one of two never mixed. "avoid": ♥K and ♥Q 0, every ace 1, 2-10 face value, '
        'jacks 11, the other queens and kings 13; the lowest total wins. "collect": every ace, '
        "king, queen, jack and ten 1; the highest total wins.")
    players: int = rule(
        4,
        "Number of players, 2..4; seats 0..players-1, play passes to the left (seat + 1).")
    teams: bool = rule(
        False,
        "Partners sit opposite (4 players only); a team's score is the sum of its players'.")
    hand_size: int = rule(
        12,
        "Cards each player holds while the pile lasts: 12, or 10 or 13 by agreement.")
    packs: int = rule(
        2,
        "Two packs shuffled together (every card twice, 104 cards), or one pack (52).")
    jokers: Jokers = rule(
        "none",
        'Jokers, 2 per pack when in play (our decision): "none"; "outright" (the first joker '
        'played wins the trick); "points" (never wins, worth joker_points to whoever takes it); '
        '"neutral" (never wins, worth nothing). A joker may be played at any time: it belongs to '
        "no suit and never forces or breaks following suit; a joker led lets the next card set "
        "the suit. A trick of jokers only that none can win goes to its leader (our decision).")
    joker_points: int = rule(
        0,
        'What a joker is worth under jokers="points" (our decision: jokers score 0 otherwise).')
    duplicates: Duplicates = rule(
        "first",
        'Two identical cards in one trick: the first played ranks above the second ("first", the '
        'usual rule), or the last ("last").')
    turn_trump: bool = rule(
        False,
        "The top card of the draw pile is turned after the deal and its suit is trump for the "
        "deal; it goes to the bottom of the pile face up and is drawn last; a turned joker means "
        "no trump (our decisions). Needs a draw pile.")
    score_by: ScoreBy = rule(
        "cards",
        'What a deal scores: the card values of the tricks taken ("cards"), or 1 per trick taken '
        '("tricks"; low is still good under "avoid").')
    last_trick_bonus: int = rule(0, 'Added for taking the last trick (score_by="tricks" only).')
    open_hands: bool = rule(
        False,
        "Hands turned outward: each seat sees the other hands but not its own.")
    limit: int | None = rule(
        None,
        "A match ends after the deal in which a total reaches this limit (None: no limit), or "
        "after the deals below, whichever comes first.")
    deals: int | None = rule(
        1,
        "A match ends after this many deals (None: no fixed number), or at the limit above, "
        "whichever comes first. Avoid: 1 deal by default.")

    summary_fields: ClassVar[tuple[str, ...]] = ("points", "tricks")

    def __post_init__(self) -> None:
        check_choice("scoring", self.scoring, Scoring)
        players = int_field("players", self.players)
        if players not in PLAYERS:
            raise RulesError(f"players must be 2..4, not {players}")
        for name in ("teams", "turn_trump", "open_hands"):
            bool_field(name, getattr(self, name))
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
        check_match_end(self.limit, self.deals)

    def __str__(self) -> str:
        """A one-line summary: the scoring, players, packs and hand size, then every rule that
        differs from the scoring's preset (``repr`` lists every field)."""
        packs = "1 pack" if self.packs == 1 else f"{self.packs} packs"
        return describe(self, PRESETS[self.game](players=self.players),
                        [f"Dam ({self.scoring})", f"{self.players} players", packs,
                         f"hands of {self.hand_size}"],
                        ("scoring", "players", "packs", "hand_size"), LABELS)

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
        """Whether the lowest total wins (the avoid scoring)."""
        return self.scoring == "avoid"

    @property
    def joker_count(self) -> int:
        """The jokers in play: 2 per pack, or none."""
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
        """The number of cards in play, jokers included."""
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
        """Points for taking ``card`` (a joker included) under ``scoring``."""
        return self.card_values[Card(card)]

    @functools.cached_property  # read on every solve (search/solver.py)
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats that score together: each player alone, or partners opposite."""
        if self.teams:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.players))

    def simulate_block(self, seed: np.random.SeedSequence | int, count: int,
                       policy: str = "random", *,
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
