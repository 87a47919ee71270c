"""The Hearts family: Svarta Maja (Swedish "Dam") and Spardame (Norwegian), one engine.

``Rules`` holds every parameter (presets ``Rules.svarta_maja()`` and ``Rules.spardame()``),
``Deal`` is one deal as a state machine (passing, play, scoring) on the C kernel
``src/trickcore/hearts.{h,c}``, ``Match`` plays deals to the end of a game, and
``Rules.simulate_block`` plays complete deals by the million in C for ``trickcore.simulate``.
The rules are in ``docs/rules/hearts.md``; where the sources are silent the choice made is
noted on the parameter."""

from trickcore.core.trick_deal import Pass, Play
from trickcore.hearts.deal import Deal, HeartsObservation
from trickcore.hearts.match import Match
from trickcore.hearts.rules import PRESETS, REMOVAL_ORDER, Rules

__all__ = [
    "PRESETS",
    "REMOVAL_ORDER",
    "Deal",
    "HeartsObservation",
    "Match",
    "Pass",
    "Play",
    "Rules",
]
