"""The summary table of a run: one line per column of every summarised field."""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import product

from trickcore.simulation.progress import format_count
from trickcore.simulation.stats import FieldStats, RunStats


@dataclass(frozen=True)
class SummaryRow:
    """One column of a field: ``label`` is ``"points[2]"`` (seat 2) or ``"moon"`` (a flag)."""

    label: str
    kind: str
    mean: float
    low: float
    high: float
    std: float
    minimum: float
    maximum: float


def column_labels(name: str, shape: tuple[int, ...]) -> list[str]:
    if not shape:
        return [name]
    return [f"{name}[{','.join(map(str, index))}]" for index in product(*map(range, shape))]


def field_rows(name: str, stats: FieldStats, level: float) -> list[SummaryRow]:
    mean = stats.mean().ravel()
    low, high = (bound.ravel() for bound in stats.confidence_interval(level))
    std = stats.std().ravel()
    labels = column_labels(name, stats.shape)
    if stats.count == 0:
        return [SummaryRow(label, stats.kind, *(math.nan,) * 6) for label in labels]
    return [
        SummaryRow(label, stats.kind, float(mean[i]), float(low[i]), float(high[i]),
                   float(std[i]), float(stats.minimum[i]), float(stats.maximum[i]))
        for i, label in enumerate(labels)]


def summary_rows(stats: RunStats, level: float = 0.95) -> list[SummaryRow]:
    return [row for name, field in stats.items() for row in field_rows(name, field, level)]


def _cells(row: SummaryRow) -> list[str]:
    if math.isnan(row.mean):
        return [row.label, "-", "-", "", "", ""]
    if row.kind == "bool":
        return [row.label, f"{row.mean:.3%}", f"{row.low:.3%} .. {row.high:.3%}", "", "", ""]
    extreme = "{:.0f}" if row.kind == "int" else "{:.4g}"
    return [row.label, f"{row.mean:.4f}", f"{row.low:.4f} .. {row.high:.4f}", f"{row.std:.3f}",
            extreme.format(row.minimum), extreme.format(row.maximum)]


def format_table(stats: RunStats, level: float = 0.95) -> str:
    """Mean, confidence interval, sd, min and max per column; flags as rates."""
    header = ["", "mean", f"{level:.0%} CI", "sd", "min", "max"]
    lines = [header, *(_cells(row) for row in summary_rows(stats, level))]
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    return "\n".join(
        "  ".join(cell.ljust(width) if i == 0 else cell.rjust(width)
                  for i, (cell, width) in enumerate(zip(line, widths, strict=True))).rstrip()
        for line in lines)


def format_rate(count: int, seconds: float, unit: str) -> str:
    rate = count / seconds if seconds > 0 else math.inf
    return f"{count:,} {unit} in {seconds:.2f} s ({format_count(rate)} {unit}/s)"
