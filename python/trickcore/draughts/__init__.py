"""English draughts (checkers, WCDF rules): bitboard move generation in C, a checked Board with
draw claims and history, FEN and PDN, perft, random-game simulation, a referee, endgame tables,
and an alpha-beta engine with matches from the 3-move openings."""

from trickcore.draughts._board import STARTING_FEN, Board, Move, perft
from trickcore.draughts.engine import (
    Engine,
    GameOverError,
    Limit,
    PlayResult,
    SearchLimitError,
    SearchResult,
)
from trickcore.draughts.errors import (
    AmbiguousMoveError,
    IllegalMoveWarning,
    TablesCorruptError,
    TablesError,
)
from trickcore.draughts.match import GameRecord, MatchResult, match
from trickcore.draughts.openings import Opening, three_move_openings
from trickcore.draughts.outcome import Outcome, Termination
from trickcore.draughts.pdn import Game, read_game, read_games, write_games
from trickcore.draughts.pieces import Color, Piece
from trickcore.draughts.referee import Referee, Verdict
from trickcore.draughts.simulation import Rules, simulate
from trickcore.draughts.tables import Tables, TableValue

__all__ = [
    "STARTING_FEN",
    "AmbiguousMoveError",
    "Board",
    "Color",
    "Engine",
    "Game",
    "GameOverError",
    "GameRecord",
    "IllegalMoveWarning",
    "Limit",
    "MatchResult",
    "Move",
    "Opening",
    "Outcome",
    "Piece",
    "PlayResult",
    "Referee",
    "Rules",
    "SearchLimitError",
    "SearchResult",
    "TableValue",
    "Tables",
    "TablesCorruptError",
    "TablesError",
    "Termination",
    "Verdict",
    "match",
    "perft",
    "read_game",
    "read_games",
    "simulate",
    "three_move_openings",
    "write_games",
]
