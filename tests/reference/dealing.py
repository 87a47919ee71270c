"""Pure-Python reference of the dealer (src/trickcore/deal.h, tc_dealer) and of deal_batch's stock
order: the same 64-bit words from the bit generator give the same hands.

Bounded indices: four per 64-bit word while the bounds allow (the batched multiply-and-reject
method of tc_draw4), then one per word (Lemire's method, tc_random_below). Cards: seats
players-1 down to 0 each take hand_size cards, each the k-th lowest undealt card; without a rest,
seat 0 takes the last hand without draws."""

from __future__ import annotations

from collections.abc import Callable

WORD = 1 << 64
Words = Callable[[], int]


def draw4(words: Words, bound: int) -> list[int]:
    product = bound * (bound - 1) * (bound - 2) * (bound - 3)
    while True:
        rest, out = words(), []
        for b in range(bound, bound - 4, -1):
            rest *= b
            out.append(rest >> 64)
            rest %= WORD
        if rest >= (WORD - product) % product:
            return out


def random_below(words: Words, bound: int) -> int:
    while True:
        product = words() * bound
        if product % WORD >= (WORD - bound) % bound:
            return product >> 64


def indices(words: Words, size: int, picks: int) -> list[int]:
    """index[t] uniform below size - t, for t < picks."""
    out: list[int] = []
    while len(out) < picks and size - len(out) >= 4:
        out += draw4(words, size - len(out))
    while len(out) < picks:
        out.append(random_below(words, size - len(out)))
    return out[:picks]


def cards_of(mask: int) -> list[int]:
    return [c for c in range(64) if mask >> c & 1]


def reference_deal(words: Words, deck: int, players: int, hand_size: int) -> tuple[list[int], int]:
    """One deal: the hands as masks and the undealt rest as a mask."""
    undealt = cards_of(deck)
    picking = players - 1 if players * hand_size == len(undealt) else players
    ks = iter(indices(words, len(undealt), picking * hand_size))
    hands = [0] * players
    for seat in range(players - 1, players - 1 - picking, -1):
        for _ in range(hand_size):
            hands[seat] |= 1 << undealt.pop(next(ks))
    rest = sum(1 << c for c in undealt)
    if picking < players:
        hands[0], rest = rest, 0
    return hands, rest


def reference_stock_order(words: Words, rest: int) -> list[int]:
    """deal_batch's stock after a deal: the rest's cards in a uniformly random order."""
    left = cards_of(rest)
    order = [left.pop(k) for k in indices(words, len(left), len(left) - 1)]
    return order + left
