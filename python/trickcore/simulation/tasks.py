"""Tasks: one or more consecutive blocks of a run, as a picklable unit of work that a thread, a
process or a Dask worker executes. A task's output is the same whether its blocks ran together
or one by one: each block draws from its own child stream and the task merges them in order.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

import numpy as np

from trickcore.core.seeding import BLOCK_SIZE, block_seed, blocks
from trickcore.simulation.protocol import Layout, Rows, SimulationRules, check_layout
from trickcore.simulation.stats import RunStats

# A span of a block: (block, offset of the first item in the block, number of items).
Span = tuple[int, int, int]


@dataclass(frozen=True)
class BlockTask:
    """The items of consecutive block ``spans`` of the run seeded by ``root``."""

    rules: SimulationRules
    root: np.random.SeedSequence
    spans: tuple[Span, ...]
    policy: str
    layout: Layout
    stats_fields: tuple[str, ...]
    keep_rows: bool

    @property
    def count(self) -> int:
        return sum(take for _, _, take in self.spans)


def item_range(spans: tuple[Span, ...]) -> tuple[int, int]:
    """The run-wide indices of the first and last items of consecutive spans."""
    (first_block, offset, _), (last_block, last_offset, take) = spans[0], spans[-1]
    return first_block * BLOCK_SIZE + offset, last_block * BLOCK_SIZE + last_offset + take - 1


def describe(spans: tuple[Span, ...]) -> str:
    """``block 3 (items 49152..65535)`` or ``blocks 3..5 (items ...)``."""
    first, last = spans[0][0], spans[-1][0]
    which = f"block {first}" if first == last else f"blocks {first}..{last}"
    start, end = item_range(spans)
    return f"{which} (items {start}..{end})"


@dataclass(frozen=True, eq=False)
class BlockOutput:
    """A finished task: its rows (None when only statistics are kept) and their statistics."""

    count: int
    rows: Rows | None
    stats: RunStats


class BlockFailure(Exception):
    """Raised in a worker when one block of a task fails; pickles across processes with the
    block number and the original error."""

    def __init__(self, span: Span, error: Exception) -> None:
        super().__init__(span, error)
        self.span = span
        self.error = error

    def __reduce__(self) -> tuple[type[BlockFailure], tuple[Span, Exception]]:
        return BlockFailure, (self.span, self.error)


def plan(
    rules: SimulationRules, root: np.random.SeedSequence, start: int, count: int, policy: str,
    layout: Layout, stats_fields: tuple[str, ...], *, keep_rows: bool, blocks_per_task: int,
) -> Iterator[BlockTask]:
    """The tasks of a run over items ``start .. start+count-1``, in order."""
    spans = iter(blocks(start, count))
    while group := tuple(islice(spans, blocks_per_task)):
        yield BlockTask(rules, root, group, policy, layout, stats_fields, keep_rows)


def run_task(task: BlockTask) -> BlockOutput:
    """Plays the task's blocks in order and merges their rows and statistics."""
    parts: list[Rows] = []
    stats: RunStats | None = None
    for span in task.spans:
        try:
            rows = run_block(task, span)
        except Exception as error:
            raise BlockFailure(span, error) from error
        block_stats = RunStats.of_rows(rows, task.stats_fields)
        stats = block_stats if stats is None else stats.merge(block_stats)
        if task.keep_rows:
            parts.append(rows)
    assert stats is not None  # a task holds at least one span
    if not task.keep_rows:
        return BlockOutput(task.count, None, stats)
    merged = parts[0] if len(parts) == 1 else {
        name: np.concatenate([part[name] for part in parts]) for name in task.layout}
    return BlockOutput(task.count, merged, stats)


def run_block(task: BlockTask, span: Span) -> Rows:
    """One block's items ``offset ..``: played from item 0 of the block's stream, so a block
    cut at ``offset`` gives the same items as a whole one."""
    block, offset, take = span
    end = offset + take
    output = task.rules.simulate_block(block_seed(task.root, block), end, task.policy)
    check_layout(output, end, task.layout, task.rules.game)
    return {name: np.ascontiguousarray(array[offset:]) for name, array in output.items()}
