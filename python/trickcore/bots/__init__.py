"""Bots: players that choose a seat's moves from what it sees (``Bot``), the games' C policies
as bots (``RandomBot``, ``GreedyBot``, ``RuleBot``), the searchers (``PimcBot``, ``IsmctsBot``)
and the registry of bot names. See docs/bots.md."""

from trickcore.bots.ismcts import IsmctsBot
from trickcore.bots.pimc import PimcBot
from trickcore.bots.policy import GreedyBot, PolicyBot, RandomBot, RuleBot
from trickcore.bots.protocol import Bot, apply_move, check_turn
from trickcore.bots.registry import BOTS, make_bot, register_bot

__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "IsmctsBot",
    "PimcBot",
    "PolicyBot",
    "RandomBot",
    "RuleBot",
    "apply_move",
    "check_turn",
    "make_bot",
    "register_bot",
]
