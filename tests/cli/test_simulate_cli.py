"""The ``simulate`` subcommand, driven through argparse as ``python -m trickcore`` drives it."""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import pytest

from trickcore.cli.simulate import add_simulate_command, count
from trickcore.simulation import load, simulate
from trickcore.simulation.random_deals import DealStats


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="trickcore")
    add_simulate_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["simulate", *argv])
    status: int = args.run(args)
    return status


def test_prints_a_summary_table_with_rates_and_speed(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("deals", "--deals", "20k", "--seed", "1", "--workers", "2") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "deals: 20,000 deals, policy random, seed 1"
    assert out[1].startswith("20,000 deals in ") and out[1].endswith("deals/s) on 2 threads")
    assert out[3].split() == ["mean", "95%", "CI", "sd", "min", "max"]
    labels = [line.split()[0] for line in out[4:]]
    assert labels == [f"{f}[{s}]" for f in ("hcp", "longest", "void") for s in range(4)]
    expected = simulate(DealStats(), 20_000, seed=1).stats["hcp"].mean()[0]
    assert out[4].split()[1] == f"{expected:.4f}"
    assert out[-1].split()[1].endswith("%")


def test_saves_and_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    saved, image = tmp_path / "run.npz", tmp_path / "hcp.png"
    assert run("deals", "--deals", "3000", "--seed", "4", "--stats-only", "--save", str(saved),
               "--plot", str(image), "--no-progress") == 0
    assert f"saved to {saved}" in capsys.readouterr().out
    result = load(saved)
    assert result.stats_only and result.stats == simulate(
        DealStats(), 3000, seed=4, stats_only=True).stats
    assert image.read_bytes().startswith(b"\x89PNG")


def test_an_unwritable_save_path_fails_cleanly(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "missing-directory" / "run.npz"
    assert run("deals", "--deals", "100", "--seed", "1", "--save", str(target)) == 2
    captured = capsys.readouterr()
    assert "error: cannot write --save file" in captured.err
    assert "No such file or directory" in captured.err
    assert captured.out == ""  # refused before the run, not after it


def test_start_replays_part_of_a_run(tmp_path: Path) -> None:
    saved = tmp_path / "part.npz"
    assert run("deals", "--deals", "10", "--seed", "3", "--start", "16380", "--save",
               str(saved)) == 0
    np.testing.assert_array_equal(load(saved)["hands"],
                                  simulate(DealStats(), 16390, seed=3)["hands"][16380:])


def test_lists_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("--list") == 0
    out = capsys.readouterr().out
    for name in ("svarta-maja", "spardame", "spades", "dam-avoid", "dam-collect", "draughts"):
        assert name in out
    assert any(line.split()[:2] == ["deals", "ready"] for line in out.splitlines())


@pytest.mark.parametrize(("argv", "message"), [
    (["bridge"], "error: unknown game 'bridge'; games: dam-avoid"),
    (["deals", "--policy", "greedy"], "error: unknown policy 'greedy'"),
    (["deals", "--save", "run.csv"], "error: cannot tell the format of 'run.csv'"),
    (["deals", "--seed", "-4"], "error: invalid seed -4"),
])
def test_bad_input_is_reported_without_a_traceback(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(*argv) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "message"), [
    ([], "name a game to simulate"),
    (["deals", "--deals", "-1"], "not a non-negative whole number: '-1'"),
    (["deals", "--deals", "lots"], "not a whole number: 'lots'"),
    (["deals", "--workers", "0"], "must be at least 1"),
    (["deals", "--confidence", "95"], "not a confidence level in (0, 1): '95'"),
])
def test_bad_options_are_usage_errors(argv: list[str], message: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        run(*argv)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


def test_a_failing_run_exits_1_naming_the_block(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from trickcore.simulation import registry

    monkeypatch.setitem(registry.GAMES, "failing", registry.Game(
        "failing", "simulation_games:FailingDeals", "test"))
    assert run("failing", "--deals", "20000", "--seed", "1") == 1
    assert "failed in block 0 (items 0..16383): ArithmeticError" in capsys.readouterr().err


@pytest.mark.parametrize(("text", "number"), [
    ("1000000", 1_000_000), ("1_000_000", 1_000_000), ("1e6", 1_000_000), ("1M", 1_000_000),
    ("2.5k", 2500), ("10G", 10**10), ("0", 0)])
def test_counts_accept_the_usual_spellings(text: str, number: int) -> None:
    assert count(text) == number


@pytest.mark.parametrize("text", ["1.5", "-2", "1e-3", "x", "", "nan", "1/3"])
def test_counts_refuse_anything_else(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        count(text)
