"""The Hearts family as an environment: actions are cards (a pass is chosen one card at a
time), observations are 19 planes of 64 bits (docs/environments.md, "Svarta Maja and
Spardame")."""

from __future__ import annotations

from trickcore.core.card import Card
from trickcore.env.spec import EnvSpec, Field, ObservationLayout
from trickcore.hearts._env import ACTIONS, OBS_BYTES, HeartsEnvKernel
from trickcore.hearts.rules import Rules, kernel_rules

SEATS = 6  # planes kept per seat, whatever the number of players


def layout(rules: Rules) -> ObservationLayout:
    fields = [
        Field("hand", 0, 64, "cards held (bit c: card c)"),
        Field("choosing", 64, 64, "cards chosen so far for the pass this seat is making"),
        Field("passed", 128, 64, "cards this seat passed"),
        Field("received", 192, 64, "cards passed to this seat (once the passes are exchanged)"),
        Field("trick", 256, 64, "cards of the trick in progress"),
    ]
    fields += [Field(f"played_{r}", 320 + 64 * r, 64,
                     f"cards played by the seat {r} places after this one") for r in range(SEATS)]
    fields += [Field(f"taken_{r}", 704 + 64 * r, 64,
                     f"cards won in tricks by the seat {r} places after this one")
               for r in range(SEATS)]
    fields += [
        Field("voids", 1088, 24, "bit 4r + s: the seat r places on showed it lacks suit s"),
        Field("phase", 1152, 3, "one-hot: passing, play, over"),
        Field("pass_offset", 1155, 8, "one-hot: seat s passes to s + offset (0: no passing)"),
        Field("hearts_broken", 1163, 1, "hearts (or Q♠ where it counts) are broken"),
        Field("leader", 1164, 6, "one-hot, relative seat that led the trick in progress"),
        Field("dealer", 1170, 6, "one-hot, relative seat of the dealer"),
        Field("tricks_played", 1176, 14, "one-hot: tricks finished, 0..13"),
        Field("to_act", 1190, 6, "one-hot, relative seat to act (none once over)"),
        Field("players", 1196, 4, "one-hot: 3, 4, 5 or 6 players"),
    ]
    return ObservationLayout(tuple(fields), OBS_BYTES)


def action_name(rules: Rules, action: int) -> str:
    return str(Card(action))


def kernel(rules: Rules, num_envs: int, seat: int, policy: int, autoreset: bool,
           threads: int) -> HeartsEnvKernel:
    return HeartsEnvKernel(kernel_rules(rules), num_envs, seat, policy, autoreset, threads)


SPEC = EnvSpec(kernel=kernel, policies={"random": 0, "greedy": 1, "rule": 2}, num_actions=ACTIONS,
               action_name=action_name, layout=layout)
