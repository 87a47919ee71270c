"""The endgame-tables figures issue #17 asks for: the time to build the tables of 1..N pieces
(each piece count on top of the ones before) on a number of threads, and their size on disk.

Run: ``PYTHONPATH=python python bench/tables_figures.py [--pieces 5] [--workers 2] [--path DIR]``
(default: a fresh temporary folder, removed afterwards). The command line is printed first, so
that figures can be quoted with it.
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import sys
import tempfile
import time
from pathlib import Path

from trickcore.draughts import Tables
from trickcore.draughts.tables import positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pieces", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--path", default=None, help="build here (kept) instead of a temp folder")
    args = parser.parse_args()
    print("$ " + shlex.join([Path(sys.executable).name, *sys.argv]))
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"{args.workers} build threads")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(args.path or scratch)
        tables = Tables(args.pieces, folder, workers=args.workers)
        print(f"{'pieces':>6} {'positions':>13} {'seconds':>8} {'MB on disk':>10}")
        started = time.perf_counter()

        def report(pieces: int, done: int, slices: int, seconds: float) -> None:
            if done < slices:
                return
            size = sum(f.stat().st_size for f in folder.glob("draughts-*.tb")
                       if sum(map(int, f.stem.split("-")[1])) == pieces)
            print(f"{pieces:>6} {positions(pieces):>13,} {seconds:>8.1f} {size / 1e6:>10.2f}",
                  flush=True)

        tables.build(report)
        total = sum(f.stat().st_size for f in folder.glob("draughts-*.tb"))
        print(f"{'all':>6} {'':>13} {time.perf_counter() - started:>8.1f} {total / 1e6:>10.2f}")


if __name__ == "__main__":
    main()
