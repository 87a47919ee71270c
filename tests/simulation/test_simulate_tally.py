"""The per-block reduction kernels against numpy: ``tally`` (exact figures and histogram of an
integer array, one pass through a window or min/max then an exact count) and ``count_true``."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from trickcore.simulation._tally import count_true, tally
from trickcore.simulation.stats import HISTOGRAM_SPAN_LIMIT

INT_DTYPES = [np.int8, np.int16, np.int32, np.int64,
              np.uint8, np.uint16, np.uint32, np.uint64]
# Spreads around a centre: within the window, across its edge (2048 counts), at and beyond the
# histogram limit, and across the whole type.
SPREADS = [0, 3, 1023, 1024, 1025, 2047, 2048, 2049, 4095, 4096, 4097, 2**70]


@st.composite
def integer_arrays(draw: st.DrawFn) -> np.ndarray:
    dtype = np.dtype(draw(st.sampled_from(INT_DTYPES)))
    info = np.iinfo(dtype)
    rows, columns = draw(st.integers(1, 70)), draw(st.integers(1, 6))
    centre = draw(st.integers(int(info.min), int(info.max)))
    spread = draw(st.sampled_from(SPREADS))
    low, high = max(int(info.min), centre - spread // 2), min(int(info.max), centre + spread // 2)
    values = draw(st.lists(st.integers(low, high), min_size=rows * columns,
                           max_size=rows * columns))
    return np.array(values, dtype=dtype).reshape(rows, columns)


def expected(values: np.ndarray, limit: int) -> tuple[object, ...] | None:
    """tally's answer from numpy's min/max and bincount and Python's exact sums."""
    low, high = int(values.min()), int(values.max())
    if high - low + 1 > limit:
        return None
    columns = [[int(v) for v in column] for column in values.T]
    counts = np.stack([np.bincount(np.array([v - low for v in column], dtype=np.int64),
                                   minlength=high - low + 1) for column in columns], axis=1)
    return (tuple(sum(c) for c in columns), tuple(sum(v * v for v in c) for c in columns),
            tuple(min(c) for c in columns), tuple(max(c) for c in columns), low, counts)


def assert_tally(values: np.ndarray, limit: int) -> None:
    got, want = tally(values, limit), expected(values, limit)
    if want is None:
        assert got is None
        return
    assert got is not None
    assert got[:5] == want[:5]
    assert got[5].dtype == np.int64 and np.array_equal(got[5], want[5])


@given(integer_arrays(), st.sampled_from([1, 2, 255, 256, 2048, HISTOGRAM_SPAN_LIMIT, 1 << 16]))
def test_tally_matches_numpy(values: np.ndarray, limit: int) -> None:
    assert_tally(values, limit)


@pytest.mark.parametrize("dtype", INT_DTYPES)
@pytest.mark.parametrize("columns", [1, 2, 3, 4, 5])
def test_tally_of_every_value_of_a_type_and_of_one_row(dtype: type, columns: int) -> None:
    info = np.iinfo(dtype)
    rng = np.random.default_rng(columns)
    whole = rng.integers(info.min, info.max, size=(257, columns), dtype=dtype, endpoint=True)
    whole[0, 0], whole[-1, -1] = info.min, info.max
    for values in (whole, whole[:1], whole[-1:], np.full((5, columns), info.max, dtype)):
        for limit in (1, 256, HISTOGRAM_SPAN_LIMIT, 1 << 16):
            assert_tally(np.ascontiguousarray(values), limit)


@pytest.mark.parametrize("dtype", [np.int16, np.int32, np.int64, np.uint16, np.uint64])
@pytest.mark.parametrize("first", ["low", "high"])
def test_spans_at_the_limit_through_the_window_and_the_exact_count(dtype: type,
                                                                   first: str) -> None:
    """Values starting at either end of their span: a span over half the window sends the
    count down the exact path, a span one over the limit gives no histogram."""
    for span in (2, 1024, 1025, 2048, HISTOGRAM_SPAN_LIMIT, HISTOGRAM_SPAN_LIMIT + 1):
        start = 1000 if np.iinfo(dtype).min == 0 else -1000
        values = np.arange(start, start + span, dtype=dtype).reshape(-1, 1)
        if first == "high":
            values = values[::-1].copy()
        for columns in (values, np.repeat(values, 4, axis=1)):
            assert_tally(columns, HISTOGRAM_SPAN_LIMIT)


def test_tally_refuses_an_empty_array_and_a_bad_limit() -> None:
    with pytest.raises(ValueError, match="at least one row"):
        tally(np.zeros((0, 3), np.int32), 10)
    with pytest.raises(ValueError, match="at least one row"):
        tally(np.zeros((3, 0), np.int32), 10)
    for limit in (0, (1 << 16) + 1):
        with pytest.raises(ValueError, match="span limit"):
            tally(np.zeros((3, 1), np.int32), limit)


@given(st.integers(0, 700), st.sampled_from([1, 2, 3, 4, 5, 8]), st.integers(0, 2**32 - 1),
       st.booleans())
def test_count_true_matches_numpy(rows: int, columns: int, seed: int, raw: bool) -> None:
    """Bools and raw bytes (any nonzero byte counts), past the 255-word lane flush."""
    rng = np.random.default_rng(seed)
    flags = (rng.integers(0, 256, size=(rows, columns), dtype=np.uint8) if raw
             else (rng.random((rows, columns)) < 0.5).view(np.uint8))
    want = tuple(int(n) for n in np.count_nonzero(flags, axis=0))
    assert count_true(flags) == want


def test_count_true_of_long_columns_of_ones() -> None:
    for columns in (1, 2, 4, 3):
        flags = np.ones((5000, columns), dtype=np.uint8)
        assert count_true(flags) == (5000,) * columns
