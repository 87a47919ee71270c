from typing import Any

import numpy as np
from numpy.typing import NDArray

Figures = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int,
                NDArray[np.int64]]

def tally(values: NDArray[Any], limit: int) -> Figures | None: ...
def count_true(flags: NDArray[np.uint8]) -> tuple[int, ...]: ...
