"""simulate on a Dask LocalCluster started and stopped inside the tests (CI installs the dask
extra; without it these tests are skipped)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from simulation_games import FailingDeals
from trickcore.core.seeding import BLOCK_SIZE
from trickcore.simulation import SimulationError, simulate
from trickcore.simulation.random_deals import DealStats

distributed = pytest.importorskip("distributed")

DEALS = 2 * BLOCK_SIZE + 999


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    # Two single-threaded workers in this process: process workers take seconds to start on a
    # two-core machine shared with other jobs, and threads exercise the same submit/gather path.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as dask_client:
        yield dask_client


def test_a_dask_cluster_gives_the_same_result_as_local_workers(client: Any) -> None:
    local = simulate(DealStats(), DEALS, seed=21, workers=1)
    on_dask = simulate(DealStats(), DEALS, seed=21, executor=client)
    assert on_dask.backend.startswith("dask ") and "(2 workers)" in on_dask.backend
    for name in local.keys():
        np.testing.assert_array_equal(on_dask[name], local[name])
    assert on_dask.stats == local.stats
    streamed = simulate(DealStats(), DEALS, seed=21, executor=client, stats_only=True)
    assert streamed.stats == local.stats


def test_blocks_run_as_named_tasks_on_the_cluster(client: Any) -> None:
    simulate(DealStats(), DEALS, seed=2, executor=client, workers=1)
    prefixes = client.run_on_scheduler(
        lambda dask_scheduler: sorted(dask_scheduler.task_prefixes))
    assert "trickcore-block" in prefixes


def test_a_failing_block_on_the_cluster_is_reported(client: Any) -> None:
    with pytest.raises(SimulationError, match=r"block 1 \(items 16384\.\.32767\): "
                                              "ArithmeticError: kernel overflow") as caught:
        simulate(FailingDeals(fail_block=1), DEALS, seed=1, executor=client)
    assert isinstance(caught.value.__cause__, ArithmeticError)
    again = simulate(DealStats(), 100, seed=1, executor=client)  # the cluster is still usable
    assert again.deals == 100


def test_process_workers_give_the_same_result() -> None:
    # Worker processes unpickle the rules and import trickcore themselves, as on a real cluster.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as process_client:
        on_dask = simulate(DealStats(players=5), DEALS, seed=8, executor=process_client,
                           stats_only=True)
    assert on_dask.stats == simulate(DealStats(players=5), DEALS, seed=8, stats_only=True).stats


def test_the_cli_runs_on_a_scheduler_address(client: Any,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from trickcore.cli.simulate import add_simulate_command

    parser = argparse.ArgumentParser(prog="trickcore")
    add_simulate_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["simulate", "deals", "--deals", "40000", "--seed", "3",
                              "--scheduler", client.scheduler.address, "--no-progress"])
    assert args.run(args) == 0
    out = capsys.readouterr().out
    assert f"on dask {client.scheduler.address} (2 workers)" in out
    expected = simulate(DealStats(), 40_000, seed=3).stats["hcp"].mean()[1]
    (line,) = (line for line in out.splitlines() if line.startswith("hcp[1] "))
    assert line.split()[1] == f"{expected:.4f}"


def test_the_cli_starts_and_stops_a_local_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from trickcore.cli.simulate import add_simulate_command

    parser = argparse.ArgumentParser(prog="trickcore")
    add_simulate_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["simulate", "deals", "--deals", "20000", "--seed", "5",
                              "--scheduler", "local", "--workers", "1", "--stats-only"])
    assert args.run(args) == 0
    out = capsys.readouterr().out
    assert "on dask tcp://127.0.0.1:" in out and "(1 worker)" in out
