from trickcore.core._env import EnvKernel
from trickcore.draughts._board import Board

ACTIONS: int
OBS_BYTES: int

class DraughtsEnvKernel(EnvKernel):
    def __init__(self, start: Board, max_plies: int, num_envs: int, seat: int, policy: int,
                 autoreset: bool, threads: int) -> None: ...
