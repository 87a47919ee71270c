"""What a player types, read into moves and helper commands (docs/play.md, "Input").

A card is its name in any form ``Card.parse`` reads (``qs``, ``Q♠``, ``10h``) or its number in
the hand as the table shows it; a pass lists its cards; a bid is ``4``, ``nil`` or ``blind nil``;
a helper is a word (``hint``, ``undo``, ``save FILE``...). Bad text raises ParseError quoting
it; whether a readable move is legal is the referee's to say.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from trickcore.core.card import Card
from trickcore.core.errors import ParseError

# Each helper and the words that call it; "save" and "load" take a file name.
HELPERS = {
    "hint": ("hint",), "undo": ("undo", "u"), "save": ("save",), "load": ("load",),
    "quit": ("quit", "q", "exit"), "help": ("help", "?"), "grade": ("grade",),
    "look": ("look",), "moves": ("moves",),
}
NEEDS_ARGUMENT = ("save", "load")
HELP = {
    "hint": "the bot's suggestion (the solver's exact values when few cards are left)",
    "undo": "take back your last decision and the moves after it",
    "save": "save FILE: save the game (JSON for cards, PDN for draughts)",
    "load": "load FILE: continue a saved game",
    "quit": "leave the game",
    "grade": "after a deal: the solver's grade of your plays",
    "look": "Spades: look at your hand (you may bid blind nil before)",
    "moves": "draughts: list the legal moves",
}
_WORD = {word: name for name, words in HELPERS.items() for word in words}


@dataclass(frozen=True)
class Helper:
    """A helper command: ``name`` (a key of HELPERS) and its argument ("" when none)."""

    name: str
    argument: str = ""


def helper(text: str) -> Helper | None:
    """The helper ``text`` calls, or None when it is not a helper word."""
    word, _, rest = text.strip().partition(" ")
    name = _WORD.get(word.lower())
    if name is None:
        return None
    argument = rest.strip()
    if name in NEEDS_ARGUMENT and not argument:
        raise ParseError(f"{name} needs a file name, as in '{name} game.json'")
    if name not in NEEDS_ARGUMENT and argument:
        raise ParseError(f"{name} takes no argument: {text.strip()!r}")
    return Helper(name, argument)


def cards(text: str, hand: Sequence[Card]) -> list[Card]:
    """The cards ``text`` names, each by name or by its number (1..) in ``hand``."""
    found = []
    for token in re.split(r"[\s,]+", text.strip()):
        if not token:
            continue
        if token.isdigit():  # no card name is all digits
            number = int(token)
            if not 1 <= number <= len(hand):
                raise ParseError(f"no card number {number}: your cards are 1..{len(hand)}")
            found.append(hand[number - 1])
        else:
            found.append(Card.parse(token))
    if not found:
        raise ParseError("name a card, as in 'qs', 'Q♠', '10h', or its number in your hand")
    return found


def card(text: str, hand: Sequence[Card]) -> Card:
    """The one card ``text`` names (see ``cards``)."""
    named = cards(text, hand)
    if len(named) != 1:
        raise ParseError(f"play one card, not {len(named)}: {text.strip()!r}")
    return named[0]


def bid(text: str) -> int | str:
    """A Spades bid: a number of tricks, ``nil`` or ``blind nil``."""
    words = " ".join(text.lower().split())
    if words in ("nil", "blind nil"):
        return words
    if words.isdigit():
        return int(words)
    raise ParseError(f"not a bid: {text.strip()!r} (a number of tricks, 'nil' or 'blind nil')")
