"""Danish Dam: two packs shuffled together, a draw pile that refills the hands after each trick,
and two scorings that are never mixed (avoid the valuable cards, or collect the honours).

``Rules`` holds every parameter (presets ``Rules.avoid()`` and ``Rules.collect()``), ``Deal`` is
one deal as a state machine on the C kernel ``src/trickcore/dam.c`` (hands are multisets: a
player may hold both copies of a card), ``Match`` plays deals to the end of a game, and
``Rules.simulate_block`` plays complete deals by the million in C for ``trickcore.simulate``.
The rules are in ``docs/rules/dam.md``; where the sources are silent the choice made is noted
on the parameter. One more choice of ours: when the pile ran out part-way, a short player plays
its last card one trick before the others; if it wins that trick, the next seat in playing
order that still holds cards leads."""

from trickcore.core.trick_deal import Play
from trickcore.dam.deal import DamObservation, Deal
from trickcore.dam.match import Match
from trickcore.dam.rules import PRESETS, Rules

__all__ = [
    "PRESETS",
    "DamObservation",
    "Deal",
    "Match",
    "Play",
    "Rules",
]
