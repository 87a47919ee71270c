"""``DraughtsSession``: one person against an opponent at English draughts, without a terminal.

Moves go through ``Board.push`` (a refused move raises its IllegalMoveError, "a capture is
compulsory", and the board is unchanged); undo pops back to the person's previous move; a game
is saved as PDN whose tags carry the session (seat, opponent, seed, rules).
"""

from __future__ import annotations

import json

from trickcore.core.errors import (
    ArgumentError,
    IllegalMoveError,
    SerializationError,
    TrickcoreError,
)
from trickcore.core.rules_codec import rules_from_json, rules_to_json
from trickcore.draughts import (
    Board,
    Color,
    Engine,
    Game,
    Move,
    Outcome,
    SearchResult,
    Termination,
    read_game,
)
from trickcore.draughts.simulation import Rules
from trickcore.play.opponents import ENGINE_LEVELS, Opponent, make_opponent

EVENT = "trickcore play"
HINT_MOVES = 3  # the engine's best moves a hint shows


class DraughtsSession:
    """A game from ``rules.start`` with the person at ``seat`` (0: Black, who moves first in
    the standard start; 1: White) against the opponent named ``opponent``."""

    def __init__(self, rules: Rules, *, seat: int = 0, opponent: str = "engine", seed: int = 0,
                 moves: tuple[Move, ...] = ()) -> None:
        if seat not in (0, 1):
            raise ArgumentError(f"--seat is 0 (Black) or 1 (White) in draughts, not {seat!r}")
        self.rules, self.seat, self.seed = rules, seat, seed
        self.color = Color.BLACK if seat == 0 else Color.WHITE
        self.opponent: Opponent = make_opponent(opponent, seed)
        self.board = Board(rules.start, auto_draw=rules.auto_draw)
        self.hint_engine = Engine()
        for move in moves:
            self.board.push(move)

    def outcome(self) -> Outcome | None:
        """How the game ended (the board's end, or the rules' ply limit), None while it goes on."""
        outcome = self.board.outcome()
        limit = self.rules.max_plies
        if outcome is None and limit is not None and self.board.ply >= limit:
            return Outcome(Termination.MAX_PLIES, None)
        return outcome

    @property
    def human_to_act(self) -> bool:
        """Whether the game goes on with the person to move."""
        return self.outcome() is None and self.board.turn == self.color

    def push(self, text: str) -> Move:
        """Plays the person's move in standard notation (``11-15``, ``15x24``, or a capture's
        short form where it is unambiguous)."""
        if not self.human_to_act:
            raise IllegalMoveError("it is not your turn" if self.outcome() is None
                                   else "the game is over")
        move = self.board.parse_move(text)
        self.board.push(move)
        return move

    def opponent_move(self) -> Move:
        """Plays the opponent's move and returns it."""
        if self.outcome() is not None or self.board.turn == self.color:
            raise IllegalMoveError("the opponent is not to move")
        move = self.opponent.choose(self.board.copy())
        self.board.push(move)
        return move

    def hint(self) -> list[SearchResult]:
        """The engine's best moves in the person's place, best first, each with its score and
        line (the hint engine's table cleared, then the default level's node budget: the same
        position, the same hint)."""
        if not self.human_to_act:
            raise IllegalMoveError("it is not your turn")
        self.hint_engine.clear()
        return self.hint_engine.analyse(self.board, multipv=HINT_MOVES, nodes=ENGINE_LEVELS[4])

    def undo(self) -> int:
        """Takes back the person's last move and the opponent's replies; returns the plies."""
        first = self.board.root().turn
        mine = [ply for ply in range(self.board.ply)
                if (first if ply % 2 == 0 else first.opponent) == self.color]
        if not mine:
            raise IllegalMoveError("nothing to undo: you have not moved yet")
        taken = self.board.ply - mine[-1]
        for _ in range(taken):
            self.board.pop()
        return taken

    def to_pdn(self) -> str:
        """The game as PDN, the session in its tags."""
        names = {self.color: "you", self.color.opponent: self.opponent.name}
        outcome = self.outcome()
        tags = {"Event": EVENT, "Black": names[Color.BLACK], "White": names[Color.WHITE],
                "TrickcoreSeat": str(self.seat), "TrickcoreOpponent": self.opponent.name,
                "TrickcoreSeed": str(self.seed),
                "TrickcoreRules": json.dumps(rules_to_json(self.rules))}
        result = "*" if outcome is None else outcome.result()
        return Game.from_board(self.board, tags, result).pdn()

    @classmethod
    def from_pdn(cls, text: str) -> DraughtsSession:
        """The session a ``to_pdn`` text describes."""
        game = read_game(text)
        try:
            rules = rules_from_json(Rules, json.loads(game.tag("TrickcoreRules") or "{}"))
            return cls(rules, seat=int(game.tag("TrickcoreSeat") or 0),
                       opponent=game.tag("TrickcoreOpponent") or "random",
                       seed=int(game.tag("TrickcoreSeed") or 0), moves=game.moves)
        except (ValueError, TrickcoreError) as error:
            raise SerializationError(f"not a saved game of trickcore play: {error}") from None
