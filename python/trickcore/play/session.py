"""``CardSession``: one person and the bots at a card game's match, without any terminal.

The session applies the person's moves through the match's checked methods (a refused move
raises the referee's IllegalMoveError and changes nothing), plays the bots' turns, takes moves
back to the person's previous decision, and saves or loads itself as JSON. Each bot decision is
seeded from the session seed and the position (seat, deal, move), so a replayed game, an undone
one and a reloaded one all see the same bot moves (docs/play.md, "Replays").
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from trickcore import dam, hearts, spades
from trickcore.bots import PimcBot, RuleBot, make_bot
from trickcore.bots.pimc import OBJECTIVE
from trickcore.bots.protocol import Bot, apply_move
from trickcore.core.card import Card
from trickcore.core.errors import ArgumentError, IllegalMoveError, SerializationError
from trickcore.core.render import SUIT_ORDER
from trickcore.core.trick_deal import Move, Play
from trickcore.search.solver import Solution

SAVE_FORMAT = "trickcore.play"
MATCHES: dict[type, type[Any]] = {
    hearts.Rules: hearts.Match, spades.Rules: spades.Match, dam.Rules: dam.Match}
# --level: the worlds a pimc bot samples per card (the other bots have one strength).
LEVEL_WORLDS = {1: 8, 2: 16, 3: 32, 4: 64, 5: 128}
DEFAULT_LEVEL = 4
SOLVE_AT = 5   # hints solve exactly once no hand holds more cards (and no pile is left)
GRADE_AT = 8   # the grade solves the person's plays from this hand size on


@dataclass(frozen=True)
class Hint:
    """A suggested move; ``values`` per legal card when there are some (higher is better for
    the person's side), from the solver with every hand open (``exact``) or a bot's sampling."""

    move: Move
    source: str
    values: dict[Card, float]
    exact: bool


@dataclass(frozen=True)
class Grade:
    """One of the person's plays judged by the solver with every hand open: ``cost`` is what
    it lost against the best card, in the objective's units."""

    trick: int
    played: Card
    best: Card
    cost: int
    objective: str


def bots_for(names: Sequence[str], players: int, seat: int, level: int = DEFAULT_LEVEL,
             seed: int = 0) -> list[Bot | None]:
    """One bot per seat, None at the person's ``seat``: ``names`` lists the other seats in
    order, or one name for all of them."""
    if level not in LEVEL_WORLDS:
        raise ArgumentError(f"--level is 1..{max(LEVEL_WORLDS)}, not {level!r}")
    others = players - 1
    if len(names) == 1:
        names = list(names) * others
    if len(names) != others:
        raise ArgumentError(f"--bots names {others} bots (one per other seat) or one for all, "
                            f"not {len(names)}: {','.join(names)}")
    seats: list[Bot | None] = []
    given = iter(names)
    for s in range(players):
        if s == seat:
            seats.append(None)
            continue
        name = next(given).strip().lower()
        seats.append(PimcBot(LEVEL_WORLDS[level], seed=seed, name=name) if name == "pimc"
                     else make_bot(name, seed))
    return seats


class CardSession:
    """A match of ``rules`` (a Hearts, Spades or Dam Rules) with the person at ``seat`` and a
    bot per other seat (``bots``, names as ``bots_for`` takes them), dealt from ``seed``."""

    def __init__(self, rules: Any, *, seat: int = 0, bots: Sequence[str] = ("rule",),
                 level: int = DEFAULT_LEVEL, seed: int = 0, match: Any = None) -> None:
        if type(rules) not in MATCHES:
            raise ArgumentError(f"no card game to play with rules {rules!r}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
            raise ArgumentError(f"--seat is 0..{rules.players - 1}, not {seat!r}")
        self.rules, self.seat, self.level, self.seed = rules, seat, level, seed
        self.bot_names = [name.strip().lower() for name in bots]
        match_type = MATCHES[type(rules)]
        if "pimc" in self.bot_names and not hasattr(match_type.DEAL_TYPE, "sample_worlds"):
            raise ArgumentError(f"the pimc bot needs deal sampling, which {rules.game} does "
                                "not have yet")
        self.bots = bots_for(self.bot_names, rules.players, seat, level, seed)
        self.match = match_type(rules, seed=seed) if match is None else match

    # The state.
    @property
    def deal(self) -> Any:
        """The current deal (the last one once the match is over)."""
        return self.match.deal

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return bool(self.match.is_over)

    @property
    def to_act(self) -> int | None:
        """The seat to act; None once the match has ended."""
        return self.match.to_act  # type: ignore[no-any-return]

    @property
    def human_to_act(self) -> bool:
        """Whether the person is to act."""
        return self.to_act == self.seat

    def hand_order(self) -> list[Card]:
        """The person's hand as the table shows and numbers it: by suit (♠ ♥ ♦ ♣), highest
        first, jokers last; a card held twice is listed twice."""
        return sorted(self.deal.hand(self.seat), key=_display_key)

    # The moves.
    def play(self, card: Card) -> Any:
        """Plays ``card`` for the person; returns the deal it finished, else None."""
        return self._move(lambda: self.match.play(card, seat=self.seat))

    def pass_cards(self, cards: Sequence[Card]) -> Any:
        """Passes ``cards`` for the person (Hearts); returns the deal it finished, else None."""
        return self._move(lambda: self.match.pass_cards(self.seat, list(cards)))

    def bid(self, value: int | str) -> Any:
        """Bids ``value`` for the person (Spades); returns the deal it finished, else None."""
        return self._move(lambda: self.match.bid(value, seat=self.seat))

    def look(self) -> None:
        """The person looks at the hand (Spades: gives up blind nil)."""
        self._move(lambda: self.match.look(self.seat))

    def _move(self, action: Any) -> Any:
        if not self.human_to_act:
            raise IllegalMoveError("it is not your turn" if not self.is_over
                                   else "the match is over")
        deal = self.deal
        action()
        return deal if self.deal is not deal or deal.is_over else None

    def bot_move(self) -> tuple[int, Move, Any]:
        """Plays the turn of the bot to act: (seat, move, the deal it finished or None)."""
        seat = self.to_act
        if seat is None or seat == self.seat:
            raise IllegalMoveError("no bot is to act")
        bot = self.bots[seat]
        assert bot is not None
        deal = self.deal
        reset = getattr(bot, "reset", None)
        if reset is not None:
            reset(self._decision_seed(seat))
        move = bot.choose(deal, seat)
        apply_move(self.match, bot, seat, move)
        return seat, move, (deal if self.deal is not deal or deal.is_over else None)

    def _decision_seed(self, seat: int) -> np.random.SeedSequence:
        deal = self.deal
        return np.random.SeedSequence(self.seed, spawn_key=(1, seat, deal.deal_number,
                                                            deal.move_count))

    def undo(self) -> int:
        """Takes back the person's last decision and the bots' moves after it; returns how
        many moves were taken back."""
        marks, total = [], 0
        for deal in self.match.deals:
            for move in deal.history:
                if move.seat == self.seat:
                    marks.append(total)
                total += 1
        if not marks:
            raise IllegalMoveError("nothing to undo: you have not moved yet")
        for _ in range(total - marks[-1]):
            self.match.undo()
        return total - marks[-1]

    # Helpers.
    def hint(self) -> Hint:
        """A suggestion for the person's turn: the solver's exact values (every hand open) when
        few cards are left, else the pimc bot's sampled values; passes and bids the rule bot's."""
        if not self.human_to_act:
            raise IllegalMoveError("it is not your turn")
        deal = self.deal
        seed = self._decision_seed(self.seat)
        if deal.phase == "play" and _solvable(deal, SOLVE_AT):
            solution = self._solve(deal)
            sign = -1 if solution.lower_is_better else 1
            values = {c: float(sign * v) for c, v in solution.values.items()}
            return Hint(Play(self.seat, min(solution.best)), "solver", values, True)
        if deal.phase == "play" and hasattr(deal, "sample_worlds"):
            bot = PimcBot(LEVEL_WORLDS[self.level], seed=seed, name="pimc")
            values = bot.card_values(deal, self.seat)
            best = max(sorted(values), key=lambda card: values[card])
            return Hint(Play(self.seat, best), "pimc", values, False)
        return Hint(RuleBot(seed).choose(deal, self.seat), "rule", {}, False)

    def _solve(self, deal: Any) -> Solution:
        game = type(deal).__module__.split(".")[1]
        return deal.solve(OBJECTIVE.get(game), seat=self.seat)  # type: ignore[no-any-return]

    def grade(self, deal: Any) -> list[Grade]:
        """The solver's judgement (every hand open) of the person's plays in the finished
        ``deal`` from the point where no hand holds more than GRADE_AT cards."""
        history = deal.history
        position = deal.clone()
        grades = []
        for index in range(len(history) - 1, -1, -1):
            position.undo()
            move = history[index]
            if move.seat != self.seat or not isinstance(move, Play):
                continue
            if not _solvable(position, GRADE_AT):
                break
            solution = self._solve(position)
            best = min(solution.best)
            cost = abs(solution.values[best] - solution.values[move.card])
            grades.append(Grade(position.tricks_played + 1, move.card, best, cost,
                                solution.objective))
        return grades[::-1]

    # Saving.
    def to_json(self) -> str:
        """The session as JSON: the match (``Match.to_json``) and the seat, bots, level and
        seed, so that ``from_json`` continues exactly where it was."""
        return json.dumps({"format": SAVE_FORMAT, "seat": self.seat, "bots": self.bot_names,
                           "level": self.level, "seed": self.seed,
                           "match": json.loads(self.match.to_json())}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> CardSession:
        """The session a ``to_json`` text describes; SerializationError when it is not one."""
        try:
            data = json.loads(text)
        except ValueError as error:
            raise SerializationError(f"not a saved game: {error}") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SerializationError(f"not a saved card game of trickcore play (format "
                                     f"{SAVE_FORMAT!r})")
        recorded = data.get("match")
        tag = recorded.get("type") if isinstance(recorded, dict) else None
        types = {match_type.TYPE_TAG: match_type for match_type in MATCHES.values()}
        if tag not in types:
            raise SerializationError(f"the saved game holds no match of a card game ({tag!r})")
        match = types[tag].from_json(json.dumps(recorded))
        try:
            return cls(match.rules, seat=data["seat"], bots=data["bots"], level=data["level"],
                       seed=data["seed"], match=match)
        except (KeyError, TypeError, ArgumentError) as error:
            raise SerializationError(f"bad saved session: {error}") from None


def _display_key(card: Card) -> tuple[int, int]:
    if card.suit is None:  # jokers last
        return (4, int(card))
    return (SUIT_ORDER.index(card.suit), -int(card))


def _solvable(deal: Any, cards: int) -> bool:
    """Whether the solver is quick here: no pile left, no hand above ``cards`` cards."""
    return getattr(deal, "pile_size", 0) == 0 and \
        max(len(deal.hand(s)) for s in range(deal.players)) <= cards
