"""The golden files pin every game's random stream and rules: simulate_block's first deals for
fixed seeds must match tests/data/golden/ byte for byte (tests/golden.py writes them)."""

import pytest

from golden import GOLDEN_DIR, render, rule_sets


@pytest.mark.parametrize("game", sorted(rule_sets()))
def test_simulate_block_matches_golden_file(game: str) -> None:
    expected = (GOLDEN_DIR / f"{game}.txt").read_text()
    actual = render(game)
    if actual != expected:
        old, new = expected.splitlines(), actual.splitlines()
        first = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
                     min(len(old), len(new)))
        section = next((line for line in reversed(old[:first + 1]) if line.startswith("##")), "")
        pytest.fail(f"{game}: line {first + 1} differs in section {section!r}")
