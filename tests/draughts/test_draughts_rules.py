"""One named test per rule point of docs/rules/draughts.md (board, moves, game end, draws,
referee mode). Squares: row by row from Black's side, 1 = b8 ... 4 = h8, 5 = a7 ... 32 = g1."""

from __future__ import annotations

import pytest

from trickcore import draughts
from trickcore.core.errors import IllegalMoveError
from trickcore.draughts import Board, Color, Piece, Termination
from trickcore.draughts.pieces import square_name


def paths(board: Board) -> list[str]:
    return [str(m) for m in board.legal_moves()]


def play(board: Board, *moves: str) -> Board:
    for move in moves:
        board.push(move)
    return board


# -- board and notation -------------------------------------------------------------------------

def test_squares_are_numbered_1_to_32_from_blacks_side() -> None:
    assert [square_name(s) for s in (1, 4, 5, 29, 32)] == ["b8", "h8", "a7", "a1", "g1"]


def test_black_starts_on_1_to_12_white_on_21_to_32_and_black_moves_first() -> None:
    board = Board()
    assert board.pieces(Color.BLACK) == tuple(range(1, 13))
    assert board.pieces(Color.WHITE) == tuple(range(21, 33))
    assert board.turn == Color.BLACK
    assert board.fen() == draughts.STARTING_FEN


def test_black_moves_toward_higher_numbers_white_toward_lower() -> None:
    assert paths(Board()) == ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    assert paths(play(Board(), "11-15")) == [
        "21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"]


def test_moves_are_written_in_full_pdn_form() -> None:
    assert paths(Board("B:W18:B14")) == ["14x23"]
    assert paths(Board("B:W6,14,22:B1")) == ["1x10x17x26"]
    assert str(draughts.Move.parse("11-15")) == "11-15"


# -- moves --------------------------------------------------------------------------------------

def test_man_moves_one_square_diagonally_forward_to_an_empty_square() -> None:
    assert paths(Board("B:W32:B14")) == ["14-17", "14-18"]
    assert paths(Board("W:W18:B1")) == ["18-14", "18-15"]
    assert paths(Board("B:W17,21:B14")) == ["14-18"]   # 17 is occupied, 21 behind it too


def test_capture_jumps_an_adjacent_enemy_to_the_empty_square_behind() -> None:
    board = Board("B:W18,32:B14")
    assert paths(board) == ["14x23"]
    board.push("14x23")
    assert board.piece_at(18) is None and board.piece_at(23) == Piece.BLACK_MAN
    assert paths(Board("B:W18,23:B14")) == ["14-17"]   # no empty square behind 18


def test_capture_is_compulsory() -> None:
    board = Board("B:W18,32:B1,14")
    assert paths(board) == ["14x23"]
    with pytest.raises(IllegalMoveError, match="capture is compulsory"):
        board.push("1-5")


def test_player_chooses_freely_between_a_short_and_a_long_capture() -> None:
    board = Board("B:W6,8,15:B1,3")
    assert paths(board) == ["1x10x19", "3x12"]
    board.push("3x12")   # the single capture, although the other takes two
    assert board.pieces(Color.WHITE) == (6, 15)


def test_capture_sequence_continues_while_the_piece_can_capture() -> None:
    board = Board("B:W6,8,15:B1,3")
    with pytest.raises(IllegalMoveError):
        board.push("1x10")   # stopping after the first jump
    assert board.fen() == "B:W6,8,15:B1,3"


def test_any_complete_sequence_may_be_chosen_among_continuations() -> None:
    board = Board("B:W6,14,15,22,24:B1")
    assert paths(board) == ["1x10x17x26", "1x10x19x28"]
    board.push("1x10x19x28")
    assert board.pieces(Color.WHITE) == (14, 22)


def test_a_piece_is_jumped_only_once_in_a_sequence() -> None:
    board = Board("W:WK10:B14,15,22,23")
    for move in board.legal_moves():
        assert len(set(move.captured)) == len(move.captured)
    loops = [m for m in board.legal_moves() if m.start == m.end]
    assert sorted(str(m) for m in loops) == ["10x17x26x19x10", "10x19x26x17x10"]


def test_captured_pieces_are_removed_only_when_the_sequence_is_complete() -> None:
    board = Board("W:WK10:B14,15,22,23")
    board.push("10x19x26x17x10")
    assert board.pieces(Color.BLACK) == ()
    assert board.piece_at(10) == Piece.WHITE_KING


def test_a_man_cannot_capture_backwards() -> None:
    assert paths(Board("B:W10,32:B14")) == ["14-17", "14-18"]
    assert paths(Board("W:W18:B22,1")) == ["18-14", "18-15"]
    assert paths(Board("B:W10,32:BK14")) == ["14x7"]   # a king can


def test_a_man_reaching_the_far_row_is_crowned_and_the_move_ends() -> None:
    board = Board("B:W26,27:B22")
    assert paths(board) == ["22x31"]   # not 22x31x24: crowning ends the move
    board.push("22x31")
    assert board.piece_at(31) == Piece.BLACK_KING
    assert paths(Board("B:W26,27:BK22")) == ["22x31x24"]   # a king goes on
    step = play(Board("W:W5:B28"), "5-1")
    assert step.piece_at(1) == Piece.WHITE_KING


def test_a_king_moves_one_square_diagonally_in_any_direction() -> None:
    assert paths(Board("B:W32:BK14")) == ["14-9", "14-10", "14-17", "14-18"]


def test_a_king_captures_in_any_direction_landing_just_behind() -> None:
    assert paths(Board("B:W18,32:BK14")) == ["14x23"]   # not 14x27: kings do not fly
    assert paths(Board("B:W9,32:BK14")) == ["14x5"]
    assert paths(Board("B:W19,32:BK14")) == ["14-9", "14-10", "14-17", "14-18"]   # not adjacent


def test_capture_routes_with_the_same_pieces_are_different_moves() -> None:
    board = Board("W:WK10:B14,15,22,23")
    loops = [m for m in board.legal_moves() if m.start == m.end]
    assert len(loops) == 2 and loops[0] != loops[1]
    assert set(loops[0].captured) == set(loops[1].captured) == {14, 15, 22, 23}


# -- game end -----------------------------------------------------------------------------------

def test_a_player_with_no_pieces_loses() -> None:
    board = Board("W:W:B1")
    assert board.outcome() == draughts.Outcome(Termination.NO_MOVES, Color.BLACK)
    assert board.result() == "1-0" and board.is_game_over()


def test_a_player_whose_every_piece_is_blocked_loses() -> None:
    board = Board("B:W9,14:B5")
    assert board.legal_moves() == []
    assert board.outcome() == draughts.Outcome(Termination.NO_MOVES, Color.WHITE)
    assert board.result() == "0-1"
    with pytest.raises(IllegalMoveError, match="no legal move"):
        board.push("5-9")


SHUFFLE = ("1-6", "32-27", "6-1", "27-32")


def test_threefold_repetition_claim_when_the_next_move_makes_a_position_a_third_time() -> None:
    board = Board("B:WK32:BK1")
    claims = []
    for move in SHUFFLE + SHUFFLE[:3]:
        claims.append(board.can_claim_draw())
        board.push(move)
    assert claims == [False] * 7
    assert board.can_claim_threefold_repetition()   # White's 27-32 repeats the start twice over
    assert not board.can_claim_forty_move_rule()
    assert board.can_claim_draw() and board.outcome() is None   # claimed, not automatic


def test_repetition_counters_survive_pop() -> None:
    board = Board("B:WK32:BK1")
    play(board, *SHUFFLE, *SHUFFLE[:3])
    board.push("27-32")
    board.pop()
    assert board.can_claim_threefold_repetition()
    board.pop()
    assert not board.can_claim_draw()
    board.push("6-1")
    assert board.can_claim_draw()


def test_forty_move_rule_after_forty_moves_of_each_side_without_man_move_or_capture() -> None:
    board = Board("B:WK32,21:BK1,12")
    for ply in range(80):
        assert board.reversible_plies == ply
        assert not board.can_claim_forty_move_rule()
        board.push(SHUFFLE[ply % 4])
    assert board.can_claim_forty_move_rule() and board.can_claim_draw()


def test_forty_move_count_is_reset_by_a_man_move() -> None:
    board = play(Board("B:WK32,21:BK1,12"), *(SHUFFLE * 20))
    assert board.can_claim_forty_move_rule()
    board.push("12-16")
    assert board.reversible_plies == 0 and not board.can_claim_forty_move_rule()
    board.pop()
    assert board.reversible_plies == 80 and board.can_claim_forty_move_rule()


def test_forty_move_count_is_reset_by_a_capture() -> None:
    board = play(Board("B:WK32:BK1,K19"), "1-5", "32-28", "5-1", "28-24")
    assert board.reversible_plies == 4
    assert paths(board) == ["19x28"]
    board.push("19x28")
    assert board.reversible_plies == 0


def test_draws_are_claimed_not_automatic_unless_auto_draw_is_set() -> None:
    manual = play(Board("B:WK32:BK1"), *SHUFFLE, *SHUFFLE)
    assert manual.outcome() is None
    manual.push("1-6")   # play goes on after a claim was possible
    auto = play(Board("B:WK32:BK1", auto_draw=True), *SHUFFLE, *SHUFFLE[:3])
    assert auto.outcome() == draughts.Outcome(Termination.REPETITION, None)
    assert auto.result() == "1/2-1/2"
    fen = auto.fen()
    with pytest.raises(IllegalMoveError, match="game is over"):
        auto.push("27-32")
    assert auto.fen() == fen and auto.ply == 7


KING_WALK = (  # 80 king steps after which no position can yet come back a third time
    "1-5 29-25 4-8 25-21 5-1 21-17 1-5 17-13 5-1 13-9 1-5 9-14 5-1 14-10 1-5 10-15 5-1 15-18 "
    "1-5 18-22 5-1 22-25 1-6 25-21 6-10 21-17 10-15 17-13 15-10 13-9 10-15 32-27 15-10 27-23 "
    "10-15 23-26 15-10 26-22 10-15 22-17 15-10 17-13 10-15 9-14 15-11 13-17 11-15 17-21 15-11 "
    "14-10 11-16 10-14 16-12 14-10 8-11 10-14 11-15 14-17 12-16 17-13 15-10 13-17 10-6 17-13 "
    "16-11 13-17 11-15 17-13 15-10 13-17 10-7 17-13 6-1 13-17 1-5 17-13 7-10 13-17 10-15 17-13"
).split()


def test_auto_draw_ends_the_game_under_the_forty_move_rule() -> None:
    board = Board("B:WK29,K32:BK1,K4", auto_draw=True)
    for move in KING_WALK:
        assert board.outcome() is None
        board.push(move)
    assert board.reversible_plies == 80
    assert not board.can_claim_threefold_repetition()
    assert board.outcome() == draughts.Outcome(Termination.FORTY_MOVES, None)


def test_referee_takes_back_a_first_illegal_move_with_a_warning() -> None:
    referee = draughts.Referee()
    with pytest.warns(draughts.IllegalMoveWarning, match="Black.*taken back"):
        assert referee.play("11-14") == draughts.Verdict.WARNING
    assert referee.board.fen() == draughts.STARTING_FEN
    assert referee.illegal_moves(Color.BLACK) == 1
    assert referee.play("11-15") == draughts.Verdict.ACCEPTED


def test_referee_second_illegal_move_by_the_same_player_loses_the_game() -> None:
    referee = draughts.Referee()
    with pytest.warns(draughts.IllegalMoveWarning):
        referee.play("11-14")
    referee.play("11-15")
    with pytest.warns(draughts.IllegalMoveWarning, match="White"):
        assert referee.play("22-15") == draughts.Verdict.WARNING   # White's first: a warning
    referee.play("23-19")
    assert referee.play("15-11") == draughts.Verdict.FORFEIT      # Black's second
    assert referee.outcome() == draughts.Outcome(Termination.FORFEIT, Color.WHITE)
    assert referee.result() == "0-1"
    with pytest.raises(IllegalMoveError, match="game is over"):
        referee.play("8-11")


def test_draw_by_agreement() -> None:
    referee = draughts.Referee()
    referee.play("11-15")
    referee.agree_draw()
    assert referee.outcome() == draughts.Outcome(Termination.AGREEMENT, None)
    assert referee.result() == "1/2-1/2"
    with pytest.raises(IllegalMoveError, match="game is over"):
        referee.play("23-19")


def test_resignation_and_loss_on_time_give_the_opponent_the_game() -> None:
    resigned = draughts.Referee()
    resigned.resign(Color.BLACK)
    assert resigned.outcome() == draughts.Outcome(Termination.RESIGNATION, Color.WHITE)
    assert resigned.result() == "0-1"
    timed = draughts.Referee(Board("W:W21:B1"))
    timed.lose_on_time(Color.WHITE)
    assert timed.outcome() == draughts.Outcome(Termination.TIME, Color.BLACK)
    with pytest.raises(IllegalMoveError, match="cannot end again"):
        timed.agree_draw()
