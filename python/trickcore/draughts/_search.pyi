from trickcore.draughts._board import Board
from trickcore.draughts._tables import SliceStore

FEATURES: tuple[str, ...]
WEIGHTS: tuple[int, ...]
MATE: int
TABLE_WIN: int
MAX_DEPTH: int

def evaluate(board: Board) -> int: ...
def features(board: Board) -> tuple[int, ...]: ...

class Searcher:
    entries: int
    def __init__(self, hash_bytes: int) -> None: ...
    def clear(self) -> None: ...
    def run(
        self, board: Board, depth: int, nodes: int, seconds: float, exclude: list[int],
        reductions: bool = True, tables: SliceStore | None = None,
        probe_pieces: int = 0,
    ) -> tuple[int, int, int, int, float, list[int]]: ...
