"""Plots of a run's distributions (matplotlib, an optional extra), drawn from its statistics so
that statistics-only runs can be plotted too.

Each field is drawn by its kind: a flag as a bar of its rate per column; an integer field as the
relative frequency of each value (integer bins, integer ticks; bins of several values when
there are more than ``MAX_BINS``), one step line per column; a field
whose rules name its values (draughts ``result``: White wins, draw, Black wins) as a bar chart
of the rate of each value. Columns are named by seat ("seat 2") when there is one per player and
by side ("side 0: seats 0+2") when there is one per side; the rules may name the values of a
field of one column (``value_names``). Every title names the game, the field and the size of
the run."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from trickcore.simulation.errors import SimulationArgumentError
from trickcore.simulation.summary import column_labels

# An integer field with more distinct values than this is drawn with bins of several values.
MAX_BINS = 60

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from trickcore.simulation.result import SimulationResult
    from trickcore.simulation.stats import FieldStats
    from trickcore.simulation.storage import PathLike


def _figure_class() -> type[Figure]:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError("result.plot() needs matplotlib: pip install 'trickcore[plot]'"
                          ) from None
    return Figure


def default_field(result: SimulationResult) -> str:
    """The field ``plot_distribution`` draws by default: the first with a histogram, else the
    first flag."""
    for name, stats in result.stats.items():
        if stats.histogram is not None:
            return name
    for name, stats in result.stats.items():
        if stats.kind == "bool":
            return name
    raise SimulationArgumentError(
        f"{result.game}: no summarised field has a histogram or a rate to plot")


def plottable(stats: FieldStats) -> bool:
    """Whether a field's statistics have a distribution to draw (a flag, or a histogram)."""
    return stats.kind == "bool" or (stats.histogram is not None and stats.count > 0)


def column_names(result: SimulationResult, name: str) -> list[str]:
    """The names of a field's columns: "seat s" for one column per player (``rules.players``),
    "side k: seats a+b" for one per side (``rules.sides``), else as the summary names them."""
    stats = result.stats[name]
    rules = result.rules
    if len(stats.shape) == 1:
        (count,) = stats.shape
        sides: tuple[tuple[int, ...], ...] = getattr(rules, "sides", ())
        if count == getattr(rules, "players", None):
            return [f"seat {seat}" for seat in range(count)]
        if count == len(sides):
            return [f"side {k}: seats {'+'.join(map(str, side))}"
                    for k, side in enumerate(sides)]
    return column_labels(name, stats.shape)


def plot_distribution(result: SimulationResult, field: str | None = None, *,
                      ax: Axes | None = None, path: PathLike | None = None) -> Figure:
    """The distribution of ``field`` (default: ``default_field``) on ``ax`` (default: a new
    figure), drawn as the module docstring says; saved to ``path`` when given."""
    figure_class = _figure_class()
    name = default_field(result) if field is None else field
    if name not in result.stats:
        raise SimulationArgumentError(
            f"no statistics for {name!r}; summarised fields: {list(result.stats)}")
    if ax is None:
        figure = figure_class(figsize=(7, 4), layout="constrained")
        ax = figure.add_subplot()
    else:
        figure = ax.get_figure()  # type: ignore[assignment]
    _draw(result, name, ax)
    if path is not None:
        figure.savefig(path)
    return figure


def plot_fields(result: SimulationResult, *, path: PathLike | None = None) -> Figure:
    """Every summarised field that has a distribution (flags and fields with a histogram), one
    panel each as ``plot_distribution`` draws it; saved to ``path`` when given."""
    figure_class = _figure_class()
    names = [name for name, stats in result.stats.items() if plottable(stats)]
    if not names:
        raise SimulationArgumentError(
            f"{result.game}: no summarised field has a histogram or a rate to plot")
    columns = min(2, len(names))
    rows = math.ceil(len(names) / columns)
    figure = figure_class(figsize=(7 * columns, 4 * rows), layout="constrained")
    for index, name in enumerate(names):
        _draw(result, name, figure.add_subplot(rows, columns, index + 1))
    if path is not None:
        figure.savefig(path)
    return figure


def bin_width(values: int) -> int:
    """The width of the bins for ``values`` consecutive integers: 1, else the smallest of 2, 5,
    10, 20, 50, 100... that makes at most ``MAX_BINS`` bins."""
    width = 1
    while math.ceil(values / width) > MAX_BINS:
        width = width * 5 // 2 if str(width).startswith("2") else width * 2
    return width


def _draw(result: SimulationResult, name: str, ax: Axes) -> None:
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    stats = result.stats[name]
    labels = column_names(result, name)
    values = stats.histogram_values()
    value_names: Mapping[str, Mapping[int, str]] = getattr(result.rules, "value_names", {})
    if stats.kind == "bool":
        bars = ax.bar(labels, stats.mean().ravel())
        ax.bar_label(bars, fmt="{:.1%}")
        ax.set_ylabel(f"rate of {name}")
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    elif values is None or stats.histogram is None or not stats.count:
        raise SimulationArgumentError(
            f"{name!r} has no histogram (float values, or a span over the histogram limit)")
    elif name in value_names and not stats.shape:
        tally = dict(zip(values.tolist(), stats.histogram[:, 0].tolist(), strict=True))
        named = value_names[name]
        rates = [tally.get(value, 0) / stats.count for value in named]
        bars = ax.bar(list(named.values()), rates)
        ax.bar_label(bars, fmt="{:.1%}")
        ax.set_xlabel(name)
        ax.set_ylabel("rate")
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    else:
        width = bin_width(len(values))
        first = int(values[0]) // width * width  # bins start at multiples of the width
        skip = int(values[0]) - first
        counts: Any = stats.histogram.reshape(len(values), -1)
        padded = np.zeros((math.ceil((skip + len(values)) / width) * width, counts.shape[1]))
        padded[skip:skip + len(values)] = counts
        frequencies = padded.reshape(-1, width, counts.shape[1]).sum(axis=1) / stats.count
        centres = first + width * np.arange(len(frequencies)) + (width - 1) / 2
        for column, label in enumerate(labels):
            ax.step(centres, frequencies[:, column], where="mid", label=label)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel(name if width == 1 else f"{name} (bins of {width} values)")
        ax.set_ylabel("relative frequency")
        if len(labels) > 1:
            ax.legend()
    ax.set_title(f"{result.game}: {name}, {result.deals:,} {result.unit}, "
                 f"policy {result.policy}")
