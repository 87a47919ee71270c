"""Two or more builds of trickcore (git worktrees, each built in place) timed side by side on
the same solver positions: each build serves solves in its own child process, and the
positions go to the builds in turn, position by position, in alternating order each repeat, so
that a shared machine's load falls on every build alike. A position's time is the best of its
repeats; node counts come with it, since a change may trade nodes for time per node.

    python bench/solver_ab.py [--game spades|svarta-maja|spardame] [--cards 13]
        [--positions 30] [--repeats 2] [--kind solve|value] ROOT [ROOT ...]

Positions are bench/solver_figures.py's (seeds 1..N); one ReusableSolver per build serves them
all, at the default table cap.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

CHILD = r"""
import json, sys, time
sys.path.insert(0, "bench")
from solver_figures import SPARDAME, SVARTA_MAJA, hearts_position, spades_position
from trickcore.search.solver import ReusableSolver
game, cards, count, kind = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rules = {"svarta-maja": SVARTA_MAJA, "spardame": SPARDAME}.get(game)
deals = [spades_position(s, cards) if rules is None else hearts_position(rules, s, cards)
         for s in range(1, count + 1)]
solver = ReusableSolver()
solve = solver.solve_value if kind == "value" else solver.solve
print("ready", flush=True)
for line in sys.stdin:
    deal = deals[int(line)]
    start = time.perf_counter()
    solve(deal)
    print(json.dumps([time.perf_counter() - start, solver._solver.stats[0]]), flush=True)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="spades", choices=["spades", "svarta-maja", "spardame"])
    parser.add_argument("--cards", type=int, default=13, help="cards per hand")
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--kind", default="solve", choices=["solve", "value"])
    parser.add_argument("roots", nargs="+", type=Path, help="worktrees built in place")
    args = parser.parse_args()
    print("$ python " + " ".join(sys.argv))
    env = {**os.environ, "PYTHONPATH": "python"}
    children = [subprocess.Popen([sys.executable, "-c", CHILD, args.game, str(args.cards),
                                  str(args.positions), args.kind], cwd=root, env=env,
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                for root in args.roots]
    for child in children:
        assert child.stdin and child.stdout and child.stdout.readline().strip() == "ready"
    best = [[float("inf")] * args.positions for _ in children]
    nodes = [[0] * args.positions for _ in children]
    for repeat in range(args.repeats):
        order = list(range(len(children)))[:: 1 if repeat % 2 == 0 else -1]
        for i in range(args.positions):
            for k in order:
                stdin, stdout = children[k].stdin, children[k].stdout
                assert stdin and stdout
                stdin.write(f"{i}\n")
                stdin.flush()
                seconds, searched = json.loads(stdout.readline())
                best[k][i] = min(best[k][i], seconds)
                nodes[k][i] = searched
    for child in children:
        assert child.stdin
        child.stdin.close()
        child.wait()
    for root, times, searched in zip(args.roots, best, nodes, strict=True):
        print(f"{root!s:24s} ms median {1e3 * statistics.median(times):9.3f} "
              f"mean {1e3 * statistics.mean(times):9.3f}   nodes median "
              f"{statistics.median(searched):11,.0f} mean {statistics.mean(searched):11,.0f}")


if __name__ == "__main__":
    main()
