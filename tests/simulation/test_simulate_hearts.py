"""simulate with real Hearts-family runs: the C playout kernel behind the generic framework."""

from __future__ import annotations

import argparse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from trickcore import CardSet
from trickcore.cli.simulate import add_simulate_command
from trickcore.core.seeding import BLOCK_SIZE
from trickcore.hearts import Rules
from trickcore.simulation import SimulationResult, load, simulate

DEALS = BLOCK_SIZE + 2345  # two blocks, the second partial


@pytest.fixture(scope="module")
def svarta_maja() -> SimulationResult:
    return simulate(Rules.svarta_maja(), DEALS, seed=7, workers=1)


def same_rows(a: SimulationResult, b: SimulationResult) -> None:
    assert a.keys() == b.keys()
    for name in a.keys():
        np.testing.assert_array_equal(a[name], b[name])
    assert a.stats == b.stats


def test_rows_are_the_kernels_blocks_concatenated(svarta_maja: SimulationResult) -> None:
    rules = Rules.svarta_maja()
    root = np.random.SeedSequence(7)
    first = rules.simulate_block(np.random.SeedSequence(root.entropy, spawn_key=(0,)),
                                 BLOCK_SIZE, "random")
    second = rules.simulate_block(np.random.SeedSequence(root.entropy, spawn_key=(1,)),
                                  2345, "random")
    for name in first:
        np.testing.assert_array_equal(svarta_maja[name],
                                      np.concatenate([first[name], second[name]]))
    assert svarta_maja["points"].shape == (DEALS, 4) and svarta_maja["moon"].dtype == np.bool_


def test_identical_for_workers_and_executors(svarta_maja: SimulationResult) -> None:
    same_rows(simulate(Rules.svarta_maja(), DEALS, seed=7, workers=2), svarta_maja)
    with ThreadPoolExecutor(2) as pool:
        same_rows(simulate(Rules.svarta_maja(), DEALS, seed=7, executor=pool), svarta_maja)
    assert simulate("svarta-maja", DEALS, seed=7, stats_only=True).stats == svarta_maja.stats


def test_identical_on_a_dask_cluster(svarta_maja: SimulationResult) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        same_rows(simulate(Rules.svarta_maja(), DEALS, seed=7, executor=client), svarta_maja)


def test_summary_has_points_per_seat_moon_and_void_rates(svarta_maja: SimulationResult) -> None:
    assert list(svarta_maja.stats) == ["points", "moon", "void"]
    labels = [row.label for row in svarta_maja.summary()]
    assert labels == ["points[0]", "points[1]", "points[2]", "points[3]", "moon", "void"]
    points = svarta_maja.stats["points"]
    assert np.array_equal(points.mean(), svarta_maja["points"].mean(axis=0))
    moon = svarta_maja.stats["moon"]
    assert float(moon.mean()) == svarta_maja["moon"].mean()
    # 26 points go round each deal: to the takers, or 3 x 26 to the others after a moon.
    totals = svarta_maja["points"].sum(axis=1)
    assert set(np.unique(totals)) <= {26, 78}
    assert np.array_equal(totals == 78, svarta_maja["moon"])


def test_spardame_and_greedy_runs_through_the_registry() -> None:
    spardame = simulate("spardame", 3000, seed=1, policy="greedy", workers=2)
    assert spardame.rules == Rules.spardame() and spardame.policy == "greedy"
    random_play = simulate("spardame", 3000, seed=1)
    assert not np.array_equal(spardame["points"], random_play["points"])
    assert list(spardame.stats) == ["points", "moon", "void"]


def test_custom_rules_save_load_and_reproduce(tmp_path: Path) -> None:
    rules = Rules.svarta_maja(players=5, removed=CardSet("2D 2C"), pass_count=0,
                              card_points={"JD": -10}, teams=False)
    result = simulate(rules, 2000, seed=np.random.SeedSequence(99, spawn_key=(3,)))
    for suffix in ("npz", "parquet"):
        if suffix == "parquet":
            pytest.importorskip("pyarrow")
        loaded = load(result.save(tmp_path / f"run.{suffix}"))
        assert loaded.rules == rules and loaded.stats == result.stats
        same_rows(loaded.reproduce(workers=2), result)


def test_cli_prints_the_hearts_summary(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="trickcore")
    add_simulate_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["simulate", "svarta-maja", "--deals", "20000", "--seed", "1"])
    assert args.run(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "svarta-maja: 20,000 deals, policy random, seed 1"
    assert "deals/s" in lines[1]
    assert [line.split()[0] for line in lines[4:]] == [
        "points[0]", "points[1]", "points[2]", "points[3]", "moon", "void"]
