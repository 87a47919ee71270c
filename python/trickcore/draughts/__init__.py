"""English draughts (checkers, WCDF rules): bitboard move generation in C, a checked Board with
draw claims and history, FEN and PDN, perft, random-game simulation, a referee and endgame
tables."""

from trickcore.draughts._board import STARTING_FEN, Board, Move, perft
from trickcore.draughts.errors import (
    AmbiguousMoveError,
    IllegalMoveWarning,
    TablesCorruptError,
    TablesError,
)
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
    "Game",
    "IllegalMoveWarning",
    "Move",
    "Outcome",
    "Piece",
    "Referee",
    "Rules",
    "TableValue",
    "Tables",
    "TablesCorruptError",
    "TablesError",
    "Termination",
    "Verdict",
    "perft",
    "read_game",
    "read_games",
    "simulate",
    "write_games",
]
