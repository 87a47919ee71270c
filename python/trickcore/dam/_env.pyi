from trickcore.core._env import EnvKernel
from trickcore.dam._core import KernelRules
from trickcore.dam.deal import Deal

ACTIONS: int
OBS_BYTES: int

class DamEnvKernel(EnvKernel):
    @property
    def kernel(self) -> KernelRules: ...
    def __init__(self, kernel: KernelRules, num_envs: int, seat: int, policy: int,
                 autoreset: bool, threads: int) -> None: ...
    def dealt(self, index: int) -> Deal:
        """Environment ``index``'s episode as dealt: a new ``trickcore.dam.Deal`` with its hands,
        draw pile (top first, before the turn), dealer and deal number. The players never see
        these: it is for tests and replays (mirror the actions on it)."""
