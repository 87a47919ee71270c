"""A pure-Python reference of Danish Dam (tests only, never shipped).

Written from docs/rules/dam.md with plain lists and Counters and no knowledge of the C kernel:
the property tests replay the C engine's deals here and compare the legal moves at every
decision, the hands after every refill, and the score at the end. Tricks are resolved by the
pure-Python trick reference (tests/reference/trick.py). The greedy policy is the one documented
in src/trickcore/dam.c. Derived rule values (deck, card values) come from ``trickcore.dam.Rules``,
which has its own named tests.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from reference.trick import reference_winner

JOKERS = frozenset(range(52, 56))


def suit(card: int) -> int | None:
    return None if card >= 52 else card // 13


def strength(card: int) -> int:
    return 13 + card - 52 if card >= 52 else card % 13


def counter_of(once: int, twice: int) -> Counter[int]:
    return Counter({c: (once >> c & 1) + (twice >> c & 1) for c in range(56) if once >> c & 1})


def cards_of(mask: int) -> set[int]:
    return {c for c in range(64) if mask >> c & 1}


class ReferenceDeal:
    def __init__(self, rules: Any, hands: Iterable[Counter[int]], pile: Iterable[int],
                 dealer: int = 0) -> None:
        self.rules = rules
        self.n = rules.players
        self.values = rules.card_values
        self.hands = [Counter(h) for h in hands]
        self.pile = list(pile)
        self.turned: int | None = None
        self.trump: int | None = None
        if rules.turn_trump:
            self.turned = self.pile.pop(0)
            self.pile.append(self.turned)
            self.trump = suit(self.turned)
        self.trick: list[tuple[int, int]] = []  # (seat, card) in play order
        self.players_in_trick = self.n
        self.leader = (dealer + 1) % self.n
        self.to_act: int | None = self.leader
        self.taken_points = [0] * self.n
        self.tricks_won = [0] * self.n
        self.last_winner: int | None = None
        self.voids: list[set[int]] = [set() for _ in range(self.n)]
        self.over = False

    @property
    def joker_mode(self) -> str:
        return {"none": "none", "outright": "outright", "points": "neutral",
                "neutral": "neutral"}[self.rules.jokers]

    def led_suit(self) -> int | None:
        return next((suit(c) for _, c in self.trick if c < 52), None)

    def legal(self) -> set[int]:
        assert self.to_act is not None
        hand = {c for c, k in self.hands[self.to_act].items() if k}
        led = self.led_suit()
        follow = {c for c in hand if led is not None and suit(c) == led}
        return follow | (hand & JOKERS) if follow else hand

    def holders(self) -> list[int]:
        return [p for p in range(self.n) if sum(self.hands[p].values())]

    def play(self, card: int) -> None:
        seat = self.to_act
        assert seat is not None and card in self.legal(), (card, self.legal())
        led = self.led_suit()
        if led is not None and card < 52 and suit(card) != led:
            self.voids[seat].add(led)
        self.hands[seat][card] -= 1
        self.trick.append((seat, card))
        if len(self.trick) < self.players_in_trick:
            self.to_act = self._next_holder(seat)
            return
        cards = [c for _, c in self.trick]
        winner = self.trick[reference_winner(cards, self.trump, self.rules.duplicates,
                                             self.joker_mode)][0]
        self.taken_points[winner] += sum(self.values[c] for c in cards)
        self.tricks_won[winner] += 1
        self.last_winner = winner
        self.trick = []
        self.refill(winner)
        holders = self.holders()
        self.players_in_trick = len(holders)
        if not holders:
            self.over = True
            self.to_act = None
            return
        self.leader = winner if winner in holders else self._next_holder(winner)
        self.to_act = self.leader

    def _next_holder(self, seat: int) -> int:
        for k in range(1, self.n + 1):
            p = (seat + k) % self.n
            if sum(self.hands[p].values()):
                return p
        raise AssertionError("no seat holds cards")

    def refill(self, winner: int) -> None:
        """Everyone refills to the hand size, the winner first, then in playing order."""
        for k in range(self.n):
            seat = (winner + k) % self.n
            while sum(self.hands[seat].values()) < self.rules.hand_size and self.pile:
                card = self.pile.pop(0)
                self.hands[seat][card] += 1
                face_up = not self.pile and self.turned is not None
                if not face_up:
                    self.voids[seat].clear()
                elif card < 52:
                    self.voids[seat].discard(suit(card))

    def score(self) -> list[int]:
        assert self.over
        if self.rules.score_by == "tricks":
            return [self.tricks_won[p] + (self.rules.last_trick_bonus if p == self.last_winner
                                          else 0) for p in range(self.n)]
        return list(self.taken_points)

    # ---- the greedy policy (dam.c): maximise a key, ties to the lowest card id ----
    def _best(self, cards: set[int], key: Callable[[int], tuple[int, int]]) -> int:
        return max(sorted(cards), key=lambda c: (key(c), -c))

    def _wins(self, card: int) -> bool:
        cards = [c for _, c in self.trick] + [card]
        return reference_winner(cards, self.trump, self.rules.duplicates,
                                self.joker_mode) == len(cards) - 1

    def greedy_card(self) -> int:
        legal = self.legal()
        v = self.values
        collect = self.rules.scoring == "collect"
        if not self.trick:
            if collect:
                return self._best(legal, lambda c: (strength(c), v[c]))
            return self._best(legal, lambda c: (-strength(c), -v[c]))
        wins = {c for c in legal if self._wins(c)}
        if collect and wins:
            return self._best(wins, lambda c: (-strength(c), v[c]))
        if not collect and legal - wins:
            return self._best(legal - wins, lambda c: (v[c], strength(c)))
        return self._best(legal, lambda c: (-v[c], -strength(c)))
