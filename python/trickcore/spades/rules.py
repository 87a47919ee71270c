"""The rules of Spades: ``Rules`` (every parameter, the presets) and its C rules."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeAlias

import numpy as np
from numpy.typing import NDArray

from trickcore.core._cardset import CardSet
from trickcore.core.card import C2, D2, Card
from trickcore.core.errors import RulesError
from trickcore.core.rule_fields import (
    Formatter,
    bool_field,
    cards_field,
    check_choice,
    describe,
    documented,
    int_field,
    rule,
)
from trickcore.core.simulate_block import block_generator, check_count
from trickcore.spades._core import (
    MAX_BAG_LIMIT,
    MAX_SCORE,
    MAX_VALUE,
    MIN_LONG_SUIT,
    KernelRules,
    simulate_block,
)

BidValue: TypeAlias = int | Literal["nil", "blind nil"]
RenegeMode: TypeAlias = Literal["strict", "table"]
Bidding: TypeAlias = Literal["standard", "suicide", "mirror", "whiz"]
MisdealCondition: TypeAlias = Literal["no-spades", "no-face-cards", "long-suit"]
PLAYERS = 4
JOKERS = CardSet("LJ BJ")
JOKER_REMOVAL = CardSet([C2, D2])  # our decision: the two lowest cards of the minor suits
ALL_MISDEALS: tuple[MisdealCondition, ...] = ("no-spades", "no-face-cards", "long-suit")
# How str(rules) words the fields it does not spell out as "name value".
LABELS: dict[str, Formatter] = {
    "min_score": lambda value: f"lose at {value}",
    "nil_value": lambda value: f"nil ±{value}",
    "blind_nil_value": lambda value: f"blind nil ±{value}",
    "blind_nil_behind": lambda value: f"blind nil {value} behind",
    "renege": lambda value: f"reneges: {value}",
    "misdeal": lambda value: f"misdeals: {', '.join(value)}" if value else "no misdeals",
}


@documented
@dataclass(frozen=True)
class Rules:
    """Every rule of a Spades game. Immutable, hashable and picklable; invalid values and
    combinations raise RulesError when the rules are built."""

    game: Literal["spades"] = rule("spades", "The registry name trickcore.simulate uses.")
    partnerships: bool = rule(
        True,
        "Partners sit opposite (seats 0+2 are side 0, 1+3 side 1); False: solo/cutthroat, each "
        "seat plays for itself with its own contract, score and bags (4 sides).")
    target: int = rule(
        500,
        "The first side to reach this score wins; when several reach it in the same deal the "
        "highest wins, and a tie at the top plays another deal (our decision).")
    min_score: int | None = rule(
        None,
        "Optional minimum-score loss: a side whose total falls to this or below ends the match "
        "(the best other total wins). None: off. Must be negative.")
    nil_value: int = rule(
        100,
        "Nil made / failed: +/- this (50 is usual with a target of 200 or 300).")
    blind_nil: bool = rule(True, "Blind nil (bid before looking at one's cards) is allowed.")
    blind_nil_value: int = rule(200, "Blind nil made / failed: +/- this.")
    blind_nil_behind: int = rule(
        100,
        "Blind nil only for a side at least this many points behind (the best other side); 200 is "
        "a common alternative. 0 allows it always.")
    bag_limit: int = rule(
        10,
        "A side whose bag counter reaches this loses bag_penalty points and this many bags; the "
        "rest carry over.")
    bag_penalty: int = rule(100, "Points a side loses each time its bag counter reaches bag_limit.")
    renege: RenegeMode = rule(
        "strict",
        "Reneges (not following suit when able, leading a spade before they are broken while "
        'holding another suit): refused ("strict"), or accepted and recorded for refereeing '
        'recorded play ("table"): the offending side then scores as set with every nil failed, '
        "and the other side makes its contract with all 13 tricks counted for it (our decision; "
        "in cutthroat each other player makes its contract with its own tricks, at least its "
        "bid).")
    suicide: bool = rule(
        False,
        "Suicide: in each partnership exactly one player bids nil (or blind nil); the first of "
        "the two to bid chooses, the second is forced.")
    mirror: bool = rule(
        False,
        "Mirror: each player bids exactly the number of spades held (none: nil); no blind nil.")
    whiz: bool = rule(
        False,
        "Whiz: each player bids the number of spades held or nil (blind nil counts as a nil).")
    jokers: bool = rule(
        False,
        "Jokers: the big and the little joker are the two highest trumps (big > little > A♠) and "
        "count as spades for following suit and for mirror/whiz counts.")
    removed: CardSet | None = rule(
        None,
        "With jokers, the two cards taken out of the pack. None: 2♣ and 2♦ (our decision).")
    misdeal: tuple[MisdealCondition, ...] = rule(
        (),
        "Misdeal: before the first bid, a player whose hand meets one of these conditions may ask "
        'for a redeal by the same dealer: "no-spades" (jokers count as spades), "no-face-cards" '
        '(no J, Q or K), "long-suit" (misdeal_long_suit or more cards of one suit). () : no '
        "misdeals.")
    misdeal_long_suit: int = rule(
        7, 'The length of one suit that makes a "long-suit" misdeal: this many cards or more.')

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
            bool_field(name, getattr(self, name))
        # Scores carried into a deal must stay within the kernel's ±MAX_SCORE.
        if not 0 < int_field("target", self.target) <= MAX_SCORE:
            raise RulesError(f"target must be positive, at most {MAX_SCORE}, not {self.target}")
        if self.min_score is not None and not (
                -MAX_SCORE <= int_field("min_score", self.min_score) < 0):
            raise RulesError(f"min_score must be negative (a side at or below it loses), "
                             f"-{MAX_SCORE}..-1, or None, not {self.min_score}")
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

    def __str__(self) -> str:
        """A one-line summary: partnerships or cutthroat and the target, then every rule that
        differs from ``Rules.standard()`` (``repr`` lists every field)."""
        play = "partnerships" if self.partnerships else "cutthroat"
        return describe(self, Rules.standard(), ["Spades", play, f"to {self.target}"],
                        ("game", "partnerships", "target"), LABELS)

    @classmethod
    def standard(cls, **overrides: Any) -> Rules:
        """Partnership Spades as in docs/rules/spades.md: nil ±100, blind nil ±200 for a side
        100 behind, 10 bags cost 100, strict reneges, no variants, a match to 500. Any field can be
        overridden, e.g. ``Rules.standard(target=300, nil_value=50)``, ``partnerships=False``
        (cutthroat), ``mirror=True, blind_nil=False``, ``jokers=True``,
        ``misdeal=ALL_MISDEALS``, ``renege="table"``."""
        return cls(**overrides)

    @property
    def players(self) -> int:
        """Always 4."""
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
        """The side ``seat`` plays for (an index into ``sides``)."""
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
                       policy: str = "random", *, record: bool = False
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


PRESETS = {"spades": Rules.standard}
