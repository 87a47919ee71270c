"""A small pure-Python reference of English draughts move generation and draw claims, written
straight from the rules file (rows and columns, no bitboards), for checking the C kernels."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

BLACK, WHITE = 0, 1


def coordinates(square: int) -> tuple[int, int]:
    """(row, column), row 0 at Black's side: 1 = b8 = (0, 1), 5 = a7 = (1, 0), 32 = g1 = (7, 6)."""
    row, offset = divmod(square - 1, 4)
    return row, 2 * offset + (1 if row % 2 == 0 else 0)


def square_at(row: int, column: int) -> int | None:
    if 0 <= row < 8 and 0 <= column < 8 and (row + column) % 2 == 1:
        return row * 4 + column // 2 + 1
    return None


@dataclass(frozen=True)
class Position:
    pieces: tuple[tuple[int, int, bool], ...]   # (square, colour, king), sorted by square
    turn: int

    @staticmethod
    def make(pieces: dict[int, tuple[int, bool]], turn: int) -> Position:
        return Position(tuple(sorted((s, c, k) for s, (c, k) in pieces.items())), turn)

    def board(self) -> dict[int, tuple[int, bool]]:
        return {square: (color, king) for square, color, king in self.pieces}

    def fen(self) -> str:
        def side(color: int) -> str:
            return ",".join(("K" if king else "") + str(square)
                            for square, c, king in self.pieces if c == color)
        return f"{'BW'[self.turn]}:W{side(WHITE)}:B{side(BLACK)}"


def start() -> Position:
    pieces = {s: (BLACK, False) for s in range(1, 13)}
    pieces.update({s: (WHITE, False) for s in range(21, 33)})
    return Position.make(pieces, BLACK)


def _directions(color: int, king: bool) -> list[tuple[int, int]]:
    forward = 1 if color == BLACK else -1   # Black moves down the rows, toward higher numbers
    rows = (forward, -forward) if king else (forward,)
    return [(dr, dc) for dr in rows for dc in (-1, 1)]


def _crown_row(color: int) -> int:
    return 7 if color == BLACK else 0


def _captures_from(board: dict[int, tuple[int, bool]], start: int, color: int,
                   king: bool) -> Iterator[tuple[int, ...]]:
    """Every complete capture path of the piece on `start` (captured pieces stay on the board
    until the end, the start square is vacated, a man is crowned and stops on the far row)."""
    def extend(at: int, path: tuple[int, ...],
               captured: frozenset[int]) -> Iterator[tuple[int, ...]]:
        row, column = coordinates(at)
        extended = False
        for dr, dc in _directions(color, king):
            over = square_at(row + dr, column + dc)
            land = square_at(row + 2 * dr, column + 2 * dc)
            if over is None or land is None or over in captured:
                continue
            if over not in board or board[over][0] == color:
                continue
            if land in board and land != start:
                continue
            extended = True
            if not king and coordinates(land)[0] == _crown_row(color):
                yield (*path, land)
            else:
                yield from extend(land, (*path, land), captured | {over})
        if not extended and len(path) > 1:
            yield path
    yield from extend(start, (start,), frozenset())


def legal_paths(position: Position) -> list[tuple[int, ...]]:
    """The legal moves as landing paths, sorted; captures only when there is one."""
    board = position.board()
    own = [(s, king) for s, (color, king) in board.items() if color == position.turn]
    captures = [path for s, king in own
                for path in _captures_from(board, s, position.turn, king)]
    if captures:
        return sorted(captures)
    steps = []
    for s, king in own:
        row, column = coordinates(s)
        for dr, dc in _directions(position.turn, king):
            target = square_at(row + dr, column + dc)
            if target is not None and target not in board:
                steps.append((s, target))
    return sorted(steps)


def captured_squares(path: tuple[int, ...]) -> list[int]:
    jumped = []
    for a, b in pairwise(path):
        (ra, ca), (rb, cb) = coordinates(a), coordinates(b)
        if abs(ra - rb) == 2:
            middle = square_at((ra + rb) // 2, (ca + cb) // 2)
            assert middle is not None
            jumped.append(middle)
    return jumped


def play(position: Position, path: tuple[int, ...]) -> Position:
    board = position.board()
    color, king = board.pop(path[0])
    for square in captured_squares(path):
        del board[square]
    crowned = king or coordinates(path[-1])[0] == _crown_row(color)
    board[path[-1]] = (color, crowned)
    return Position.make(board, 1 - position.turn)


def is_reversible(position: Position, path: tuple[int, ...]) -> bool:
    """A king's simple move (nothing captured, no man moved)."""
    return position.board()[path[0]][1] and not captured_squares(path)


def perft(position: Position, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(play(position, path), depth - 1) for path in legal_paths(position))


def draw_claim(history: list[Position], reversible_plies: int) -> str | None:
    """The draw the side to move at history[-1] may claim: '40-move' when in each side's last
    40 moves no man moved and nothing was captured, 'repetition' when one of its moves would
    produce a position (pieces and side to move) for the third time in the game."""
    if reversible_plies >= 80:
        return "40-move"
    current = history[-1]
    for path in legal_paths(current):
        after = play(current, path)
        if sum(1 for seen in history if seen == after) >= 2:
            return "repetition"
    return None
