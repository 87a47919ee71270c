"""simulate at scale: speed-up of two workers over one, and the overhead of a Dask LocalCluster.

Targets (issue 7, Hearts random playouts): two workers at least 1.8x one worker on a two-core
machine, shown beside the speed-up of two independent processes (what the machine itself gives
two busy cores: on a VM it can be well under 2x); a Dask LocalCluster within 10% of local
threads for a 10-million-deal run (``scale`` 10; CI's short mode runs 1 million). DealStats
(dealing only) runs too, as a kernel-light case. The ratios are recorded in each benchmark's
extra_info and printed (-s). Figures are noisy on a shared machine: compare best-of-N, never
assert speed.
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from trickcore.simulation import SimulationResult, SimulationRules, simulate
from trickcore.simulation.random_deals import DealStats

ROUNDS = 3


def rules_under_test() -> list[Any]:
    games: list[Any] = [pytest.param(DealStats(), id="deals")]
    if importlib.util.find_spec("trickcore.hearts") is not None:
        from trickcore.hearts import Rules

        # Issue 3's throughput case: 4-player Svarta Maja without passing.
        games.append(pytest.param(Rules.svarta_maja(pass_count=0), id="svarta-maja-no-pass"))
    return games


def timed(run: Callable[[], SimulationResult], durations: list[float]) -> None:
    """Runs ``run`` and records how long it took."""
    began = time.perf_counter()
    run()
    durations.append(time.perf_counter() - began)


def compare(benchmark: Any, baseline: Callable[[], SimulationResult],
            candidate: Callable[[], SimulationResult], rounds: int) -> tuple[float, float]:
    """Best times of ``baseline`` and ``candidate``, run alternately so that load from other
    jobs on the machine hits both alike; the candidate's last round runs under
    pytest-benchmark for its table."""
    base: list[float] = []
    cand: list[float] = []
    for _ in range(rounds - 1):
        timed(baseline, base)
        timed(candidate, cand)
    timed(baseline, base)
    benchmark.pedantic(timed, args=(candidate, cand), rounds=1)
    return min(base), min(cand)


def simulate_one_worker(rules: SimulationRules, deals: int, seed: int) -> int:
    return simulate(rules, deals, seed=seed, workers=1).deals


def two_processes(pool: ProcessPoolExecutor, rules: SimulationRules, deals: int) -> None:
    """Half the deals in each of two independent processes at once: the speed-up the machine
    itself gives two busy cores, the ceiling for two threads."""
    list(pool.map(simulate_one_worker, [rules, rules], [deals // 2, deals - deals // 2], [1, 2]))


@pytest.mark.parametrize("rules", rules_under_test())
def test_two_workers_against_one(benchmark: Any, scale: int, rules: SimulationRules) -> None:
    deals = 100_000 * scale
    with ProcessPoolExecutor(max_workers=2) as pool:
        two_processes(pool, rules, 2)  # start the processes before timing
        one_s: list[float] = []
        apart_s: list[float] = []
        for _ in range(ROUNDS):
            timed(lambda: simulate(rules, deals, seed=1, workers=1), one_s)
            timed(lambda: two_processes(pool, rules, deals), apart_s)
    one, two = compare(benchmark, lambda: simulate(rules, deals, seed=1, workers=1),
                       lambda: simulate(rules, deals, seed=1, workers=2), ROUNDS)
    one = min(one, *one_s)
    ceiling = one / min(apart_s)
    benchmark.extra_info.update(deals=deals, one_worker_s=one, two_workers_s=two,
                                speedup=one / two, two_processes_speedup=ceiling,
                                deals_per_s_two=deals / two)
    print(f"\n{rules.game}: {deals:,} deals, 1 worker {deals / one:,.0f}/s, "
          f"2 workers {deals / two:,.0f}/s, speed-up {one / two:.2f}x "
          f"(two independent processes: {ceiling:.2f}x, the machine's ceiling)")


@pytest.fixture(scope="module", params=[False, True], ids=["dask-threads", "dask-processes"])
def dask_client(request: pytest.FixtureRequest) -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=request.param,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        yield client


@pytest.mark.parametrize("rules", rules_under_test())
def test_dask_overhead_against_local_threads(benchmark: Any, scale: int, dask_client: Any,
                                             rules: SimulationRules) -> None:
    deals = 1_000_000 * scale
    local, on_dask = compare(
        benchmark, lambda: simulate(rules, deals, seed=2, workers=2, stats_only=True),
        lambda: simulate(rules, deals, seed=2, executor=dask_client, stats_only=True), rounds=2)
    overhead = on_dask / local - 1.0
    benchmark.extra_info.update(deals=deals, local_s=local, dask_s=on_dask, overhead=overhead)
    print(f"\n{rules.game}: {deals:,} deals, local threads {local:.2f} s, "
          f"Dask LocalCluster {on_dask:.2f} s, overhead {overhead:+.1%}")
