"""Spades as an environment: one action space for the whole deal (cards, bids, looking at the
hand, the misdeal round), observations of 12 planes of 64 bits (docs/environments.md,
"Spades")."""

from __future__ import annotations

from trickcore.core.card import Card
from trickcore.env.spec import EnvSpec, Field, ObservationLayout
from trickcore.spades._env import ACTIONS, BID, KEEP, LOOK, MISDEAL, OBS_BYTES, SpadesEnvKernel
from trickcore.spades.rules import Rules, kernel_rules

BID_NAMES = {0: "nil", 14: "blind nil"}
OTHER_ACTIONS = {LOOK: "look", MISDEAL: "misdeal", KEEP: "keep"}


def layout(rules: Rules) -> ObservationLayout:
    fields = [Field("hand", 0, 64, "cards held (empty until this seat has seen its hand)")]
    fields += [Field(f"played_{r}", 64 + 64 * r, 64,
                     f"cards played by the seat {r} places after this one") for r in range(4)]
    fields += [
        Field("trick", 320, 64, "cards of the trick in progress"),
        Field("voids", 384, 16, "bit 4r + s: the seat r places on showed it lacks suit s"),
    ]
    fields += [Field(f"bid_{r}", 448 + 16 * r, 15,
                     f"one-hot bid code of seat r = {r} (nil 0, 1..13, blind nil 14; none yet)")
               for r in range(4)]
    fields += [Field(f"tricks_won_{r}", 512 + 16 * r, 14,
                     f"one-hot: tricks won by seat r = {r}, 0..13") for r in range(4)]
    fields += [
        Field("phase", 576, 4, "one-hot: misdeal round, bidding, play, over"),
        Field("dealer", 580, 4, "one-hot, relative seat of the dealer"),
        Field("leader", 584, 4, "one-hot, relative seat that leads or led the trick"),
        Field("to_act", 588, 4, "one-hot, relative seat to act (none once over)"),
        Field("spades_broken", 592, 1, "spades are broken"),
        Field("hand_seen", 593, 1, "this seat has seen its hand"),
        Field("blind_eligible", 594, 4, "bit r: seat r's side is far enough behind for blind nil"),
        Field("tricks_played", 598, 14, "one-hot: tricks finished, 0..13"),
        Field("partnerships", 616, 1, "rule: partnerships (0: cutthroat)"),
        Field("bidding", 617, 4, "rule, one-hot: standard, suicide, mirror, whiz"),
        Field("blind_nil", 621, 1, "rule: blind nil allowed"),
        Field("jokers", 622, 1, "rule: jokers in play"),
        Field("misdeal", 623, 3, "rule bits: misdeal on no spades, no face cards, a long suit"),
    ]
    fields += [Field(f"bags_left_{r}", 640 + 16 * r, 16,
                     f"one-hot k: seat r = {r}'s side pays the bag penalty at k + 1 more bags "
                     f"(bit 15: 16 or more)") for r in range(4)]
    fields += [Field(f"score_{r}", 704 + 16 * r, 16,
                     f"seat r = {r}'s side's match score before the deal, int16 (clipped)")
               for r in range(4)]
    return ObservationLayout(tuple(fields), OBS_BYTES)


def action_name(rules: Rules, action: int) -> str:
    if action < BID:
        return str(Card(action))
    if action < LOOK:
        code = action - BID
        return BID_NAMES.get(code, f"bid {code}")
    return OTHER_ACTIONS[action]


def kernel(rules: Rules, num_envs: int, seat: int, policy: int, autoreset: bool,
           threads: int) -> SpadesEnvKernel:
    return SpadesEnvKernel(kernel_rules(rules), num_envs, seat, policy, autoreset, threads)


SPEC = EnvSpec(kernel=kernel, policies={"random": 0, "greedy": 1, "rule": 2},
               num_actions=ACTIONS, action_name=action_name, layout=layout)
