"""Plain negamax over Board.legal_moves, for checking the engine's search: the same scores
(mate distances, draw claims, capture extension past depth 0) without pruning, ordering or
tables. The static evaluation is read from the engine (Engine.evaluate)."""

from __future__ import annotations

from trickcore.draughts import Board
from trickcore.draughts.engine import MATE, Engine


def negamax(board: Board, depth: int, ply: int = 0) -> int:
    """The score for the side to move ``depth`` plies deep; a pending capture searches on."""
    moves = board.legal_moves()
    if not moves:
        return -(MATE - ply)
    floor = None
    if board.can_claim_draw():
        if board.auto_draw:
            return 0
        floor = 0   # the side to move may claim the draw instead of moving
    if depth <= 0 and not moves[0].is_capture:
        score = Engine.evaluate(board)
    else:
        score = -MATE
        for move in moves:
            board.push(move)
            score = max(score, -negamax(board, depth - 1, ply + 1))
            board.pop()
    return score if floor is None else max(score, floor)


def root_score(board: Board, depth: int) -> int:
    """The best move's score, the root's own draw claim left aside (the caller's choice)."""
    best = -MATE
    for move in board.legal_moves():
        board.push(move)
        best = max(best, -negamax(board, depth - 1, 1))
        board.pop()
    return best
