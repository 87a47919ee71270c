"""Pure-Python reference of the trick rule (the C kernel in src/trickcore/trick.h is checked
against it): highest trump if any trump was played, else highest card of the suit led; identical
cards ordered by play; three joker modes."""

from __future__ import annotations

from collections.abc import Sequence


def effective_suit(card: int, jokers: str, trump: int | None) -> int | None:
    if card < 52:
        return card // 13
    return trump if jokers == "top-trump" else None


def reference_winner(
    cards: Sequence[int], trump: int | None, duplicates: str = "first", jokers: str = "none"
) -> int:
    if jokers == "outright":
        for i, c in enumerate(cards):
            if c >= 52:
                return i
    led = next((s for c in cards if (s := effective_suit(c, jokers, trump)) is not None), None)

    def strength(card: int) -> tuple[int, int]:
        suit = effective_suit(card, jokers, trump)
        rank = 13 + card - 52 if card >= 52 else card % 13
        if suit is None:
            return (0, 0)
        if suit == trump:
            return (2, rank)
        return (1, rank) if suit == led else (0, 0)

    best = 0
    for i in range(1, len(cards)):
        s, b = strength(cards[i]), strength(cards[best])
        if s > b or (s == b and s[0] > 0 and duplicates == "last"):
            best = i
    return best
