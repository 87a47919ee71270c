from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from trickcore.dam._core import KernelRules

class DamSampler:
    """The places of one view and the cards that may fill them, planned once, drawn many times."""

    @property
    def owners(self) -> NDArray[np.int8]:
        """Per place, the seat holding or having played its card, or -1 (still in the pile)."""
    @property
    def hidden(self) -> tuple[int, ...]:
        """The seats whose hands the observer does not see."""
    def draw(self, count: int, bit_generator: Any) -> NDArray[np.uint8]:
        """``count`` deals: an array (count, places) of the card dealt to each place, row i
        never depending on count."""

def sampler(
    kernel: KernelRules,
    seat: int,
    dealer: int,
    open_hands: bool,
    turned: int,
    hands: Sequence[tuple[int, int]],
    plays: list[tuple[int, int]],
    rounding: tuple[int, int] | None = None,
) -> DamSampler:
    """The sampler of a view: ``hands`` the (once, twice) masks of the hands the seat sees now
    (others ignored), ``plays`` (seat, card) pairs in order, ``turned`` the turned card or -1;
    ``rounding`` (ways bits, split bits), at most the kernel's, rounds the split's counts
    coarser (tests of the rounding's refusals)."""
