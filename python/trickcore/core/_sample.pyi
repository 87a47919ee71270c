from typing import Any

import numpy as np
from numpy.typing import NDArray

class DealSampler:
    """The hidden hands of one view: its classes and counts, built once, drawn many times."""

    @property
    def total(self) -> int:
        """The number of consistent deals (hidden cards treated as distinct physical cards)."""
    @property
    def classes(self) -> int:
        """The classes of hidden cards (cards held by the same possible seats)."""
    def draw(self, count: int, bit_generator: Any) -> NDArray[np.uint64]:
        """``count`` deals: an array (count, players) of hand masks, row i never depending on
        count."""
