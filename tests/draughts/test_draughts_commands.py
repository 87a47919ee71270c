"""The draughts subcommands, run through an argparse parser as trickcore's CLI would."""

from __future__ import annotations

import argparse

import pytest

from trickcore.draughts.commands import register


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    status: int = args.run(args)
    return status


def test_perft_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("draughts-perft", "6") == 0
    assert capsys.readouterr().out.startswith("perft 6: 36768 leaves in ")
    assert run("draughts-perft", "3", "--no-bulk", "--fen", "W:WK10:B14,15,22,23") == 0
    assert "perft 3: " in capsys.readouterr().out


def test_perft_divide(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("draughts-perft", "3", "--divide") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("9-13: ") and lines[-1] == "total: 302"
    assert sum(int(line.split(": ")[1]) for line in lines[:-1]) == 302


def test_simulate_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("draughts-simulate", "--games", "300", "--seed", "4", "--workers", "1") == 0
    out = capsys.readouterr().out
    assert out.startswith("300 random games: Black won ") and "no moves: " in out
