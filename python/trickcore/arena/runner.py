"""``arena``: duplicate play of bots, every deal once per rotation of the bots through the seats,
on the executors of ``trickcore.simulate``."""

from __future__ import annotations

import contextlib
import copy
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from trickcore import dam, hearts, spades
from trickcore.arena.checkpoint import Checkpoint, identity
from trickcore.arena.result import ROW_DTYPES, ArenaResult
from trickcore.arena.statistics import seat_of
from trickcore.bots.protocol import Bot, apply_move
from trickcore.bots.registry import make_bot
from trickcore.core import arguments
from trickcore.core.errors import TrickcoreError
from trickcore.core.seeding import BLOCK_SIZE, SeedLike, blocks, root_seed
from trickcore.simulation import storage
from trickcore.simulation.errors import SimulationArgumentError, SimulationError
from trickcore.simulation.executors import (
    check_executor,
    default_workers,
    describe_backend,
    execute,
    executor_capacity,
)
from trickcore.simulation.progress import Progress
from trickcore.simulation.protocol import Rows
from trickcore.simulation.registry import rules_for
from trickcore.simulation.stats import RunStats
from trickcore.simulation.tasks import BlockOutput, Span

# Deals per task: small, so that a few thousand deals keep every worker busy.
CHUNK = 32
# Matches per task: a Spades match to 500 is a dozen deals, so a few dozen matches still
# spread over the workers and a checkpoint keeps each few minutes' play.
MATCH_CHUNK = 4
# A match still undecided after this many deals counts as won by nobody (never seen in play).
MAX_MATCH_DEALS = 400

DEAL_TYPES: dict[type, Any] = {hearts.Rules: hearts.Deal, spades.Rules: spades.Deal,
                               dam.Rules: dam.Deal}


@dataclass(frozen=True)
class ArenaTask:
    """Deals ``spans`` (items of ``trickcore.core.seeding.blocks``) of an arena seeded by
    ``root``: each played once per rotation of ``bots``."""

    rules: Any
    root: np.random.SeedSequence
    spans: tuple[Span, ...]
    bots: tuple[Bot, ...]
    match: bool


def arena(
    rules: Any,
    bots: Sequence[str | Bot],
    *,
    deals: int = 2000,
    seed: SeedLike = None,
    match: bool = False,
    workers: int | None = None,
    executor: object | None = None,
    progress: bool = False,
    checkpoint: storage.PathLike | None = None,
) -> ArenaResult:
    """Duplicate play: ``deals`` deals of ``rules`` (a card game's rules or a registry name),
    each played once for each rotation of ``bots`` (one per seat: names of
    ``trickcore.bots.BOTS`` or Bot objects) through the seats, so every bot holds every seat's
    cards. Spades with ``match=True`` plays whole matches to the target instead and scores the
    wins. Deal ``i`` and the bots' random streams depend only on ``seed`` and ``i``: the result
    is the same for any ``workers`` or ``executor`` (as in ``simulate``). Without an executor,
    ``workers`` above 1 are processes: the bots are Python, which threads would serialise.
    ``checkpoint`` (a directory; needs a ``seed``) keeps each finished task's rows, so that the
    same arena run again plays only what is missing; ``elapsed`` is then this run's time."""
    rules = rules_for(rules) if isinstance(rules, str) else rules
    if type(rules) not in DEAL_TYPES:
        raise SimulationArgumentError(
            f"the arena plays the card games (hearts, spades, dam rules), not {rules!r}")
    if isinstance(bots, str) or not isinstance(bots, Sequence) or len(bots) != rules.players:
        raise SimulationArgumentError(
            f"{rules.game} needs one bot per seat ({rules.players}), not {bots!r}")
    players = [make_bot(spec) for spec in bots]
    if match and not isinstance(rules, spades.Rules):
        raise SimulationArgumentError("match=True plays Spades matches to the target; "
                                      f"{rules.game} is played deal by deal")
    count = arguments.whole_number("deals", deals, 1, arguments.MAX_INT64,
                                   SimulationArgumentError)
    check_executor(executor)
    if workers is not None:
        workers = arguments.whole_number("workers", workers, 1, 1 << 16, SimulationArgumentError)
    parallelism = (executor_capacity(executor, workers) if executor is not None
                   else workers or default_workers())
    if checkpoint is not None and seed is None:
        raise SimulationArgumentError("a checkpointed arena needs a seed, so that a run resumed "
                                      "plays the same deals")
    root = root_seed(seed)
    tasks = [ArenaTask(rules, root, (span,), tuple(players), bool(match))
             for span in chunks(count, MATCH_CHUNK if match else CHUNK)]
    store = None if checkpoint is None else Checkpoint.open(
        checkpoint, identity(rules, players, root, bool(match)))
    parts: list[Rows | None] = [None if store is None else store.load(task.spans[0])
                                for task in tasks]
    pending = [i for i, part in enumerate(parts) if part is None]
    began = time.perf_counter()
    unit = "matches" if match else "deals"
    try:
        with contextlib.ExitStack() as stack:
            if executor is None and parallelism > 1 and pending:
                executor = stack.enter_context(ProcessPoolExecutor(parallelism))
            bar = stack.enter_context(
                Progress(count, enabled=progress, label=f"arena {rules.game}", unit=unit))
            bar.update(count - sum(tasks[i].spans[0][2] for i in pending))
            outputs = execute([tasks[i] for i in pending], workers=parallelism,
                              executor=executor, run=run_arena_task)
            for i, output in zip(pending, outputs, strict=True):
                assert output.rows is not None  # an arena task always returns its rows
                parts[i] = output.rows
                if store is not None:
                    store.save(tasks[i].spans[0], output.rows)
                bar.update(output.count)
    except SimulationError as error:
        if isinstance(error.__cause__, TrickcoreError):
            raise error.__cause__ from None  # a bot's bad move: the bot's own error
        raise
    finished = [part for part in parts if part is not None]
    arrays = {name: np.concatenate([part[name] for part in finished]) for name in finished[0]}
    return ArenaResult(rules=rules, bots=tuple(b.name for b in players), deals=count,
                       match=bool(match), seed=root, arrays=arrays,
                       elapsed=time.perf_counter() - began,
                       backend=describe_backend(executor, parallelism))


def chunks(count: int, size: int = CHUNK) -> list[Span]:
    """Spans of at most ``size`` items within the blocks of items ``0 .. count-1``."""
    return [(block, start, min(size, offset + take - start))
            for block, offset, take in blocks(0, count)
            for start in range(offset, offset + take, size)]


def child(root: np.random.SeedSequence, *key: int) -> np.random.SeedSequence:
    """The stream ``root.spawn_key + key`` of the arena's seed (docs/random-streams.md)."""
    return np.random.SeedSequence(root.entropy, spawn_key=(*root.spawn_key, *key),
                                  pool_size=root.pool_size)


def run_arena_task(task: ArenaTask) -> BlockOutput:
    """Plays the task's deals (or matches), every rotation of each, and returns their rows."""
    bots = [copy.deepcopy(bot) for bot in task.bots]  # this task's own, one per entry
    players = task.rules.players
    rows: dict[str, list[Any]] = {}
    for block, offset, take in task.spans:
        for index in range(block * BLOCK_SIZE + offset, block * BLOCK_SIZE + offset + take):
            played = [play_rotation(task, bots, index, r) for r in range(players)]
            for name in played[0]:
                rows.setdefault(name, []).append([p[name] for p in played])
    arrays: dict[str, np.ndarray[Any, Any]] = {
        name: np.array(values, dtype=ROW_DTYPES[name]) for name, values in rows.items()}
    return BlockOutput(sum(take for _, _, take in task.spans), arrays, RunStats({}))


def play_rotation(task: ArenaTask, bots: list[Bot], index: int,
                  rotation: int) -> dict[str, Any]:
    """Deal (or match) ``index`` played with the bots seated by ``rotation``: seat values."""
    rules, players = task.rules, task.rules.players
    seated: list[Bot] = [bots[0]] * players
    for entry, bot in enumerate(bots):
        seat = seat_of(entry, rotation, players)
        seated[seat] = bot
        reset = getattr(bot, "reset", None)
        if callable(reset):
            reset(child(task.root, 1, index, rotation, seat))
    if task.match:
        match = spades.Match(rules, seed=child(task.root, 0, index), dealer=index % players)
        while not match.is_over and not (match.deal.move_count == 0
                                         and match.deals_played >= MAX_MATCH_DEALS):
            play_move(match, match.deal, seated)
        won = set(match.winning_seats)
        return {"points": list(match.seat_totals), "won": [s in won for s in range(players)],
                "deals_played": match.deals_played}
    deal = DEAL_TYPES[type(rules)].random(rules, seed=child(task.root, 0, index),
                                          dealer=index % players, deal_number=index)
    while not deal.is_over:
        play_move(deal, deal, seated)
    return {"points": seat_points(deal)}


def play_move(target: Any, deal: Any, seated: list[Bot]) -> None:
    seat = deal.to_act
    bot = seated[seat]
    apply_move(target, bot, seat, bot.choose(deal, seat))


def seat_points(deal: Any) -> list[int]:
    """Each seat's side's points for the finished deal (its own, without partners)."""
    rules = deal.rules
    sides = deal.points() if isinstance(rules, spades.Rules) else deal.team_points()
    points = [0] * rules.players
    for side, seats in enumerate(rules.sides):
        for seat in seats:
            points[seat] = sides[side]
    return points
