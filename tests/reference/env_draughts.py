"""A pure-Python reference of the draughts environment's action space and observation, read
off a ``trickcore.draughts.Board`` (with ``auto_draw=True``) and its move history, written from
docs/environments.md ("English draughts")."""

from __future__ import annotations

from trickcore.draughts import Board, Color, Move

SQUARES = 32
OBS_BYTES = 24


def action_of(move: Move) -> int:
    return (move.start - 1) * SQUARES + (move.end - 1)


def legal_actions(board: Board) -> set[int]:
    if board.outcome() is not None:
        return set()
    return {action_of(move) for move in board.legal_moves()}


def move_of(board: Board, action: int) -> Move:
    """The move an action takes: of the legal moves from and to its squares, the one capturing
    the most pieces, the first in path order of those."""
    candidates = [m for m in board.legal_moves() if action_of(m) == action]
    most = max(len(m.captured) for m in candidates)
    return next(m for m in candidates if len(m.captured) == most)


def ambiguous(board: Board) -> bool:
    """Whether some action stands for moves with different captured pieces."""
    captured: dict[int, set[int]] = {}
    for move in board.legal_moves():
        captured.setdefault(action_of(move), set()).add(move.captured_mask)
    return any(len(sets) > 1 for sets in captured.values())


def repeated(board: Board) -> bool:
    """Whether the current position (pieces and side to move) stood before in the game."""
    replay = board.root()
    seen = {replay.fen()}
    for move in board.move_stack[:-1]:
        replay.push(move)
        seen.add(replay.fen())
    return board.ply > 0 and board.fen() in seen


def truncated(board: Board, max_plies: int | None) -> bool:
    return board.outcome() is None and max_plies is not None and board.ply >= max_plies


def observation(board: Board, seat: int, max_plies: int | None = None) -> bytes:
    own, other = (board.black, board.white) if seat == 0 else (board.white, board.black)
    kings = board.kings
    bits = (own & ~kings) | (own & kings) << 32 | (other & ~kings) << 64 | (other & kings) << 96
    bits |= 1 << (128 + seat)
    if board.outcome() is None and not truncated(board, max_plies):
        bits |= 1 << (130 + (0 if board.turn == Color.BLACK else 1))
    bits |= int(repeated(board)) << 132
    bits |= board.reversible_plies << 136
    bits |= min(board.ply, 0xFFFF) << 144
    return bits.to_bytes(OBS_BYTES, "little")


def rewards(board: Board) -> tuple[float, float]:
    """Black's and White's rewards at the end: +1 a win, -1 a loss, 0 a draw (or unfinished)."""
    outcome = board.outcome()
    if outcome is None or outcome.winner is None:
        return 0.0, 0.0
    return (1.0, -1.0) if outcome.winner == Color.BLACK else (-1.0, 1.0)
