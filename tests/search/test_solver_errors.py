"""The solver's bad-input contract (solver spec, issue #16): ``solve``, ``solve_value`` and
``solve_line`` only in the play phase, only the game's objectives, only real seats and table
sizes; ``solve_batch`` only on deals of one game. Every refusal is a TrickcoreError (so a
ValueError) whose message names the reason, and the deal is unchanged afterwards (``to_json()``
identical).

Where the spec names the class (the phase, a finished deal, an unknown objective) the test asks
for ``trickcore.SolveError``; for a bad seat or table size it only asks for a TrickcoreError
naming the argument (SolveError, ArgumentError or IllegalMoveError, as the project's argument
checks raise them, are all fine).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from positions import small_hearts_deal

import trickcore
from trickcore import dam, hearts, spades
from trickcore.search._solver import ALL_SWITCHES, Solver

FREE_PLAY = {"first_lead": "left-of-dealer", "first_trick_protected": False,
             "hearts_must_be_broken": False}


def hearts_in_play() -> hearts.Deal:
    return small_hearts_deal(["2H AC", "3H KC", "4H QC", "QS 2C"], dealer=3, moon="off",
                             **FREE_PLAY)


def hearts_passing() -> hearts.Deal:
    deal = hearts.Deal.random(hearts.Rules.svarta_maja(), seed=7)
    assert deal.phase == "pass"
    return deal


def spades_bidding() -> spades.Deal:
    deal = spades.Deal.random(spades.Rules.standard(), seed=7)
    assert deal.phase == "bid"
    return deal


def spades_in_play() -> spades.Deal:
    """Bid and played down to four cards a hand (small: a refusal is never slow to reach; at
    three the bounds settle the value at once, and a node limit has nothing to stop)."""
    deal = spades_bidding()
    while deal.phase == "bid":
        deal.bid(deal.legal_bids()[1])
    while deal.tricks_played < 9:
        deal.play(deal.legal_moves().lowest())
    return deal


def dam_in_play() -> dam.Deal:
    """Two hands of 10 from one pack, played past the pile down to three cards a hand."""
    deal = dam.Deal.random(dam.Rules.avoid(players=2, hand_size=10, packs=1), seed=7)
    while deal.pile_size or len(deal.hand(0)) > 3:
        deal.play(deal.legal_moves().lowest())
    return deal


def finished(deal: Any) -> Any:
    while not deal.is_over:
        deal.play(deal.legal_moves().lowest())
    return deal


def refused(deal: Any, call: str, match: str, *args: Any, **kwargs: Any
            ) -> pytest.ExceptionInfo[trickcore.TrickcoreError]:
    """Calls ``deal.<call>(*args, **kwargs)``, which must raise a TrickcoreError matching
    ``match`` and leave the deal as it was."""
    before = deal.to_json()
    with pytest.raises(trickcore.TrickcoreError, match=match) as caught:
        getattr(deal, call)(*args, **kwargs)
    assert isinstance(caught.value, ValueError)
    assert deal.to_json() == before
    return caught


SOLVERS = ["solve", "solve_value", "solve_line"]


@pytest.mark.parametrize("call", SOLVERS)
def test_solve_refuses_the_hearts_pass_phase(call: str) -> None:
    caught = refused(hearts_passing(), call, r"pass phase")
    assert isinstance(caught.value, trickcore.SolveError)
    assert "play phase" in str(caught.value)


@pytest.mark.parametrize("call", SOLVERS)
def test_solve_refuses_the_spades_bid_phase(call: str) -> None:
    caught = refused(spades_bidding(), call, r"bid phase")
    assert isinstance(caught.value, trickcore.SolveError)


@pytest.mark.parametrize("call", SOLVERS)
@pytest.mark.parametrize("make", [hearts_in_play, spades_in_play, dam_in_play],
                         ids=["hearts", "spades", "dam"])
def test_solve_refuses_a_finished_deal(call: str, make: Any) -> None:
    deal = finished(make())
    caught = refused(deal, call, r"the deal is over")
    assert isinstance(caught.value, trickcore.SolveError)


@pytest.mark.parametrize("call", SOLVERS)
@pytest.mark.parametrize(("make", "objective", "named"), [
    (hearts_in_play, "tricks", ["points"]),
    (hearts_in_play, "score", ["points"]),
    (spades_in_play, "bogus", ["tricks", "score"]),
    (spades_in_play, "points", ["tricks", "score"]),
    (dam_in_play, "tricks", ["points"]),
    (dam_in_play, "", ["points"]),
], ids=["hearts-tricks", "hearts-score", "spades-bogus", "spades-points",
        "dam-tricks", "dam-empty"])
def test_solve_refuses_an_unknown_objective(call: str, make: Any, objective: str,
                                            named: list[str]) -> None:
    """The message names every objective the game has."""
    caught = refused(make(), call, named[0], objective)
    assert isinstance(caught.value, trickcore.SolveError)
    for name in named:
        assert name in str(caught.value)


@pytest.mark.parametrize("call", SOLVERS)
@pytest.mark.parametrize("objective", [3, b"points", ("points",)], ids=["int", "bytes", "tuple"])
def test_solve_refuses_an_objective_that_is_not_text(call: str, objective: Any) -> None:
    refused(hearts_in_play(), call, r"objective|points", objective)


@pytest.mark.parametrize("call", SOLVERS)
@pytest.mark.parametrize("seat", [-1, 4, 99, 2**70, "1", 1.0, True, [0]],
                         ids=["negative", "players", "large", "huge", "str", "float", "bool",
                              "list"])
@pytest.mark.parametrize("make", [hearts_in_play, spades_in_play, dam_in_play],
                         ids=["hearts", "spades", "dam"])
def test_solve_refuses_a_bad_seat(call: str, seat: Any, make: Any) -> None:
    deal = make()
    if seat == 4 and deal.players == 2:
        seat = 2  # the first seat past a two-player table
    refused(deal, call, r"seat", seat=seat)


@pytest.mark.parametrize("tt_mb", [0, -1, -64, 2**40, 2**70, 64.0, 1.5, True, "64"],
                         ids=["zero", "negative", "negative-64", "huge", "beyond-int64",
                              "float", "fraction", "bool", "str"])
@pytest.mark.parametrize("make", [hearts_in_play, spades_in_play, dam_in_play],
                         ids=["hearts", "spades", "dam"])
def test_solve_refuses_a_bad_table_size(tt_mb: Any, make: Any) -> None:
    refused(make(), "solve", r"tt_mb", tt_mb=tt_mb)


def test_a_refused_call_leaves_the_deal_usable() -> None:
    deal = hearts_in_play()
    refused(deal, "solve", r"seat", seat=7)
    refused(deal, "solve", r"tt_mb", tt_mb=0)
    refused(deal, "solve", r"points", "tricks")
    assert dict(deal.solve().values) == {trickcore.Card("2H"): 13, trickcore.Card("AC"): 0}


@pytest.mark.parametrize("make", [hearts_in_play, spades_in_play, dam_in_play],
                         ids=["hearts", "spades", "dam"])
def test_solve_value_stops_at_its_node_limit(make: Any) -> None:
    deal = make()
    caught = refused(deal, "solve_value", r"node limit \(1 nodes\)", max_nodes=1)
    assert isinstance(caught.value, trickcore.SolveLimitError)
    assert isinstance(caught.value, trickcore.SolveError)
    assert deal.solve_value(max_nodes=10**6) == deal.solve().value


@pytest.mark.parametrize("max_nodes", [0, -5, 1.5, True, "9"])
def test_solve_value_refuses_a_bad_node_limit(max_nodes: Any) -> None:
    refused(spades_in_play(), "solve_value", r"max_nodes", max_nodes=max_nodes)


def test_a_solver_that_hit_its_limit_solves_right_afterwards() -> None:
    # The aborted search's table entries are forgotten, so the next solve is exact.
    deal = spades_in_play()
    solver = Solver(1 << 20, ALL_SWITCHES)
    code, side = deal.OBJECTIVES["tricks"], 0b0101 << (deal.to_act & 1) & 0xF
    solver.node_limit = 3
    with pytest.raises(trickcore.SolveLimitError):
        solver.solve_value(deal, code, side)
    solver.node_limit = 0
    assert solver.solve_value(deal, code, side) == deal.solve("tricks").value
    with pytest.raises(ValueError, match="node limit"):
        solver.node_limit = -1


# -- solve_batch ----------------------------------------------------------------------------


def batch_refused(deals: list[Any], match: str, *args: Any, **kwargs: Any
                  ) -> pytest.ExceptionInfo[trickcore.TrickcoreError]:
    before = [deal.to_json() for deal in deals]
    with pytest.raises(trickcore.TrickcoreError, match=match) as caught:
        trickcore.solve_batch(deals, *args, **kwargs)
    assert [deal.to_json() for deal in deals] == before
    return caught


@pytest.mark.parametrize("deals", [
    lambda: [hearts_in_play(), spades_in_play()],
    lambda: [dam_in_play(), dam_in_play(), hearts_in_play()],
    lambda: [spades_in_play(), dam_in_play()],
], ids=["hearts-spades", "dam-hearts", "spades-dam"])
def test_solve_batch_refuses_a_mix_of_games(deals: Any) -> None:
    """The message says what is wrong: deals of more than one game (by name or by class)."""
    batch_refused(deals(), r"(?i)game|kind|type|class|same|mix|hearts|spades|dam")


def test_solve_batch_of_no_deals() -> None:
    """The spec leaves an empty list open: we accept a TrickcoreError naming the empty batch or
    empty arrays of the documented shapes and types (n = 0). Either way no exception of another
    kind escapes."""
    try:
        batch = trickcore.solve_batch([])
    except trickcore.TrickcoreError as error:
        assert any(word in str(error).lower() for word in ("empty", "no deal", "at least"))
        return
    assert batch.values.shape == (0, 56) and batch.values.dtype == np.int32
    assert batch.legal.shape == (0,) and batch.legal.dtype == np.uint64
    assert batch.value.shape == (0,) and batch.value.dtype == np.int32
    assert batch.nodes.shape == (0,) and batch.nodes.dtype == np.int64


def test_solve_batch_refuses_what_solve_refuses() -> None:
    """A deal not in its play phase, a finished one, an unknown objective, a bad table size or
    worker count: refused for the whole batch, no deal changed."""
    ready = [hearts_in_play(), hearts_in_play()]
    batch_refused([*ready, hearts_passing()], r"pass phase")
    batch_refused([spades_in_play(), spades_bidding()], r"bid phase")
    batch_refused([finished(dam_in_play()), dam_in_play()], r"the deal is over")
    batch_refused(ready, r"points", "tricks")
    batch_refused([spades_in_play()], r"tricks", "bogus")
    batch_refused(ready, r"tt_mb", tt_mb=0)
    batch_refused(ready, r"tt_mb", tt_mb=1.5)
    batch_refused(ready, r"workers", workers=0)
    batch_refused(ready, r"workers", workers=-2)
    batch_refused(ready, r"workers", workers=1.0)
