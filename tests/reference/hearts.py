"""A pure-Python reference of the Hearts-family rules (tests only, never shipped).

Written from docs/rules/hearts.md with plain sets and no knowledge of the C kernel: the
property tests replay the C engine's deals here and compare the legal moves at every decision
and the score at the end. The greedy policy is the one documented in src/trickcore/hearts_sim.c.
Derived rule values (deck, hand size, card values, moon cards, pass offsets) come from
``trickcore.hearts.Rules``, which has its own named tests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

HEARTS = frozenset(range(26, 39))
CLUBS = frozenset(range(13))
QUEEN = 49
JACK_OF_DIAMONDS = 22
SPADES = frozenset(range(39, 52))


def suit(card: int) -> int:
    return card // 13


def rank(card: int) -> int:
    return card % 13


def cards_of(mask: int) -> set[int]:
    return {c for c in range(64) if mask >> c & 1}


def mask_of(cards: set[int] | frozenset[int]) -> int:
    return sum(1 << c for c in cards)


def prefer(options: set[int], allowed: set[int] | frozenset[int]) -> set[int]:
    """A restriction never leaves a player without a move."""
    kept = options & allowed
    return kept if kept else options


@dataclass
class ReferenceDeal:
    rules: Any
    hands: list[set[int]]
    dealer: int = 0
    deal_number: int = 0
    passed: list[set[int]] = field(default_factory=list)
    taken: list[set[int]] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    trick: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) in play order
    tricks_played: int = 0
    hearts_broken: bool = False
    leader: int = 0
    phase: str = "play"

    def __post_init__(self) -> None:
        r = self.rules
        n = r.players
        self.n = n
        self.values = r.card_values
        self.deck = {int(c) for c in r.deck}
        self.hands = [set(h) for h in self.hands]
        self.passed = [set() for _ in range(n)]
        self.taken = [set() for _ in range(n)]
        self.tricks_won = [0] * n
        offsets = r.rotation_offsets
        self.offset = offsets[self.deal_number % len(offsets)] if r.pass_count else 0
        self.pending = set(range(n)) if self.offset else set()
        if self.offset:
            self.phase = "pass"
        else:
            self._begin_play()

    # ---- passing ----
    def pass_ok(self, seat: int, cards: set[int]) -> bool:
        r = self.rules
        if self.phase != "pass" or seat not in self.pending:
            return False
        if len(cards) != r.pass_count or not cards <= self.hands[seat]:
            return False
        if r.queen_pass_restricted and QUEEN in cards:
            return any(c in SPADES or c == JACK_OF_DIAMONDS for c in cards - {QUEEN})
        return True

    def do_pass(self, seat: int, cards: set[int]) -> None:
        assert self.pass_ok(seat, cards)
        self.passed[seat] = set(cards)
        self.pending.discard(seat)
        if self.pending:
            return
        for s in range(self.n):
            self.hands[s] -= self.passed[s]
        for s in range(self.n):
            self.hands[(s + self.offset) % self.n] |= self.passed[s]
        self._begin_play()

    def _begin_play(self) -> None:
        self.phase = "play"
        if self.rules.first_lead == "left-of-dealer":
            self.leader = (self.dealer + 1) % self.n
        else:
            lowest = min(self.deck & CLUBS)
            self.leader = next(s for s in range(self.n) if lowest in self.hands[s])

    @property
    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    # ---- play ----
    def legal(self) -> set[int]:
        r = self.rules
        hand = self.hands[self.to_act]
        first = self.tricks_played == 0
        if not self.trick:
            options = set(hand)
            if first and r.first_lead == "lowest-club":
                options = prefer(options, {min(self.deck & CLUBS)})
            elif first and r.first_lead == "any-club":
                options = prefer(options, CLUBS)
            if r.hearts_must_be_broken and not self.hearts_broken:
                only_queen_besides = hand - HEARTS == {QUEEN}
                if not (r.hearts_lead_with_only_queen and only_queen_besides):
                    options = prefer(options, set(range(52)) - HEARTS)
        else:
            led = suit(self.trick[0][1])
            options = {c for c in hand if suit(c) == led} or set(hand)
        if first and r.first_trick_protected:
            options = prefer(options, set(range(52)) - HEARTS - {QUEEN})
        return options

    def play(self, card: int) -> None:
        seat = self.to_act
        assert card in self.legal(), (card, self.legal())
        self.hands[seat].remove(card)
        if self.trick and suit(card) == 2 and suit(self.trick[0][1]) != 2:
            self.hearts_broken = True
        if card == QUEEN and self.rules.queen_breaks_hearts:
            self.hearts_broken = True
        self.trick.append((seat, card))
        if len(self.trick) < self.n:
            return
        led = suit(self.trick[0][1])
        winner = max((c, s) for s, c in self.trick if suit(c) == led)[1]
        self.taken[winner] |= {c for _, c in self.trick}
        self.tricks_won[winner] += 1
        self.trick = []
        self.leader = winner
        self.tricks_played += 1
        if self.tricks_played == self.rules.hand_size:
            self.phase = "over"

    # ---- scoring ----
    def score(self) -> tuple[list[int], int | None, bool]:
        r = self.rules
        assert self.phase == "over"
        if r.void_if_one_takes_all and r.hand_size in self.tricks_won:
            return [0] * self.n, None, True
        points = [sum(self.values[c] for c in self.taken[s]) for s in range(self.n)]
        for s in range(self.n):
            if self.tricks_won[s] == 0:
                points[s] += r.no_tricks_bonus
        moon_cards = {int(c) for c in r.moon_cards}
        shooter = None
        if r.moon != "off":
            shooter = next((s for s in range(self.n) if moon_cards <= self.taken[s]), None)
        if shooter is not None:
            points[shooter] -= sum(self.values[c] for c in moon_cards)
            for s in range(self.n):
                if r.moon == "subtract-from-shooter" and s == shooter:
                    points[s] -= r.moon_value
                elif r.moon == "add-to-others" and s != shooter:
                    points[s] += r.moon_value
        return points, shooter, False

    # ---- the greedy policy (hearts_sim.c): maximise a key, ties to the lowest card id ----
    def _best(self, cards: set[int], key: Callable[[int], tuple[int, int]]) -> int:
        return max(sorted(cards), key=lambda c: (key(c), -c))

    def greedy_card(self) -> int:
        legal = self.legal()
        v = self.values
        if not self.trick:
            return self._best(legal, lambda c: (-rank(c), -v[c]))
        led = suit(self.trick[0][1])
        if any(suit(c) == led for c in legal):
            top = max(rank(c) for _, c in self.trick if suit(c) == led)
            safe = {c for c in legal if rank(c) < top}
            if safe:
                return self._best(safe, lambda c: (v[c], -rank(c)))
            if len(self.trick) == self.n - 1:
                return self._best(legal, lambda c: (-v[c], rank(c)))
            return self._best(legal, lambda c: (-rank(c), -v[c]))
        dump = {c for c in legal if v[c] >= 0} or legal
        return self._best(dump, lambda c: (v[c], rank(c)))

    def greedy_pass(self, seat: int) -> set[int]:
        v = self.values
        k = self.rules.pass_count
        for pool in (set(self.hands[seat]), self.hands[seat] - {QUEEN}):
            order = sorted(pool, key=lambda c: (-(v[c] * 16 + rank(c)), c))
            chosen = set(order[:k])
            if self.pass_ok(seat, chosen):
                return chosen
        raise AssertionError("no greedy pass")
