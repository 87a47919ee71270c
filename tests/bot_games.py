"""Test helpers for the searching bots: the card games with a sampler (Dam with 3 players),
whole deals played by a list of bots, and a position reached by rule players."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import trickcore as tc
from trickcore.bots import RuleBot, apply_move

RULES = {
    "svarta-maja": tc.hearts.Rules.svarta_maja(),
    "spardame": tc.hearts.Rules.spardame(),
    "hearts-5": tc.hearts.Rules.svarta_maja(players=5),
    "spades": tc.spades.Rules.standard(),
    "spades-jokers": tc.spades.Rules.standard(jokers=True),
    "dam-collect": tc.dam.Rules.collect(players=3),
}
DEALS = {tc.hearts.Rules: tc.hearts.Deal, tc.spades.Rules: tc.spades.Deal,
         tc.dam.Rules: tc.dam.Deal}


def play(rules: Any, bots: list[Any], seed: int) -> Any:
    """A deal of ``rules`` from ``seed`` played to its end, seat s by ``bots[s]``."""
    deal = DEALS[type(rules)].random(rules, seed=seed)
    while not deal.is_over:
        seat = deal.to_act
        apply_move(deal, bots[seat], seat, bots[seat].choose(deal, seat))
    return deal


def position(rules: Any, seed: int, cards_left: int) -> Any:
    """A deal played by rule players until the seat to lead holds ``cards_left`` cards."""
    deal = DEALS[type(rules)].random(rules, seed=seed)
    rule = RuleBot(seed=seed)
    while deal.phase != "play" or len(deal.hand(deal.to_act)) > cards_left \
            or deal.current_trick.plays:
        apply_move(deal, rule, deal.to_act, rule.choose(deal, deal.to_act))
    return deal


def plays_a_whole_deal(rules: Any, searcher: Callable[[int], Any]) -> bool:
    """Whether ``searcher(seed)`` at the even seats and rule players at the others finish a
    deal of ``rules`` (every move checked legal by ``apply_move``), trick by trick."""
    bots = [searcher(s) if s % 2 == 0 else RuleBot(seed=s) for s in range(rules.players)]
    deal = play(rules, bots, seed=3)
    return bool(deal.is_over and deal.tricks
                and not any(len(deal.hand(s)) for s in range(rules.players)))
