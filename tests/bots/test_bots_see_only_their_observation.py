"""The C policies behind the bots read only the seat's own hand and public facts: swapping two
unplayed cards between two other hands (where no shown void or pass tells them apart) leaves
the seat's observation and every bot's choice unchanged."""

from __future__ import annotations

from typing import Any

import pytest

import trickcore as tc
from trickcore.bots import GreedyBot, RandomBot, RuleBot
from trickcore.core.trick_deal import Pass, Play

GAMES = {"svarta-maja": tc.hearts.Rules.svarta_maja(), "spardame": tc.hearts.Rules.spardame(),
         "spades": tc.spades.Rules.standard()}


def replayed(deal: Any, hands: list[Any]) -> Any:
    copy = type(deal)(deal.rules, hands, dealer=deal.dealer, deal_number=deal.deal_number)
    for move in deal.history:
        move.apply_to(copy)
    return copy


def swaps(deal: Any, seat: int) -> list[Any]:
    """Deals with the same moves in which two cards of two other seats, unplayed and unpassed,
    trade places between those seats' dealt hands."""
    dealt = [set(h) for h in deal.dealt_hands()]
    passed = set()
    for move in deal.history:
        if isinstance(move, Pass):
            passed |= set(move.cards)
    played = {m.card for m in deal.history if isinstance(m, Play)}
    others = [s for s in range(deal.players) if s != seat]
    found = []
    for a in others:
        for b in others:
            if a >= b:
                continue
            for x in sorted(deal.hand(a) & tc.CardSet(list(dealt[a])), key=int):
                for y in sorted(deal.hand(b) & tc.CardSet(list(dealt[b])), key=int):
                    if x.suit != y.suit or {x, y} & (passed | played):
                        continue
                    hands = [set(h) for h in dealt]
                    hands[a] = hands[a] - {x} | {y}
                    hands[b] = hands[b] - {y} | {x}
                    found.append(replayed(deal, [tc.CardSet(list(h)) for h in hands]))
                    if len(found) >= 6:
                        return found
    return found


@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_swapped_consistently_do_not_change_any_bots_choice(game: str) -> None:
    rules = GAMES[game]
    Deal = tc.hearts.Deal if isinstance(rules, tc.hearts.Rules) else tc.spades.Deal
    checked = 0
    for seed in range(6):
        deal = Deal.random(rules, seed=seed, deal_number=seed)
        driver = GreedyBot()
        while not deal.is_over:
            seat = deal.to_act
            if deal.phase == "play":
                for twin in swaps(deal, seat):
                    assert twin.observation(seat) == deal.observation(seat)
                    for kind in (RuleBot, GreedyBot, RandomBot):
                        assert kind(seed=3).choose(twin, seat) == kind(seed=3).choose(deal, seat)
                    checked += 1
            driver.choose(deal, seat).apply_to(deal)
    assert checked > 100
