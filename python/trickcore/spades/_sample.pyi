from collections.abc import Sequence

from trickcore.core._sample import DealSampler
from trickcore.spades._core import KernelRules

def sampler(
    kernel: KernelRules,
    seat: int,
    dealer: int,
    seen: bool,
    bids: Sequence[int],
    scores: Sequence[int],
    bags: Sequence[int],
    hand: int,
    plays: list[tuple[int, int]],
) -> DealSampler:
    """The sampler of the current hands of a view: ``bids`` by seat (codes, -1 before a bid),
    ``scores`` and ``bags`` per side, ``plays`` (seat, card) pairs in order."""
