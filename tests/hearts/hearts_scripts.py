"""Named deals and small helpers for the scripted Hearts-family tests."""

from __future__ import annotations

from trickcore import CardSet
from trickcore.hearts import Deal


def hands(*texts: str) -> list[CardSet]:
    return [CardSet.parse(t) for t in texts]


def suit_cards(letter: str, ranks: str = "23456789TJQKA") -> str:
    return " ".join(r + letter for r in ranks)


# Every seat holds one whole suit: seat 0 clubs, 1 diamonds, 2 hearts, 3 spades. Whoever leads
# wins every trick (the others are void in the suit led).
FOUR_SUITS = hands(suit_cards("C"), suit_cards("D"), suit_cards("H"), suit_cards("S"))

# A mixed deal: seat 1 is void in clubs and holds hearts and Q♠; seat 3 holds the top clubs.
MIXED = hands(
    "2C 3C 4C 5C AD KD QD 2H 3H 4H 2S 3S 4S",
    "2D 3D 4D 5D 6D 5H 6H 7H 8H QS 5S 6S 7S",
    "6C 7C 8C 9C TC 7D 8D 9D 9H TH JH 8S 9S",
    "JC QC KC AC TD JD QH KH AH TS JS KS AS",
)

# Six players (2♦ 2♣ 3♦ 3♣ removed, 8 cards each): seat 0 holds only hearts.
SIX_HEARTS = hands(
    "2H 3H 4H 5H 6H 7H 8H 9H",
    "TH 4C 5C 6C 7C 8C 9C TC",
    "JH JC QC KC AC 4D 5D 6D",
    "QH 7D 8D 9D TD JD QD KD",
    "AD 2S 3S 4S 5S 6S 7S 8S",
    "KH AH 9S TS JS QS KS AS",
)


def play(deal: Deal, script: str) -> None:
    """Plays the cards of ``script`` in order, for whoever is to act."""
    for card in script.split():
        deal.play(card)


def finish(deal: Deal) -> None:
    """Plays the deal to its end, each seat playing its lowest legal card (and passing its
    lowest cards)."""
    while not deal.is_over:
        if deal.phase == "pass":
            seat = deal.to_act
            assert seat is not None
            deal.pass_cards(seat, list(deal.legal_moves())[: deal.rules.pass_count])
        else:
            lowest = deal.legal_moves().lowest()
            assert lowest is not None
            deal.play(lowest)
