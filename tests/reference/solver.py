"""A pure-Python brute-force twin of the C perfect-information solver (src/trickcore/search/,
``Deal.solve`` as specified for issue #16): tests only, never shipped.

Plain minimax over the whole remaining game tree: no pruning, no transposition table, no memo,
no card equivalence. It never re-implements a rule: every move is made with the referee's own
public API (``legal_moves``, ``play``, ``undo`` on a clone of the deal), and every leaf is
scored by the finished deal itself (``points()``, ``tricks_won``, ``result()``). So whatever the
C solver prunes or caches, its ``Solution.values`` must equal ``reference_values`` exactly.

The valuation is the spec's "paranoid" one: the seat's SIDE (the tuple of ``rules.sides``
holding it) is valued by the objective's FINAL value of the whole deal (what was taken before
the position included); side seats choose the side's preferred value, every other seat the
opposite. Slow by design: keep positions to a few cards per hand.
"""

from __future__ import annotations

from typing import Any

from trickcore import dam, hearts, spades
from trickcore.core.card import Card

# The objectives of each game, the default first.
OBJECTIVES: dict[type, tuple[str, ...]] = {
    hearts.Deal: ("points",),
    spades.Deal: ("tricks", "score"),
    dam.Deal: ("points",),
}


def objectives(deal: Any) -> tuple[str, ...]:
    """The objectives the deal's game has, its default first."""
    for kind, names in OBJECTIVES.items():
        if isinstance(deal, kind):
            return names
    raise TypeError(f"not a card game's deal: {deal!r}")


def resolve(deal: Any, objective: str | None, seat: int | None) -> tuple[str, int]:
    """The objective and seat a solve means: the defaults filled in, both checked (a plain
    ValueError: the reference refuses what the solver must refuse, but makes no claim about
    the messages)."""
    names = objectives(deal)
    objective = names[0] if objective is None else objective
    if objective not in names:
        raise ValueError(f"unknown objective {objective!r}: expected one of {names}")
    if deal.phase != "play":
        raise ValueError(f"the reference searches from the play phase, not {deal.phase!r}")
    seat = deal.to_act if seat is None else seat
    if seat not in range(deal.players):
        raise ValueError(f"no seat {seat!r}")
    return objective, seat


def side_of(deal: Any, seat: int) -> tuple[int, ...]:
    """The side ``seat`` plays for: the tuple of ``rules.sides`` holding it."""
    return next(side for side in deal.rules.sides if seat in side)


def lower_is_better(deal: Any, objective: str | None = None) -> bool:
    """Whether the side prefers the lower value: Hearts points always, Spades never, Dam under
    the avoid scoring (``rules.lower_wins``)."""
    if isinstance(deal, hearts.Deal):
        return True
    if isinstance(deal, dam.Deal):
        return bool(deal.rules.lower_wins)
    objectives(deal)  # a Spades deal, or refused
    return False


def final_value(deal: Any, objective: str, seat: int) -> int:
    """The objective's value of a finished deal for ``seat``'s side."""
    side = side_of(deal, seat)
    if objective == "tricks":
        return sum(deal.tricks_won[p] for p in side)
    if objective == "score":
        return int(deal.result().points[deal.rules.side_of(seat)])
    points = deal.points()
    return sum(points[p] for p in side)


def preferred(values: list[int], lower: bool) -> int:
    """The best of ``values`` for a chooser that prefers lower (or higher) values."""
    return min(values) if lower else max(values)


def _minimax(deal: Any, objective: str, seat: int, side: tuple[int, ...], lower: bool) -> int:
    """The value of the position under best play by everybody (``deal`` is played on and
    restored with ``undo``)."""
    if deal.is_over:
        return final_value(deal, objective, seat)
    values = []
    for card in deal.legal_moves():
        deal.play(card)
        values.append(_minimax(deal, objective, seat, side, lower))
        deal.undo()
    # The side's seats choose the side's preference, every other seat the opposite.
    return preferred(values, lower if deal.to_act in side else not lower)


def reference_values(deal: Any, objective: str | None = None,
                     seat: int | None = None) -> dict[Card, int]:
    """What ``deal.solve(objective, seat=seat).values`` must hold: for every legal card of the
    seat to act, the final value for ``seat``'s side (default: the seat to act) after playing
    it, under best play by everybody afterwards. The deal is left unchanged (a clone is
    searched)."""
    objective, seat = resolve(deal, objective, seat)
    side, lower = side_of(deal, seat), lower_is_better(deal, objective)
    work = deal.clone()
    values: dict[Card, int] = {}
    for card in work.legal_moves():
        work.play(card)
        values[Card(card)] = _minimax(work, objective, seat, side, lower)
        work.undo()
    return values


def best_of(deal: Any, values: dict[Card, int], objective: str | None = None,
            seat: int | None = None) -> int:
    """``Solution.value`` for ``values``: the best of them for the seat to act (the side's
    preference when that seat is on ``seat``'s side, else the opposite)."""
    objective, seat = resolve(deal, objective, seat)
    lower = lower_is_better(deal, objective)
    on_side = deal.to_act in side_of(deal, seat)
    return preferred(list(values.values()), lower if on_side else not lower)


def reference_value(deal: Any, objective: str | None = None, seat: int | None = None) -> int:
    """What ``deal.solve(objective, seat=seat).value`` must be."""
    return best_of(deal, reference_values(deal, objective, seat), objective, seat)


def best_cards(values: dict[Card, int], value: int) -> frozenset[Card]:
    """``Solution.best`` for ``values`` (as a set of cards): those worth ``value``."""
    return frozenset(card for card, v in values.items() if v == value)
