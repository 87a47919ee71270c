"""Reads tests/data/draughts_perft.txt: (fen, depth, leaves) cases."""

from __future__ import annotations

from pathlib import Path

PERFT_FILE = Path(__file__).parent.parent / "data" / "draughts_perft.txt"


def perft_cases(max_depth: int) -> list[tuple[str, int, int]]:
    cases = []
    fen = ""
    for line in PERFT_FILE.read_text().splitlines():
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        if fields[0] == "fen":
            fen = fields[1]
        elif fields[0] == "perft" and int(fields[1]) <= max_depth:
            cases.append((fen, int(fields[1]), int(fields[2])))
    return cases
