"""The ``Bot`` protocol: a player that chooses the move of its seat, for any phase of a deal, from
what that seat sees; and the checks the arena makes on every move a bot returns."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from trickcore.core._history import KIND_BID, KIND_LOOK, KIND_PASS, KIND_PLAY
from trickcore.core.errors import BotMoveError, RulesError, TrickcoreError
from trickcore.core.seeding import SeedLike
from trickcore.core.trick_deal import Move

# What a bot may do at its turn: pass, bid, look at its hand (Spades), play.
BOT_MOVE_KINDS = (KIND_PASS, KIND_BID, KIND_LOOK, KIND_PLAY)


@runtime_checkable
class Bot(Protocol):
    """A player of one seat. ``choose(deal, seat)`` returns the move (``Pass``, ``Bid``,
    ``Look`` or ``Play`` of ``seat``) for whatever phase ``deal`` is in, ``seat`` being the seat
    to act; it decides from ``deal.observation(seat)`` and the public rules and state (the
    deal's scores before it), never from hidden cards. ``name`` labels it in reports. A bot
    that draws random numbers should offer ``reset(seed)``, after which its choices depend only
    on the seed and the positions it is shown (the arena resets each bot before each game)."""

    @property
    def name(self) -> str: ...

    def choose(self, deal: Any, seat: int) -> Move: ...


class Resettable(Protocol):
    def reset(self, seed: SeedLike) -> None: ...


def check_turn(bot: Bot, deal: Any, seat: object) -> int:
    """``seat`` when it is the seat to act of ``deal``; else BotMoveError naming the bot. A
    deal under Dam's ``open_hands`` raises RulesError: the bots play from their own hand, which
    that variant hides from them."""
    to_act = deal.to_act
    if isinstance(seat, bool) or not isinstance(seat, int) or seat != to_act:
        now = "the deal is over" if to_act is None else f"seat {to_act} is to act"
        raise BotMoveError(f"bot {bot.name!r} was asked to move for seat {seat!r}, but {now}")
    if getattr(deal.rules, "open_hands", False):
        raise RulesError(f"bot {bot.name!r} plays from its own hand, which open_hands hides "
                         "from it")
    return seat


def apply_move(target: Any, bot: Bot, seat: int, move: object) -> None:
    """Makes ``move``, returned by ``bot`` for ``seat``, on ``target`` (a deal or a match) by
    its checked methods; a move that is not a legal move of ``seat`` raises BotMoveError naming
    the bot and the move, and nothing changes."""
    deal = getattr(target, "deal", target)
    if (type(move) not in deal.MOVE_TYPES or getattr(move, "KIND", None) not in BOT_MOVE_KINDS
            or getattr(move, "seat", None) != seat):
        kinds = ", ".join(m.__name__ for m in deal.MOVE_TYPES if m.KIND in BOT_MOVE_KINDS)
        raise BotMoveError(f"bot {bot.name!r} at seat {seat} returned {move!r}: expected a move "
                           f"of seat {seat} ({kinds})")
    try:
        move.apply_to(target)  # type: ignore[attr-defined]
    except TrickcoreError as error:
        raise BotMoveError(f"bot {bot.name!r} at seat {seat} chose an illegal move ({move}): "
                           f"{error}") from None
