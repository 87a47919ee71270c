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
        # retrograde over the explored graph: a win needs one lost successor, a loss all won
        predecessors: dict[Position, list[Position]] = {p: [] for p in successors}
        for position, after in successors.items():
            for successor in after:
                if successor in predecessors:
                    predecessors[successor].append(position)
        left = {p: len(after) for p, after in successors.items()}
        queue = []
        for position, after in successors.items():
            if position in self.values:
                queue.append(position)
                continue
            known = [self.values[s] for s in after if s in self.values and s not in successors]
            left[position] -= known.count(WIN)
            if LOSS in known:
                self.values[position] = WIN
            elif left[position] == 0:
                self.values[position] = LOSS
            else:
                continue
            queue.append(position)
        while queue:
            position = queue.pop()
            for earlier in predecessors[position]:
                if earlier in self.values:
                    continue
                left[earlier] -= 1
                if self.values[position] == LOSS:
                    self.values[earlier] = WIN
                elif left[earlier] == 0:
                    self.values[earlier] = LOSS
                else:
                    continue
                queue.append(earlier)
        for position in successors:
            self.values.setdefault(position, DRAW)
        return True
