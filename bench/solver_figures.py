"""The solver figures issue #16 asks for: the time and the nodes of exact solves of random
positions, per game and cards per hand, on one thread, then solve_batch on one worker against two.

Run: ``PYTHONPATH=python python bench/solver_figures.py [--positions N] [--seed S] [--full]
[--cap SECONDS] [--workers-check] [--value] [--only GAME] [--threads N]``. The command line is
printed first, so that figures can be quoted with it.

A position is deterministic from its seed: ``Deal.random(rules, seed=seed)``, the setup done (the
evaluator's bids in Spades; no passing in the Hearts rows), then random legal cards played
forward with ``random.Random(seed)``: until no hand holds more than the row's cards (so at a
trick boundary, the seat to act leading), or in Dam until the draw pile is empty (the first
position whose every card is known). Row position i uses seed ``--seed`` + i.

The per-position time is one ``deal.solve(objective)`` call (its table included: allocated, or
for a short ending the thread's recycled one), the row's positions solved one after another in a
child process (sending their answers in batches) so that a position taking longer than ``--cap``
seconds can be stopped: it counts as the cap, so median, mean and max become lower bounds (shown
with ">"). Nodes and ns per node are over the positions solved within the cap (all the row's
time over all its nodes). The last column is one ``solve_batch(solved, workers=1)`` over the
same solved positions (one table, cleared between positions) divided by their count; its rows
are checked against the single solves. ``--threads N`` times ``deal.solve(objective,
threads=N)`` instead (a team of N threads values the cards; the batch column stays one worker).
``--value`` adds the median and mean of one ``deal.solve_value(objective)`` a position (the
position's value alone, without each card's own search), timed the same way after them.
bench/bench_solver.py builds its positions with the functions here.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import random
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import trickcore
from trickcore import dam, draughts, hearts, spades
from trickcore.core.trick_deal import TrickDeal

SPADES = spades.Rules.standard()
SVARTA_MAJA = hearts.Rules.svarta_maja(pass_count=0)
SPARDAME = hearts.Rules.spardame(pass_count=0)
DAM_AVOID = dam.Rules.avoid(players=3)  # two packs, hands of 12, 68 cards in the draw pile
DAM_COLLECT = dam.Rules.collect(players=3)


# -- positions ------------------------------------------------------------------------------


def play_down_to(deal: TrickDeal, rng: random.Random, per_hand: int) -> None:
    """Plays random legal cards until no hand holds more than ``per_hand`` cards."""
    while deal.phase == "play" and max(len(deal.hand(p)) for p in range(deal.players)) > per_hand:
        deal.play(rng.choice(sorted(deal.legal_moves())))


def spades_position(seed: int, per_hand: int) -> spades.Deal:
    """Standard Spades after every seat has made the built-in evaluator's bid, played forward
    to ``per_hand`` cards a hand (13: the first lead)."""
    deal = spades.Deal.random(SPADES, seed=seed)
    while deal.phase == "bid":
        deal.bid(deal.policy_bid())
    play_down_to(deal, random.Random(seed), per_hand)
    return deal


def hearts_position(rules: hearts.Rules, seed: int, per_hand: int) -> hearts.Deal:
    """A Hearts-family deal without passing played forward to ``per_hand`` cards a hand."""
    deal = hearts.Deal.random(rules, seed=seed)
    play_down_to(deal, random.Random(seed), per_hand)
    return deal


def dam_position(rules: dam.Rules, seed: int) -> dam.Deal:
    """A Dam deal played forward to the moment its draw pile is empty (after the last refill)."""
    deal = dam.Deal.random(rules, seed=seed)
    rng = random.Random(seed)
    while deal.pile_size > 0:
        deal.play(rng.choice(sorted(deal.legal_moves())))
    return deal


def positions(build: Callable[[int], TrickDeal], seed: int, count: int) -> list[TrickDeal]:
    """``count`` positions from ``build``, of seeds ``seed``, ``seed + 1``, ..."""
    return [build(seed + i) for i in range(count)]


@dataclass(frozen=True)
class Row:
    """One line of the table: a game, its objective and the positions' size."""

    game: str
    objective: str
    cards: str  # cards per hand, or "pile empty"
    build: Callable[[int], TrickDeal]
    count: int  # positions in the default run
    full_only: bool = False  # only with --full


def spades_row(per_hand: int, count: int) -> Row:
    return Row("Spades", "tricks", str(per_hand), lambda s: spades_position(s, per_hand), count)


def hearts_row(game: str, rules: hearts.Rules, per_hand: int, count: int,
               full_only: bool = False) -> Row:
    return Row(game, "points", str(per_hand), lambda s: hearts_position(rules, s, per_hand),
               count, full_only)


def dam_row(game: str, rules: dam.Rules, count: int) -> Row:
    return Row(game, "points", "pile empty", lambda s: dam_position(rules, s), count)


ROWS = [
    spades_row(13, 10),
    spades_row(9, 30),
    spades_row(5, 200),
    hearts_row("Svarta Maja", SVARTA_MAJA, 13, 10, full_only=True),
    hearts_row("Svarta Maja", SVARTA_MAJA, 8, 30),
    hearts_row("Svarta Maja", SVARTA_MAJA, 5, 200),
    hearts_row("Spardame", SPARDAME, 13, 10, full_only=True),
    hearts_row("Spardame", SPARDAME, 8, 30),
    hearts_row("Spardame", SPARDAME, 5, 200),
    dam_row("Dam avoid 3p", DAM_AVOID, 5),
    dam_row("Dam collect 3p", DAM_COLLECT, 5),
]

# The batch scaling positions: rows of ROWS (by game and cards) solved on one and two workers,
# with their count: batches of a second or more, so that starting the threads and the last
# position's tail do not decide the ratio.
SCALING = [("Spades", "9", 300), ("Svarta Maja", "8", 60)]


# -- timing in a child process (so that a long solve can be stopped) --------------------------


FLUSH_SECONDS = 0.25  # the child sends its answers in batches at most this far apart


def _serve(conn: Connection, progress: Any) -> None:
    """The child's loop: ("each", deals, objective, threads) -> for each deal in turn, (seconds,
    nodes, {card: value}, value) of its one ``deal.solve``; ("value", deals, objective) -> for each
    deal, (seconds, value) of its one ``deal.solve_value``; ("batch", deals, objective,
    workers) -> (seconds, values, legal, value, nodes). Answers to "each" and "value" go in lists
    every FLUSH_SECONDS and at the end: a pipe write after each solve slowed the next one (5-card
    Spades: 49-53 µs a solve on average, 44-48 so); ``progress`` counts the solves done."""
    conn.send("ready")
    while True:
        try:
            request = conn.recv()
        except EOFError:
            return
        if request[0] == "batch":
            _, deals, objective, workers = request
            start = time.perf_counter()
            batch = trickcore.solve_batch(deals, objective, workers=workers)
            elapsed = time.perf_counter() - start
            conn.send((elapsed, batch.values, batch.legal, batch.value, batch.nodes))
            continue
        kind, deals, objective, threads = request
        pending: list[Any] = []
        flushed = time.perf_counter()
        for i, deal in enumerate(deals):
            start = time.perf_counter()
            if kind == "each":
                solution = deal.solve(objective, threads=threads)
                elapsed = time.perf_counter() - start
                pending.append((elapsed, solution.stats.nodes,
                                {int(card): value for card, value in solution.values.items()},
                                solution.value))
            else:
                value = deal.solve_value(objective)
                pending.append((time.perf_counter() - start, value))
            progress.value = i + 1
            if time.perf_counter() - flushed >= FLUSH_SECONDS or i + 1 == len(deals):
                conn.send(pending)
                pending, flushed = [], time.perf_counter()


_UNSOLVED = object()  # solve_each: an answer still to come


class CappedSolver:
    """Solves in a child process, giving up (and starting a new child) past a time cap."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._process: Any = None
        self._conn: Connection | None = None
        self._progress: Any = None  # the child's count of the solves done (solve_each)

    def _start(self) -> Connection:
        ours, theirs = self._context.Pipe()
        self._progress = self._context.Value("q", 0, lock=False)
        self._process = self._context.Process(target=_serve, args=(theirs, self._progress),
                                              daemon=True)
        self._process.start()
        theirs.close()
        if ours.recv() != "ready":
            raise RuntimeError("the solver child did not start")
        self._conn = ours
        return ours

    def _stop(self) -> None:
        self._process.kill()
        self._process.join()
        assert self._conn is not None
        self._conn.close()
        self._conn = None

    def run(self, request: tuple[Any, ...], cap: float) -> Any:
        """The child's answer to ``request``, or None when it takes longer than ``cap`` s."""
        conn = self._conn or self._start()
        conn.send(request)
        if conn.poll(cap):
            return conn.recv()
        self._stop()
        return None

    def solve_each(self, deals: Sequence[TrickDeal], objective: str, cap: float,
                   kind: str = "each", threads: int = 1) -> list[Any]:
        """Each deal's one ``deal.solve`` on ``threads`` (seconds, nodes, {card: value}, value),
        or with ``kind`` "value" its ``deal.solve_value`` (seconds, value), solved one after
        another in the child as a loop would; None for a solve past ``cap`` s (the child is
        then stopped, and the solves it had done but not sent are done again in a new one)."""
        answers: list[Any] = [_UNSOLVED] * len(deals)
        while True:
            todo = [i for i, answer in enumerate(answers) if answer is _UNSOLVED]
            if not todo:
                return answers
            conn = self._conn or self._start()
            self._progress.value = 0
            conn.send((kind, [deals[i] for i in todo], objective, threads))
            got = 0
            while got < len(todo):
                # A batch comes at most FLUSH_SECONDS after the one before, but for a long solve.
                if not conn.poll(cap + FLUSH_SECONDS):
                    stuck = self._progress.value  # the solve under way
                    if stuck < len(todo):
                        answers[todo[stuck]] = None
                    self._stop()
                    break
                for answer in conn.recv():
                    answers[todo[got]] = None if answer[0] >= cap else answer
                    got += 1

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()  # the child's recv() ends with EOFError
            self._process.join()
            self._conn = None


# -- the figures ----------------------------------------------------------------------------


def check_rows(singles: Sequence[tuple[dict[int, int], int]], batch: tuple[Any, ...],
               what: str) -> None:
    """A batch answer's rows against the single solves' (card values, value)."""
    _, values, legal, value, _ = batch
    for i, (cards, best) in enumerate(singles):
        row = {c: int(values[i, c]) for c in range(56) if int(legal[i]) >> c & 1}
        if row != cards or int(value[i]) != best:
            raise AssertionError(f"{what}: batch row {i} differs from the single solve")


def ms(seconds: float) -> str:
    value = seconds * 1e3
    return f"{value:.3f}" if value < 1 else f"{value:.2f}" if value < 100 else f"{value:.0f}"


def time_cells(times: Sequence[float], cap: float) -> list[str]:
    """The median, mean and max cells of solve times where a solve past ``cap`` counts as the
    cap: then all are lower bounds, marked ">" (a median among the capped ones is only ">cap")."""
    bound = ">" if cap in times else ""
    median = statistics.median([t if t < cap else float("inf") for t in times])
    return [f">{ms(cap)}" if median == float("inf") else bound + ms(median),
            bound + ms(statistics.fmean(times)), bound + ms(max(times))]


def value_cells(solved: Sequence[TrickDeal], singles: Sequence[tuple[dict[int, int], int]],
                objective: str, solver: CappedSolver, cap: float) -> list[str]:
    """The median and mean cells of one ``deal.solve_value`` of each solved position, each
    checked against its ``deal.solve`` value (a solve past ``cap`` counts as the cap)."""
    times: list[float] = []
    answers = solver.solve_each(solved, objective, cap, "value")
    for single, answer in zip(singles, answers, strict=True):
        if answer is not None and answer[1] != single[1]:
            raise AssertionError(f"solve_value {answer[1]} differs from the solve's {single[1]}")
        times.append(cap if answer is None else answer[0])
    return time_cells(times, cap)[:2]  # median and mean


def figures_row(row: Row, deals: list[TrickDeal], solver: CappedSolver, cap: float,
                workers_check: bool, value: bool, threads: int) -> list[str]:
    """The table cells of one row: every position solved once on ``threads``, then the solved
    ones batched (and with ``value``, their values alone)."""
    times: list[float] = []
    nodes: list[int] = []
    solved: list[TrickDeal] = []
    singles: list[tuple[dict[int, int], int]] = []
    answers = solver.solve_each(deals, row.objective, cap, threads=threads)
    for i, (deal, answer) in enumerate(zip(deals, answers, strict=True)):
        if answer is None:
            times.append(cap)
            print(f"    {row.game} {row.cards}, position {i}: over the cap", file=sys.stderr,
                  flush=True)
            continue
        elapsed, count, values, position_value = answer
        if elapsed >= 1:
            print(f"    {row.game} {row.cards}, position {i}: {elapsed:.1f} s", file=sys.stderr,
                  flush=True)
        times.append(elapsed)
        nodes.append(count)
        solved.append(deal)
        singles.append((values, position_value))
    cells = [row.game, row.objective, row.cards, f"{len(solved)}/{len(deals)}",
             *time_cells(times, cap)]
    if not solved:
        return [*cells, "-", "-", "-", *(["-", "-"] if value else [])]
    values_only = value_cells(solved, singles, row.objective, solver, cap) if value else []
    solved_time = sum(t for t in times if t < cap)
    cells += [f"{statistics.median(nodes):,.0f}", f"{solved_time / sum(nodes) * 1e9:.0f}"]
    batch = solver.run(("batch", solved, row.objective, 1), 2 * solved_time + 10)
    if batch is None:
        return [*cells, "-", *values_only]
    check_rows(singles, batch, f"{row.game} {row.cards}")
    if workers_check:
        two = solver.run(("batch", solved, row.objective, 2), 2 * solved_time + 10)
        if two is None:
            raise AssertionError(f"{row.game} {row.cards}: two workers took over twice as long "
                                 f"as the single solves")
        check_rows(singles, two, f"{row.game} {row.cards}, two workers")
    return [*cells, ms(batch[0] / len(solved)), *values_only]


def batch_pair(solver: CappedSolver, deals: list[TrickDeal], objective: str,
               repeats: int) -> tuple[float, float, list[int]]:
    """The best of ``repeats`` wall times of one solve_batch of ``deals`` on one worker and on
    two (the runs alternate, so that a drift of the machine's speed hits both), and the nodes
    of each position."""
    best = {1: float("inf"), 2: float("inf")}
    nodes: list[int] = []
    for _ in range(repeats):
        for workers in (1, 2):
            answer = solver.run(("batch", deals, objective, workers), 3600)
            best[workers] = min(best[workers], answer[0])
            nodes = [int(n) for n in answer[4]]
    return best[1], best[2], nodes


def table(header: Sequence[str], rows: Sequence[Sequence[str]], left: int) -> list[str]:
    """Aligned text columns: the first ``left`` to the left, the others to the right."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) if i < left else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True)))

    return [line(header), line(["-" * w for w in widths]), *(line(r) for r in rows)]


def commit() -> str:
    """The source's git commit (with "+" when the tree has changes), or "unknown"."""
    here = Path(__file__).resolve().parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here, text=True,
                              capture_output=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=here, text=True, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+" if dirty.strip() else "")


def cpu_ticks() -> tuple[int, int, int] | None:
    """(busy, steal, total) jiffies of all CPUs since boot, from /proc/stat (None elsewhere)."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except OSError:
        return None
    idle = fields[3] + fields[4]
    return sum(fields[:8]) - idle, fields[7], sum(fields[:8])


def own_cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the solver children)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def load_report(start: tuple[int, int, int] | None, end: tuple[int, int, int] | None,
                own: float) -> str:
    """The share of the machine's CPU time that other processes (and the host: steal) took
    while the figures ran: large shares mean slow, noisy figures."""
    if start is None or end is None or end[2] <= start[2]:
        return "machine load: unknown (no /proc/stat)"
    hertz = os.sysconf("SC_CLK_TCK")
    total = end[2] - start[2]
    others = max(0.0, (end[0] - start[0]) - (end[1] - start[1]) - own * hertz) / total
    steal = (end[1] - start[1]) / total
    return (f"during the run other processes used {others:.0%} of the machine's CPU time "
            f"({others * (os.cpu_count() or 1):.1f} cores on average), the host stole "
            f"{steal:.1%}")


def machine_speed() -> str:
    """bench/throughput.py's machine speed reference: draughts perft 10 (bulk), best of 3, in
    millions of leaves per second (a fixed workload; on this VM it swings with the host)."""
    board = draughts.Board()
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        leaves = draughts.perft(board, 10)
        best = min(best, time.perf_counter() - start)
    return f"{leaves / best / 1e6:.0f} M leaves/s"


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=None, metavar="N",
                        help="positions per row (default: per row, 5 to 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of each row's first position")
    parser.add_argument("--full", action="store_true",
                        help="add the Hearts-family rows at 13 cards a hand (slow)")
    parser.add_argument("--cap", type=float, default=15.0, metavar="SECONDS",
                        help="stop a single solve after this long (default 15)")
    parser.add_argument("--workers-check", action="store_true",
                        help="also check that solve_batch on two workers returns the single "
                             "solves' rows, on every row")
    parser.add_argument("--value", action="store_true",
                        help="also time deal.solve_value (the position's value alone) of each "
                             "solved position")
    parser.add_argument("--only", action="append", default=None, metavar="GAME",
                        help="only the rows whose game starts with GAME (repeatable; for quick "
                             "iteration)")
    parser.add_argument("--threads", type=int, default=1, metavar="N",
                        help="threads of each deal.solve (a team valuing the cards; default 1)")
    parser.add_argument("--repeats", type=int, default=3,
                        help="batch scaling: best of this many runs (default 3)")
    args = parser.parse_args(argv)
    if ((args.positions is not None and args.positions < 1) or args.cap <= 0 or args.repeats < 1
            or args.threads < 1):
        parser.error("--positions, --repeats and --threads must be at least 1, --cap above 0")

    path = os.environ.get("PYTHONPATH")
    command = shlex.join(["python", *sys.argv])
    print(f"$ {'PYTHONPATH=' + shlex.quote(path) + ' ' if path else ''}{command}")
    print(f"trickcore {trickcore.__version__} at {commit()}, Python {platform.python_version()}, "
          f"{cpu_name()}, {os.cpu_count()} cores")
    team = "One thread" if args.threads == 1 else f"{args.threads} threads a solve (a team)"
    print(f"{team}. Per position: one deal.solve() call (its table included), the row's "
          f"positions in turn in a\nchild process, capped at {args.cap:g} s: a capped solve "
          f"counts as {args.cap:g} s and '>' marks the lower bounds\nit makes. Nodes and ns/node: "
          f"over the positions solved within the cap. batch ms/pos: one\nsolve_batch(solved, "
          f"workers=1) of the row's solved positions, divided by their count. Row position\ni: "
          f"seed {args.seed} + i.", flush=True)
    if args.value:
        print("value median/mean ms: one deal.solve_value() of each solved position (its value "
              "alone), timed the same way.", flush=True)

    ticks, own = cpu_ticks(), own_cpu_seconds()
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"machine speed reference (draughts perft 10, as in bench/throughput.py): "
          f"{machine_speed()}", flush=True)
    solver = CappedSolver()
    header = ["game", "objective", "cards/hand", "solved", "median ms", "mean ms", "max ms",
              "median nodes", "ns/node", "batch ms/pos",
              *(["value median ms", "value mean ms"] if args.value else [])]
    lines: list[list[str]] = []
    measured: set[tuple[str, str]] = set()
    started = time.perf_counter()
    try:
        for row in ROWS:
            if (row.full_only and not args.full) or (
                    args.only and not any(row.game.startswith(g) for g in args.only)):
                continue
            deals = positions(row.build, args.seed, args.positions or row.count)
            measured.add((row.game, row.cards))
            lines.append(figures_row(row, deals, solver, args.cap, args.workers_check,
                                     args.value, args.threads))
            print(f"  ... {row.game} {row.cards}: {time.perf_counter() - started:.0f} s",
                  file=sys.stderr, flush=True)
        print()
        print("\n".join(table(header, lines, 3)))

        print()
        print(f"solve_batch scaling, wall time, best of {args.repeats} alternating runs (workers "
              f"take small chunks of the positions in turn):")
        scaling: list[list[str]] = []
        for game, cards, count in SCALING:
            if (game, cards) not in measured:
                continue
            row = next(r for r in ROWS if (r.game, r.cards) == (game, cards))
            deals = positions(row.build, args.seed, count)
            one, two, _ = batch_pair(solver, deals, row.objective, args.repeats)
            scaling.append([game, cards, str(len(deals)), f"{one * 1e3:.1f}", f"{two * 1e3:.1f}",
                            f"{one / two:.2f}"])
        print("\n".join(table(["game", "cards/hand", "positions", "workers=1 ms",
                               "workers=2 ms", "speedup"], scaling, 2)))
    finally:
        solver.close()
    elapsed = time.perf_counter() - started
    print(f"\ntotal {elapsed:.0f} s; {load_report(ticks, cpu_ticks(), own_cpu_seconds() - own)}; "
          f"machine speed reference at the end: {machine_speed()}")


if __name__ == "__main__":
    main()
