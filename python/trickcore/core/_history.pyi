
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
