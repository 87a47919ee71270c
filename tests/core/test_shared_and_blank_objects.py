"""Objects in the states Python can put them in (issue #20): a deal shared between threads, a
deal made with ``__new__`` and never dealt, immutable values whose ``__init__`` is called again,
and None where a typed value is required."""

import threading
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import trickcore as tc
from trickcore import draughts
from trickcore.hearts.rules import HEARTS

DEALS: dict[str, Callable[[], Any]] = {
    "hearts": lambda: tc.hearts.Deal.random(tc.hearts.Rules.svarta_maja(pass_count=0), seed=3),
    "spades": lambda: tc.spades.Deal.random(tc.spades.Rules.standard(), seed=3),
    "dam": lambda: tc.dam.Deal.random(tc.dam.Rules.avoid(), seed=3),
}


def advance(deal: Any) -> None:
    """One move of any phase: a bid in Spades' bidding, else the lowest legal card."""
    if deal.phase == "bid":
        deal.bid(deal.legal_bids()[0])
    else:
        deal.play(min(deal.legal_moves()))


@pytest.mark.parametrize("game", sorted(DEALS))
def test_playouts_of_a_deal_another_thread_plays_on_stay_whole(game: str) -> None:
    # The playouts copy the state while holding the GIL: a concurrent play or undo cannot tear
    # it (before, the kernel read a half-updated state: impossible totals, then a crash).
    deal = DEALS[game]()
    fresh = DEALS[game]()
    expected = {tuple(row) for row in fresh.playouts(200, seed=1)}
    stop = threading.Event()

    def mover() -> None:
        while not stop.is_set():
            advance(deal)
            deal.undo()

    thread = threading.Thread(target=mover)
    thread.start()
    try:
        for _ in range(20):
            rows = deal.playouts(200, seed=1)
            assert {tuple(row) for row in rows} <= expected | _one_move_later(fresh, 200)
    finally:
        stop.set()
        thread.join()
    assert deal.move_count == 0


def _one_move_later(deal: Any, count: int) -> set[tuple[int, ...]]:
    clone = deal.clone()
    advance(clone)
    return {tuple(row) for row in clone.playouts(count, seed=1)}


@pytest.mark.parametrize("game", sorted(DEALS))
def test_a_deal_made_with_new_refuses_every_call_clearly(game: str) -> None:
    cls = type(DEALS[game]())
    blank = cls.__new__(cls)
    calls: list[Callable[[], object]] = [
        lambda: blank.phase, lambda: blank.to_act, lambda: blank.rules, blank.legal_moves,
        lambda: blank.play("2C"), lambda: blank.hand(0), blank.hands, blank.dealt_hands,
        blank.clone, blank.to_json, lambda: blank.playouts(1), lambda: blank.observation(0),
        lambda: blank.void_suits(0), blank.points]
    for call in calls:
        with pytest.raises(tc.TrickcoreError, match="never dealt"):
            call()


def test_blank_kernel_rules_are_refused_by_the_simulation() -> None:
    from trickcore.hearts._core import KernelRules, simulate_block

    with pytest.raises(tc.RulesError, match="never built"):
        simulate_block(KernelRules.__new__(KernelRules), np.random.PCG64(1), 3, "random", False)


def test_immutable_card_sets_cannot_be_built_again() -> None:
    before = HEARTS.mask
    with pytest.raises(TypeError, match="immutable"):
        HEARTS.__init__("AS")
    assert HEARTS.mask == before and len(HEARTS) == 13
    pair = tc.CardMultiset.parse("AS AS")
    with pytest.raises(TypeError, match="immutable"):
        pair.__init__("KH")
    assert str(pair) == str(tc.CardMultiset.parse("AS AS"))


def test_none_where_text_or_a_card_set_is_required_is_refused() -> None:
    with pytest.raises(tc.ParseError, match="text"):
        tc.CardSet.parse(None)  # type: ignore[arg-type]
    with pytest.raises(tc.ParseError, match="text"):
        tc.CardMultiset.parse(None)  # type: ignore[arg-type]
    with pytest.raises(tc.ParseError, match="not a set of cards"):
        tc.CardSet("AS").isdisjoint(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="board"):
        draughts.perft(None, 1)  # type: ignore[arg-type]


def test_huge_ints_are_not_cards_and_not_counts() -> None:
    assert 2**70 not in tc.CardSet("AS") and -(2**70) not in tc.CardMultiset.parse("AS")
    with pytest.raises(tc.ParseError, match="out of range"):
        tc.hearts.Deal.random(tc.hearts.Rules.svarta_maja(), seed=1).play(2**70)
    with pytest.raises(tc.RulesError, match="count"):
        DEALS["hearts"]().playouts(2**70)
    with pytest.raises(tc.RulesError, match="depth"):
        draughts.perft(draughts.Board(), 2**70)
    with pytest.raises(tc.ParseError, match="not a card"):
        tc.Card(2.0)  # type: ignore[arg-type]
    with pytest.raises(tc.InvalidTrickError, match="integer array"):
        tc.trick_winners(np.array([[0.5, 1, 2, 3]]), 3)


def test_rules_and_moves_cannot_be_built_again() -> None:
    rules = tc.hearts.Rules.svarta_maja()
    with pytest.raises(TypeError, match="immutable"):
        rules.__init__(players=5)  # type: ignore[misc]
    assert rules.players == 4 and rules == tc.hearts.Rules.svarta_maja()
    move = draughts.Board().legal_moves()[0]
    text = str(move)
    with pytest.raises(TypeError, match="immutable"):
        move.__init__([9, 13])  # type: ignore[misc]
    assert str(move) == text


def test_a_move_made_with_new_has_no_squares_to_read() -> None:
    blank = draughts.Move.__new__(draughts.Move)
    for read in (lambda: blank.start, lambda: blank.end):
        with pytest.raises(tc.IllegalMoveError, match="never built"):
            read()
    with pytest.raises(tc.IllegalMoveError):
        draughts.Board().push(blank)
