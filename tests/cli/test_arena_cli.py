"""``python -m trickcore arena``: the table it prints and its one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from trickcore.cli import main


@pytest.mark.parametrize("game", ["svarta-maja", "spardame", "spades", "dam-avoid",
                                  "dam-collect"])
def test_arena_prints_standings_and_differences(game: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", game, "--bots", "rule,greedy,greedy,greedy", "--deals", "30",
                 "--seed", "1", "--workers", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{game} arena: 30 duplicate deals x 4 rotations")
    assert "\nbot " in out and "\nrule " in out and "\ngreedy " in out
    assert "difference" in out and ("rule - greedy" in out or "greedy - rule" in out)


def test_arena_unknown_bot_is_one_line_with_a_suggestion(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "spades", "--bots", "rule,grredy,rule,greedy", "--deals", "3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "did you mean 'greedy'" in err


def test_arena_checkpoint_resumes_to_the_same_table(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    command = ["arena", "svarta-maja", "--bots", "rule,greedy,greedy,greedy", "--deals", "40",
               "--seed", "3", "--workers", "1", "--no-progress"]
    assert main([*command, "--checkpoint", str(tmp_path / "run")]) == 0
    first = capsys.readouterr().out.splitlines()
    (tmp_path / "run" / "span-0-32-8.npz").unlink()
    assert main([*command, "--checkpoint", str(tmp_path / "run")]) == 0
    assert capsys.readouterr().out.splitlines()[2:] == first[2:]
    assert main([*command[:6], "--checkpoint", str(tmp_path / "other")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs a seed" in err
