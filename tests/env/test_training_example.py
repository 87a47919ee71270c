"""examples/train_hearts_numpy.py learns: after a short training its player scores clearly
fewer points per deal than random play, against the same random opponents."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2] / "examples"))

from train_hearts_numpy import train


def test_numpy_reinforce_beats_random_play() -> None:
    _, trained, random_play = train(40, 256, seed=1, report=False, eval_deals=2048)
    assert 5.5 < random_play < 7.5  # a random player takes about a quarter of 26 points
    assert trained < random_play - 1.0
