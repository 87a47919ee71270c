"""The deal state machine every trick-taking game shares: move records, tricks, observations,
and ``TrickDeal``, the shell a game's ``Deal`` class mixes in (history, tricks, observation,
JSON round trip by replay).

How a game plugs in (Hearts does it in ``trickcore.hearts``; Spades and Danish Dam do the same):

- A Cython core class holds the game's C state struct by value and its undo history
  (``trickcore.core._history``), and provides: ``rules``, ``players``, ``phase``, ``to_act``,
  ``is_over``, ``dealer``, ``deal_number``, ``leader``, ``hand(seat)``, ``dealt_hands()``,
  ``void_suits(seat)``,
  ``tricks_won``, ``legal_moves()``, ``undo()``, ``clone()`` and ``_log()`` (the moves as
  ``(kind, seat, value, result)`` tuples, ``result`` being the winner of the trick a play
  completed, else -1). Every refused call raises ``IllegalMoveError`` and changes nothing.
- The public class is ``class Deal(Core, TrickDeal)`` and sets ``TYPE_TAG`` (the JSON type),
  ``RULES_TYPE`` (its frozen Rules dataclass) and ``MOVE_TYPES`` (the move records it accepts:
  ``Pass``, ``Play``, a game's own ``Bid``...), and implements ``_setup_json()``,
  ``_from_setup(rules, document)`` and ``_summary()`` (the state facts a document records, so a
  tampered document is refused), and ``observation(seat)`` by extending ``_observation_fields``;
  it may add its own facts to its notebook picture (``_repr_html_``) through
  ``_display_facts()`` (about the deal) and ``_seat_facts()`` (per seat).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from trickcore.core import render
from trickcore.core._cardset import CardMultiset, CardSet
from trickcore.core._history import KIND_PASS, KIND_PLAY
from trickcore.core.card import Card, Suit
from trickcore.core.errors import SerializationError
from trickcore.core.json_codec import (
    card_from_json,
    cards_from_json,
    check_summary,
    dump,
    field,
    load,
)
from trickcore.core.rules_codec import rules_from_json, rules_to_json
from trickcore.search import solver as search
from trickcore.search.solver import FAST_TABLE_MB, Solution

if TYPE_CHECKING:
    from trickcore.core._binding import DealBinding


class Move(Protocol):
    """A move record: who did what. ``KEY`` names it in JSON, ``KIND`` in the C history."""

    KEY: ClassVar[str]
    KIND: ClassVar[int]

    @property
    def seat(self) -> int: ...

    def to_json(self) -> dict[str, Any]: ...

    def apply_to(self, target: Any) -> None:
        """Makes this move on a deal (or a match) through its checked public methods."""

    @classmethod
    def from_json(cls, data: Mapping[str, Any], where: str) -> Move: ...

    @classmethod
    def from_log(cls, seat: int, value: int) -> Move: ...


@dataclass(frozen=True)
class Play:
    """``seat`` played ``card``."""

    seat: int
    card: Card
    KEY: ClassVar[str] = "play"
    KIND: ClassVar[int] = KIND_PLAY

    def to_json(self) -> dict[str, Any]:
        """The move as a JSON object: ``{"seat": 0, "play": "2C"}``."""
        return {"seat": self.seat, "play": str(self.card)}

    def apply_to(self, target: Any) -> None:
        """Plays the card on ``target`` (a deal or a match) for the seat."""
        target.play(self.card, seat=self.seat)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], where: str) -> Play:
        """The move a ``to_json`` object describes (``where`` names it in errors)."""
        return cls(field(data, "seat", int, where), card_from_json(data["play"], f"{where}.play"))

    @classmethod
    def from_log(cls, seat: int, value: int) -> Play:
        """The move from a C history entry (``value``: the card id)."""
        return cls(seat, Card(value))

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.card.symbol}"


@dataclass(frozen=True)
class Pass:
    """``seat`` passed ``cards`` (face down: only the passer and the receiver see them)."""

    seat: int
    cards: CardSet
    KEY: ClassVar[str] = "pass"
    KIND: ClassVar[int] = KIND_PASS

    def to_json(self) -> dict[str, Any]:
        """The move as a JSON object: ``{"seat": 0, "pass": "2C 3C 4C"}``."""
        return {"seat": self.seat, "pass": str(self.cards)}

    def apply_to(self, target: Any) -> None:
        """Passes the cards on ``target`` (a deal or a match) for the seat."""
        target.pass_cards(self.seat, self.cards)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], where: str) -> Pass:
        """The move a ``to_json`` object describes (``where`` names it in errors)."""
        return cls(field(data, "seat", int, where), cards_from_json(data["pass"], f"{where}.pass"))

    @classmethod
    def from_log(cls, seat: int, value: int) -> Pass:
        """The move from a C history entry (``value``: the cards' mask)."""
        return cls(seat, CardSet(value))

    def __str__(self) -> str:
        return f"seat {self.seat} passes {self.cards.pretty()}"


@dataclass(frozen=True)
class Trick:
    """A trick: who led, the plays in order, and who won it (None while it is in progress)."""

    leader: int
    plays: tuple[Play, ...]
    winner: int | None

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(p.card for p in self.plays)

    def __str__(self) -> str:
        cards = " ".join(c.symbol for c in self.cards)
        won = "in progress" if self.winner is None else f"won by seat {self.winner}"
        return f"seat {self.leader} led: {cards} ({won})"

    def _repr_html_(self) -> str:
        """The trick as HTML for notebooks (``trickcore.core.render.trick_html``)."""
        return render.trick_html(self)


@dataclass(frozen=True)
class Observation:
    """What one seat knows: its own hand and everything played in the open. Games extend it with
    their own public and private facts (passes, bids)."""

    seat: int
    phase: str
    to_act: int | None
    dealer: int
    # A CardMultiset in two-pack games; None where a seat does not see its own hand (open hands).
    hand: CardSet | CardMultiset | None
    tricks: tuple[Trick, ...]
    current_trick: Trick | None
    voids: tuple[frozenset[Suit], ...]  # per seat: the suits it has shown by play it lacks
    tricks_won: tuple[int, ...]


T = TypeVar("T", bound="TrickDeal")


# The shell runs on the game's DealBinding (phase, turn, history...): typed as its base.
if TYPE_CHECKING:
    _Binding = DealBinding
else:
    _Binding = object


class TrickDeal(_Binding):
    """The game-independent part of a deal: see the module docstring for the hooks."""

    __slots__ = ()
    TYPE_TAG: ClassVar[str]
    RULES_TYPE: ClassVar[type[Any]]
    MOVE_TYPES: ClassVar[tuple[type[Move], ...]]

    if TYPE_CHECKING:  # typed per game by the Cython core (one or two packs)

        def hand(self, seat: int) -> CardSet | CardMultiset: ...
        def hands(self) -> tuple[CardSet | CardMultiset, ...]: ...
        def dealt_hands(self) -> tuple[CardSet | CardMultiset, ...]: ...
        def legal_moves(self) -> CardSet: ...

    def _setup_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def _solve_lower_is_better(self) -> bool:
        """Whether the solver's objectives count against the side (fewer points win)."""
        return False

    def _solver_table_mb(self) -> int:
        """The solver's table cap (MiB) where no ``tt_mb`` is given."""
        return FAST_TABLE_MB

    def solve(self, objective: str | None = None, *, seat: int | None = None,
              tt_mb: int | None = None, threads: int = 1, table: bool = True,
              equivalence: bool = True, bounds: bool = True, ranks: bool = True,
              gaps: bool = True) -> Solution:
        """The exact value of every legal card of the seat to act, every hand known: the final
        ``objective`` (the game's ``OBJECTIVES``, the first by default) of the side of ``seat``
        (default: the seat to act), every other seat playing against it. ``tt_mb`` caps the
        table (MiB; by default 60 for the Hearts family and Dam avoid, 32 for the others);
        ``threads`` (at most the cores are used) share out the cards on that one table, for the
        same values; the switches turn prunings off. The deal is left as it was."""
        return search.solve(self, objective, seat=seat, tt_mb=tt_mb, threads=threads,
                            table=table, equivalence=equivalence, bounds=bounds, ranks=ranks,
                            gaps=gaps)

    def solve_value(self, objective: str | None = None, *, seat: int | None = None,
                    tt_mb: int | None = None, max_nodes: int | None = None) -> int:
        """The position's exact value alone, ``solve(...).value`` at less cost (no card's own
        search); past ``max_nodes`` positions searched, SolveLimitError. The deal is left as
        it was."""
        return search.solve_value(self, objective, seat=seat, tt_mb=tt_mb, max_nodes=max_nodes)

    def solve_line(self, objective: str | None = None, *, seat: int | None = None,
                   tt_mb: int | None = None, threads: int = 1) -> tuple[Card, ...]:
        """A principal variation to the end of the deal under ``solve``'s values (``threads``
        as ``solve`` takes them)."""
        return search.solve_line(self, objective, seat=seat, tt_mb=tt_mb, threads=threads)

    @classmethod
    def _from_setup(cls: type[T], rules: Any, document: Mapping[str, Any]) -> T:
        raise NotImplementedError

    def _summary(self) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def history(self) -> tuple[Move, ...]:
        """Every move so far, in order."""
        kinds = {m.KIND: m for m in self.MOVE_TYPES}
        return tuple(kinds[kind].from_log(seat, value) for kind, seat, value, _ in self._log())

    def _trick_list(self) -> tuple[list[Trick], Trick | None]:
        done: list[Trick] = []
        plays: list[Play] = []
        for kind, seat, value, winner in self._log():
            if kind != KIND_PLAY:
                continue
            plays.append(Play(seat, Card(value)))
            if winner >= 0:
                done.append(Trick(plays[0].seat, tuple(plays), winner))
                plays = []
        current = None
        if self.phase == "play":
            current = Trick(self.leader, tuple(plays), None)
        return done, current

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks with their winners."""
        return tuple(self._trick_list()[0])

    @property
    def current_trick(self) -> Trick | None:
        """The trick being played (possibly no card yet); None outside the playing phase."""
        return self._trick_list()[1]

    def _observation_fields(self, seat: int) -> dict[str, Any]:
        hand = self.hand(seat)  # validates the seat
        done, current = self._trick_list()
        return {
            "seat": seat,
            "phase": self.phase,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "hand": hand,
            "tricks": tuple(done),
            "current_trick": current,
            "voids": tuple(self.void_suits(p) for p in range(self.players)),
            "tricks_won": self.tricks_won,
        }

    def observation(self, seat: int) -> Observation:
        """What ``seat`` knows at this point; nothing hidden from it is included."""
        return Observation(**self._observation_fields(seat))

    def to_json(self, *, indent: int | None = None) -> str:
        """A lossless, human-readable JSON document: rules, deal, moves, and a summary of the
        resulting state. ``from_json`` replays it to an identical state."""
        return dump(self.TYPE_TAG, self._document(), indent=indent)

    def _document(self) -> dict[str, Any]:
        return {
            "rules": rules_to_json(self.rules),
            **self._setup_json(),
            "moves": [m.to_json() for m in self.history],
            "state": self._summary(),
        }

    @classmethod
    def from_json(cls: type[T], text: str | bytes) -> T:
        """Rebuilds a deal by replaying a ``to_json`` document. A malformed document, impossible
        hands, an illegal move, or a recorded state the moves do not produce is refused with a
        SerializationError giving the reason."""
        document = load(text, cls.TYPE_TAG)
        deal = cls._from_document(document, "")
        return deal

    @classmethod
    def _from_document(cls: type[T], document: Mapping[str, Any], where: str) -> T:
        rules = rules_from_json(cls.RULES_TYPE, document.get("rules"), f"{where}rules")
        deal = cls._from_setup(rules, document)
        replay(deal, document.get("moves", []), cls.MOVE_TYPES, f"{where}moves")
        if "state" in document:
            check_summary(document["state"], deal._summary(), f"{where}state")
        return deal

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled as its JSON document (for process pools)."""
        return (type(self).from_json, (self.to_json(),))

    def _display_facts(self) -> dict[str, str]:
        """The game's facts about the whole deal that its picture shows (label: value)."""
        return {}

    def _seat_facts(self) -> dict[str, tuple[object, ...]]:
        """The game's facts per seat that its picture shows (label: one value per seat)."""
        return {}

    def _repr_html_(self) -> str:
        """The deal as HTML for notebooks (``trickcore.core.render.deal_html``)."""
        return render.deal_html(self, self._display_facts(), self._seat_facts())

    def __repr__(self) -> str:
        return (f"<{self.TYPE_TAG} {self.rules.game} phase={self.phase} to_act={self.to_act} "
                f"moves={self.move_count}>")


def decode_move(data: object, move_types: tuple[type[Move], ...], where: str) -> Move:
    """The move record a JSON object describes."""
    if not isinstance(data, Mapping):
        raise SerializationError(f"{where}: a move is an object such as "
                                 f"{{\"seat\": 0, \"play\": \"2C\"}}, not {data!r}")
    kinds = [m for m in move_types if m.KEY in data]
    if len(kinds) != 1:
        keys = ", ".join(repr(m.KEY) for m in move_types)
        raise SerializationError(f"{where}: a move needs exactly one of {keys}: {data!r}")
    return kinds[0].from_json(data, where)


def replay(target: Any, moves: object, move_types: tuple[type[Move], ...], where: str) -> None:
    """Makes each recorded move on ``target`` through its checked methods; the first that is
    malformed or refused stops the replay with a SerializationError naming it."""
    if not isinstance(moves, list):
        raise SerializationError(f"{where}: expected a list of moves, not {moves!r}")
    for i, data in enumerate(moves):
        move = decode_move(data, move_types, f"{where}[{i}]")
        try:
            move.apply_to(target)
        except ValueError as error:
            raise SerializationError(f"{where}[{i}] ({move}) does not replay: {error}") from None
