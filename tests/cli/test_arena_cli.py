"""``python -m trickcore arena``: the table it prints and its one-line errors."""

from __future__ import annotations

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
