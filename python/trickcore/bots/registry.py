"""Bots by name: ``make_bot("rule")``; ``register_bot`` adds a name (``"pimc"``, ...)."""

from __future__ import annotations

import difflib
from collections.abc import Callable

from trickcore.bots.ismcts import IsmctsBot
from trickcore.bots.pimc import PimcBot
from trickcore.bots.policy import GreedyBot, RandomBot, RuleBot
from trickcore.bots.protocol import Bot
from trickcore.core.errors import ArgumentError, UnknownBotError
from trickcore.core.seeding import SeedLike

BotFactory = Callable[..., Bot]  # called as factory(seed=..., name=...)

BOTS: dict[str, BotFactory] = {
    "random": RandomBot, "greedy": GreedyBot, "rule": RuleBot, "pimc": PimcBot,
    "ismcts": IsmctsBot}


def register_bot(name: str, factory: BotFactory) -> None:
    """Makes ``name`` a bot name: ``factory(seed=seed, name=name)`` builds one."""
    if not isinstance(name, str) or not name or name != name.strip().lower():
        raise ArgumentError(f"a bot name is a lower-case word such as 'pimc', not {name!r}")
    BOTS[name] = factory


def make_bot(spec: str | Bot, seed: SeedLike = None) -> Bot:
    """The bot ``spec`` names (a registry name), or ``spec`` itself when it is a bot."""
    if isinstance(spec, str):
        name = spec.strip().lower()
        if name not in BOTS:
            close = difflib.get_close_matches(name, BOTS, n=3, cutoff=0.5)
            hint = f"; did you mean {' or '.join(map(repr, close))}?" if close else ""
            raise UnknownBotError(f"unknown bot {spec!r} (bots: {', '.join(BOTS)}){hint}")
        return BOTS[name](seed=seed, name=name)
    if not isinstance(spec, Bot):
        raise ArgumentError(f"a bot is a name ({', '.join(BOTS)}) or an object with name and "
                            f"choose(deal, seat), not {spec!r}")
    return spec
