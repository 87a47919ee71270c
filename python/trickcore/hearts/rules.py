"""The rules of the Hearts family (Svarta Maja, Spardame): ``Rules`` (every parameter, the presets)
and its C rules."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeAlias

import numpy as np
from numpy.typing import NDArray

from trickcore.core._cardset import CardSet
from trickcore.core.card import C2, C3, CJ, D2, D3, DJ, HA, SQ, Card, Suit
from trickcore.core.errors import RulesError
from trickcore.core.rule_fields import (
    MATCH_END_LABELS,
    Formatter,
    bool_field,
    cards_field,
    check_choice,
    check_match_end,
    describe,
    documented,
    int_field,
    rule,
)
from trickcore.core.simulate_block import block_generator, check_count, side_points
from trickcore.hearts._core import MAX_ROTATION, MAX_VALUE, KernelRules, simulate_block

GameName: TypeAlias = Literal["svarta-maja", "spardame"]
PassDirection: TypeAlias = Literal["left", "right", "across", "none"]
FirstLead: TypeAlias = Literal["lowest-club", "any-club", "left-of-dealer"]
MoonForm: TypeAlias = Literal["off", "add-to-others", "subtract-from-shooter"]
# Low cards taken out, in this order and only as many as needed, so the pack divides evenly.
REMOVAL_ORDER = (D2, C2, D3, C3)
HEARTS = CardSet.of_suit(Suit.HEARTS)
PLAYERS = range(3, 7)
POINT_FIELDS = ("heart_points", "queen_of_spades_points", "jack_of_diamonds_points",
                "jack_of_clubs_points", "no_tricks_bonus")
OPTIONAL_POINT_FIELDS = ("ace_of_hearts_points", "moon_points")
GAME_TITLES: dict[GameName, str] = {"svarta-maja": "Svarta Maja", "spardame": "Spardame"}
# How str(rules) words the fields it does not spell out as "name value".
LABELS: dict[str, Formatter] = {
    **MATCH_END_LABELS,
    "heart_points": lambda value: f"hearts {value}",
    "ace_of_hearts_points": lambda value: (
        "A♥ as any heart" if value is None else f"A♥ {value}"),
    "queen_of_spades_points": lambda value: f"Q♠ {value}",
    "jack_of_diamonds_points": lambda value: f"J♦ {value}",
    "jack_of_clubs_points": lambda value: f"J♣ {value}",
    "card_points": lambda pairs: ", ".join(f"{card.symbol} {value}" for card, value in pairs)
    or "no other card points",
    "first_lead": lambda value: f"first lead: {value}",
    "moon_needs_all_penalty_cards": lambda value: (
        "moon needs every penalty card" if value else "moon needs the hearts and Q♠ only"),
    "no_tricks_bonus": lambda value: f"no-trick bonus {value}",
}


@documented
@dataclass(frozen=True)
class Rules:
    """Every rule of a Hearts-family game. Immutable, hashable and picklable; invalid values and
    combinations raise RulesError when the rules are built. ``None`` means "derived": see the
    field's description below and the property of the same meaning (``removed_cards``,
    ``rotation``...)."""

    game: GameName = rule(
        "svarta-maja",
        "The preset family these rules came from; the registry name trickcore.simulate uses.")
    players: int = rule(
        4,
        "Number of players, 3..6; seats 0..players-1, play passes to the left (seat + 1).")
    removed: CardSet | None = rule(
        None,
        "Cards taken out of the pack so it divides evenly. None: as many as needed of 2♦ 2♣ 3♦ "
        "3♣, in that order (our decision; no heart and not Q♠ is ever removed).")
    pass_count: int = rule(
        3,
        'Cards each player passes before play; 0 plays without passing ("utan passning").')
    pass_rotation: tuple[PassDirection, ...] | None = rule(
        None,
        "Pass direction by deal number, cycling. None: left, right, across, none (with an odd "
        'number of players, where there is no "across": left, right, none).')
    queen_pass_restricted: bool = rule(
        False,
        "Spardame: Q♠ may be passed only together with another spade or J♦.")
    first_lead: FirstLead = rule(
        "lowest-club",
        'The first lead: the holder of the lowest club in play leads it ("lowest-club": 2♣, or 3♣ '
        'when 2♣ is removed), the holder of that club leads any club ("any-club"), or the player '
        'left of the dealer leads any card ("left-of-dealer").')
    first_trick_protected: bool = rule(
        True,
        "No heart and not Q♠ may be played to the first trick, unless the hand holds nothing else "
        "(following suit comes first).")
    hearts_must_be_broken: bool = rule(
        True,
        "No heart may be led until a heart has been discarded on a trick in which hearts were not "
        "led; a hand holding only hearts may lead one.")
    queen_breaks_hearts: bool = rule(False, "Playing Q♠ (in any way) also breaks hearts.")
    hearts_lead_with_only_queen: bool = rule(
        False,
        "Unbroken hearts may be led when the only other card in the hand is Q♠.")
    heart_points: int = rule(
        1,
        "Points for taking each heart (other than A♥ when that has its own value).")
    ace_of_hearts_points: int | None = rule(
        None,
        "Points for A♥. None: the same as any other heart.")
    queen_of_spades_points: int = rule(13, 'Points for Q♠ (Svarta Maja, "spader dam").')
    jack_of_diamonds_points: int = rule(
        0,
        "Points for J♦: negative is a bonus (-10 on the 13/1 scale, -100 in Spardame).")
    jack_of_clubs_points: int = rule(
        0,
        'Points for J♣ ("klöverknekt" variant: 2 when switched on, from Dutch Hartenjagen).')
    card_points: tuple[tuple[Card, int], ...] = rule(
        (),
        "Points of any other card, overriding the values above: pairs (card, points).")
    moon: MoonForm = rule(
        "add-to-others",
        "Shooting the moon: off, the shooter scores 0 for the moon cards and every other player "
        "adds the moon's worth (\"add-to-others\"), or the shooter subtracts it.")
    moon_needs_all_penalty_cards: bool = rule(
        True,
        "The moon needs every card worth points (else only the hearts and Q♠).")
    moon_points: int | None = rule(
        None,
        "What a moon is worth. None: the total of the moon cards (26 in Svarta Maja).")
    no_tricks_bonus: int = rule(
        0,
        "Added to the points of each player who takes no trick (negative: a bonus).")
    void_if_one_takes_all: bool = rule(
        False,
        "Spardame: when one player takes every trick nobody scores and the same dealer deals "
        "again. It takes precedence over the moon.")
    teams: bool = rule(
        False,
        "Partners sit opposite (4 or 6 players); a team's score is the sum of its players'.")
    limit: int | None = rule(
        100,
        "A match ends after the deal in which a total reaches this limit (None: no limit), or "
        "after the deals below, whichever comes first.")
    deals: int | None = rule(
        None,
        "A match ends after this many deals that count (None: no fixed number), or at the "
        "limit above, whichever comes first.")

    summary_fields: ClassVar[tuple[str, ...]] = ("points", "moon", "void")

    def __post_init__(self) -> None:
        self._normalise()
        self._validate()

    def _normalise(self) -> None:
        def set_field(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        if self.removed is not None and not isinstance(self.removed, CardSet):
            set_field("removed", cards_field("removed", self.removed))
        rotation: object = self.pass_rotation
        if isinstance(rotation, str):
            rotation = rotation.split()
        if isinstance(rotation, list):
            set_field("pass_rotation", tuple(rotation))
        points: Any = self.card_points
        pairs = points.items() if isinstance(points, Mapping) else points
        try:
            normal = tuple(sorted((Card(card), value) for card, value in pairs))
        except (TypeError, ValueError) as error:
            raise RulesError(
                f"card_points must be (card, points) pairs or a mapping: {error}") from None
        set_field("card_points", normal)

    def _validate(self) -> None:
        check_choice("game", self.game, GameName)
        players = int_field("players", self.players)
        if players not in PLAYERS:
            raise RulesError(f"players must be 3..6, not {players}")
        removed = self.removed_cards
        if removed.mask & ~CardSet.full().mask:
            raise RulesError(f"removed cards must be from the 52-card pack, not {removed}")
        left = 52 - len(removed)
        if left % players or left == 0:
            raise RulesError(f"removing {len(removed)} cards ({removed}) leaves {left}, which do "
                             f"not divide evenly among {players} players")
        pass_count = int_field("pass_count", self.pass_count)
        if not 0 <= pass_count < self.hand_size:
            raise RulesError(f"pass_count {pass_count}: a player holds {self.hand_size} cards and "
                             f"keeps at least one (0 for no passing)")
        if not isinstance(self.pass_rotation, (tuple, type(None))):
            raise RulesError(f"pass_rotation must be a sequence of directions or None, not "
                             f"{self.pass_rotation!r}")
        rotation = self.rotation
        if not 1 <= len(rotation) <= MAX_ROTATION:
            raise RulesError(
                f"pass_rotation must list 1..{MAX_ROTATION} directions, not {rotation!r}")
        for direction in rotation:
            check_choice("pass_rotation", direction, PassDirection)
            if direction == "across" and players % 2:
                raise RulesError(f"no 'across' pass with {players} players (an odd number)")
        check_choice("first_lead", self.first_lead, FirstLead)
        if self.first_lead != "left-of-dealer" and not self.deck.suit(Suit.CLUBS):
            raise RulesError(f"first_lead {self.first_lead!r} needs a club in play")
        for name in ("queen_pass_restricted", "first_trick_protected", "hearts_must_be_broken",
                     "queen_breaks_hearts", "hearts_lead_with_only_queen",
                     "moon_needs_all_penalty_cards", "void_if_one_takes_all", "teams"):
            bool_field(name, getattr(self, name))
        for name in POINT_FIELDS + OPTIONAL_POINT_FIELDS:
            value = getattr(self, name)
            if value is None and name in OPTIONAL_POINT_FIELDS:
                continue
            if abs(int_field(name, value)) > MAX_VALUE:
                raise RulesError(f"{name} must be within ±{MAX_VALUE}, not {value}")
        seen: set[Card] = set()
        for card, value in self.card_points:
            if card.is_joker or card in seen or abs(int_field("card_points", value)) > MAX_VALUE:
                raise RulesError(f"card_points: {card} must be a distinct pack card worth at most "
                                 f"±{MAX_VALUE}, not {value!r}")
            seen.add(card)
        check_choice("moon", self.moon, MoonForm)
        if abs(self.moon_value) > MAX_VALUE:  # the kernel bounds it even with moon="off"
            raise RulesError(f"moon_points: the moon is worth {self.moon_value}, beyond "
                             f"±{MAX_VALUE} (the total of the moon cards unless moon_points "
                             f"sets it)")
        if self.moon != "off" and not self.moon_cards:
            raise RulesError("a moon needs at least one card worth points (or moon='off')")
        if self.teams and players not in (4, 6):
            raise RulesError(f"team play needs 4 or 6 players (partners opposite), not {players}")
        check_match_end(self.limit, self.deals)

    def __str__(self) -> str:
        """A one-line summary: the game, players, passing and the moon, then every rule that
        differs from the game's preset (``repr`` lists every field)."""
        passing = (f"pass {self.pass_count} ({', '.join(self.rotation)})" if self.pass_count
                   else "no passing")
        moon = "no moon" if self.moon == "off" else f"moon: {self.moon} ({self.moon_value})"
        return describe(self, PRESETS[self.game](players=self.players),
                        [GAME_TITLES[self.game], f"{self.players} players", passing, moon],
                        ("game", "players", "pass_count", "pass_rotation", "moon", "moon_points"),
                        LABELS)

    @classmethod
    def svarta_maja(cls, *, children: bool = False, **overrides: Any) -> Rules:
        """Svarta Maja (Swedish "Dam"): pass 3 (left, right, across, none), 2♣ leads, first
        trick protected, hearts broken by a discard, hearts 1 and Q♠ 13, the moon (others +26),
        a match to 100. ``children=True`` is the children's version: only Q♠ counts (1 point to
        whoever takes it), no moon, a single deal."""
        settings: dict[str, Any] = {"game": "svarta-maja"}
        if children:
            settings.update(heart_points=0, queen_of_spades_points=1, moon="off", limit=None,
                            deals=1)
        return cls(**{**settings, **overrides})

    @classmethod
    def spardame(cls, **overrides: Any) -> Rules:
        """Spardame (Norwegian): pass 2 to the left with the Q♠ restriction, left of the dealer
        leads any card, no first-trick or hearts-breaking rule, Q♠ 100, A♥ 20, other hearts 10,
        J♦ -100, one player taking every trick voids the deal, a match to 500."""
        settings: dict[str, Any] = {
            "game": "spardame", "pass_count": 2, "pass_rotation": ("left",),
            "queen_pass_restricted": True, "first_lead": "left-of-dealer",
            "first_trick_protected": False, "hearts_must_be_broken": False, "heart_points": 10,
            "ace_of_hearts_points": 20, "queen_of_spades_points": 100,
            "jack_of_diamonds_points": -100, "moon": "off", "void_if_one_takes_all": True,
            "limit": 500,
        }
        return cls(**{**settings, **overrides})

    @property
    def removed_cards(self) -> CardSet:
        """The cards out of play (``removed``, or the default removal for ``players``)."""
        if self.removed is not None:
            return self.removed
        return CardSet(REMOVAL_ORDER[:52 % self.players])

    @property
    def deck(self) -> CardSet:
        """The cards in play: the 52-card pack less ``removed_cards``."""
        return CardSet.full() - self.removed_cards

    @property
    def hand_size(self) -> int:
        """The cards each player is dealt."""
        return len(self.deck) // self.players

    @property
    def rotation(self) -> tuple[PassDirection, ...]:
        """The pass directions by deal number, cycling."""
        if self.pass_rotation is not None:
            return self.pass_rotation
        if self.players % 2:
            return ("left", "right", "none")
        return ("left", "right", "across", "none")

    @property
    def rotation_offsets(self) -> tuple[int, ...]:
        """Seat s passes to s + offset; 0 for no pass."""
        n = self.players
        offsets = {"left": 1, "right": n - 1, "across": n // 2, "none": 0}
        return tuple(offsets[d] for d in self.rotation)

    def pass_direction(self, deal_number: int) -> PassDirection:
        """The pass direction of deal ``deal_number`` ("none" when passing is off)."""
        return self.rotation[deal_number % len(self.rotation)] if self.pass_count else "none"

    @property
    def card_values(self) -> tuple[int, ...]:
        """Points for taking each card 0..51."""
        values = [0] * 52
        for card in HEARTS:
            values[card] = self.heart_points
        if self.ace_of_hearts_points is not None:
            values[HA] = self.ace_of_hearts_points
        values[SQ] = self.queen_of_spades_points
        values[DJ] = self.jack_of_diamonds_points
        values[CJ] = self.jack_of_clubs_points
        for card, value in self.card_points:
            values[card] = value
        return tuple(values)

    def card_value(self, card: Card | int | str) -> int:
        """Points for taking ``card``."""
        return self.card_values[Card(card)]

    @property
    def penalty_cards(self) -> CardSet:
        """The cards in play worth more than nothing."""
        values = self.card_values
        return CardSet(c for c in self.deck if values[c] > 0)

    @property
    def moon_cards(self) -> CardSet:
        """Cards one player must take to shoot the moon."""
        if self.moon_needs_all_penalty_cards:
            return self.penalty_cards
        return self.deck & (HEARTS | CardSet([SQ]))

    @property
    def moon_value(self) -> int:
        """What a moon is worth: ``moon_points``, else the total of ``moon_cards``."""
        if self.moon_points is not None:
            return self.moon_points
        values = self.card_values
        return sum(values[c] for c in self.moon_cards)

    @functools.cached_property  # read on every solve (search/solver.py)
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats that score together: each player alone, or partners opposite."""
        n = self.players
        if self.teams:
            return tuple((s, s + n // 2) for s in range(n // 2))
        return tuple((s,) for s in range(n))

    def simulate_block(
        self,
        seed: np.random.SeedSequence | int,
        count: int,
        policy: str = "random",
        *,
        record: bool = False,
    ) -> dict[str, NDArray[Any]]:
        """Plays ``count`` complete deals (passing included) in C from
        ``numpy.random.PCG64(seed)`` with the GIL released: dealer 0, each deal's pass direction
        drawn uniformly from the rotation. Arrays (first axis ``count``): "points" (players,
        int32), "tricks" (players, int8), "moon" and "void" (bool), "shooter" (int8, -1 for
        none), "direction" (index into ``rotation``), and with teams "team_points". With
        ``record=True`` also every deal in full: "hands" as dealt and "passes" (card masks per
        seat), "plays" (cards in play order) and "legal" (the legal cards at each play).
        Policies: "random" (uniform among legal moves), "greedy" and "rule" (a casual
        player's habits); docs/rules/hearts.md, "Simulation"."""
        result = simulate_block(kernel_rules(self), block_generator(seed), check_count(count),
                                policy, record)
        if self.teams:
            result["team_points"] = side_points(result["points"], self.sides)
        return result


@functools.lru_cache(maxsize=256)
def kernel_rules(rules: Rules) -> KernelRules:
    """The C rules of ``rules``, built once."""
    return KernelRules(rules)


PRESETS: dict[str, Callable[..., Rules]] = {"svarta-maja": Rules.svarta_maja,
                                            "spardame": Rules.spardame}
