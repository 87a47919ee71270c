"""Game names for the CLI and ``simulate("svarta-maja", ...)``, resolved lazily.

Each name points at a rules preset by import path, so listing the games imports nothing and a
game whose module is not part of this installation is reported clearly when it is asked for.
"""

from __future__ import annotations

import dataclasses
import difflib
import importlib
from dataclasses import dataclass
from typing import Any

from trickcore.core.errors import RulesError
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
        """The callable that makes the game's rules from keyword overrides."""
        return self._resolve(self.target.partition(":")[2].split("."))

    def rules_class(self) -> type:
        """The rules dataclass of the game (the preset's class, or the preset itself)."""
        cls: type = self._resolve(self.target.partition(":")[2].split(".")[:1])
        return cls

    def _resolve(self, parts: list[str]) -> Any:
        module_name = self.target.partition(":")[0]
        try:
            target: Any = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name is None or not (module_name + ".").startswith(error.name + "."):
                raise  # a missing dependency inside the game module is a real error
            raise GameUnavailableError(
                f"game {self.name!r} needs {module_name}, which is not part of this "
                "installation") from None
        for part in parts:
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


# Names people use for a family of games, and the registry names they may mean.
ALIASES: dict[str, tuple[str, ...]] = {
    "hearts": ("svarta-maja", "spardame"),
    "black-maria": ("svarta-maja",),
    "dam": ("dam-avoid", "dam-collect"),
    "checkers": ("draughts",),
}


def game(name: str) -> Game:
    """The registry entry of ``name``, read forgivingly (case, ``_`` or spaces for ``-``); an
    unknown name raises UnknownGameError suggesting the names it may mean."""
    key = "-".join(str(name).strip().lower().replace("_", " ").split())
    if key in GAMES:
        return GAMES[key]
    suggestions = ALIASES.get(key) or tuple(difflib.get_close_matches(key, GAMES, n=3))
    if suggestions:
        names = " or ".join(filter(None, (", ".join(suggestions[:-1]), suggestions[-1])))
        raise UnknownGameError(f"unknown game {name!r}; did you mean {names}?")
    raise UnknownGameError(f"unknown game {name!r}; games: {', '.join(sorted(GAMES))}")


def rules_for(name: str, **overrides: Any) -> SimulationRules:
    """The default rules of a registered game, with keyword ``overrides`` (rule parameters of
    the game's rules class; RulesError names any other)."""
    entry = game(name)
    known = {f.name for f in dataclasses.fields(entry.rules_class()) if f.init}
    unknown = sorted(set(overrides) - known)
    if unknown:
        raise RulesError(f"unknown rule parameter(s) {', '.join(unknown)} for {entry.name}; "
                         f"parameters: {', '.join(sorted(known))}")
    return check_rules(entry.preset()(**overrides))
