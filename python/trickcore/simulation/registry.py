"""Game names for the CLI and ``simulate("svarta-maja", ...)``, resolved lazily.

Each name points at a rules preset by import path, so listing the games imports nothing and a
game whose module is not part of this installation is reported clearly when it is asked for.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from trickcore.simulation.errors import GameUnavailableError, UnknownGameError
from trickcore.simulation.protocol import SimulationRules, check_rules


@dataclass(frozen=True)
class Game:
    """A registry entry: ``target`` is ``"module:Attribute.path"`` of a rules preset (a
    callable taking keyword overrides)."""

    name: str
    target: str
    description: str

    def available(self) -> bool:
        """Whether the game's module can be imported here (imports it)."""
        try:
            self.preset()
        except GameUnavailableError:
            return False
        return True

    def preset(self) -> Any:
        module_name, _, path = self.target.partition(":")
        try:
            target: Any = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name is None or not (module_name + ".").startswith(error.name + "."):
                raise  # a missing dependency inside the game module is a real error
            raise GameUnavailableError(
                f"game {self.name!r} needs {module_name}, which is not part of this "
                "installation") from None
        for part in path.split("."):
            if not hasattr(target, part):
                raise GameUnavailableError(
                    f"game {self.name!r} needs {self.target}, which {module_name} does not "
                    "define in this installation")
            target = getattr(target, part)
        return target


GAMES: dict[str, Game] = {game.name: game for game in (
    Game("svarta-maja", "trickcore.hearts:Rules.svarta_maja",
         "Svarta Maja (Swedish Hearts)"),
    Game("spardame", "trickcore.hearts:Rules.spardame", "Spardame (Norwegian Hearts)"),
    Game("spades", "trickcore.spades:Rules.standard", "Spades, partnership bidding"),
    Game("dam-avoid", "trickcore.dam:Rules.avoid", "Danish Dam, avoiding penalty cards"),
    Game("dam-collect", "trickcore.dam:Rules.collect", "Danish Dam, collecting cards"),
    Game("draughts", "trickcore.draughts.simulation:Rules", "English draughts, random games"),
    Game("deals", "trickcore.simulation.random_deals:DealStats",
         "random deals: high-card points, suit lengths, voids"),
)}


def game(name: str) -> Game:
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGameError(
            f"unknown game {name!r}; games: {', '.join(sorted(GAMES))}") from None


def rules_for(name: str, **overrides: Any) -> SimulationRules:
    """The default rules of a registered game, with keyword ``overrides``."""
    return check_rules(game(name).preset()(**overrides))
