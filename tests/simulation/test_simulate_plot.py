"""result.plot(): distributions per seat from the run's histograms (matplotlib optional)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from simulation_games import Measurements
from trickcore.simulation import SimulationArgumentError, simulate
from trickcore.simulation.random_deals import DealStats

matplotlib = pytest.importorskip("matplotlib")


def test_plots_the_first_histogram_field_per_seat_to_a_file(tmp_path: Path) -> None:
    result = simulate(DealStats(), 5000, seed=1, stats_only=True)
    path = tmp_path / "hcp.png"
    figure = result.plot(path=path)
    assert path.read_bytes().startswith(b"\x89PNG")
    (ax,) = figure.axes
    assert [line.get_label() for line in ax.get_lines()] == [f"hcp[{s}]" for s in range(4)]
    stats = result.stats["hcp"]
    assert stats.histogram is not None
    heights = ax.get_lines()[2].get_ydata()
    np.testing.assert_allclose(heights, stats.histogram[:, 2] / 5000)
    assert ax.get_title() == "deals: hcp, 5,000 deals, policy random"


def test_plots_a_named_field_on_given_axes() -> None:
    from matplotlib.figure import Figure

    result = simulate(DealStats(), 2000, seed=2)
    ax = Figure().add_subplot()
    assert result.plot("void", ax=ax) is ax.get_figure()
    rates = [patch.get_height() for patch in ax.patches]
    np.testing.assert_allclose(rates, result["void"].mean(axis=0))


def test_fields_without_a_distribution_are_refused() -> None:
    result = simulate(Measurements(), 300, seed=1)
    with pytest.raises(SimulationArgumentError, match="'score' has no histogram"):
        result.plot("score")
    with pytest.raises(SimulationArgumentError, match="no statistics for 'hands'"):
        simulate(DealStats(), 10, seed=1).plot("hands")
