"""PDN games: reading (tags, FEN set-up, numbering, comments, short forms), writing, the exact
round trip, and refused games."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from trickcore.core.errors import ParseError, SerializationError
from trickcore.draughts import Board, pdn
from trickcore.draughts.pdn import Game, read_game, read_games, write_games

GAME = """[Event "Club \\"Open\\" 2024"]
[Black "Ann"]
[White "Bo"]
[Result "1/2-1/2"]

1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14 1/2-1/2
"""


def random_game(seed: int, fen: str | None = None, plies: int = 400) -> Board:
    rng = np.random.default_rng(seed)
    board = Board(fen)
    while not board.is_game_over() and board.ply < plies:
        moves = board.legal_moves()
        board.push(moves[int(rng.integers(len(moves)))])
    return board


def test_read_game_tags_moves_and_result() -> None:
    game = read_game(GAME)
    assert game.tag("Event") == 'Club "Open" 2024' and game.tag("Black") == "Ann"
    assert [str(m) for m in game.moves] == ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14",
                                            "10x17", "21x14"]
    assert game.result == "1/2-1/2"   # a draw by agreement: the result is the players'
    assert game.board().ply == 8 and game.board().outcome() is None


def test_canonical_text_round_trips_exactly() -> None:
    assert read_game(GAME).pdn() == GAME


@pytest.mark.parametrize("seed", range(8))
def test_random_games_round_trip(seed: int) -> None:
    board = random_game(seed)
    game = Game.from_board(board, {"Event": f"random {seed}"})
    text = game.pdn()
    assert read_game(text) == game and read_game(text).pdn() == text
    assert game.board() == board and game.result == board.result()
    assert all(len(line) <= pdn.LINE_WIDTH for line in text.splitlines())


def test_set_up_position_with_white_to_move() -> None:
    board = random_game(3, fen="W:WK10,21,22:B14,15,K30", plies=9)
    game = Game.from_board(board)
    assert game.tag("FEN") == "W:WK10,21,22:B14,15,K30"
    assert game.tag("SetUp") == "1"
    text = game.pdn()
    assert "\n1... " in "\n" + text.split("\n\n")[1]
    assert read_game(text) == game and game.board() == board


def test_reading_skips_comments_variations_nags_and_marks_and_accepts_short_forms() -> None:
    text = """[Event "x"]
[FEN "B:W6,14,15,22,24,32:B1,12"]
{a comment} 1. 1x26! {long jump in short form} ; rest of line
32-27 (1... 24-20 2. 12-16) 2. 12-16 $2 27-23 *"""
    game = read_game(text)
    assert [str(m) for m in game.moves] == ["1x10x17x26", "32-27", "12-16", "27-23"]
    assert game.pdn().splitlines()[-1] == "1. 1x10x17x26 32-27 2. 12-16 27-23 *"


def test_several_games() -> None:
    games = [Game.from_board(random_game(seed)) for seed in range(3)]
    text = write_games(games)
    assert read_games(text) == games
    assert read_games("") == []


def test_game_with_an_illegal_move_is_refused_naming_the_ply() -> None:
    with pytest.raises(SerializationError, match=r"game 1, ply 4 \(2\.\.\. 19-14\): illegal move"):
        read_game("1. 11-15 23-19 2. 8-11 19-14 *")
    with pytest.raises(SerializationError, match=r"ply 3 \(2\. 12-13\)"):
        read_game("1. 11-15 23-19 2. 12-13 *")


@pytest.mark.parametrize(("text", "message"), [
    ("1. 11-15 23-19", "must end with a result"),
    ('[Event "x"]', "must end with a result"),
    ("1. 11-15 @ *", "unreadable PDN"),
    ("1. 11-15 ) *", "unmatched"),
    ('[Result "1-0"]\n1. 11-15 0-1', "differs"),
    ('1. 11-15 [Event "x"] *', "inside movetext"),
    ('[FEN "B:W1:B1"]\n*', "bad FEN"),
    ("1. 9x27 *", "illegal move"),
])
def test_malformed_pdn_is_refused(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        read_games(text)


def test_read_game_wants_exactly_one_game_and_bad_result_is_refused() -> None:
    with pytest.raises(ParseError, match="one game"):
        read_game(GAME + "\n" + GAME)
    with pytest.raises(ParseError, match="bad result"):
        Game((), (), "2-0")


@given(st.text(alphabet='[]"{}();$*./-x0123456789 \nEventBW:K', max_size=80))
def test_any_pdn_text_either_reads_or_raises_parse_error(text: str) -> None:
    try:
        games = read_games(text)
    except ParseError:
        return
    assert read_games(write_games(games)) == games
