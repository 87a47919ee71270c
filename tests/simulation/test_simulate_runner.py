"""simulate(): reproducibility across workers and executors, streaming statistics, errors."""

from __future__ import annotations

import io
import multiprocessing
import os
import re
import subprocess
import sys
import tracemalloc
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

import trickcore
from simulation_games import FailingDeals, Measurements, NotAnArray, ShiftingLayout
from trickcore.core.errors import RulesError, TrickcoreError
from trickcore.core.seeding import BLOCK_SIZE
from trickcore.simulation import (
    GameUnavailableError,
    SimulationArgumentError,
    SimulationError,
    SimulationResult,
    UnknownGameError,
    simulate,
)
from trickcore.simulation.executors import blocks_per_task, task_failure
from trickcore.simulation.progress import TextBar
from trickcore.simulation.random_deals import DealStats
from trickcore.simulation.registry import GAMES, Game
from trickcore.simulation.tasks import plan

# Three blocks, the last one partial: exercises cutting and merging without a long run.
DEALS = 2 * BLOCK_SIZE + 1234


def assert_same_outcome(a: SimulationResult, b: SimulationResult) -> None:
    assert a.keys() == b.keys()
    for name in a.keys():
        np.testing.assert_array_equal(a[name], b[name])
        assert a[name].dtype == b[name].dtype
    assert a.stats == b.stats


@pytest.fixture(scope="module")
def reference() -> SimulationResult:
    return simulate(DealStats(), DEALS, seed=11, workers=1)


def test_rows_match_the_dealing_kernel_for_the_same_seed(reference: SimulationResult) -> None:
    deals = trickcore.deal_batch(DEALS, players=4, seed=11)
    np.testing.assert_array_equal(reference["hands"], deals.hands)
    assert reference["hcp"].shape == (DEALS, 4)
    assert reference["void"].dtype == np.bool_
    assert reference.deals_per_second == DEALS / reference.elapsed > 0


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_identical_results_for_any_number_of_workers(reference: SimulationResult,
                                                     workers: int) -> None:
    assert_same_outcome(simulate(DealStats(), DEALS, seed=11, workers=workers), reference)


def test_identical_results_on_a_thread_pool_executor(reference: SimulationResult) -> None:
    with ThreadPoolExecutor(2) as pool:
        assert_same_outcome(simulate(DealStats(), DEALS, seed=11, executor=pool), reference)


def test_identical_results_on_a_process_pool_executor(reference: SimulationResult) -> None:
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        result = simulate(DealStats(), DEALS, seed=11, executor=pool)
    assert_same_outcome(result, reference)
    assert "ProcessPoolExecutor" in result.backend


def test_streaming_statistics_equal_the_statistics_of_the_full_rows(
        reference: SimulationResult) -> None:
    for workers in (1, 2):
        streamed = simulate(DealStats(), DEALS, seed=11, workers=workers, stats_only=True)
        assert streamed.stats_only and streamed.arrays is None
        assert streamed.stats == reference.stats


def test_statistics_agree_with_numpy_on_the_rows(reference: SimulationResult) -> None:
    hcp = reference.stats["hcp"]
    rows = reference["hcp"]
    assert hcp.count == DEALS
    assert np.array_equal(hcp.mean(), rows.mean(axis=0))  # exact: integer totals
    np.testing.assert_allclose(hcp.variance(), rows.var(axis=0, ddof=1), rtol=1e-12)
    assert hcp.minimum == tuple(rows.min(axis=0)) and hcp.maximum == tuple(rows.max(axis=0))
    values = hcp.histogram_values()
    assert values is not None and hcp.histogram is not None
    for seat in range(4):
        expected = np.bincount(rows[:, seat] - values[0], minlength=len(values))
        np.testing.assert_array_equal(hcp.histogram[:, seat], expected)
    void = reference.stats["void"]
    assert np.array_equal(void.mean(), reference["void"].mean(axis=0))
    assert list(reference.stats) == ["hcp", "longest", "void"]  # the rules' summary_fields


def test_float_and_wide_statistics_streamed_equal_full_and_match_numpy() -> None:
    full = simulate(Measurements(), DEALS, seed=5, workers=2)
    streamed = simulate(Measurements(), DEALS, seed=5, workers=1, stats_only=True)
    assert streamed.stats == full.stats
    score = full.stats["score"]
    np.testing.assert_allclose(score.mean(), full["score"].mean(axis=0), rtol=1e-13)
    np.testing.assert_allclose(score.variance(), full["score"].var(axis=0, ddof=1), rtol=1e-11)
    assert full.stats["wide"].histogram is None  # span far over the histogram limit
    assert np.array_equal(full.stats["wide"].mean(), full["wide"].mean())
    huge = full["huge"]
    assert full.stats["huge"].sums == (sum(int(v) for v in huge),)  # exact beyond int64
    assert full.stats["tiny"].histogram_start == int(full["tiny"].min())


def test_start_replays_a_slice_of_the_run(reference: SimulationResult) -> None:
    start, count = BLOCK_SIZE - 100, 300  # straddles a block boundary
    part = simulate(DealStats(), count, seed=11, start=start, workers=2)
    np.testing.assert_array_equal(part["hands"], reference["hands"][start:start + count])
    assert part.start == start


def test_seed_forms_and_recorded_entropy() -> None:
    by_int = simulate(DealStats(), 1000, seed=3)
    by_sequence = simulate(DealStats(), 1000, seed=np.random.SeedSequence(3))
    np.testing.assert_array_equal(by_int["hands"], by_sequence["hands"])
    assert by_int.seed_entropy == 3
    fresh = simulate(DealStats(), 10)
    again = simulate(DealStats(), 10, seed=fresh.seed)
    np.testing.assert_array_equal(fresh["hands"], again["hands"])


def test_a_game_name_runs_its_registered_rules() -> None:
    by_name = simulate("deals", 500, seed=2)
    assert by_name.rules == DealStats() and by_name.game == "deals"
    np.testing.assert_array_equal(by_name["hcp"], simulate(DealStats(), 500, seed=2)["hcp"])


def test_an_empty_run_has_empty_arrays_of_the_right_layout() -> None:
    empty = simulate(DealStats(), 0, seed=1)
    assert empty["hcp"].shape == (0, 4) and empty["hcp"].dtype == np.int8
    assert empty.stats["hcp"].count == 0
    assert np.isnan(empty.stats["hcp"].mean()).all()
    assert "hcp[0]" in empty.format_summary()


def test_a_failing_block_is_reported_with_its_block_and_original_error() -> None:
    for workers in (1, 2):
        with pytest.raises(SimulationError) as caught:
            simulate(FailingDeals(fail_block=1), DEALS, seed=1, workers=workers)
        error = caught.value
        assert error.block == 1
        assert (error.first_item, error.last_item) == (BLOCK_SIZE, 2 * BLOCK_SIZE - 1)
        assert isinstance(error.__cause__, ArithmeticError)
        message = str(error)
        assert "failing-deals" in message and "block 1" in message
        assert "ArithmeticError: kernel overflow in block 1" in message


def test_a_failing_block_on_a_process_pool_is_reported() -> None:
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool, \
            pytest.raises(SimulationError, match=r"block 2 .*kernel overflow") as caught:
        simulate(FailingDeals(fail_block=2), DEALS, seed=1, executor=pool)
    assert isinstance(caught.value.__cause__, ArithmeticError)


def test_executor_tasks_group_blocks_without_changing_the_result() -> None:
    deals = 16 * BLOCK_SIZE  # one worker keeps 8 tasks: two blocks per task
    local = simulate(DealStats(), deals, seed=4, stats_only=True)
    with ThreadPoolExecutor(1) as pool:
        assert blocks_per_task(pool, 1, 16) == 2 and blocks_per_task(None, 1, 16) == 1
        grouped = simulate(DealStats(), deals, seed=4, executor=pool, workers=1,
                           stats_only=True)
        assert grouped.stats == local.stats
        with pytest.raises(SimulationError) as caught:
            simulate(FailingDeals(fail_block=5), deals, seed=4, executor=pool, workers=1)
    assert str(caught.value).startswith(
        "failing-deals simulation failed in block 5 (items 81920..98303): ArithmeticError")
    assert caught.value.block == 5 and isinstance(caught.value.__cause__, ArithmeticError)


def test_a_lost_task_is_reported_with_all_its_blocks() -> None:
    task = next(plan(DealStats(), np.random.SeedSequence(1), BLOCK_SIZE - 10, 3 * BLOCK_SIZE,
                     "random", {}, (), keep_rows=False, blocks_per_task=3))
    error = task_failure(task, ConnectionError("worker tcp://10.0.0.7:4000 died"))
    assert str(error) == ("deals simulation failed in blocks 0..2 (items 16374..49151): "
                          "ConnectionError: worker tcp://10.0.0.7:4000 died")
    assert (error.block, error.first_item, error.last_item) == (None, 16374, 49151)


def test_protocol_violations_are_reported_clearly() -> None:
    with pytest.raises(SimulationError, match=r"block 1 .*'points' has shape \(16383, 4\), "
                                              "expected 16384 rows"):
        simulate(ShiftingLayout(short=True), DEALS, seed=1)
    with pytest.raises(SimulationError, match=r"block 1 .*changed layout.*"
                                              r"'points': int32\[4\] -> int16\[4\]"):
        simulate(ShiftingLayout(short=False), DEALS, seed=1, workers=2)
    with pytest.raises(SimulationError, match="expected str keys and numpy arrays"):
        simulate(NotAnArray(), 10, seed=1)  # type: ignore[arg-type]


def test_an_unknown_policy_raises_the_games_own_error_before_running() -> None:
    with pytest.raises(RulesError, match="unknown policy 'greedy'"):
        simulate(DealStats(), DEALS, seed=1, policy="greedy")


@pytest.mark.parametrize(("arguments", "message"), [
    ({"deals": -1}, "deals must be non-negative"),
    ({"deals": 2.5}, "deals must be a whole number"),
    ({"deals": True}, "deals must be a whole number"),
    ({"deals": 10, "start": -3}, "start must be non-negative"),
    ({"deals": 10, "workers": 0}, "workers must be at least 1"),
    ({"deals": 10, "workers": "two"}, "workers must be a whole number"),
    ({"deals": 10, "executor": object()}, "executor must be"),
    ({"deals": 10, "policy": 3}, "policy must be a name"),
])
def test_bad_arguments_raise_clear_value_errors(arguments: dict[str, object],
                                                message: str) -> None:
    with pytest.raises(SimulationArgumentError, match=message) as caught:
        simulate(DealStats(), **arguments)  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError)


def test_rows_too_large_for_memory_suggest_statistics_only() -> None:
    with pytest.raises(SimulationArgumentError, match=r"need .* GiB: use stats_only=True"):
        simulate(DealStats(), 10**17, seed=1)


def test_a_bad_seed_raises_a_value_error() -> None:
    with pytest.raises(TrickcoreError, match="invalid seed 'abc'"):
        simulate(DealStats(), 10, seed="abc")  # type: ignore[arg-type]
    with pytest.raises(TrickcoreError, match="invalid seed -1"):
        simulate(DealStats(), 10, seed=-1)


def test_unknown_and_unavailable_games_raise_clear_value_errors(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(UnknownGameError, match=r"unknown game 'bridge'; games: .*svarta-maja"):
        simulate("bridge", 10)
    with pytest.raises(SimulationArgumentError, match="int cannot be simulated"):
        simulate(42, 10)  # type: ignore[arg-type]
    monkeypatch.setitem(GAMES, "ghost", Game("ghost", "trickcore.ghost:Rules.standard", "-"))
    missing = "trickcore.simulation.random_deals:Rules.standard"
    monkeypatch.setitem(GAMES, "half", Game("half", missing, "-"))
    with pytest.raises(GameUnavailableError, match=r"'ghost' needs trickcore\.ghost, which is not"):
        simulate("ghost", 10)
    with pytest.raises(GameUnavailableError, match=f"needs {re.escape(missing)}"):
        simulate("half", 10)
    assert not GAMES["ghost"].available() and GAMES["deals"].available()


def test_progress_bar_shows_items_per_second() -> None:
    stream = io.StringIO()
    bar = TextBar(1000, label="deals", unit="deals", stream=stream, delay=0.0)
    bar.update(250)
    bar.update(750)
    bar.close()
    text = stream.getvalue()
    assert "deals: 100%|" in text and "1.00k/1.00k deals" in text and "deals/s]" in text
    assert text.endswith("\n")
    quiet = io.StringIO()
    short = TextBar(1000, label="deals", unit="deals", stream=quiet)  # under the delay
    short.update(1000)
    short.close()
    assert quiet.getvalue() == ""


def test_progress_in_the_library_is_off_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    simulate(DealStats(), DEALS, seed=1)
    assert capsys.readouterr().err == ""


def test_streaming_memory_stays_flat_as_the_run_grows() -> None:
    def peak(deals: int) -> int:
        tracemalloc.start()
        simulate(DealStats(), deals, seed=1, workers=1, stats_only=True)
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    small, large = peak(2 * BLOCK_SIZE), peak(16 * BLOCK_SIZE)
    rows_of_large = 16 * BLOCK_SIZE * (4 * 8 + 4 + 16 + 4 + 4)  # bytes full rows would hold
    assert large < 1.25 * small
    assert large < rows_of_large / 3


def test_optional_extras_are_never_imported_unless_used() -> None:
    code = ("import sys, trickcore.simulation as s, trickcore.cli.simulate; "
            "s.simulate('deals', 10, seed=1, workers=2, stats_only=True); "
            "print([m for m in ('dask', 'distributed', 'matplotlib', 'pyarrow', 'tqdm') "
            "if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert done.stdout.strip() == "[]"
