"""``simulate``: one entry point for every game, on local threads, any executor, or Dask."""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np
from numpy.typing import NDArray

from trickcore.core import arguments
from trickcore.core.seeding import BLOCK_SIZE, SeedLike, block_seed, root_seed
from trickcore.simulation.errors import SimulationArgumentError
from trickcore.simulation.executors import (
    blocks_per_task,
    check_executor,
    default_workers,
    describe_backend,
    execute,
    executor_capacity,
)
from trickcore.simulation.progress import Progress
from trickcore.simulation.protocol import (
    Layout,
    SimulationRules,
    check_rules,
    layout_of,
    summary_fields,
    unit_of,
)
from trickcore.simulation.registry import rules_for
from trickcore.simulation.result import SimulationResult
from trickcore.simulation.stats import FieldStats, RunStats, kind_of
from trickcore.simulation.tasks import plan, run_task


def simulate(
    rules: SimulationRules | str,
    deals: int,
    *,
    seed: SeedLike = None,
    policy: str = "random",
    workers: int | None = None,
    executor: object | None = None,
    progress: bool = False,
    stats_only: bool = False,
    start: int = 0,
) -> SimulationResult:
    """Plays ``deals`` deals (or games) of ``rules`` and returns their rows and statistics.

    ``rules`` is a game's rules object or a registry name (``"svarta-maja"``). Items are cut
    into blocks of ``trickcore.core.seeding.BLOCK_SIZE``, block ``k`` drawing from child stream
    ``k``
    of ``seed``, and merged in block order: the result of a seed is the same for any
    ``workers`` and any executor. ``start`` skips to item ``start`` of the seed's sequence, so
    ``simulate(r, 1, seed=s, start=i)`` replays item ``i`` of a large run.

    ``workers``: threads on this machine (default: every core); with an ``executor`` (a
    ``concurrent.futures.Executor`` or a ``dask.distributed.Client``), how many tasks it runs
    at once (default: the executor's size, for Dask its total threads). ``stats_only`` keeps
    only running statistics, so memory stays flat however many items are played. ``progress``
    shows a bar with items per second on long runs. A block that fails raises SimulationError
    naming it.
    """
    rules = rules_for(rules) if isinstance(rules, str) else check_rules(rules)
    deals = _count("deals", deals)
    start = _count("start", start)
    if not isinstance(policy, str):
        raise SimulationArgumentError(f"policy must be a name such as 'random', not {policy!r}")
    check_executor(executor)
    if workers is not None:
        workers = _count("workers", workers)
        if workers == 0:
            raise SimulationArgumentError("workers must be at least 1")
    parallelism = (executor_capacity(executor, workers) if executor is not None
                   else workers or default_workers())
    root = root_seed(seed)
    layout = _probe_layout(rules, root, start, policy)
    fields = summary_fields(rules, layout)

    began = time.perf_counter()
    arrays = None if stats_only else _allocate(layout, deals)
    stats = RunStats({name: FieldStats.empty(kind_of(layout[name].dtype), layout[name].shape)
                      for name in fields})
    spanned = (start + deals - 1) // BLOCK_SIZE - start // BLOCK_SIZE + 1 if deals else 0
    grouping = blocks_per_task(executor, parallelism, spanned)
    tasks = plan(rules, root, start, deals, policy, layout, fields, keep_rows=not stats_only,
                 blocks_per_task=grouping)
    done = 0
    with Progress(deals, enabled=progress, label=rules.game, unit=unit_of(rules)) as bar:
        for output in execute(tasks, workers=parallelism, executor=executor, run=run_task):
            if arrays is not None and output.rows is not None:
                _store(arrays, output.rows, done)
            stats = stats.merge(output.stats)
            done += output.count
            bar.update(output.count)
    return SimulationResult(
        rules=rules, policy=policy, deals=deals, start=start, seed=root, layout=layout,
        stats=stats, arrays=arrays, elapsed=time.perf_counter() - began,
        backend=describe_backend(executor, parallelism))


def _count(name: str, value: Any) -> int:
    # Unbounded but for int64: a statistics-only run may be as long as anyone waits.
    return arguments.whole_number(name, value, 0, arguments.MAX_INT64, SimulationArgumentError)


def _probe_layout(rules: SimulationRules, root: np.random.SeedSequence, start: int,
                  policy: str) -> Layout:
    """The run's output layout from one item played in the caller, which also surfaces a
    bad policy as the game's own error before any work is sent out."""
    first_block = start // BLOCK_SIZE
    return layout_of(rules.simulate_block(block_seed(root, first_block), 1, policy), 1,
                     rules.game)


def _allocate(layout: Layout, deals: int) -> dict[str, NDArray[Any]]:
    try:
        return {name: np.empty((deals, *column.shape), dtype=column.dtype)
                for name, column in layout.items()}
    except MemoryError:
        size = deals * sum(column.dtype.itemsize * math.prod(column.shape)
                           for column in layout.values())
        raise SimulationArgumentError(
            f"the rows of {deals:,} items need {size / 2**30:,.1f} GiB: use stats_only=True "
            "to keep running statistics only") from None


def _store(arrays: dict[str, NDArray[Any]], rows: dict[str, NDArray[Any]], at: int) -> None:
    for name, block in rows.items():
        arrays[name][at:at + block.shape[0]] = block
