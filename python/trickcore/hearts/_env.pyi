from trickcore.core._env import EnvKernel
from trickcore.hearts._core import KernelRules

ACTIONS: int
OBS_BYTES: int

class HeartsEnvKernel(EnvKernel):
    @property
    def kernel(self) -> KernelRules: ...
    def __init__(self, kernel: KernelRules, num_envs: int, seat: int, policy: int,
                 autoreset: bool, threads: int) -> None: ...
