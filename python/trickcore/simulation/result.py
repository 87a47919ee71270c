"""The result of a simulation run: rows, statistics, and everything needed to reproduce it."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

import trickcore
from trickcore.core import rules_codec
from trickcore.core.errors import SerializationError
from trickcore.simulation import storage
from trickcore.simulation.protocol import Column, Layout, SimulationRules, unit_of
from trickcore.simulation.stats import RunStats
from trickcore.simulation.summary import SummaryRow, format_rate, format_table, summary_rows

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

FILE_FORMAT = "trickcore.simulation"
FILE_VERSION = 2


@dataclass(frozen=True, eq=False)
class SimulationResult:
    """``deals`` items (deals or games) numbered ``start ..``, played under ``rules`` with
    ``policy`` from the random streams of ``seed``.

    ``result["points"]`` is an output array (one row per item) unless the run kept only
    statistics; ``stats`` holds running statistics of the summarised fields either way.
    """

    rules: SimulationRules
    policy: str
    deals: int
    start: int
    seed: np.random.SeedSequence
    layout: Layout
    stats: RunStats
    arrays: Mapping[str, NDArray[Any]] | None
    elapsed: float
    backend: str

    @property
    def game(self) -> str:
        """The game's registry name (``rules.game``)."""
        return self.rules.game

    @property
    def unit(self) -> str:
        """What an item is: "deals", or "games" for draughts."""
        return unit_of(self.rules)

    @property
    def stats_only(self) -> bool:
        """Whether only the running statistics were kept (no arrays)."""
        return self.arrays is None

    @property
    def seed_entropy(self) -> int | list[int] | None:
        """The entropy of the run's seed (what ``seed=`` was given, or drew)."""
        entropy: int | list[int] | None = self.seed.entropy  # type: ignore[assignment]
        return entropy

    @property
    def deals_per_second(self) -> float:
        """Items played per second of the run."""
        return self.deals / self.elapsed if self.elapsed > 0 else math.inf

    def keys(self) -> list[str]:
        """The output arrays of the run (also in a statistics-only run, which keeps none)."""
        return list(self.layout)

    def __getitem__(self, name: str) -> NDArray[Any]:
        if self.arrays is None:
            raise KeyError(f"{name!r}: this run kept only statistics (stats_only=True); "
                           "see result.stats")
        try:
            return self.arrays[name]
        except KeyError:
            raise KeyError(f"no output {name!r}; outputs: {self.keys()}") from None

    def __contains__(self, name: object) -> bool:
        return self.arrays is not None and name in self.arrays

    def __iter__(self) -> Iterator[str]:
        """The output names, as iterating a dict of arrays gives."""
        return iter(self.keys())

    def __repr__(self) -> str:
        return (f"SimulationResult(game={self.game!r}, {self.unit}={self.deals}, "
                f"policy={self.policy!r}, seed={self.seed_entropy!r}, "
                f"stats_only={self.stats_only})")

    # Summaries

    def summary(self, level: float = 0.95) -> list[SummaryRow]:
        """One row per column of every summarised field, with a ``level`` confidence
        interval (Wilson for rates, normal for means)."""
        return summary_rows(self.stats, level)

    def describe_seed(self) -> str:
        """The seed in words: its entropy and, for a spawned seed, its spawn key."""
        key = self.seed.spawn_key
        return f"seed {self.seed_entropy}" + (f" spawn key {list(key)}" if key else "")

    def format_summary(self, level: float = 0.95) -> str:
        """A readable report: what ran, how fast, and the summary table."""
        first = f"{self.game}: {self.deals:,} {self.unit}, policy {self.policy}, " + (
            self.describe_seed())
        if self.start:
            first += f", starting at item {self.start:,}"
        speed = f"{format_rate(self.deals, self.elapsed, self.unit)} on {self.backend}"
        return f"{first}\n{speed}\n\n{format_table(self.stats, level)}"

    # Reproduction, files, plots

    def reproduce(self, *, workers: int | None = None, executor: object | None = None,
                  progress: bool = False) -> SimulationResult:
        """Runs the same simulation again (same rules, policy, seed and items)."""
        from trickcore.simulation.runner import simulate  # the runner builds results

        return simulate(self.rules, self.deals, seed=self.seed, policy=self.policy,
                        start=self.start, stats_only=self.stats_only, workers=workers,
                        executor=executor, progress=progress)

    def metadata(self) -> dict[str, Any]:
        """The JSON-ready record saved with the rows."""
        return {
            "format": FILE_FORMAT, "version": FILE_VERSION,
            "trickcore": trickcore.__version__,
            "game": self.game, "rules": rules_codec.encode_rules(self.rules),
            "policy": self.policy, "deals": self.deals, "start": self.start,
            "seed": {"entropy": self.seed.entropy, "spawn_key": list(self.seed.spawn_key),
                     "pool_size": self.seed.pool_size},
            "layout": {name: {"dtype": column.dtype.str, "shape": list(column.shape)}
                       for name, column in self.layout.items()},
            "stats_only": self.stats_only, "stats": self.stats.to_dict(),
            "elapsed": self.elapsed, "backend": self.backend,
        }

    def save(self, path: storage.PathLike, *, file_format: str | None = None) -> Path:
        """Saves rows, statistics, rules and seed to ``.npz`` or ``.parquet`` (by the name's
        suffix unless ``file_format`` says); returns the path written."""
        arrays = {} if self.arrays is None else dict(self.arrays)
        return storage.write(path, self.metadata(), arrays, file_format=file_format)

    @classmethod
    def load(cls, path: storage.PathLike) -> SimulationResult:
        """Reads a file written by ``save``; a malformed file raises SerializationError."""
        metadata, arrays = storage.read(path)
        try:
            return cls._from_record(metadata, arrays)
        except SerializationError as error:
            raise SerializationError(f"{str(path)!r}: {error}") from None
        except storage.DAMAGE_ERRORS as error:
            raise SerializationError(f"{str(path)!r}: malformed result metadata: "
                                     f"{type(error).__name__}: {error}") from None

    @classmethod
    def _from_record(cls, metadata: Mapping[str, Any],
                     arrays: Mapping[str, NDArray[Any]]) -> SimulationResult:
        if metadata.get("format") != FILE_FORMAT or metadata.get("version") != FILE_VERSION:
            raise SerializationError(
                f"not a version {FILE_VERSION} {FILE_FORMAT} file: "
                f"{metadata.get('format')!r} version {metadata.get('version')!r}")
        layout = {name: _column(name, column) for name, column in metadata["layout"].items()}
        deals = int(metadata["deals"])
        stats_only = bool(metadata["stats_only"])
        if not stats_only:
            _check_arrays(arrays, layout, deals)
        rules = rules_codec.decode_rules(metadata["rules"])
        if getattr(rules, "game", None) != metadata["game"]:
            raise SerializationError(f"rules record is for {getattr(rules, 'game', None)!r}, "
                                     f"not {metadata['game']!r}")
        stats = RunStats.from_dict(metadata["stats"])
        if stats.count != deals and len(stats):
            raise SerializationError(f"statistics cover {stats.count} items, not {deals}")
        for name, field_stats in stats.items():
            if name not in layout or field_stats.shape != layout[name].shape:
                raise SerializationError(f"statistics of {name!r} do not match the layout")
        return cls(
            rules=rules, policy=str(metadata["policy"]), deals=deals,
            start=int(metadata["start"]),
            seed=_seed(metadata["seed"]),
            layout=layout, stats=stats, arrays=None if stats_only else dict(arrays),
            elapsed=float(metadata["elapsed"]), backend=str(metadata["backend"]))

    def plot(self, field: str | None = None, *, ax: Axes | None = None,
             path: storage.PathLike | None = None) -> Figure:
        """The distribution of ``field`` per column (default: the first summarised integer
        field, such as points per seat) from the run's histograms; needs matplotlib
        (``pip install 'trickcore[plot]'``). Saved to ``path`` when given."""
        from trickcore.simulation.plot import plot_distribution

        return plot_distribution(self, field, ax=ax, path=path)

    def plot_fields(self, *, path: storage.PathLike | None = None) -> Figure:
        """Every summarised field with a distribution (flags, integer fields), one panel each
        (see ``trickcore.simulation.plot``); needs matplotlib. Saved to ``path`` when given."""
        from trickcore.simulation.plot import plot_fields

        return plot_fields(self, path=path)


# Bounds on what a file may ask for, far beyond any real run: columns per row of an output, and
# the sizes of a seed (numpy's pool is 4 words; entropy and spawn keys are a few words).
MAX_ROW_COLUMNS = 1 << 20
POOL_SIZES = range(4, 65)
MAX_SEED_BITS = 1 << 12
MAX_SEED_WORDS = 64


def _column(name: str, record: Mapping[str, Any]) -> Column:
    shape = tuple(int(n) for n in record["shape"])
    if any(n < 0 for n in shape) or math.prod(shape) > MAX_ROW_COLUMNS:
        raise SerializationError(f"layout of {name!r}: a row of shape {list(shape)} is not "
                                 f"allowed (at most {MAX_ROW_COLUMNS} values)")
    return Column(np.dtype(record["dtype"]), shape)


def _seed_word(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not (
            0 <= value < 1 << MAX_SEED_BITS):
        raise SerializationError(f"{where} must be a non-negative int of at most "
                                 f"{MAX_SEED_BITS} bits, not {value!r:.80}")
    return value


def _seed(record: Mapping[str, Any]) -> np.random.SeedSequence:
    """The SeedSequence of a file's seed record, whose sizes must be within the bounds above
    (a tampered pool size could otherwise ask for terabytes)."""
    pool_size, entropy, spawn_key = record["pool_size"], record["entropy"], record["spawn_key"]
    if type(pool_size) is not int or pool_size not in POOL_SIZES:
        raise SerializationError(f"seed pool_size must be {POOL_SIZES.start}.."
                                 f"{POOL_SIZES.stop - 1}, not {pool_size!r:.80}")
    if not isinstance(spawn_key, list):
        raise SerializationError(f"seed spawn_key must be a list, not {spawn_key!r:.80}")
    for name, words in (("entropy", entropy), ("spawn_key", spawn_key)):
        if isinstance(words, list) and len(words) > MAX_SEED_WORDS:
            raise SerializationError(f"seed {name} holds {len(words)} numbers; at most "
                                     f"{MAX_SEED_WORDS} are allowed")
    return np.random.SeedSequence(
        [_seed_word(w, "seed entropy") for w in entropy] if isinstance(entropy, list)
        else _seed_word(entropy, "seed entropy"),
        spawn_key=tuple(_seed_word(k, "seed spawn_key") for k in spawn_key),
        pool_size=pool_size)


def _check_arrays(arrays: Mapping[str, NDArray[Any]], layout: Layout, deals: int) -> None:
    if set(arrays) != set(layout):
        raise SerializationError(f"arrays {sorted(arrays)} do not match the layout "
                                 f"{sorted(layout)}")
    for name, column in layout.items():
        array = arrays[name]
        if array.shape != (deals, *column.shape) or array.dtype != column.dtype:
            raise SerializationError(
                f"array {name!r} is {array.dtype}{list(array.shape)}, expected "
                f"{column.dtype}{[deals, *column.shape]}")


load = SimulationResult.load
