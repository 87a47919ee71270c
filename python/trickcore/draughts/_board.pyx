"""Bindings of the draughts kernels (src/draughts/): moves, the board state, perft."""

cimport cython
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF
from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from libc.stdint cimport int32_t, uint32_t, uint64_t
from libc.string cimport memcmp, memcpy

from trickcore.draughts._cdraughts cimport (
    DR_MAX_MOVES,
    DR_MAX_PATH,
    DR_MAX_PERFT_DEPTH,
    dr_check_position,
    dr_forty_move_claim,
    dr_from_squares,
    dr_generate,
    dr_index_of_square,
    dr_is_irreversible,
    dr_make,
    dr_move,
    dr_perft,
    dr_position,
    dr_repetition_claim,
    dr_same_position,
    dr_square_of_index,
    dr_to_squares,
    dr_zobrist_hash,
    dr_zobrist_update,
)

import re

from trickcore.draughts.errors import AmbiguousMoveError
from trickcore.draughts.fen import format_fen, parse_fen
from trickcore.draughts.outcome import Outcome, Termination
from trickcore.draughts.pieces import Color, Piece
from trickcore.core.arguments import whole_number
from trickcore.core.errors import IllegalMoveError, ParseError, RulesError

STARTING_FEN = format_fen(0xFFF, 0xFFF00000, 0, Color.BLACK)

_MOVE_TEXT = re.compile(r"\s*(\d{1,2})(?:\s*([-x])\s*(\d{1,2}))+\s*")
_SEPARATED = re.compile(r"([-x])")


cdef int _jumped_index(int a, int b):
    """The layout index of the square jumped from square a to square b, or -1 when b is not two
    diagonal steps from a."""
    cdef int ia = dr_index_of_square(a), ib = dr_index_of_square(b)
    cdef int diff = ib - ia
    if diff not in (8, 10, -8, -10):
        return -1
    cdef int middle = ia + diff // 2
    return -1 if middle in (8, 17, 26) else middle   # the layout's unused "ghost" bits


cdef bint _is_step(int a, int b):
    cdef int diff = dr_index_of_square(b) - dr_index_of_square(a)
    return diff in (4, 5, -4, -5)


@cython.freelist(256)
@cython.final
cdef class Move:
    """A move: its landing path (squares 1..32, the start first) and the squares it captures.

    ``str(move)`` is the full PDN form: ``11-15`` for a step, ``15x24x31`` for a capture listing
    every landing square. Moves compare and hash by path; two capture sequences with the same
    start and end but different routes are different moves.
    """

    def __init__(self, path):
        if self._length:
            raise TypeError(f"Move is immutable: {self} cannot be built again")
        squares = tuple(path)
        if not 2 <= len(squares) <= DR_MAX_PATH:
            raise IllegalMoveError(f"a move path has 2..{DR_MAX_PATH} squares, not {squares!r}")
        for square in squares:
            if not isinstance(square, int) or not 1 <= square <= 32:
                raise IllegalMoveError(f"square {square!r} is not one of 1..32 in {squares!r}")
        captured = 0
        if len(squares) == 2 and _is_step(squares[0], squares[1]):
            pass
        else:
            for a, b in zip(squares, squares[1:]):
                middle = _jumped_index(a, b)
                if middle < 0:
                    raise IllegalMoveError(
                        f"no move goes {'x'.join(map(str, squares))}: {b} is neither a diagonal "
                        f"neighbour of {a} nor two diagonal steps from it")
                bit = 1 << (dr_square_of_index(middle) - 1)
                if captured & bit:
                    raise IllegalMoveError(
                        f"no move goes {'x'.join(map(str, squares))}: it jumps square "
                        f"{dr_square_of_index(middle)} twice")
                captured |= bit
        self._length = len(squares)
        for i, square in enumerate(squares):
            self._path[i] = square
        self._captured = captured

    @staticmethod
    def parse(text):
        """A move in full PDN form, ``11-15`` or ``15x24x31``. The short capture form (``9x27``
        for a multiple jump) needs the position: use ``Board.parse_move``."""
        separators, squares = _split_move_text(text)
        if separators == {"-"} and len(squares) != 2:
            raise ParseError(f"bad move {text!r}: a step joins two squares, '11-15'")
        if separators == {"-"} and not _is_step(squares[0], squares[1]):
            raise ParseError(f"bad move {text!r}: {squares[1]} is not a diagonal neighbour of "
                             f"{squares[0]}")
        if separators == {"x"}:
            for a, b in zip(squares, squares[1:]):
                if _jumped_index(a, b) < 0:
                    raise ParseError(
                        f"bad move {text!r}: {a}x{b} is not a single jump (for the short form "
                        f"of a multiple capture, use Board.parse_move)")
        return Move(squares)

    @property
    def path(self):
        """The landing path, start square first."""
        return tuple(self._path[i] for i in range(self._length))

    @property
    def start(self):
        """The square the moving piece starts on."""
        self.last_index()  # refuses a move never built
        return self._path[0]

    @property
    def end(self):
        """The square the moving piece ends on."""
        return self._path[self.last_index()]

    cdef int last_index(self) except -1:
        if not self._length:
            raise IllegalMoveError("this Move was never built: use Move(path) or Move.parse(text)")
        return self._length - 1

    @property
    def captured(self):
        """The captured squares in the order they are jumped."""
        if not self._captured:
            return ()
        return tuple(dr_square_of_index(_jumped_index(self._path[i], self._path[i + 1]))
                     for i in range(self._length - 1))

    @property
    def captured_mask(self):
        """The captured squares as a 32-bit mask, bit s - 1 for square s."""
        return self._captured

    @property
    def is_capture(self):
        """Whether the move jumps (and removes) at least one piece."""
        return self._captured != 0

    def __str__(self):
        separator = "x" if self._captured else "-"
        return separator.join([str(self._path[i]) for i in range(self._length)])

    def __repr__(self):
        return f"Move.parse({str(self)!r})"

    def __reduce__(self):
        return (Move, (self.path,))

    def __hash__(self):
        return hash(bytes(self._path[:self._length]))

    def __richcmp__(self, other, int op):
        if not isinstance(other, Move):
            return NotImplemented
        a = bytes(self._path[:self._length])
        b = bytes((<Move>other)._path[:(<Move>other)._length])
        if op == 0:
            return a < b
        if op == 1:
            return a <= b
        if op == 2:
            return a == b
        if op == 3:
            return a != b
        if op == 4:
            return a > b
        return a >= b


cdef Move _make_move(const dr_move *m):
    cdef Move move = Move.__new__(Move)
    memcpy(move._path, m.path, m.length)
    move._length = m.length
    move._captured = dr_to_squares(m.captured)
    return move


def _split_move_text(text):
    """The separators used and the squares of a move's text."""
    if not isinstance(text, str):
        raise ParseError(f"a move must be text, not {type(text).__name__}")
    if not _MOVE_TEXT.fullmatch(text):
        raise ParseError(f"bad move {text!r}: expected squares 1..32 joined by '-' or 'x', "
                         f"as in '11-15' or '15x24x31'")
    parts = _SEPARATED.split(text.replace(" ", ""))
    squares = [int(s) for s in parts[::2]]
    separators = set(parts[1::2])
    if len(separators) > 1:
        raise ParseError(f"bad move {text!r}: mixes '-' and 'x'")
    for square in squares:
        if not 1 <= square <= 32:
            raise ParseError(f"bad move {text!r}: square {square} is not one of 1..32")
    return separators, squares


@cython.final
cdef class Board:
    """An English draughts position with its game history.

    ``Board()`` is the start position, Black to move; ``Board(fen)`` or ``Board.from_fen(fen)``
    sets one up. ``legal_moves()`` lists the moves in path order, ``push`` plays one (checked),
    ``pop`` takes the last one back. With ``auto_draw=True`` the game ends as a draw as soon as a
    draw could be claimed (for simulations and engines).
    """

    __hash__ = None   # mutable

    def __cinit__(self):
        self._capacity = 64
        self._history = <dr_position *>PyMem_Malloc(self._capacity * sizeof(dr_position))
        self._hashes = <uint64_t *>PyMem_Malloc(self._capacity * sizeof(uint64_t))
        self._reversible = <int32_t *>PyMem_Malloc(self._capacity * sizeof(int32_t))
        self._moves = <dr_move *>PyMem_Malloc(DR_MAX_MOVES * sizeof(dr_move))
        if not (self._history and self._hashes and self._reversible and self._moves):
            raise MemoryError()
        self._stack = []
        self._move_count = -1

    def __dealloc__(self):
        PyMem_Free(self._history)
        PyMem_Free(self._hashes)
        PyMem_Free(self._reversible)
        PyMem_Free(self._moves)

    def __init__(self, fen=None, *, bint auto_draw=False):
        self._auto_draw = auto_draw
        self._set_fen(STARTING_FEN if fen is None else fen)

    @classmethod
    def from_fen(cls, fen, *, auto_draw=False):
        """The position of a FEN such as ``B:W21-32:B1-12`` (see trickcore.draughts.fen)."""
        return cls(fen, auto_draw=auto_draw)

    cdef _set_fen(self, fen):
        parsed = parse_fen(fen)
        cdef dr_position p
        p.black = dr_from_squares(parsed.black)
        p.white = dr_from_squares(parsed.white)
        p.kings = dr_from_squares(parsed.kings)
        p.turn = int(parsed.turn)
        fault = dr_check_position(&p)
        if fault > 0:
            raise ParseError(f"impossible position in FEN {fen!r}: a man on square {fault}, "
                             f"its side's crowning row (it would be a king)")
        if fault < 0:
            raise ParseError(f"impossible position in FEN {fen!r}: more than 12 pieces a side")
        self._start_at(p)

    cdef _start_at(self, dr_position p):
        """Sets up a (checked) position with an empty history."""
        self._pos = p
        self._ply = 0
        self._history[0] = p
        self._hashes[0] = dr_zobrist_hash(&p)
        self._reversible[0] = 0
        self._stack = []
        self._move_count = -1

    # -- position ------------------------------------------------------------------------------

    @property
    def turn(self):
        """The side to move."""
        return Color(self._pos.turn)

    @property
    def black(self):
        """Black's pieces as a 32-bit mask, bit s - 1 for square s."""
        return dr_to_squares(self._pos.black)

    @property
    def white(self):
        """White's pieces (men and kings) as a 32-bit mask, bit i = square i + 1."""
        return dr_to_squares(self._pos.white)

    @property
    def kings(self):
        """The kings of both sides as a 32-bit mask."""
        return dr_to_squares(self._pos.kings)

    def piece_at(self, square):
        """The piece on a square 1..32, or None."""
        cdef uint32_t bit = 1u << (<int>whole_number("square", square, 1, 32, IllegalMoveError) - 1)
        cdef uint32_t black = dr_to_squares(self._pos.black)
        if not (black | dr_to_squares(self._pos.white)) & bit:
            return None
        return Piece.of(Color.BLACK if black & bit else Color.WHITE,
                        king=bool(dr_to_squares(self._pos.kings) & bit))

    def pieces(self, color):
        """The squares of one side's pieces, ascending."""
        cdef uint32_t mask = dr_to_squares(self._pos.black if Color(color) == Color.BLACK
                                           else self._pos.white)
        return tuple(s for s in range(1, 33) if mask >> (s - 1) & 1)

    def fen(self):
        """The position in FEN, each side's squares numerically sorted."""
        return format_fen(self.black, self.white, self.kings, self.turn)

    def zobrist_hash(self):
        """A 64-bit Zobrist hash of the position (pieces and side to move)."""
        return self._hashes[self._ply]

    @property
    def auto_draw(self):
        """Whether a draw claim (threefold repetition, 40-move rule) ends the game at once."""
        return self._auto_draw

    # -- moves ---------------------------------------------------------------------------------

    cdef int _generate(self) except -1:
        if self._move_count < 0:
            n = dr_generate(&self._pos, self._moves, DR_MAX_MOVES)
            if n < 0:
                raise RulesError("more legal moves than the generator has room for")
            self._move_count = n
        return self._move_count

    def legal_moves(self):
        """The legal moves, in path order (captures only, when there is one: they are
        compulsory). Empty when the side to move has lost; not empty after an automatic draw."""
        cdef int i, n = self._generate()
        cdef list moves = PyList_New(n)   # filled in place: no appends, no regrowth
        cdef Move move
        for i in range(n):
            move = _make_move(&self._moves[i])
            Py_INCREF(move)
            PyList_SET_ITEM(moves, i, move)
        return moves

    cdef int _find(self, Move move) except -2:
        cdef int i, n = self._generate()
        for i in range(n):
            if (self._moves[i].length == move._length and
                    memcmp(self._moves[i].path, move._path, move._length) == 0):
                return i
        return -1

    def is_legal(self, move):
        """Whether ``move`` (a Move) is legal here and the game is not over."""
        return isinstance(move, Move) and self._find(move) >= 0 and self.outcome() is None

    def parse_move(self, text):
        """The legal move a text names: the full PDN form (``11-15``, ``15x24x31``), or the short
        form ``9x27`` (start and end only) when it names exactly one legal capture."""
        separators, squares = _split_move_text(text)
        if separators == {"-"} and len(squares) != 2:
            raise ParseError(f"bad move {text!r}: a step joins two squares, '11-15'")
        moves = self.legal_moves()
        for move in moves:
            if list(move.path) == squares:
                if move.is_capture != (separators == {"x"}):
                    kind = "a capture, written with 'x'" if move.is_capture else "a step, '-'"
                    raise ParseError(f"bad move {text!r}: {move} is {kind}")
                return move
        if separators == {"x"} and len(squares) == 2:
            candidates = [m for m in moves if m.is_capture and m.start == squares[0]
                          and m.end == squares[1]]
            if len(candidates) == 1:
                return candidates[0]
            if candidates:
                raise AmbiguousMoveError(
                    f"ambiguous move {text!r}: it may be any of "
                    f"{', '.join(map(str, candidates))}; give every landing square")
        raise IllegalMoveError(self._illegal_message(text))

    cdef str _illegal_message(self, text):
        cdef int n = self._generate()
        side = self.turn.name.capitalize()
        if n == 0:
            return f"illegal move {text!r}: {side} has no legal move (the game is over)"
        legal = ", ".join(str(m) for m in self.legal_moves())
        rule = "a capture is compulsory; " if self._moves[0].captured else ""
        return f"illegal move {text!r} for {side}: {rule}legal moves are {legal}"

    def push(self, move):
        """Plays a legal move (a Move or its text). An illegal move, or any move once the game is
        over, raises IllegalMoveError and leaves the board unchanged."""
        cdef Move m
        if isinstance(move, Move):
            m = <Move>move
        elif isinstance(move, str):
            m = self.parse_move(move)
        else:
            raise IllegalMoveError(f"not a move: {move!r}")
        cdef int index = self._find(m)
        if index < 0:
            raise IllegalMoveError(self._illegal_message(str(m)))
        if self._auto_draw and self._draw_claim() != 0:
            raise IllegalMoveError(f"illegal move {str(m)!r}: the game is over "
                                   f"({self.outcome().termination.name.lower()} draw)")
        self._play(&self._moves[index])
        self._stack.append(m)

    cdef _play(self, const dr_move *m):
        if self._ply + 1 >= self._capacity:
            self._grow()
        cdef dr_position before = self._pos
        cdef Py_ssize_t ply = self._ply
        dr_make(&self._pos, m)
        self._history[ply + 1] = self._pos
        self._hashes[ply + 1] = dr_zobrist_update(self._hashes[ply], &before, m)
        self._reversible[ply + 1] = 0 if dr_is_irreversible(&before, m) else self._reversible[ply] + 1
        self._ply = ply + 1
        self._move_count = -1

    cdef _grow(self):
        cdef Py_ssize_t capacity = 2 * self._capacity
        history = <dr_position *>PyMem_Realloc(self._history, capacity * sizeof(dr_position))
        if not history:
            raise MemoryError()
        self._history = history
        hashes = <uint64_t *>PyMem_Realloc(self._hashes, capacity * sizeof(uint64_t))
        if not hashes:
            raise MemoryError()
        self._hashes = hashes
        reversible = <int32_t *>PyMem_Realloc(self._reversible, capacity * sizeof(int32_t))
        if not reversible:
            raise MemoryError()
        self._reversible = reversible
        self._capacity = capacity

    def pop(self):
        """Takes back the last move and returns it."""
        if self._ply == 0:
            raise IllegalMoveError("no move to take back")
        self._ply -= 1
        self._pos = self._history[self._ply]
        self._move_count = -1
        return self._stack.pop()

    def peek(self):
        """The last move played, or None at the start."""
        return self._stack[len(self._stack) - 1] if self._stack else None

    @property
    def move_stack(self):
        """The moves played since the set-up position, oldest first."""
        return list(self._stack)

    @property
    def ply(self):
        """Plies played since the set-up position."""
        return self._ply

    def root(self):
        """A new board at the set-up position (without the moves)."""
        cdef Board board = Board.__new__(Board)
        board._auto_draw = self._auto_draw
        board._start_at(self._history[0])
        return board

    def copy(self):
        """An independent copy, history included."""
        cdef Board board = Board.__new__(Board)
        board._auto_draw = self._auto_draw
        while board._capacity <= self._ply:
            board._grow()
        memcpy(board._history, self._history, (self._ply + 1) * sizeof(dr_position))
        memcpy(board._hashes, self._hashes, (self._ply + 1) * sizeof(uint64_t))
        memcpy(board._reversible, self._reversible, (self._ply + 1) * sizeof(int32_t))
        board._ply = self._ply
        board._pos = self._pos
        board._stack = list(self._stack)
        return board

    def __copy__(self):
        return self.copy()

    def __reduce__(self):
        return (_replay, (self.root().fen(), [str(m) for m in self._stack], self._auto_draw))

    # -- game end and draws --------------------------------------------------------------------

    @property
    def reversible_plies(self):
        """Plies since the last man move or capture (the 40-move rule's count; 80 = 40 moves of
        each side)."""
        return self._reversible[self._ply]

    def can_claim_threefold_repetition(self):
        """Whether the side to move has a move that would produce the same position (pieces and
        side to move) for the third time in the game."""
        cdef int n = self._generate()
        cdef int32_t window = self._reversible[self._ply]
        cdef Py_ssize_t first = self._ply - window
        return bool(dr_repetition_claim(&self._history[first], &self._hashes[first], window + 1,
                                        self._moves, n))

    def can_claim_forty_move_rule(self):
        """Whether in each side's last 40 moves no man has moved and no piece was captured."""
        return bool(dr_forty_move_claim(self._reversible[self._ply]))

    cdef int _draw_claim(self) except -1:
        """0, or the Termination a draw claim would have (40-move rule checked first)."""
        if dr_forty_move_claim(self._reversible[self._ply]):
            return Termination.FORTY_MOVES
        if self.can_claim_threefold_repetition():
            return Termination.REPETITION
        return 0

    def can_claim_draw(self):
        """Whether the side to move may claim a draw (threefold repetition or the 40-move rule)."""
        return self._draw_claim() != 0

    def outcome(self):
        """How the game ended, or None while it goes on: the side to move loses when it has no
        legal move; with auto_draw, the game is drawn once a draw claim is possible."""
        if self._generate() == 0:
            return Outcome(Termination.NO_MOVES, Color(self._pos.turn).opponent)
        if self._auto_draw:
            claim = self._draw_claim()
            if claim:
                return Outcome(Termination(claim), None)
        return None

    def is_game_over(self):
        """Whether the game has ended (see ``outcome()``)."""
        return self.outcome() is not None

    def result(self):
        """``1-0`` Black won, ``0-1`` White won, ``1/2-1/2`` drawn, ``*`` not over."""
        outcome = self.outcome()
        return "*" if outcome is None else outcome.result()

    def probe(self, tables=None):
        """The endgame tables' result for the side to move (a TableValue: WIN, DRAW, LOSS under
        perfect play, ignoring the 40-move rule), or None beyond the tables' piece count.
        ``tables`` defaults to the 5-piece tables of the default folder, built on demand."""
        from trickcore.draughts.tables import default_tables
        return (default_tables() if tables is None else tables).probe(self)

    # -- display -------------------------------------------------------------------------------

    def __str__(self):
        from trickcore.draughts.render import diagram
        return diagram(self)

    def _repr_svg_(self):
        from trickcore.draughts.render import svg
        return svg(self)

    def __repr__(self):
        return f"Board({self.fen()!r})"

    def __eq__(self, other):
        """Same pieces and side to move (the histories may differ)."""
        if not isinstance(other, Board):
            return NotImplemented
        return bool(dr_same_position(&self._pos, &(<Board>other)._pos))

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result


def _replay(fen, moves, auto_draw):
    board = Board(fen, auto_draw=auto_draw)
    for move in moves:
        board.push(move)
    return board


def perft(Board board, depth, *, bint bulk=True):
    """The number of leaf nodes ``depth`` plies below the board's position (every capture
    route counted as its own move). ``bulk=False`` makes every leaf's move instead of counting
    the last ply's moves."""
    cdef int plies = whole_number("perft depth", depth, 0, DR_MAX_PERFT_DEPTH, RulesError)
    cdef uint64_t leaves = 0
    cdef dr_position p = board._pos
    cdef int status
    with nogil:
        status = dr_perft(&p, plies, bulk, &leaves)
    if status != 0:
        raise RulesError(f"perft refused the position {board.fen()!r}")
    return leaves
