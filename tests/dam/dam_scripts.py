"""Helpers for scripted Dam deals with named cards (tests only)."""

from __future__ import annotations

from trickcore import Card, CardMultiset
from trickcore.dam import Deal, Rules


def deal_with(rules: Rules, hands: list[str], pile_top: str = "", dealer: int = 0) -> Deal:
    """A deal whose hands start with the named cards, completed with the lowest cards left in
    the deck (clubs first); the pile starts with ``pile_top`` and holds the rest in id order."""
    left = rules.deck
    named = [CardMultiset.parse(h) for h in hands]
    top = [Card.parse(c) for c in pile_top.split()]
    for hand in named:
        left = left - hand
    for card in top:
        left = left.remove(card)
    filler = list(left)
    full = []
    for hand in named:
        need = rules.hand_size - len(hand)
        full.append(hand + CardMultiset(filler[:need]))
        filler = filler[need:]
    return Deal(rules, full, top + filler, dealer=dealer)


def play_all(deal: Deal, cards: str) -> None:
    """Plays the named cards in order, each for the seat to act."""
    for card in cards.split():
        deal.play(card)
