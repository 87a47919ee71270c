"""The duplicate arena: ``arena(rules, bots, deals=..., seed=...)`` plays every deal once per
rotation of the bots through the seats and reports each bot's mean with a 95% interval from the
paired duplicate scores (docs/bots.md)."""

from trickcore.arena.result import ArenaResult, Difference, load
from trickcore.arena.runner import arena
from trickcore.arena.statistics import Interval

__all__ = ["ArenaResult", "Difference", "Interval", "arena", "load"]
