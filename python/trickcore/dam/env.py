"""Danish Dam as an environment: actions are card ids (the two copies of a card are one action),
observations are 37 planes of 64 bits (docs/environments.md, "Danish Dam")."""

from __future__ import annotations

from trickcore.core.card import Card
from trickcore.dam._env import ACTIONS, OBS_BYTES, DamEnvKernel
from trickcore.dam.rules import Rules, kernel_rules
from trickcore.env.spec import EnvSpec, Field, ObservationLayout, planes

SEATS = 4  # planes kept per seat, whatever the number of players
STATE = 36 * 64  # the first bit of the state plane


def layout(rules: Rules) -> ObservationLayout:
    fields = list(planes(
        ("hand_once_{}", SEATS, "cards the seat {} places on holds (once or twice), when this "
                                "seat sees that hand: its own, or with open hands the others"),
        ("hand_twice_{}", SEATS, "cards the seat {} places on holds twice, when seen"),
        ("played_once_{}", SEATS, "cards the seat {} places on has played (once or twice)"),
        ("played_twice_{}", SEATS, "cards the seat {} places on has played twice"),
        ("trick_{}", SEATS, "the card the seat {} places on played in the trick in progress"),
        ("taken_once_{}", SEATS, "cards the seat {} places on won in tricks (once or twice)"),
        ("taken_twice_{}", SEATS, "cards the seat {} places on won in tricks twice"),
        ("turned", 1, "the card turned for trump (none without turn_trump)"),
    ))
    fields += [
        Field("voids", 29 * 64, 16, "bit 4r + s: the seat r places on showed it lacks suit s"),
        Field("pile_size", 30 * 64, 128, "one-hot: cards left in the draw pile"),
    ]
    fields += [Field(f"tricks_won_{r}", (32 + r) * 64, 64,
                     f"one-hot: tricks won by the seat {r} places on") for r in range(SEATS)]
    fields += [
        Field("phase", STATE, 2, "one-hot: play, over"),
        Field("dealer", STATE + 2, 4, "one-hot, relative seat of the dealer"),
        Field("leader", STATE + 6, 4, "one-hot, relative seat that led the trick in progress"),
        Field("to_act", STATE + 10, 4, "one-hot, relative seat to act (none once over)"),
        Field("trump", STATE + 14, 4, "one-hot: the trump suit (none: no trump)"),
        Field("players", STATE + 18, 3, "one-hot: 2, 3 or 4 players"),
        Field("teams", STATE + 21, 1, "partners opposite score together"),
        Field("turn_trump", STATE + 22, 1, "a card is turned for trump"),
        Field("score_tricks", STATE + 23, 1, "a deal scores tricks, not card values"),
        Field("collect", STATE + 24, 1, "points are wanted (collect), not avoided"),
        Field("open_hands", STATE + 25, 1, "a seat sees the other hands, not its own"),
        Field("two_packs", STATE + 26, 1, "two packs: every card twice"),
        Field("duplicates_last", STATE + 27, 1,
              "of two identical cards the last played ranks higher"),
        Field("jokers", STATE + 28, 1, "jokers are in play"),
        Field("jokers_outright", STATE + 29, 1, "the first joker played wins the trick"),
        Field("hand_size", STATE + 30, 13, "one-hot: cards held while the pile lasts, 1..13"),
    ]
    return ObservationLayout(tuple(fields), OBS_BYTES)


def action_name(rules: Rules, action: int) -> str:
    return str(Card(action))


def kernel(rules: Rules, num_envs: int, seat: int, policy: int, autoreset: bool,
           threads: int) -> DamEnvKernel:
    return DamEnvKernel(kernel_rules(rules), num_envs, seat, policy, autoreset, threads)


SPEC = EnvSpec(kernel=kernel, policies={"random": 0, "greedy": 1, "rule": 2},
               num_actions=ACTIONS, action_name=action_name, layout=layout)
