"""Plots of a run's distributions (matplotlib, an optional extra), drawn from its statistics so
that statistics-only runs can be plotted too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trickcore.simulation.errors import SimulationArgumentError
from trickcore.simulation.summary import column_labels

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from trickcore.simulation.result import SimulationResult
    from trickcore.simulation.storage import PathLike


def default_field(result: SimulationResult) -> str:
    for name, stats in result.stats.items():
        if stats.histogram is not None:
            return name
    for name, stats in result.stats.items():
        if stats.kind == "bool":
            return name
    raise SimulationArgumentError(
        f"{result.game}: no summarised field has a histogram or a rate to plot")


def plot_distribution(result: SimulationResult, field: str | None = None, *,
                      ax: Axes | None = None, path: PathLike | None = None) -> Figure:
    """Relative frequency of each value of ``field`` per column (step lines, one per seat),
    or the rate per column of a flag field."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError("result.plot() needs matplotlib: pip install 'trickcore[plot]'"
                          ) from None
    name = default_field(result) if field is None else field
    if name not in result.stats:
        raise SimulationArgumentError(
            f"no statistics for {name!r}; summarised fields: {list(result.stats)}")
    stats = result.stats[name]
    if ax is None:
        figure = Figure(figsize=(7, 4), layout="constrained")
        ax = figure.add_subplot()
    else:
        figure = ax.get_figure()  # type: ignore[assignment]
    labels = column_labels(name, stats.shape)
    values = stats.histogram_values()
    if stats.kind == "bool":
        ax.bar(labels, stats.mean().ravel())
        ax.set_ylabel("rate")
    elif values is not None and stats.histogram is not None and stats.count:
        frequencies: Any = stats.histogram / stats.count
        for column, label in enumerate(labels):
            ax.step(values, frequencies[:, column], where="mid", label=label)
        ax.set_xlabel(name)
        ax.set_ylabel("relative frequency")
        if len(labels) > 1:
            ax.legend()
    else:
        raise SimulationArgumentError(
            f"{name!r} has no histogram (float values, or a span over the histogram limit)")
    ax.set_title(f"{result.game}: {name}, {result.deals:,} {result.unit}, "
                 f"policy {result.policy}")
    if path is not None:
        figure.savefig(path)
    return figure
