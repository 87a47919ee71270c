"""One block of a run as a picklable task: what a thread, a process or a Dask worker executes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from trickcore.seeding import BLOCK_SIZE, block_seed, blocks
from trickcore.simulation.protocol import Layout, Rows, SimulationRules, check_layout
from trickcore.simulation.stats import RunStats


@dataclass(frozen=True)
class BlockTask:
    """Items ``offset .. offset+count-1`` of block ``block`` of the run seeded by ``root``."""

    rules: SimulationRules
    root: np.random.SeedSequence
    block: int
    offset: int
    count: int
    policy: str
    layout: Layout
    stats_fields: tuple[str, ...]
    keep_rows: bool

    @property
    def first_item(self) -> int:
        """The run-wide index of the block's first item."""
        return self.block * BLOCK_SIZE + self.offset

    def describe(self) -> str:
        last = self.first_item + self.count - 1
        return f"block {self.block} (items {self.first_item}..{last})"


@dataclass(frozen=True, eq=False)
class BlockOutput:
    """A finished block: its rows (None when only statistics are kept) and their statistics."""

    block: int
    count: int
    rows: Rows | None
    stats: RunStats


def plan(
    rules: SimulationRules, root: np.random.SeedSequence, start: int, count: int, policy: str,
    layout: Layout, stats_fields: tuple[str, ...], *, keep_rows: bool,
) -> Iterator[BlockTask]:
    """The tasks of a run over items ``start .. start+count-1``, in block order."""
    for block, offset, take in blocks(start, count):
        yield BlockTask(rules, root, block, offset, take, policy, layout, stats_fields, keep_rows)


def run_block(task: BlockTask) -> BlockOutput:
    """Plays one block (from item 0 of the block's stream, so a block cut at ``offset`` gives the
    same items as a whole one) and reduces it."""
    end = task.offset + task.count
    output = task.rules.simulate_block(block_seed(task.root, task.block), end, task.policy)
    check_layout(output, end, task.layout, task.rules.game)
    rows = {name: np.ascontiguousarray(array[task.offset:]) for name, array in output.items()}
    stats = RunStats.of_rows(rows, task.stats_fields)
    return BlockOutput(task.block, task.count, rows if task.keep_rows else None, stats)
