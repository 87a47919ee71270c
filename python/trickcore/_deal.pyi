import numpy as np
from numpy.typing import NDArray

def deal_block(
    bit_generator: np.random.BitGenerator,
    deck: NDArray[np.uint8],
    players: int,
    hand_size: int,
    count: int,
    two_packs: bool,
) -> tuple[NDArray[np.uint64], NDArray[np.uint64] | None, NDArray[np.uint8]]: ...

def _dealer_deals(
    bit_generator: np.random.BitGenerator, deck: int, players: int, hand_size: int, count: int
) -> tuple[NDArray[np.uint64], NDArray[np.uint64]]: ...
