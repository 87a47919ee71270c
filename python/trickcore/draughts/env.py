"""English draughts as an environment: an action is a whole move, ``from * 32 + to`` on 0-based
squares; observations are three 64-bit planes from the observer's side, squares not rotated
(docs/environments.md, "English draughts")."""

from __future__ import annotations

from trickcore.core.errors import RulesError
from trickcore.draughts._board import Board
from trickcore.draughts._env import ACTIONS, OBS_BYTES, DraughtsEnvKernel
from trickcore.draughts.simulation import Rules
from trickcore.env.spec import EnvSpec, Field, ObservationLayout

SQUARES = 32

LAYOUT = ObservationLayout((
    Field("own_men", 0, 32, "the observer's men (bit s - 1: square s)"),
    Field("own_kings", 32, 32, "the observer's kings"),
    Field("opponent_men", 64, 32, "the opponent's men"),
    Field("opponent_kings", 96, 32, "the opponent's kings"),
    Field("seat", 128, 2, "one-hot, the observer's colour: Black (seat 0), White (seat 1)"),
    Field("to_move", 130, 2, "one-hot, the side to move: Black, White (none once over)"),
    Field("repeated", 132, 1, "the position (pieces and side to move) occurred before"),
    Field("reversible_plies", 136, 8,
          "binary: plies since the last man move or capture (the 40-move rule ends at 80)"),
    Field("ply", 144, 16, "binary: plies played in the game (at most 65535)"),
), OBS_BYTES)


def layout(rules: Rules) -> ObservationLayout:
    return LAYOUT


def action_of(start: int, end: int) -> int:
    """The action of a move from square ``start`` to square ``end`` (1..32)."""
    return (start - 1) * SQUARES + (end - 1)


def action_name(rules: Rules, action: int) -> str:
    """``11-15`` for a step, ``11x18`` for a capture (start and end squares only)."""
    start, end = divmod(action, SQUARES)
    step = abs(start // 4 - end // 4) == 1
    return f"{start + 1}{'-' if step else 'x'}{end + 1}"


def kernel(rules: Rules, num_envs: int, seat: int, policy: int, autoreset: bool,
           threads: int) -> DraughtsEnvKernel:
    if not rules.auto_draw:
        raise RulesError("the draughts environment ends drawn games as auto_draw does: "
                         "it needs auto_draw=True (max_plies truncates episodes)")
    return DraughtsEnvKernel(Board(rules.start), rules.max_plies or 0, num_envs, seat, policy,
                             autoreset, threads)


SPEC = EnvSpec(kernel=kernel, policies={"random": 0, "greedy": 1, "rule": 2},
               num_actions=ACTIONS, action_name=action_name, layout=layout)
