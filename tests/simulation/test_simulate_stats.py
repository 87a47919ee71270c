"""Running statistics: exact against numpy, merging any split equals the whole, intervals."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from trickcore.core.errors import SerializationError
from trickcore.simulation.errors import SimulationArgumentError
from trickcore.simulation.stats import HISTOGRAM_SPAN_LIMIT, FieldStats, RunStats
from trickcore.simulation.summary import format_table, summary_rows

INT_DTYPES = st.sampled_from([np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint64])
ROW_SHAPES = st.sampled_from([(), (1,), (4,), (2, 3)])


@st.composite
def arrays_and_cuts(draw: st.DrawFn, dtype: st.SearchStrategy[object]) -> tuple[
        np.ndarray, list[int]]:
    rows = draw(st.integers(0, 60))
    array = draw(hnp.arrays(draw(dtype), (rows, *draw(ROW_SHAPES))))
    cuts = sorted(draw(st.lists(st.integers(0, rows), max_size=4)))
    return array, cuts


def merged(array: np.ndarray, cuts: list[int]) -> FieldStats:
    """The statistics of ``array`` reduced piece by piece between ``cuts`` and merged."""
    bounds = [0, *cuts, len(array)]
    kind = {"b": "bool", "f": "float"}.get(array.dtype.kind, "int")
    total = FieldStats.empty(kind, array.shape[1:])
    for a, b in itertools.pairwise(bounds):
        total = total.merge(FieldStats.of_array(array[a:b]))
    return total


@given(arrays_and_cuts(INT_DTYPES))
def test_integer_statistics_are_exact_and_independent_of_the_split(
        case: tuple[np.ndarray, list[int]]) -> None:
    array, cuts = case
    whole = FieldStats.of_array(array)
    assert merged(array, cuts) == whole
    assert whole.count == len(array)
    if len(array) == 0:
        return
    values = [[int(v) for v in column] for column in array.reshape(len(array), -1).T]
    assert whole.sums == tuple(sum(column) for column in values)
    assert whole.squares == tuple(sum(v * v for v in column) for column in values)
    assert whole.minimum == tuple(min(column) for column in values)
    assert whole.maximum == tuple(max(column) for column in values)
    n = len(array)
    expected_mean = [sum(column) / n for column in values]
    assert whole.mean().ravel().tolist() == expected_mean  # correctly rounded, exactly
    if n > 1:
        exact_variance = [(n * sum(v * v for v in c) - sum(c) ** 2) / (n * (n - 1))
                          for c in values]
        assert whole.variance().ravel().tolist() == exact_variance
    low, high = min(min(c) for c in values), max(max(c) for c in values)
    if high - low + 1 <= HISTOGRAM_SPAN_LIMIT:
        assert whole.histogram is not None and whole.histogram_start == low
        for column, counted in zip(values, whole.histogram.T, strict=True):
            assert counted.tolist() == [column.count(low + i) for i in range(len(counted))]
    else:
        assert whole.histogram is None


@given(arrays_and_cuts(st.just(np.bool_)))
def test_flag_statistics_are_exact_rates(case: tuple[np.ndarray, list[int]]) -> None:
    array, cuts = case
    whole = FieldStats.of_array(array)
    assert merged(array, cuts) == whole
    if len(array):
        np.testing.assert_array_equal(whole.mean(), array.mean(axis=0))
        low, high = whole.confidence_interval(0.95)
        assert np.all(low <= whole.mean()) and np.all(whole.mean() <= high)
        assert np.all(low >= 0) and np.all(high <= 1)
        assert np.all((low == 0) == (whole.mean() == 0))


@given(arrays_and_cuts(st.just(np.float64)).filter(
    lambda case: np.all(np.abs(case[0]) < 1e100)))
def test_float_statistics_match_numpy_for_any_split(case: tuple[np.ndarray, list[int]]) -> None:
    array, cuts = case
    whole, pieces = FieldStats.of_array(array), merged(array, cuts)
    assert whole.count == pieces.count == len(array)
    if len(array) == 0:
        return
    scale = float(np.max(np.abs(array))) + 1.0
    for stats in (whole, pieces):
        np.testing.assert_allclose(stats.mean(), array.mean(axis=0), atol=1e-9 * scale)
        if len(array) > 1:
            np.testing.assert_allclose(stats.variance(), array.var(axis=0, ddof=1),
                                       rtol=1e-6, atol=1e-9 * scale * scale)
        assert stats.minimum == tuple(array.reshape(len(array), -1).min(axis=0).tolist())


def test_merging_blocks_in_the_same_order_gives_identical_float_statistics() -> None:
    rng = np.random.default_rng(3)
    blocks = [rng.normal(size=(100, 2)) for _ in range(6)]
    first = second = FieldStats.empty("float", (2,))
    for block in blocks:
        first = first.merge(FieldStats.of_array(block))
        second = second.merge(FieldStats.of_array(block.copy()))
    assert first == second


def test_normal_interval_of_a_mean() -> None:
    stats = FieldStats.of_array(np.array([1, 2, 3, 4, 5], dtype=np.int32))
    low, high = stats.confidence_interval(0.95)
    half = 1.959963984540054 * math.sqrt(2.5) / math.sqrt(5)
    assert float(low) == pytest.approx(3 - half, rel=1e-15)
    assert float(high) == pytest.approx(3 + half, rel=1e-15)


def test_wilson_interval_of_a_rate() -> None:
    # 8 successes in 10: Wilson 95% interval (0.4902, 0.9433), as in Newcombe (1998).
    stats = FieldStats.of_array(np.array([True] * 8 + [False] * 2))
    low, high = stats.confidence_interval(0.95)
    assert float(low) == pytest.approx(0.4902, abs=5e-5)
    assert float(high) == pytest.approx(0.9433, abs=5e-5)
    assert float(stats.variance()) == pytest.approx(0.8 * 0.2 * 10 / 9)


def test_a_bad_confidence_level_is_refused() -> None:
    stats = FieldStats.of_array(np.arange(10))
    for level in (0.0, 1.0, 1.5, -0.1):
        with pytest.raises(SimulationArgumentError, match="confidence level"):
            stats.confidence_interval(level)


def test_mismatched_statistics_do_not_merge() -> None:
    with pytest.raises(SimulationArgumentError, match="cannot merge"):
        FieldStats.of_array(np.zeros((3, 4), np.int8)).merge(
            FieldStats.of_array(np.zeros((3, 2), np.int8)))
    with pytest.raises(SimulationArgumentError, match="cannot merge statistics"):
        RunStats({"a": FieldStats.of_array(np.arange(3))}).merge(
            RunStats({"b": FieldStats.of_array(np.arange(3))}))


def test_arrays_of_text_have_no_statistics() -> None:
    with pytest.raises(SimulationArgumentError, match="no statistics for arrays of dtype"):
        FieldStats.of_array(np.array(["a", "b"]))


@pytest.mark.parametrize(("dtype", "values"), [
    (np.uint64, [2**64 - 1, 2**64 - 3, 2**64 - 1]),
    (np.uint64, [2**63, 2**63 + 1]),
    (np.int64, [-(2**63), -(2**63) + 2, -(2**63)]),
    (np.int64, [2**63 - 1, 2**63 - 1]),
])
def test_extreme_values_with_a_narrow_span_keep_exact_totals(dtype: type,
                                                              values: list[int]) -> None:
    stats = FieldStats.of_array(np.array(values, dtype=dtype))
    assert stats.sums == (sum(values),) and stats.squares == (sum(v * v for v in values),)
    assert stats.minimum == (min(values),) and stats.maximum == (max(values),)
    assert stats.histogram_start == min(values) and stats.histogram is not None
    assert float(stats.mean()) == sum(values) / len(values)


def test_histogram_is_dropped_once_the_merged_span_exceeds_the_limit() -> None:
    low = FieldStats.of_array(np.array([0, 1], dtype=np.int32))
    high = FieldStats.of_array(np.array([HISTOGRAM_SPAN_LIMIT], dtype=np.int32))
    assert low.histogram is not None and high.histogram is not None
    assert low.merge(high).histogram is None and high.merge(low).histogram is None
    near = FieldStats.of_array(np.array([HISTOGRAM_SPAN_LIMIT - 1], dtype=np.int32))
    joined = low.merge(near)
    assert joined.histogram is not None and joined.histogram.sum() == 3


@given(arrays_and_cuts(st.sampled_from([np.int16, np.uint64, np.bool_, np.float64])))
def test_statistics_round_trip_through_json(case: tuple[np.ndarray, list[int]]) -> None:
    array, _ = case
    if array.dtype.kind == "f":
        array = np.clip(np.nan_to_num(array), -1e100, 1e100)
    stats = RunStats({"x": FieldStats.of_array(array)})
    assert RunStats.from_dict(json.loads(json.dumps(stats.to_dict()))) == stats


def test_malformed_statistics_are_refused() -> None:
    good = FieldStats.of_array(np.arange(4).reshape(2, 2)).to_dict()
    for broken in ({**good, "sums": [1]}, {**good, "kind": "text"},
                   {k: v for k, v in good.items() if k != "count"}, {**good, "shape": "x"}):
        with pytest.raises(SerializationError, match="malformed field statistics"):
            FieldStats.from_dict(broken)
    with pytest.raises(SerializationError, match="malformed run statistics"):
        RunStats.from_dict([])  # type: ignore[arg-type]


def test_summary_rows_and_table() -> None:
    stats = RunStats({
        "points": FieldStats.of_array(np.array([[0, 26], [13, 0], [13, 0]], dtype=np.int32)),
        "moon": FieldStats.of_array(np.array([False, True, False])),
    })
    rows = summary_rows(stats)
    assert [row.label for row in rows] == ["points[0]", "points[1]", "moon"]
    assert rows[0].mean == pytest.approx(26 / 3) and rows[1].maximum == 26
    assert rows[2].kind == "bool" and rows[2].mean == pytest.approx(1 / 3)
    table = format_table(stats, 0.9).splitlines()
    assert table[0].split() == ["mean", "90%", "CI", "sd", "min", "max"]
    assert table[1].split()[:2] == ["points[0]", "8.6667"]
    assert table[3].split()[:2] == ["moon", "33.333%"]
