from typing import Any

KIND_PASS: int
KIND_PLAY: int
KIND_BID: int
KIND_LOOK: int
KIND_CLAIM: int

class Step:
    @property
    def parent(self) -> Step | None: ...
    @property
    def depth(self) -> int: ...
    @property
    def kind(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def value(self) -> int: ...
    @property
    def result(self) -> int: ...

def step_log(head: Step | None) -> list[tuple[int, int, int, int]]:
    """The moves from the first to ``head``: a list of (kind, seat, value, result)."""

class DealHistory:
    """Undo, clone and the move log, shared by the games' deal classes."""

    @property
    def deal_number(self) -> int: ...
    def undo(self) -> None:
        """Takes back the last move (and all it caused: a finished trick, a refill...)."""
    def clone(self: Any) -> Any:
        """An independent copy sharing the (immutable) history: a struct copy."""
    def _log(self) -> list[tuple[int, int, int, int]]:
        """The moves so far as (kind, seat, value, result) tuples."""
