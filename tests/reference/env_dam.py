"""A pure-Python encoder of the Danish Dam environment's observation (tests only).

It reads nothing but what the seat is shown, ``Deal.observation(seat)``, and the public rules,
and packs them as docs/environments.md, "Danish Dam" lays them out: an environment observation
equal to it byte for byte holds nothing the seat does not know.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numpy.typing import NDArray

from trickcore.core._cardset import CardMultiset
from trickcore.dam import Rules
from trickcore.dam.deal import DamObservation

PLANES = 37
SEATS = 4


def masks(cards: Iterable[int]) -> tuple[int, int]:
    """The (once, twice) masks of a list of cards holding each at most twice."""
    once = twice = 0
    for card in cards:
        bit = 1 << card
        twice |= once & bit
        once |= bit
    return once, twice


def encode(rules: Rules, obs: DamObservation) -> NDArray[np.uint8]:
    n, me = rules.players, obs.seat
    words = [0] * PLANES
    played: list[list[int]] = [[] for _ in range(n)]
    taken: list[list[int]] = [[] for _ in range(n)]
    for trick in obs.tricks:
        for play in trick.plays:
            played[play.seat].append(int(play.card))
        taken[trick.winner if trick.winner is not None else 0].extend(int(c) for c in trick.cards)
    current = obs.current_trick.plays if obs.current_trick is not None else ()
    for play in current:
        played[play.seat].append(int(play.card))
    for r in range(min(n, SEATS)):
        seat = (me + r) % n
        hand: CardMultiset | None = obs.hands[seat]
        if hand is not None:
            words[r], words[4 + r] = hand.once, hand.twice
        words[8 + r], words[12 + r] = masks(played[seat])
        words[20 + r], words[24 + r] = masks(taken[seat])
        words[32 + r] = 1 << obs.tricks_won[seat]
        words[29] |= sum(1 << int(s) for s in obs.voids[seat]) << (4 * r)
    for play in current:
        words[16 + (play.seat - me) % n] = 1 << int(play.card)
    if obs.trump_card is not None:
        words[28] = 1 << int(obs.trump_card)
    words[30 + obs.pile_size // 64] = 1 << obs.pile_size % 64
    playing = obs.phase == "play"
    state = 1 << (0 if playing else 1)
    state |= 1 << (2 + (obs.dealer - me) % n)
    if playing and obs.current_trick is not None:
        state |= 1 << (6 + (obs.current_trick.leader - me) % n)
    if obs.to_act is not None:
        state |= 1 << (10 + (obs.to_act - me) % n)
    if obs.trump is not None:
        state |= 1 << (14 + int(obs.trump))
    state |= 1 << (18 + n - 2)
    flags = (rules.teams, rules.turn_trump, rules.score_by == "tricks",
             rules.scoring == "collect", rules.open_hands, rules.packs == 2,
             rules.duplicates == "last", rules.jokers != "none", rules.jokers == "outright")
    for k, flag in enumerate(flags):
        state |= int(flag) << (21 + k)
    state |= 1 << (30 + rules.hand_size - 1)
    words[36] = state
    return np.array(words, dtype="<u8").view(np.uint8)
