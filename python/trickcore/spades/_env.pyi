import numpy as np
from numpy.typing import NDArray

from trickcore.core._env import EnvKernel
from trickcore.spades._core import KernelRules

ACTIONS: int
OBS_BYTES: int
BID: int
LOOK: int
MISDEAL: int
KEEP: int

class SpadesEnvKernel(EnvKernel):
    @property
    def kernel(self) -> KernelRules: ...
    def __init__(self, kernel: KernelRules, num_envs: int, seat: int, policy: int,
                 autoreset: bool, threads: int) -> None: ...
    def policy_actions(self, policy: int) -> NDArray[np.int32]: ...
