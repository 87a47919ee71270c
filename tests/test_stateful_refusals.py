"""A stateful test per game (hypothesis): legal and illegal calls interleaved at random; after
every refused call the state is exactly as before (its JSON, legal moves and history), and
undo takes back exactly one accepted move."""

from typing import Any

import hypothesis.strategies as st
from hypothesis import settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import trickcore as tc
from trickcore import draughts

GAMES = {
    "hearts": lambda seed: tc.hearts.Deal.random(tc.hearts.Rules.svarta_maja(), seed=seed),
    "spardame": lambda seed: tc.hearts.Deal.random(tc.hearts.Rules.spardame(players=5),
                                                   seed=seed),
    "spades": lambda seed: tc.spades.Deal.random(tc.spades.Rules.standard(), seed=seed),
    "dam": lambda seed: tc.dam.Deal.random(tc.dam.Rules.avoid(turn_trump=True), seed=seed),
}
JUNK = st.one_of(st.integers(-(2**70), 2**70), st.sampled_from(
    ["", "ZZ", "2C", "AS", "QS", "10h", None, 2.5, "nil", "blind nil", 14, -1]))


def snapshot(deal: Any) -> tuple[str, object, int]:
    return deal.to_json(), deal.legal_moves(), deal.move_count


def legal_action(deal: Any, index: int) -> tuple[str, Any]:
    """The index-th legal action of the phase, as (method name, argument)."""
    if deal.phase == "bid":
        bids = deal.legal_bids()
        return "bid", bids[index % len(bids)]
    if deal.phase == "pass":
        seat = deal.to_act
        hand = sorted(deal.hand(seat))
        count = deal.rules.pass_count
        start = index % (len(hand) - count + 1)
        return "pass", (seat, hand[start:start + count])
    moves = sorted(deal.legal_moves())
    return "play", moves[index % len(moves)]


class CardGameMachine(RuleBasedStateMachine):
    game = "hearts"

    @initialize(seed=st.integers(0, 2**32 - 1))
    def deal_cards(self, seed: int) -> None:
        self.deal = GAMES[self.game](seed)
        self.accepted: list[str] = []

    @rule(index=st.integers(0, 200))
    def legal_move(self, index: int) -> None:
        if self.deal.is_over:
            return
        name, arg = legal_action(self.deal, index)
        before = self.deal.to_json()
        try:
            if name == "pass":
                self.deal.pass_cards(*arg)
            else:
                getattr(self.deal, name)(arg)
        except tc.IllegalMoveError:  # a pass the queen-of-spades rule refuses
            assert name == "pass" and self.deal.to_json() == before
            return
        self.accepted.append(before)

    @rule(value=JUNK, kind=st.sampled_from(["play", "bid", "pass", "seat"]))
    def hostile_call(self, value: Any, kind: str) -> None:
        before = snapshot(self.deal)
        try:
            if kind == "play":
                self.deal.play(value)
            elif kind == "bid" and hasattr(self.deal, "bid"):
                self.deal.bid(value)
            elif kind == "pass" and hasattr(self.deal, "pass_cards"):
                self.deal.pass_cards(value, [value])
            else:
                self.deal.play(min(self.deal.legal_moves() or [0]), seat=value)
        except (tc.TrickcoreError, TypeError):
            assert snapshot(self.deal) == before
            return
        self.accepted.append(before[0])

    @rule()
    def undo(self) -> None:
        if self.accepted:
            self.deal.undo()
            assert self.deal.to_json() == self.accepted.pop()

    @invariant()
    def replays_exactly(self) -> None:
        if hasattr(self, "deal"):
            assert type(self.deal).from_json(self.deal.to_json()).to_json() == self.deal.to_json()


def machine_for(game: str) -> Any:
    machine = type(f"{game.title()}Machine", (CardGameMachine,), {"game": game})
    test = machine.TestCase
    test.settings = settings(max_examples=25, stateful_step_count=40, deadline=None)
    return test


TestHearts = machine_for("hearts")
TestSpardame = machine_for("spardame")
TestSpades = machine_for("spades")
TestDam = machine_for("dam")


class DraughtsMachine(RuleBasedStateMachine):
    @initialize()
    def start(self) -> None:
        self.board = draughts.Board()
        self.fens: list[str] = []

    @rule(index=st.integers(0, 100))
    def legal_move(self, index: int) -> None:
        moves = list(self.board.legal_moves())
        if moves and self.board.outcome() is None:
            self.fens.append(self.board.fen())
            self.board.push(moves[index % len(moves)])

    @rule(text=st.one_of(st.text(max_size=12), st.sampled_from(["11-15", "9x18", "32-28"]),
                         st.integers(), st.none()))
    def hostile_move(self, text: Any) -> None:
        before = (self.board.fen(), len(self.fens))
        try:
            self.board.push(text)
        except (tc.TrickcoreError, TypeError):
            assert (self.board.fen(), len(self.fens)) == before
            return
        self.fens.append(before[0])

    @rule()
    def pop(self) -> None:
        if self.fens:
            self.board.pop()
            assert self.board.fen() == self.fens.pop()


TestDraughts = DraughtsMachine.TestCase
TestDraughts.settings = settings(max_examples=25, stateful_step_count=40, deadline=None)
