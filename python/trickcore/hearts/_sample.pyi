from trickcore.core._sample import DealSampler
from trickcore.hearts._core import KernelRules

def sampler(
    kernel: KernelRules,
    seat: int,
    dealer: int,
    passing: bool,
    pass_offset: int,
    leader: int,
    hand: int,
    passed: int,
    plays: list[tuple[int, int]],
) -> DealSampler:
    """The sampler of the current hands of a view (``plays``: (seat, card) pairs in order)."""
