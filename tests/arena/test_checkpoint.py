"""Checkpointed arenas: a run resumed, or extended to more deals, plays only the missing tasks
and gives the rows of a run never stopped; another arena's checkpoint and damaged files are
refused by name, and nothing is overwritten."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import trickcore as tc
from trickcore.arena import runner
from trickcore.arena.checkpoint import MANIFEST, bot_identity
from trickcore.bots import PimcBot, RuleBot
from trickcore.simulation.errors import SimulationArgumentError

BOTS = ["rule", "greedy", "random", "greedy"]


def count_tasks(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, int]]:
    """The spans of the tasks the arena plays from now on (in this process)."""
    played: list[tuple[int, int, int]] = []
    run = runner.run_arena_task

    def counted(task: runner.ArenaTask) -> Any:
        played.extend(task.spans)
        return run(task)

    monkeypatch.setattr(runner, "run_arena_task", counted)
    return played


def span_files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.glob("span-*.npz"))


def test_a_resumed_run_plays_only_missing_tasks_and_equals_an_unstopped_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plain = tc.arena("svarta-maja", BOTS, deals=70, seed=4, workers=1)
    first = tc.arena("svarta-maja", BOTS, deals=70, seed=4, workers=1, checkpoint=tmp_path)
    assert span_files(tmp_path) == ["span-0-0-32.npz", "span-0-32-32.npz", "span-0-64-6.npz"]
    (tmp_path / "span-0-32-32.npz").unlink()  # as if the run had stopped during that task
    played = count_tasks(monkeypatch)
    resumed = tc.arena("svarta-maja", BOTS, deals=70, seed=4, workers=1, checkpoint=tmp_path)
    assert played == [(0, 32, 32)]
    for result in (first, resumed):
        assert np.array_equal(result.arrays["points"], plain.arrays["points"])
    assert resumed.format_summary().splitlines()[2:] == plain.format_summary().splitlines()[2:]


def test_more_deals_reuse_every_whole_task_and_matches_resume_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tc.arena("dam-collect", BOTS, deals=40, seed=2, workers=2, checkpoint=tmp_path / "deals")
    played = count_tasks(monkeypatch)
    longer = tc.arena("dam-collect", BOTS, deals=70, seed=2, workers=1,
                      checkpoint=tmp_path / "deals")
    assert played == [(0, 32, 32), (0, 64, 6)]  # the short last task of 40 is not a whole one
    assert span_files(tmp_path / "deals") == [
        "span-0-0-32.npz", "span-0-32-32.npz", "span-0-32-8.npz", "span-0-64-6.npz"]
    plain = tc.arena("dam-collect", BOTS, deals=70, seed=2, workers=1)
    assert np.array_equal(longer.arrays["points"], plain.arrays["points"])

    rules = tc.spades.Rules.standard(target=200, min_score=-200)
    spades_bots = ["rule", "random", "rule", "random"]
    matches = tc.arena(rules, spades_bots, deals=2, seed=3, match=True, workers=1,
                       checkpoint=tmp_path / "matches")
    played.clear()
    again = tc.arena(rules, spades_bots, deals=2, seed=3, match=True, workers=1,
                     checkpoint=tmp_path / "matches")
    assert played == []
    for name in ("points", "won", "deals_played"):
        assert np.array_equal(again.arrays[name], matches.arrays[name])


def test_matches_are_played_a_few_a_task_so_that_workers_share_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tc.spades.Rules.standard(target=100, min_score=-100)
    spades_bots = ["rule", "random", "rule", "random"]
    played = count_tasks(monkeypatch)
    result = tc.arena(rules, spades_bots, deals=6, seed=5, match=True, workers=1,
                      checkpoint=tmp_path)
    assert played == [(0, 0, runner.MATCH_CHUNK), (0, runner.MATCH_CHUNK, 6 - runner.MATCH_CHUNK)]
    assert span_files(tmp_path) == [f"span-0-0-{runner.MATCH_CHUNK}.npz",
                                    f"span-0-{runner.MATCH_CHUNK}-{6 - runner.MATCH_CHUNK}.npz"]
    assert result.arrays["won"].shape[0] == 6


def test_another_arenas_checkpoint_is_refused_naming_what_differs(tmp_path: Path) -> None:
    tc.arena("svarta-maja", BOTS, deals=3, seed=1, workers=1, checkpoint=tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    others: list[tuple[dict[str, Any], str]] = [
        ({"seed": 2}, "seed"),
        ({"bots": ["rule", "rule", "random", "greedy"]}, "bots"),
        ({"bots": [PimcBot(worlds=8), "greedy", "random", "greedy"]}, "bots"),
        ({"rules": "spardame"}, "game, rules"),
        ({"rules": tc.hearts.Rules.svarta_maja(children=True)}, "rules"),
    ]
    for change, differs in others:
        arguments: dict[str, Any] = {"rules": "svarta-maja", "bots": BOTS, "seed": 1, **change}
        with pytest.raises(SimulationArgumentError,
                           match=f"belongs to another arena: its {differs} differ"):
            tc.arena(arguments.pop("rules"), arguments.pop("bots"), deals=3, workers=1,
                     checkpoint=tmp_path, **arguments)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    with pytest.raises(SimulationArgumentError, match="needs a seed"):
        tc.arena("svarta-maja", BOTS, deals=3, workers=1, checkpoint=tmp_path / "new")
    assert not (tmp_path / "new").exists()
    (tmp_path / "file").write_text("x")
    with pytest.raises(SimulationArgumentError, match="is not a directory"):
        tc.arena("svarta-maja", BOTS, deals=3, seed=1, workers=1, checkpoint=tmp_path / "file")


def test_damaged_checkpoint_files_are_refused_by_name(tmp_path: Path) -> None:
    tc.arena("svarta-maja", BOTS, deals=3, seed=1, workers=1, checkpoint=tmp_path)
    span = tmp_path / "span-0-0-3.npz"
    good = span.read_bytes()
    span.write_bytes(good[: len(good) // 2])
    with pytest.raises(tc.SerializationError, match=r"span-0-0-3\.npz"):
        tc.arena("svarta-maja", BOTS, deals=3, seed=1, workers=1, checkpoint=tmp_path)
    other = tc.arena("svarta-maja", BOTS, deals=3, seed=1, workers=1)
    other.save(span)  # a real result file, but not a task's rows
    with pytest.raises(tc.SerializationError, match=r"not the rows of span \[0, 0, 3\]"):
        tc.arena("svarta-maja", BOTS, deals=3, seed=1, workers=1, checkpoint=tmp_path)
    np.savez(span, **{"rows.points": np.zeros((3, 4), np.int32),
                      "trickcore": np.array(json.dumps({"format": "trickcore.arena-checkpoint",
                                                       "span": [0, 0, 3]}))})
    with pytest.raises(tc.SerializationError, match="not a task's rows of 3 deals for 4 seats"):
        tc.arena("svarta-maja", BOTS, deals=3, seed=1, workers=1, checkpoint=tmp_path)
    (tmp_path / MANIFEST).write_text("{not json")
    with pytest.raises(tc.SerializationError, match="unreadable checkpoint manifest"):
        tc.arena("svarta-maja", BOTS, deals=3, seed=1, workers=1, checkpoint=tmp_path)


def test_a_bot_is_known_by_its_parameters_or_else_its_class() -> None:
    assert bot_identity(PimcBot(worlds=8)) != bot_identity(PimcBot(worlds=16))
    assert bot_identity(RuleBot()) == repr(RuleBot())

    class Plain:
        name = "plain"

        def choose(self, deal: Any, seat: int) -> Any:
            raise AssertionError

    assert bot_identity(Plain()).endswith("Plain")
    assert "0x" not in bot_identity(Plain())
