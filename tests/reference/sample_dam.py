"""Brute-force twin of the Dam sampler (tests only): the exact distribution of the hidden hands
and the pile's order given one seat's observation, by counting for each outcome the dealt
arrangements (a card per place: hands as dealt, then the pile) whose replay is legal.

Independent of the C planner: the draws follow the rules text (after each trick the winner
draws first, then the others in playing order, while the pile lasts; the turned card is drawn
last), a seat's history is counted forward trick by trick with memoisation, and the outcomes
are enumerated directly."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import permutations
from math import factorial, prod
from typing import Any

Key = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]


def suit(card: int) -> int | None:
    return None if card >= 52 else card // 13


def schedule(deal: Any) -> tuple[list[list[tuple[int, int, frozenset[int]]]], list[list[int]],
                                 int | None]:
    """Per seat its plays (trick, card, suits shown lacking) and the tricks after which it drew,
    and the seat that drew the turned card (None: not drawn or no turn)."""
    rules = deal.rules
    n = rules.players
    plays: list[list[tuple[int, int, frozenset[int]]]] = [[] for _ in range(n)]
    draws: list[list[int]] = [[] for _ in range(n)]
    pile = rules.pile_size
    turned_by = None
    tricks = list(deal.tricks) + ([deal.current_trick] if deal.current_trick else [])
    for t, trick in enumerate(tricks):
        led = None
        for play in trick.plays:
            card = int(play.card)
            lacking = frozenset() if led is None or suit(card) in (None, led) else {led}
            plays[play.seat].append((t, card, frozenset(lacking)))
            if led is None:
                led = suit(card)
        if trick in deal.tricks:
            for k in range(min(n, pile)):
                seat = (trick.winner + k) % n
                draws[seat].append(t + 1)
                if pile - k == 1 and rules.turn_trump:
                    turned_by = seat
            pile = max(0, pile - n)
    return plays, draws, turned_by


def arrangements(rules: Any, content: Counter[int], plays: list[tuple[int, int, frozenset[int]]],
                 draws: list[int], pinned: int | None) -> int:
    """The sequences of cards over one seat's places (hand as dealt, then each draw) whose
    replay is legal: each play held, no card of a suit shown lacking held then. ``pinned``: the
    card its last draw must be (the turned card)."""
    h = rules.hand_size
    events: list[tuple[str, Any]] = []
    tricks = sorted({t for t, _, _ in plays} | set(draws))
    by_trick = {t: (card, lacking) for t, card, lacking in plays}
    for t in tricks:
        if t in draws:
            events.append(("draw", pinned if pinned is not None and t == draws[-1] else None))
        if t in by_trick:
            events.append(("play", by_trick[t]))

    @cache
    def count(i: int, left: tuple[int, ...], held: tuple[int, ...]) -> int:
        if i == len(events):
            return 1
        kind, what = events[i]
        hand = Counter(held)
        if kind == "play":
            card, lacking = what
            if hand[card] == 0 or any(suit(c) in lacking for c in hand.elements()):
                return 0
            hand[card] -= 1
            return count(i + 1, left, tuple(sorted(hand.elements())))
        rest = Counter(left)
        total = 0
        for card in sorted(rest):
            if what is not None and card != what:
                continue
            rest[card] -= 1
            total += count(i + 1, tuple(sorted(rest.elements())),
                           tuple(sorted((hand + Counter([card])).elements())))
            rest[card] += 1
        return total

    total = 0
    for dealt in sub_multisets(content, h):
        rest = content - dealt
        ways = factorial(h) // prod(factorial(k) for k in dealt.values())
        total += ways * count(0, tuple(sorted(rest.elements())), tuple(sorted(dealt.elements())))
    return total


def sub_multisets(pool: Counter[int], size: int) -> Iterator[Counter[int]]:
    cards = sorted(pool)

    def grow(i: int, left: int) -> Iterator[Counter[int]]:
        if left == 0:
            yield Counter()
            return
        if i == len(cards):
            return
        for k in range(min(pool[cards[i]], left), -1, -1):
            for rest in grow(i + 1, left - k):
                yield rest + Counter({cards[i]: k}) if k else rest

    return grow(0, size)


def masks(hand: Counter[int]) -> tuple[int, int]:
    once = sum(1 << c for c in hand if hand[c] >= 1)
    twice = sum(1 << c for c in hand if hand[c] >= 2)
    return once, twice


def consistent_outcomes(deal: Any, seat: int) -> dict[Key, int]:
    """Every (hands now as (once, twice) masks per seat, pile in draw order) consistent with
    ``seat``'s observation, with its number of legal dealt arrangements."""
    rules = deal.rules
    n = rules.players
    plays, draws, turned_by = schedule(deal)
    hidden = [seat] if rules.open_hands else [p for p in range(n) if p != seat]
    now = [Counter({c: h.count(c) for c in h.distinct()}) for h in deal.hands()]
    played = [Counter(card for _, card, _ in plays[p]) for p in range(n)]
    unseen = Counter({c: rules.deck.count(c) for c in range(56) if rules.deck.count(c)})
    for p in range(n):
        unseen -= played[p]
        if p not in hidden:
            unseen -= now[p]
    turned = None if deal.trump_card is None else int(deal.trump_card)
    pile_left = deal.pile_size
    fixed_last = turned is not None and turned_by is None
    if fixed_last:
        unseen -= Counter([turned])
    outcomes: dict[Key, int] = {}
    counted: dict[tuple[int, tuple[int, ...]], int] = {}

    def weight_of(p: int, hand: Counter[int]) -> int:
        key = (p, tuple(sorted(hand.elements())))
        if key not in counted:
            pin = turned if turned_by == p else None
            counted[key] = arrangements(rules, played[p] + hand, plays[p], draws[p], pin)
        return counted[key]

    def deal_out(i: int, pool: Counter[int], hands: dict[int, Counter[int]]) -> None:
        if i == len(hidden):
            free = pile_left - (1 if fixed_last else 0)
            for order in set(permutations(sorted(pool.elements()), free)):
                pile = order + ((turned,) if fixed_last else ())
                weight = prod(weight_of(p, hands[p]) for p in hidden)
                if weight:
                    full = [masks(hands[p]) if p in hands else masks(now[p]) for p in range(n)]
                    outcomes[(tuple(full), tuple(pile))] = weight
            return
        p = hidden[i]
        for part in sub_multisets(pool, sum(now[p].values())):
            deal_out(i + 1, pool - part, {**hands, p: part})

    deal_out(0, unseen, {})
    return outcomes
