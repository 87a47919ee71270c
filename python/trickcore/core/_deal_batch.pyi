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

def deal_into(
    bit_generator: np.random.BitGenerator,
    deck: NDArray[np.uint8],
    players: int,
    hand_size: int,
    skip: int,
    once: NDArray[np.uint64],
    twice: NDArray[np.uint64] | None,
    stock: NDArray[np.uint8],
) -> None: ...
def _dealer_deals(
    bit_generator: np.random.BitGenerator,
    deck: int,
    players: int,
    hand_size: int,
    count: int,
    *,
    portable: bool = False,
) -> tuple[NDArray[np.uint64], NDArray[np.uint64]]: ...
def _shuffled(
    bit_generator: np.random.BitGenerator, cards: NDArray[np.uint8], *, keep: int = 1
) -> NDArray[np.uint8]: ...
