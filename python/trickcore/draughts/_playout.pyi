from typing import Any

import numpy as np
from numpy.typing import NDArray

from trickcore.draughts._board import Board

def playout_block(
    bit_generator: np.random.BitGenerator,
    start: Board,
    auto_draw: bool,
    max_plies: int,
    count: int,
) -> dict[str, NDArray[np.integer[Any]]]: ...
def playout_choices(
    bit_generator: np.random.BitGenerator,
    start: Board,
    auto_draw: bool,
    max_plies: int,
    record_plies: int,
) -> tuple[list[int], int, int, int]: ...
