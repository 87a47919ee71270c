"""Playing against the computer: ``python -m trickcore play GAME`` (docs/play.md).

``CardSession`` and ``DraughtsSession`` hold a game and apply a person's moves, the bots' turns,
undo, hints and saved games without any terminal; ``trickcore.play.terminal`` is the rich front
end on them (the ``play`` extra)."""

from __future__ import annotations

from typing import Any

from trickcore.play.draughts_game import DraughtsSession
from trickcore.play.opponents import (
    OPPONENTS,
    Opponent,
    RandomOpponent,
    make_opponent,
    register_opponent,
)
from trickcore.play.session import DEFAULT_LEVEL, CardSession


def start(rules: Any, *, game: str | None, seat: int = 0, bots: str | None = None,
          level: int | None = None, seed: int = 0, load: str | None = None) -> int:
    """Runs a game in the terminal: a new one of ``rules`` (``game`` its registry name), or
    the saved game ``load``; returns the exit status."""
    from trickcore.play.terminal import CardTable, DraughtsTable, Terminal, read

    terminal = Terminal()
    if load is not None:
        text = read(load)
        if text.lstrip().startswith("{"):
            return CardTable(CardSession.from_json(text), terminal).run()
        return DraughtsTable(DraughtsSession.from_pdn(text), terminal).run()
    names = [name.strip() for name in (bots or "").split(",") if name.strip()]
    if game == "draughts":
        return DraughtsTable(DraughtsSession(rules, seat=seat, opponent=(names or ["engine"])[0],
                                             seed=seed), terminal).run()
    session = CardSession(rules, seat=seat, bots=names or ["rule"],
                          level=DEFAULT_LEVEL if level is None else level, seed=seed)
    return CardTable(session, terminal).run()


__all__ = ["OPPONENTS", "CardSession", "DraughtsSession", "Opponent", "RandomOpponent",
           "make_opponent", "register_opponent", "start"]
