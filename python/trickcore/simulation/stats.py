"""Running statistics of simulation output, reduced per block and merged in block order.

Integer and boolean fields keep exact totals as Python ints (count, sum, sum of squares, min,
max) and an exact histogram, so merged statistics are exact whatever the grouping of blocks: the
statistics of a streaming run equal those of its full rows, bit for bit. Float fields keep count,
mean and M2 (the pairwise update of Chan, Golub and LeVeque), always merged in block order so a
run's figures never depend on how its blocks were scheduled.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

import numpy as np
from numpy.typing import NDArray

from trickcore.core.errors import SerializationError
from trickcore.simulation._tally import count_true, tally
from trickcore.simulation.errors import SimulationArgumentError

# Integer fields whose values span more than this many distinct values get no histogram.
HISTOGRAM_SPAN_LIMIT = 1 << 12

Number = int | float
FloatArray = NDArray[np.float64]


def z_score(level: float) -> float:
    """The two-sided standard normal quantile for a confidence level in (0, 1)."""
    if not 0.0 < level < 1.0:
        raise SimulationArgumentError(f"confidence level must be in (0, 1), not {level!r}")
    return NormalDist().inv_cdf(0.5 + level / 2.0)


# How each numpy dtype kind is summarised.
KINDS = {"b": "bool", "i": "int", "u": "int", "f": "float"}


def kind_of(dtype: np.dtype[Any]) -> str:
    """"bool", "int" or "float": how a dtype's values are summarised."""
    if dtype.kind not in KINDS:
        raise SimulationArgumentError(f"no statistics for arrays of dtype {dtype}")
    return KINDS[dtype.kind]


@dataclass(frozen=True, eq=False)
class FieldStats:
    """Statistics of one output array over ``count`` rows, per column of a row.

    ``kind`` is "bool", "int" or "float"; ``shape`` is the shape of one row (``()`` for a flag,
    ``(4,)`` for points per seat). Per column: ``sums`` and ``squares`` are exact ints for bool
    and int fields; for float fields ``sums`` holds the means and ``squares`` the M2 terms.
    ``histogram`` (int fields only) counts value ``histogram_start + i`` in row ``i``, one
    column per row element; it is None when the values span more than HISTOGRAM_SPAN_LIMIT.
    """

    kind: str
    shape: tuple[int, ...]
    count: int
    sums: tuple[Number, ...]
    squares: tuple[Number, ...]
    minimum: tuple[Number, ...]
    maximum: tuple[Number, ...]
    histogram_start: int | None = None
    histogram: NDArray[np.int64] | None = None

    @property
    def columns(self) -> int:
        """The number of columns: the product of ``shape`` (1 for a flag)."""
        return math.prod(self.shape)

    # Reduction and merging

    @classmethod
    def of_array(cls, array: NDArray[Any]) -> FieldStats:
        """The statistics of the rows of ``array`` (first axis = rows)."""
        shape = tuple(int(n) for n in array.shape[1:])
        flat = array.reshape(array.shape[0], math.prod(shape))
        count = int(flat.shape[0])
        kind = kind_of(array.dtype)
        if kind == "int":
            return cls._of_int(flat, shape, count)
        return cls._of_bool(flat, shape, count) if kind == "bool" else cls._of_float(
            flat, shape, count)

    @classmethod
    def empty(cls, kind: str, shape: tuple[int, ...]) -> FieldStats:
        """The statistics of no rows."""
        return cls(kind, shape, 0, (), (), (), ())

    @classmethod
    def _of_bool(cls, flat: NDArray[Any], shape: tuple[int, ...], count: int) -> FieldStats:
        if count == 0:
            return cls.empty("bool", shape)
        trues = count_true(np.ascontiguousarray(flat).view(np.uint8))
        return cls("bool", shape, count, trues, trues,
                   tuple(int(t == count) for t in trues), tuple(int(t > 0) for t in trues))

    @classmethod
    def _of_int(cls, flat: NDArray[Any], shape: tuple[int, ...], count: int) -> FieldStats:
        if count == 0:
            return cls.empty("int", shape)
        figures = tally(np.ascontiguousarray(flat), HISTOGRAM_SPAN_LIMIT)
        if figures is not None:
            return cls("int", shape, count, *figures)
        # Values too spread for a histogram.
        columns = _columns_first(flat)
        minimum, maximum = _ints(columns.min(axis=1)), _ints(columns.max(axis=1))
        if max(abs(v) for v in minimum + maximum) ** 2 * count < 1 << 63:
            wide = columns.astype(np.int64)
            sums, squares = wide.sum(axis=1), np.square(wide).sum(axis=1)
        else:  # totals beyond int64: Python ints, slowly but exactly
            exact = columns.astype(object)
            sums, squares = exact.sum(axis=1), (exact * exact).sum(axis=1)
        return cls("int", shape, count, _ints(sums), _ints(squares), minimum, maximum)

    @classmethod
    def _of_float(cls, flat: NDArray[Any], shape: tuple[int, ...], count: int) -> FieldStats:
        if count == 0:
            return cls.empty("float", shape)
        values = _columns_first(flat).astype(np.float64)
        means = values.mean(axis=1)
        m2 = np.square(values - means[:, np.newaxis]).sum(axis=1)
        return cls("float", shape, count, tuple(float(v) for v in means),
                   tuple(float(v) for v in m2), tuple(float(v) for v in values.min(axis=1)),
                   tuple(float(v) for v in values.max(axis=1)))

    def merge(self, other: FieldStats) -> FieldStats:
        """The statistics of this field's rows followed by ``other``'s."""
        if (self.kind, self.shape) != (other.kind, other.shape):
            raise SimulationArgumentError(
                f"cannot merge {self.kind}{list(self.shape)} statistics with "
                f"{other.kind}{list(other.shape)}")
        if other.count == 0:
            return self
        if self.count == 0:
            return other
        count = self.count + other.count
        # Equal shapes and counts above zero: every tuple below has one item per column.
        minimum = tuple(map(min, self.minimum, other.minimum))
        maximum = tuple(map(max, self.maximum, other.maximum))
        if self.kind == "float":
            sums, squares = self._chan_merge(other, count)
            return FieldStats("float", self.shape, count, sums, squares, minimum, maximum)
        sums = tuple(map(operator.add, self.sums, other.sums))
        squares = tuple(map(operator.add, self.squares, other.squares))
        start, histogram = self._merge_histograms(other, min(minimum), max(maximum))
        return FieldStats(self.kind, self.shape, count, sums, squares, minimum, maximum,
                          start, histogram)

    def _chan_merge(
        self, other: FieldStats, count: int
    ) -> tuple[tuple[float, ...], tuple[float, ...]]:
        mean_a = np.array(self.sums, dtype=np.float64)
        mean_b = np.array(other.sums, dtype=np.float64)
        delta = mean_b - mean_a
        mean = mean_a + delta * (other.count / count)
        m2 = (np.array(self.squares, dtype=np.float64) + np.array(other.squares, dtype=np.float64)
              + np.square(delta) * (self.count * other.count / count))
        return tuple(float(v) for v in mean), tuple(float(v) for v in m2)

    def _merge_histograms(
        self, other: FieldStats, low: Number, high: Number
    ) -> tuple[int | None, NDArray[np.int64] | None]:
        if (self.histogram is None or other.histogram is None or self.histogram_start is None
                or other.histogram_start is None or high - low + 1 > HISTOGRAM_SPAN_LIMIT):
            return None, None
        start = int(low)
        if self.histogram_start == other.histogram_start == start and (
                self.histogram.shape == other.histogram.shape):  # blocks alike, most often
            return start, self.histogram + other.histogram
        merged = np.zeros((int(high) - start + 1, self.columns), dtype=np.int64)
        for part, part_start in ((self.histogram, self.histogram_start),
                                 (other.histogram, other.histogram_start)):
            offset = part_start - start
            merged[offset:offset + part.shape[0]] += part
        return start, merged

    # Figures

    def _per_column(self, values: list[float]) -> FloatArray:
        return np.array(values, dtype=np.float64).reshape(self.shape)

    def mean(self) -> FloatArray:
        """Mean per column (for a flag: the rate); NaN when there are no rows."""
        if self.count == 0:
            return np.full(self.shape, np.nan)
        if self.kind == "float":
            return self._per_column([float(s) for s in self.sums])
        return self._per_column([int(s) / self.count for s in self.sums])

    def variance(self) -> FloatArray:
        """Sample variance per column (ddof=1); NaN with fewer than two rows."""
        n = self.count
        if n < 2:
            return np.full(self.shape, np.nan)
        if self.kind == "float":
            return self._per_column([float(m2) / (n - 1) for m2 in self.squares])
        return self._per_column([(n * int(q) - int(s) * int(s)) / (n * (n - 1))
                                 for s, q in zip(self.sums, self.squares, strict=True)])

    def std(self) -> FloatArray:
        """The standard deviation per column."""
        return np.sqrt(self.variance())

    def confidence_interval(self, level: float = 0.95) -> tuple[FloatArray, FloatArray]:
        """(low, high) per column: the Wilson score interval for a flag's rate, the normal
        interval mean ± z·sd/√n for numbers."""
        z = z_score(level)
        n = self.count
        if n == 0:
            return np.full(self.shape, np.nan), np.full(self.shape, np.nan)
        mean = self.mean()
        if self.kind == "bool":
            denominator = 1.0 + z * z / n
            centre = (mean + z * z / (2 * n)) / denominator
            half = z * np.sqrt(mean * (1.0 - mean) / n + z * z / (4.0 * n * n)) / denominator
            # The interval holds the rate and lies in [0, 1]; clipping removes rounding dust.
            return np.clip(centre - half, 0.0, mean), np.clip(centre + half, mean, 1.0)
        half = z * self.std() / math.sqrt(n)
        return mean - half, mean + half

    def histogram_values(self) -> NDArray[np.int64] | None:
        """The values the histogram rows count, or None without a histogram."""
        if self.histogram is None or self.histogram_start is None:
            return None
        return np.arange(self.histogram_start, self.histogram_start + self.histogram.shape[0],
                         dtype=np.int64)

    # Equality and serialisation

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FieldStats):
            return NotImplemented
        same_histogram = (
            (self.histogram is None and other.histogram is None)
            or (self.histogram is not None and other.histogram is not None
                and np.array_equal(self.histogram, other.histogram)))
        return same_histogram and (
            (self.kind, self.shape, self.count, self.sums, self.squares, self.minimum,
             self.maximum, self.histogram_start)
            == (other.kind, other.shape, other.count, other.sums, other.squares, other.minimum,
                other.maximum, other.histogram_start))

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (ints stay exact, floats round-trip)."""
        return {
            "kind": self.kind, "shape": list(self.shape), "count": self.count,
            "sums": list(self.sums), "squares": list(self.squares),
            "minimum": list(self.minimum), "maximum": list(self.maximum),
            "histogram_start": self.histogram_start,
            "histogram": None if self.histogram is None else self.histogram.tolist(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FieldStats:
        """Statistics from a ``to_dict`` dict; a malformed one is a SerializationError."""
        try:
            kind = str(data["kind"])
            shape = tuple(int(n) for n in data["shape"])
            number = float if kind == "float" else int
            histogram = data["histogram"]
            stats = cls(
                kind, shape, int(data["count"]),
                tuple(number(v) for v in data["sums"]), tuple(number(v) for v in data["squares"]),
                tuple(number(v) for v in data["minimum"]),
                tuple(number(v) for v in data["maximum"]),
                None if data["histogram_start"] is None else int(data["histogram_start"]),
                None if histogram is None else np.array(histogram, dtype=np.int64).reshape(
                    len(histogram), math.prod(shape)))
        except (KeyError, TypeError, ValueError) as error:
            raise SerializationError(f"malformed field statistics: {error}") from None
        columns = 0 if stats.count == 0 else stats.columns
        if kind not in ("bool", "int", "float") or any(
                len(part) != columns for part in
                (stats.sums, stats.squares, stats.minimum, stats.maximum)):
            raise SerializationError(f"malformed field statistics: {dict(data)!r:.200}")
        return stats


def _columns_first(flat: NDArray[Any]) -> NDArray[Any]:
    """(columns, rows), contiguous: reducing along rows is then fast (axis 0 of a narrow
    row-major array is a strided crawl)."""
    return np.ascontiguousarray(flat.T)


def _ints(values: NDArray[Any]) -> tuple[int, ...]:
    return tuple(int(v) for v in values.tolist())


class RunStats(Mapping[str, FieldStats]):
    """The statistics of every summarised field of a run, by field name, in output order."""

    __slots__ = ("_fields",)

    def __init__(self, fields: Mapping[str, FieldStats]) -> None:
        self._fields = dict(fields)

    @classmethod
    def of_rows(cls, rows: Mapping[str, NDArray[Any]], names: tuple[str, ...]) -> RunStats:
        """The statistics of the fields ``names`` of a block's rows."""
        return cls({name: FieldStats.of_array(rows[name]) for name in names})

    def merge(self, other: RunStats) -> RunStats:
        """The statistics of this run's rows followed by ``other``'s, field by field."""
        if set(self._fields) != set(other._fields):
            raise SimulationArgumentError(
                f"cannot merge statistics of {sorted(self._fields)} with {sorted(other._fields)}")
        return RunStats({name: stats.merge(other[name]) for name, stats in self._fields.items()})

    @property
    def count(self) -> int:
        """The number of rows summarised."""
        return next(iter(self._fields.values())).count if self._fields else 0

    def __getitem__(self, name: str) -> FieldStats:
        try:
            return self._fields[name]
        except KeyError:
            raise KeyError(f"no statistics for {name!r}; fields: {sorted(self._fields)}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RunStats):
            return NotImplemented
        return list(self._fields.items()) == list(other._fields.items())

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"RunStats(count={self.count}, fields={list(self._fields)})"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, one entry per field (see ``FieldStats.to_dict``)."""
        return {name: stats.to_dict() for name, stats in self._fields.items()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RunStats:
        """Statistics from a ``to_dict`` dict; a malformed one is a SerializationError."""
        if not isinstance(data, Mapping):
            raise SerializationError("malformed run statistics: expected a mapping of fields")
        return cls({str(name): FieldStats.from_dict(stats) for name, stats in data.items()})
