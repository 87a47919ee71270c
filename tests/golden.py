"""Golden files: the first deals (or games) of ``simulate_block`` for fixed seeds and rule sets
of every game, as text, so that any change to a random stream or a rule shows byte for byte.

Regenerate only for a deliberate stream change (docs/random-streams.md says how to record it):
    PYTHONPATH=python python tests/golden.py
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import trickcore as tc
from trickcore.draughts.simulation import Rules as DraughtsRules

GOLDEN_DIR = Path(__file__).parent / "data" / "golden"
SEEDS = (1, 20261201)
COUNT = 40       # crosses Dam's groups of 16 deals
RECORDED = 6     # deals written with record=True (every play and legal set)


def rule_sets() -> dict[str, list[tuple[str, Any]]]:
    """Per golden file, the labelled rule sets it pins."""
    hearts, spades, dam = tc.hearts.Rules, tc.spades.Rules, tc.dam.Rules
    return {
        "svarta_maja": [
            ("default", hearts.svarta_maja()),
            ("no passing", hearts.svarta_maja(pass_count=0)),
            ("children", hearts.svarta_maja(children=True)),
            ("3 players", hearts.svarta_maja(players=3)),
            ("5 players", hearts.svarta_maja(players=5)),
            ("6 players", hearts.svarta_maja(players=6)),
            ("teams", hearts.svarta_maja(teams=True)),
        ],
        "spardame": [
            ("default", hearts.spardame()),
            ("3 players", hearts.spardame(players=3)),
            ("5 players", hearts.spardame(players=5)),
            ("6 players", hearts.spardame(players=6)),
        ],
        "spades": [
            ("standard", spades.standard()),
            ("jokers", spades.standard(jokers=True)),
            ("suicide", spades.standard(suicide=True)),
            ("mirror", spades.standard(mirror=True, blind_nil=False)),
            ("whiz", spades.standard(whiz=True)),
            ("misdeals", spades.standard(misdeal=("no-spades", "long-suit"))),
        ],
        "dam": [
            ("avoid", dam.avoid()),
            ("collect", dam.collect()),
            ("avoid 3 players", dam.avoid(players=3)),
            ("avoid 2 players", dam.avoid(players=2)),
            ("avoid last", dam.avoid(duplicates="last")),
            ("avoid 3 players last", dam.avoid(players=3, duplicates="last")),
            ("avoid jokers outright", dam.avoid(jokers="outright")),
            ("collect jokers points", dam.collect(jokers="points", joker_points=5)),
            ("collect 2 players jokers", dam.collect(players=2, jokers="neutral")),
            ("avoid trump", dam.avoid(turn_trump=True)),
            ("collect teams tricks", dam.collect(teams=True, score_by="tricks",
                                                 last_trick_bonus=2)),
            ("avoid one pack 13", dam.avoid(packs=1, hand_size=13)),
            ("avoid one pack 3 players", dam.avoid(packs=1, players=3, hand_size=10)),
        ],
        "draughts": [
            ("random", DraughtsRules()),
        ],
    }


def policies(rules: Any) -> tuple[str, ...]:
    return ("random",) if isinstance(rules, DraughtsRules) else ("random", "greedy")


def format_arrays(arrays: dict[str, Any]) -> list[str]:
    lines = []
    for name in sorted(arrays):
        value = np.asarray(arrays[name])
        lines.append(f"{name} {value.dtype} {'x'.join(map(str, value.shape))}")
        rows = value.reshape(value.shape[0], -1) if value.ndim > 1 else value.reshape(1, -1)
        lines += [" ".join(str(int(v)) for v in row) for row in rows]
    return lines


def render(game: str) -> str:
    """The text of one golden file, computed by the installed trickcore."""
    lines = [f"# golden deals of {game}: tests/golden.py writes and checks this file"]
    for label, rules in rule_sets()[game]:
        for policy in policies(rules):
            for seed in SEEDS:
                block: Callable[..., dict[str, Any]] = rules.simulate_block
                sequence = np.random.SeedSequence(seed)
                lines.append(f"## {label} | policy={policy} seed={seed} count={COUNT}")
                lines += format_arrays(block(sequence, COUNT, policy))
                if not isinstance(rules, DraughtsRules):
                    lines.append(f"## {label} | policy={policy} seed={seed} record={RECORDED}")
                    lines += format_arrays(block(sequence, RECORDED, policy, record=True))
    return "\n".join(lines) + "\n"


def main() -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for game in rule_sets():
        (GOLDEN_DIR / f"{game}.txt").write_text(render(game))


if __name__ == "__main__":
    main()
