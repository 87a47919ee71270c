"""PDN (Portable Draughts Notation) games: read and write, the round trip exact.

A game is tag pairs (``[Event "..."]``, ``[FEN "W:W...:B..."]`` for a set-up position) and
movetext: numbered moves, Black's first (``1. 11-15 23-19 2. 8-11 22-17``; ``1...`` when White
moves first), ending with the result (``1-0`` Black won, ``0-1`` White won, ``1/2-1/2``, ``*``).
Comments (``{...}``, ``; ...``), variations (``(...)``), NAGs (``$1``) and move marks (``!?``)
are skipped; move numbers are read but not checked. Moves may be in the short form (``9x27``)
where it is unambiguous; a game is kept and written with every move in full form. A game with an
illegal move is refused (SerializationError naming the ply).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from trickcore.core.errors import ParseError, SerializationError, TrickcoreError
from trickcore.draughts._board import STARTING_FEN, Board, Move
from trickcore.draughts.outcome import RESULTS
from trickcore.draughts.pieces import Color

LINE_WIDTH = 79

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | \[\s*(?P<tag>[A-Za-z0-9_]+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\]
  | (?P<comment>\{[^}]*\}|;[^\n]*)
  | (?P<open>\() | (?P<close>\))
  | (?P<result>1-0|0-1|1/2-1/2|\*)(?![\w/-])
  | (?P<number>\d+\.(?:\s*\.\.\.?|\.\.)?)
  | (?P<move>\d{1,2}(?:[-x]\d{1,2})+)(?P<mark>[!?]{0,2})(?![\w-])
  | (?P<nag>\$\d+)
""", re.VERBOSE)
_KINDS = ("space", "tag", "comment", "open", "close", "result", "number", "move", "nag")


@dataclass(frozen=True)
class Game:
    """A game record: tags in file order, the moves in full form, the result."""

    tags: tuple[tuple[str, str], ...] = ()
    moves: tuple[Move, ...] = ()
    result: str = "*"

    def __post_init__(self) -> None:
        if self.result not in RESULTS:
            raise ParseError(f"bad result {self.result!r}: expected one of {', '.join(RESULTS)}")

    def tag(self, name: str) -> str | None:
        """The value of the tag ``name`` (the first, if repeated), or None."""
        return next((value for key, value in self.tags if key == name), None)

    @property
    def fen(self) -> str:
        """The set-up position (the FEN tag), or the start position."""
        return self.tag("FEN") or STARTING_FEN

    def board(self) -> Board:
        """The board after the game's moves (with them as its history)."""
        board = _start_board(self.fen)
        for ply, move in enumerate(self.moves):
            _push(board, move, ply)
        return board

    @classmethod
    def from_board(cls, board: Board, tags: dict[str, str] | None = None,
                   result: str | None = None) -> Game:
        """The game played on a board, from its set-up position; ``result`` defaults to the
        board's. A set-up position other than the start gets ``SetUp`` and ``FEN`` tags."""
        pairs = dict(tags or {})
        root = board.root().fen()
        if root != STARTING_FEN:
            pairs.setdefault("SetUp", "1")
            pairs.setdefault("FEN", root)
        result = board.result() if result is None else result
        pairs.setdefault("Result", result)
        return cls(tuple(pairs.items()), tuple(board.move_stack), result)

    def pdn(self) -> str:
        """The game as PDN text (tags, a blank line, movetext wrapped at 79 columns)."""
        lines = [f'[{key} "{_escape(value)}"]' for key, value in self.tags]
        if lines:
            lines.append("")
        tokens = []
        turn = _start_board(self.fen).turn
        number = 1
        for ply, move in enumerate(self.moves):   # a move number stays with its move
            if turn == Color.BLACK:
                tokens.append(f"{number}. {move}")
            elif ply == 0:
                tokens.append(f"{number}... {move}")
            else:
                tokens.append(str(move))
            if turn == Color.WHITE:
                number += 1
            turn = turn.opponent
        tokens.append(self.result)
        line = ""
        for token in tokens:
            if line and len(line) + 1 + len(token) > LINE_WIDTH:
                lines.append(line)
                line = token
            else:
                line = f"{line} {token}" if line else token
        lines.append(line)
        return "\n".join(lines) + "\n"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _start_board(fen: str) -> Board:
    try:
        return Board(fen)
    except ParseError as error:
        raise SerializationError(f"bad FEN tag: {error}") from None


def _push(board: Board, move: Move | str, ply: int) -> Move:
    """Plays the game's ply ``ply`` (from 0) on the board; SerializationError names it."""
    black_first = (board.turn == Color.BLACK) == (ply % 2 == 0)
    number = ply // 2 + 1 if black_first else (ply + 1) // 2 + 1
    where = f"ply {ply + 1} ({number}.{'..' if board.turn == Color.WHITE else ''} {move})"
    try:
        parsed = board.parse_move(move) if isinstance(move, str) else move
        board.push(parsed)
    except TrickcoreError as error:
        raise SerializationError(f"{where}: {error}") from None
    return parsed


def _games(text: str) -> list[Game]:
    games: list[Game] = []
    tags: list[tuple[str, str]] = []
    moves: list[str] = []
    depth = 0   # variation nesting
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            snippet = text[position:position + 20].split("\n")[0]
            raise ParseError(f"unreadable PDN at offset {position}: {snippet!r}")
        position = match.end()
        kind = next(name for name in _KINDS if match.group(name) is not None)
        if kind in ("space", "comment", "nag", "number"):
            continue
        if kind == "open":
            depth += 1
        elif kind == "close":
            if depth == 0:
                raise ParseError(f"unmatched ')' at offset {match.start()} of the PDN")
            depth -= 1
        elif depth:
            continue
        elif kind == "tag":
            if moves:
                raise ParseError(f"tag [{match.group('tag')}] inside movetext at offset "
                                 f"{match.start()}: the game before it has no result")
            tags.append((match.group("tag"), _unescape(match.group("value"))))
        elif kind == "move":
            moves.append(match.group("move"))
        elif kind == "result":
            games.append(_replay(tags, moves, match.group("result"), len(games)))
            tags, moves = [], []
    if tags or moves or depth:
        raise ParseError("PDN ends inside a game: movetext must end with a result "
                         "(1-0, 0-1, 1/2-1/2 or *)")
    return games


def _replay(tags: list[tuple[str, str]], texts: list[str], result: str, index: int) -> Game:
    game = Game(tuple(tags), (), result)
    tagged = game.tag("Result")
    if tagged is not None and tagged != result:
        raise ParseError(f"game {index + 1}: Result tag {tagged!r} differs from the movetext's "
                         f"result {result!r}")
    board = _start_board(game.fen)
    try:
        moves = tuple(_push(board, text, ply) for ply, text in enumerate(texts))
    except SerializationError as error:
        raise SerializationError(f"game {index + 1}, {error}") from None
    return Game(tuple(tags), moves, result)


def read_games(text: str) -> list[Game]:
    """Every game of a PDN text, each replayed and checked."""
    if not isinstance(text, str):
        raise ParseError(f"PDN must be text, not {type(text).__name__}")
    return _games(text)


def read_game(text: str) -> Game:
    """The one game of a PDN text."""
    games = read_games(text)
    if len(games) != 1:
        raise ParseError(f"expected one game in the PDN, found {len(games)}")
    return games[0]


def write_games(games: list[Game]) -> str:
    """PDN text of several games, a blank line between them."""
    return "\n".join(game.pdn() for game in games)
