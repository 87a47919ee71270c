"""Hostile values for every public entry point that takes a card, a seat, a count, a depth or a
square: each call either succeeds or raises a trickcore error (a ValueError subclass) that
names the argument. None where a typed value is required, an operator's other operand and an
object where a trickcore class is required may be refused with TypeError, as Python does."""

from collections.abc import Callable
from typing import Any

import pytest

import trickcore as tc
from trickcore import draughts

HOSTILE: list[Any] = [None, 2.5, float("nan"), float("inf"), 2**70, -(2**70), -1, True, "garbage",
                      "", object(), [1], {1}, b"AS"]


def hearts_deal() -> tc.hearts.Deal:
    return tc.hearts.Deal.random(tc.hearts.Rules.svarta_maja(pass_count=0), seed=1)


def spades_deal() -> tc.spades.Deal:
    return tc.spades.Deal.random(tc.spades.Rules.standard(), seed=1)


def dam_deal() -> tc.dam.Deal:
    return tc.dam.Deal.random(tc.dam.Rules.avoid(), seed=1)


CALLS: dict[str, Callable[[Any], object]] = {
    "Card": lambda v: tc.Card(v),
    "Card.parse": lambda v: tc.Card.parse(v),
    "CardSet": lambda v: tc.CardSet(v),
    "CardSet.parse": lambda v: tc.CardSet.parse(v),
    "CardSet in": lambda v: v in tc.CardSet("AS KH"),
    "CardSet.suit": lambda v: tc.CardSet("AS KH").suit(v),
    "CardSet.isdisjoint": lambda v: tc.CardSet("AS").isdisjoint(v),
    "CardSet |": lambda v: tc.CardSet("AS") | v,
    "CardSet.deck": lambda v: tc.CardSet.deck(jokers=v),
    "CardMultiset": lambda v: tc.CardMultiset(v),
    "CardMultiset.parse": lambda v: tc.CardMultiset.parse(v),
    "CardMultiset.count": lambda v: tc.CardMultiset.parse("AS AS").count(v),
    "CardMultiset in": lambda v: v in tc.CardMultiset.parse("AS AS"),
    "trick_winner": lambda v: tc.trick_winner([v, "2C", "3C"]),
    "trick_winner trump": lambda v: tc.trick_winner("2C 3C", trump=v),
    "trick_winners": lambda v: tc.trick_winners([[v, 1, 2, 3]], 3),
    "deal_batch": lambda v: tc.deal_batch(v),
    "deal_batch players": lambda v: tc.deal_batch(2, players=v),
    "hearts hand": lambda v: hearts_deal().hand(v),
    "hearts play": lambda v: hearts_deal().play(v),
    "hearts play seat": lambda v: hearts_deal().play("2C", seat=v),
    "hearts playouts": lambda v: hearts_deal().playouts(v),
    "hearts playouts policy": lambda v: hearts_deal().playouts(2, policy=v),
    "hearts void_suits": lambda v: hearts_deal().void_suits(v),
    "spades bid": lambda v: spades_deal().bid(v),
    "spades look": lambda v: spades_deal().look(v),
    "spades playouts": lambda v: spades_deal().playouts(v),
    "dam play": lambda v: dam_deal().play(v),
    "dam hand": lambda v: dam_deal().hand(v),
    "dam playouts": lambda v: dam_deal().playouts(v),
    "draughts piece_at": lambda v: draughts.Board().piece_at(v),
    "draughts perft depth": lambda v: draughts.perft(draughts.Board(), v),
    "draughts perft board": lambda v: draughts.perft(v, 1),
    "draughts Board": lambda v: draughts.Board(v),
    "draughts parse_move": lambda v: draughts.Board().parse_move(v),
    "draughts push": lambda v: draughts.Board().push(v),
}


# Calls whose argument must be a trickcore object (an operand, a Board): TypeError, as in Python.
TYPED = {"CardSet |", "draughts perft board"}


@pytest.mark.parametrize("value", HOSTILE, ids=repr)
@pytest.mark.parametrize("name", sorted(CALLS))
def test_hostile_argument_is_refused_with_a_trickcore_error(name: str, value: Any) -> None:
    try:
        CALLS[name](value)
    except tc.TrickcoreError:
        pass
    except TypeError:
        if value is not None and name not in TYPED:
            raise
