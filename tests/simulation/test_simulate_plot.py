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
    assert [line.get_label() for line in ax.get_lines()] == [f"seat {s}" for s in range(4)]
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


def test_draughts_results_are_a_labelled_bar_per_outcome_with_its_rate(tmp_path: Path) -> None:
    from trickcore import draughts

    result = draughts.simulate(games=2000, seed=5, stats_only=True)
    path = tmp_path / "result.png"
    figure = result.plot("result", path=path)
    assert path.read_bytes().startswith(b"\x89PNG")
    (ax,) = figure.axes
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Black wins", "draw", "White wins"]
    outcomes = result.stats["result"]
    assert outcomes.histogram is not None and outcomes.histogram_start == -1
    counts = outcomes.histogram[:, 0]  # -1, 0, +1
    rates = [counts[2] / 2000, counts[1] / 2000, counts[0] / 2000]
    np.testing.assert_allclose([patch.get_height() for patch in ax.patches], rates)
    assert rates[1] > 0  # draws are shown, not hidden between the wins
    assert [t.get_text() for t in ax.texts] == [f"{rate:.1%}" for rate in rates]
    assert ax.get_xlabel() == "result" and ax.get_ylabel() == "rate"
    assert ax.get_title() == "draughts: result, 2,000 games, policy random"


def test_integer_fields_have_integer_bins_and_ticks_per_seat() -> None:
    from trickcore import hearts

    result = simulate(hearts.Rules.svarta_maja(), 1000, seed=3, stats_only=True)
    figure = result.plot("points")
    (ax,) = figure.axes
    assert [line.get_label() for line in ax.get_lines()] == [f"seat {s}" for s in range(4)]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [f"seat {s}" for s in range(4)]
    ticks = ax.get_xticks()
    assert np.array_equal(ticks, np.round(ticks))
    assert ax.get_xlabel() == "points" and ax.get_ylabel() == "relative frequency"
    assert ax.get_title() == "svarta-maja: points, 1,000 deals, policy random"
    for line in ax.get_lines():
        assert line.get_ydata().sum() == pytest.approx(1.0)


def test_wide_fields_are_binned_and_per_side_fields_named_by_side() -> None:
    from trickcore import spades

    result = simulate(spades.Rules.standard(), 1000, seed=3)
    (ax,) = result.plot("points").axes
    assert [line.get_label() for line in ax.get_lines()] == ["side 0: seats 0+2",
                                                             "side 1: seats 1+3"]
    assert ax.get_xlabel() == "points (bins of 10 values)"
    centres = ax.get_lines()[0].get_xdata()
    assert np.array_equal(np.diff(centres), np.full(len(centres) - 1, 10))
    assert centres[0] % 10 == 4.5  # the bin of -200..-191 (scores are -200..200)
    lows = result["points"][:, 0] // 10 * 10
    first = (lows == lows.min()).mean()
    assert ax.get_lines()[0].get_ydata()[0] == pytest.approx(first)
    (made,) = result.plot("made").axes
    assert [t.get_text() for t in made.get_xticklabels()] == ["side 0: seats 0+2",
                                                              "side 1: seats 1+3"]


def test_bin_widths_are_one_two_or_five_times_a_power_of_ten() -> None:
    from trickcore.simulation.plot import MAX_BINS, bin_width

    assert [bin_width(n) for n in (1, MAX_BINS, MAX_BINS + 1, 150, 401, 5000)] == [
        1, 1, 2, 5, 10, 100]


def test_plot_fields_draws_every_summarised_field(tmp_path: Path) -> None:
    from trickcore import hearts

    result = simulate(hearts.Rules.svarta_maja(), 500, seed=1, stats_only=True)
    path = tmp_path / "all.png"
    figure = result.plot_fields(path=path)
    assert path.read_bytes().startswith(b"\x89PNG")
    assert [ax.get_title() for ax in figure.axes] == [
        f"svarta-maja: {name}, 500 deals, policy random" for name in ("points", "moon", "void")]
    assert [t.get_text() for t in figure.axes[1].get_xticklabels()] == ["moon"]
    mixed = simulate(Measurements(), 300, seed=1).plot_fields()  # floats and wide ints skipped
    assert [ax.get_title().split(",")[0] for ax in mixed.axes] == ["measurements: tiny",
                                                                   "measurements: flag"]
