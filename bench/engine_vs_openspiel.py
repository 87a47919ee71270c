"""The engine (0.1 s a move) against OpenSpiel's MCTS bot (C++ pyspiel.MCTSBot, random-rollout
evaluator, 1,000 simulations a move) from the 3-move openings, each with both colours: the
engine's wins, draws and losses, and its score with a 95% interval.

    PYTHONPATH=python python bench/engine_vs_openspiel.py [--games 312] [--first 0] [--jobs 2]

Games are numbered 0..311 (opening i with the engine as Black is game 2i, as White 2i + 1);
--first/--games pick a range, --jobs plays them in that many processes. Our Board referees the
game; OpenSpiel's checkers differs in its draw rule only (docs/draughts-engine.md, "Matches"):
when its own rule (40 plies without a capture) ends the game first, the game is a draw.
"""

from __future__ import annotations

import argparse
import functools
from dataclasses import dataclass

import pyspiel

from engine_match import run, timed_game
from trickcore.draughts import Board, Move
from trickcore.draughts.engine import Engine, Limit
from trickcore.draughts.match import DrawAdjudicated, GameRecord

SIMULATIONS = 1000
UCT_C = 2.0


def square_label(square: int) -> str:
    """OpenSpiel's name of one of our squares: its board is ours turned half a circle (its
    first player, our Black, starts at the bottom), so square 1 is g1 and 32 is b8."""
    row, offset = divmod(square - 1, 4)
    column = 2 * offset + (1 if row % 2 == 0 else 0)
    return f"{'abcdefgh'[7 - column]}{row + 1}"


LABELS = {square_label(s): s for s in range(1, 33)}


@dataclass(frozen=True)
class Played:
    move: Move


class OpenSpielMCTS:
    """OpenSpiel's MCTS bot as a player: it replays the game on OpenSpiel's checkers, asks the
    bot for one jump at a time while its own turn lasts, and names the landing squares."""

    def __init__(self, simulations: int = SIMULATIONS, seed: int = 1) -> None:
        self.game = pyspiel.load_game("checkers")
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.bot = pyspiel.MCTSBot(self.game, evaluator, UCT_C, simulations, 1000, False, seed,
                                   False)

    def state_of(self, board: Board) -> pyspiel.State:
        state = self.game.new_initial_state()
        replay = board.root()
        if replay.fen() != Board().fen():
            raise ValueError("OpenSpiel games start from the start position")
        for move in board.move_stack:
            apply(state, move)
        return state

    def play(self, board: Board, limit: Limit) -> Played:
        state = self.state_of(board)
        if state.is_terminal():
            raise DrawAdjudicated("OpenSpiel's checkers ended the game (40 plies, no capture)")
        player, path = state.current_player(), []
        while not state.is_terminal() and state.current_player() == player:
            action = self.bot.step(state)
            text = state.action_to_string(action)
            if not path:
                path.append(LABELS[text[:2]])
            path.append(LABELS[text[2:]])
            state.apply_action(action)
        return Played(Move(path))


def apply(state: pyspiel.State, move: Move) -> None:
    """Plays one of our moves on an OpenSpiel state: one action per step or jump."""
    for start, end in zip(move.path, move.path[1:], strict=False):
        if state.is_terminal():
            raise DrawAdjudicated("OpenSpiel's checkers ended the game (40 plies, no capture)")
        wanted = square_label(start) + square_label(end)
        actions = [a for a in state.legal_actions() if state.action_to_string(a) == wanted]
        if len(actions) != 1:
            raise ValueError(f"OpenSpiel has no single action {wanted} for our move {move}")
        state.apply_action(actions[0])


def one_game(number: int, seconds: float, simulations: int) -> tuple[GameRecord, float]:
    return timed_game(number, Engine(), OpenSpielMCTS(simulations, seed=number),
                      Limit(time=seconds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=312)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--time", type=float, default=0.1, help="engine seconds a move")
    parser.add_argument("--simulations", type=int, default=SIMULATIONS)
    args = parser.parse_args()
    game = functools.partial(one_game, seconds=args.time, simulations=args.simulations)
    run(game, args.first, args.games, args.jobs, f"engine vs MCTS({args.simulations})")


if __name__ == "__main__":
    main()
