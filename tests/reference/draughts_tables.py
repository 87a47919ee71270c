"""A pure-Python exhaustive solver of draughts endgames (the twin of the endgame tables): every
position reachable from a root, valued by a fixpoint of the game rules over that graph."""

from __future__ import annotations

from reference.draughts import Position, legal_paths, play

WIN, DRAW, LOSS = 1, 0, -1


class Solver:
    """Values for the side to move under perfect play: no piece or no move loses, an opponent
    without pieces has lost, and a position never forced to a win or a loss is a draw (cycles).
    Graphs already explored are kept, so roots sharing positions cost little."""

    def __init__(self) -> None:
        self.values: dict[Position, int] = {}

    def value(self, root: Position, limit: int | None = None) -> int | None:
        """The root's value, or None when more than ``limit`` new positions are reachable."""
        if root not in self.values and not self._solve(root, limit):
            return None
        return self.values[root]

    def _solve(self, root: Position, limit: int | None) -> bool:
        successors: dict[Position, list[Position]] = {}
        stack = [root]
        while stack:
            if limit is not None and len(successors) > limit:
                return False
            position = stack.pop()
            if position in successors or position in self.values:
                continue
            colours = {color for _, color, _ in position.pieces}
            if 1 - position.turn not in colours:
                successors[position] = []
                self.values[position] = WIN if position.turn in colours else LOSS
                continue
            successors[position] = [play(position, path) for path in legal_paths(position)]
            stack.extend(successors[position])
        predecessors: dict[Position, list[Position]] = {p: [] for p in successors}
        for position, after in successors.items():
            for successor in after:
                if successor in predecessors:
                    predecessors[successor].append(position)

        def decide(position: Position) -> bool:
            """Values a position whose successors' values decide it: a win needs one lost
            successor, a loss all won ones."""
            after = [self.values.get(s) for s in successors[position]]
            if LOSS in after:
                self.values[position] = WIN
            elif all(value == WIN for value in after):
                self.values[position] = LOSS
            else:
                return False
            return True

        queue = [p for p in successors if p in self.values or decide(p)]
        while queue:  # a fixpoint: each newly valued position may decide its predecessors
            for earlier in predecessors[queue.pop()]:
                if earlier not in self.values and decide(earlier):
                    queue.append(earlier)
        for position in successors:
            self.values.setdefault(position, DRAW)
        return True
