from typing import Any

import numpy as np
from numpy.typing import NDArray

def tally(
    values: NDArray[Any], limit: int
) -> tuple[int, int, NDArray[np.int64] | None]: ...
