"""Random-game simulation: the rules object of the shared simulate protocol and simulate()."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from trickcore.core.errors import RulesError
from trickcore.core.seeding import BLOCK_SIZE
from trickcore.draughts import Termination
from trickcore.draughts.simulation import Rules, simulate
from trickcore.simulation.errors import SimulationArgumentError


def test_rules_are_frozen_hashable_picklable_and_named() -> None:
    rules = Rules(max_plies=500)
    assert rules.game == "draughts" and rules.summary_fields == ("result", "plies")
    assert pickle.loads(pickle.dumps(rules)) == rules and hash(rules) == hash(Rules(max_plies=500))
    with pytest.raises(AttributeError):
        rules.auto_draw = False  # type: ignore[misc]


@pytest.mark.parametrize("kwargs", [{"auto_draw": False}, {"max_plies": 0}, {"max_plies": 1.5},
                                    {"start": "B:W1:B2"}])
def test_bad_rules_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        Rules(**kwargs)  # type: ignore[arg-type]


def test_simulate_block_arrays_and_determinism() -> None:
    rules = Rules()
    seed = np.random.SeedSequence(5)
    games = rules.simulate_block(seed, 300, "random")
    assert set(games) == {"result", "end", "plies", "pieces"}
    assert games["result"].shape == games["plies"].shape == (300,)
    assert games["pieces"].shape == (300, 2)
    assert set(np.unique(games["result"])) <= {-1, 0, 1}
    ends = games["end"]
    assert set(np.unique(ends)) <= {int(Termination.NO_MOVES), int(Termination.REPETITION),
                                    int(Termination.FORTY_MOVES)}
    lost = ends == Termination.NO_MOVES
    assert (games["result"][lost] != 0).all() and (games["result"][~lost] == 0).all()
    again = rules.simulate_block(np.random.SeedSequence(5), 100, "random")
    for name in games:   # a shorter block is a prefix of a longer one
        assert (again[name] == games[name][:100]).all()


def test_simulate_block_refuses_unknown_policy() -> None:
    with pytest.raises(RulesError, match="unknown policy"):
        Rules().simulate_block(np.random.SeedSequence(1), 10, "greedy")


def test_ply_limit() -> None:
    games = Rules(auto_draw=False, max_plies=30).simulate_block(np.random.SeedSequence(2), 200)
    assert games["plies"].max() <= 30
    capped = games["end"] == Termination.MAX_PLIES
    assert capped.any() and (games["plies"][capped] == 30).all()


def test_simulate_is_independent_of_workers() -> None:
    games = BLOCK_SIZE + 500
    one = simulate(games=games, seed=11, workers=1)
    two = simulate(games=games, seed=11, workers=2)
    assert len(one["result"]) == games
    for name in one:
        assert (one[name] == two[name]).all()
    first = simulate(games=200, seed=11)
    assert (first["plies"] == one["plies"][:200]).all()
    assert len(simulate(games=0, seed=1)["result"]) == 0
    with pytest.raises(SimulationArgumentError, match="must be non-negative, not -1"):
        simulate(games=-1)


def test_simulated_results_are_plausible() -> None:
    games = simulate(games=2000, seed=3)
    ended_by_loss = games["end"] == Termination.NO_MOVES
    loser_pieces = np.where(games["result"] == 1, games["pieces"][:, 1], games["pieces"][:, 0])
    assert ended_by_loss.mean() > 0.5
    assert (games["plies"] > 10).all()
    assert (loser_pieces[ended_by_loss] <= 12).all()
    black_moves_last = games["plies"] % 2 == 1
    assert ((games["result"] == 1) == (ended_by_loss & black_moves_last)).all()
