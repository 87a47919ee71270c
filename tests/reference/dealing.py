"""Pure-Python reference of the bounded draw, the shuffle and the dealer (src/trickcore/deal.h:
tc_index_plan, tc_shuffle, tc_dealer) and of deal_batch's stock order: the same 64-bit words from
the bit generator give the same cards.

Bounded indices below size, size-1, ..., size-picks+1: ceil(picks / 8) words are drawn first;
batch g of up to four bounds (size-4g down; a missing bound counts as 1) takes the 32-bit half g
of those words (low half of word g // 2 first) and gives its indices by the batched
multiply-and-reject method on 32 bits; a rejected batch is redrawn from the low half of a fresh
word. Cards: seats players-1 down to 0 each take hand_size cards, each the k-th lowest undealt
card; without a rest, seat 0 takes the last hand without draws."""

from __future__ import annotations

from collections.abc import Callable

HALF = 1 << 32
Words = Callable[[], int]


def batch(x: int, bounds: list[int]) -> list[int] | None:
    """The indices of a batch from the 32-bit x, or None when the batch rejects x."""
    product, out = 1, []
    for b in bounds:
        product *= b
        x *= b
        out.append(x >> 32)
        x %= HALF
    return out if x >= HALF % product else None


def indices(words: Words, size: int, picks: int) -> list[int]:
    """index[t] uniform below size - t, for t < picks."""
    halves = []
    for _ in range((picks + 7) // 8):
        word = words()
        halves += [word % HALF, word >> 32]
    out: list[int] = []
    for x in halves[:(picks + 3) // 4]:
        t = len(out)
        bounds = [size - t - i if t + i < picks else 1 for i in range(4)]
        got = batch(x, bounds)
        while got is None:
            got = batch(words() % HALF, bounds)
        out += got
    return out[:picks]


def reference_shuffle(words: Words, cards: list[int], keep: int) -> list[int]:
    """tc_shuffle: Fisher-Yates from the top, stopped before position keep."""
    cards = list(cards)
    n = len(cards)
    for t, k in enumerate(indices(words, n, n - max(keep, 1))):
        top = n - 1 - t
        cards[top], cards[k] = cards[k], cards[top]
    return cards


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
