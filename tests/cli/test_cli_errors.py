"""Every subcommand refuses bad input with one line on stderr and exit status 2, never a
traceback; rules are settable from the command line for every game."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import trickcore as tc
from trickcore.cli import main
from trickcore.simulation import load
from trickcore.simulation.progress import TextBar


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one stderr line of a command that must exit with status 2."""
    try:
        status = main(argv)
    except SystemExit as stopped:
        status = stopped.code  # type: ignore[assignment]
    captured = capsys.readouterr()
    assert status == 2, captured
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err
    return lines[0]


@pytest.mark.parametrize(("argv", "message"), [
    (["draughts-perft", "-1"], "not a non-negative whole number: '-1'"),
    (["draughts-perft", "2", "--fen", "garbage"], "malformed FEN 'garbage'"),
    (["draughts-perft", "x"], "not a whole number: 'x'"),
    (["draughts-simulate", "--games", "-3"], "not a non-negative whole number: '-3'"),
    (["deal", "--players", "9"], "players must be 1..8, not 9"),
    (["deal", "--count", "-1"], "not a non-negative whole number: '-1'"),
    (["deal", "--seed", "x"], "invalid int value: 'x'"),
    (["simulate", "spades", "--deals", "-5"], "not a non-negative whole number: '-5'"),
    (["simulate", "bridge"], "unknown game 'bridge'; games: dam-avoid"),
    (["simulate", "hearts"], "unknown game 'hearts'; did you mean svarta-maja or spardame?"),
    (["simulate", "spade"], "unknown game 'spade'; did you mean spades"),
    (["simulate", "svarta-maja", "--players", "9"], "players must be 3..6, not 9"),
    (["simulate", "spades", "--players", "5"], "unknown rule parameter(s) players for spades"),
    (["simulate", "svarta-maja", "--set", "pass_count"], "--set takes NAME=VALUE"),
    (["simulate", "svarta-maja", "--set", "colour=red"], "unknown rule parameter(s) colour"),
    (["simulate", "svarta-maja", "--set", "pass_count=lots"],
     "pass_count must be an int, not 'lots'"),
    (["simulate", "draughts", "--set", "auto_draw=no"], "auto_draw must be True or False"),
    (["simulate", "svarta-maja", "--rules", "/no/such/rules.json"], "cannot read --rules"),
    (["nonsense"], "invalid choice: 'nonsense'"),
])
def test_bad_input_is_one_line_and_status_2(argv: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert message in refused(argv, capsys)


def test_no_traceback_from_the_module_entry_point() -> None:
    done = subprocess.run([sys.executable, "-m", "trickcore", "draughts-perft", "3", "--fen",
                           "garbage"], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.startswith("trickcore draughts-perft: error: malformed FEN")
    assert "Traceback" not in done.stderr


def test_an_unwritable_save_path_fails_before_the_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(["simulate", "deals", "--deals", "100", "--seed", "1", "--save",
                    str(tmp_path / "missing" / "run.npz")], capsys)
    assert "cannot write --save file" in line and "No such file or directory" in line


def test_save_check_leaves_no_file_behind(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "run.npz"
    refused(["simulate", "deals", "--deals", "10", "--policy", "greedy", "--save",
             str(target)], capsys)
    assert not target.exists()


def test_rules_from_options_and_a_file(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    rules_file = tmp_path / "rules.json"
    rules_file.write_text(json.dumps({"removed": "2C 2D", "heart_points": 2, "limit": 50}))
    saved = tmp_path / "run.npz"
    assert main(["simulate", "svarta-maja", "--deals", "50", "--seed", "1", "--no-progress",
                 "--players", "5", "--set", "pass_count=0", "--set", "teams=false",
                 "--set", "limit=60", "--rules", str(rules_file), "--save", str(saved)]) == 0
    assert load(saved).rules == tc.hearts.Rules.svarta_maja(
        players=5, pass_count=0, removed="2C 2D", heart_points=2, limit=60)
    capsys.readouterr()


def test_a_bad_rules_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules_file = tmp_path / "rules.json"
    rules_file.write_text('{"removed": 3}')
    assert "removed: cards are written as text" in refused(
        ["simulate", "svarta-maja", "--rules", str(rules_file)], capsys)
    rules_file.write_text("[1, 2]")
    assert "expected an object of rule parameters" in refused(
        ["simulate", "svarta-maja", "--rules", str(rules_file)], capsys)


def test_game_names_are_matched_forgivingly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "Svarta_Maja", "--deals", "10", "--seed", "1",
                 "--no-progress"]) == 0
    assert capsys.readouterr().out.startswith("svarta-maja: 10 deals")


def test_deal_without_a_seed_prints_the_seed_it_drew(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal"]) == 0
    out = capsys.readouterr().out
    seed = int(out.split("(seed ")[1].split(")")[0])
    assert main(["deal", "--seed", str(seed)]) == 0
    assert capsys.readouterr().out == out


def test_the_text_bar_clears_what_a_longer_line_left() -> None:
    stream = io.StringIO()
    bar = TextBar(10**9, label="deals", unit="deals", stream=stream, delay=0.0)
    bar.done = 10**9 - 1
    bar._draw(bar.started + 1e-6)  # a huge rate: a long line
    bar.done = 10**9
    bar._draw(bar.started + 10**6)  # a slow rate: a shorter line
    first, second = stream.getvalue().split("\r")[1:]
    assert len(second) >= len(first)
