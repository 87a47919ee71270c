from collections.abc import Sequence
from concurrent.futures import Executor

import numpy as np
import numpy.typing as npt

from trickcore.core._binding import DealBinding
from trickcore.core.card import Card

SWITCHES: dict[str, int]
ALL_SWITCHES: int
MIN_TABLE_BYTES: int
BEST_ISA: int
CARDS: tuple[Card, ...]

class Solver:
    def __init__(self, table_bytes: int, switches: int) -> None: ...
    def forget(self) -> None: ...
    @property
    def isa(self) -> int: ...
    @isa.setter
    def isa(self, variant: int) -> None: ...
    @property
    def node_limit(self) -> int: ...
    @node_limit.setter
    def node_limit(self, nodes: int) -> None: ...
    @property
    def stats(self) -> tuple[int, int, int]: ...
    def solve(self, deal: DealBinding, objective: int, side: int, threads: int = ...,
              pool: Executor | None = ...) -> tuple[dict[Card, int], int, int, int]: ...
    def solve_value(self, deal: DealBinding, objective: int, side: int) -> int: ...

def solve_many(solver: Solver, deals: Sequence[DealBinding], objective: int,
               sides: npt.NDArray[np.uint8], values: npt.NDArray[np.int32],
               legal: npt.NDArray[np.uint64], value: npt.NDArray[np.int32],
               nodes: npt.NDArray[np.int64]) -> None: ...
