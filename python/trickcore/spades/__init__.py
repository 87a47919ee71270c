"""Spades (Swedish "Spader"): partnerships or cutthroat, bidding with nil and blind nil, bags,
the suicide, mirror, whiz, jokers and misdeal variants, and refereeing in strict or table mode.

``Rules`` holds every parameter (preset ``Rules.standard()``), ``Deal`` is one deal as a state
machine (bidding, play, scoring) on the C kernel ``src/trickcore/spades.c``, ``Match`` plays deals
to the target, and ``Rules.simulate_block`` plays complete deals by the million in C for
``trickcore.simulate``. The rules are in ``docs/rules/spades.md``; where the source is silent the
choice made is noted on the parameter or the method."""

from trickcore.core.trick_deal import Play
from trickcore.spades._core import BLIND_NIL
from trickcore.spades.deal import Bid, Deal, DealScore, Look, Misdeal, Renege, SpadesObservation
from trickcore.spades.match import Match
from trickcore.spades.rules import ALL_MISDEALS, JOKER_REMOVAL, PRESETS, BidValue, Rules

__all__ = [
    "ALL_MISDEALS",
    "BLIND_NIL",
    "JOKER_REMOVAL",
    "PRESETS",
    "Bid",
    "BidValue",
    "Deal",
    "DealScore",
    "Look",
    "Match",
    "Misdeal",
    "Play",
    "Renege",
    "Rules",
    "SpadesObservation",
]
