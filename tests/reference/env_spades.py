"""A pure-Python twin of the Spades environment's observations and masks (tests only).

``encode`` reads only a seat's ``Deal.observation(seat)``, the public rules and the misdeal
round's progress (public: every seat sees who kept its hand), so an observation the C kernel
writes equal to it holds nothing the seat does not know. ``legal`` gives the environment's
action mask from the referee's legal moves and bids (docs/environments.md, "Spades").
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

BID, LOOK, MISDEAL, KEEP, ACTIONS, OBS_BYTES = 56, 71, 72, 73, 74, 96
PHASES = {"bid": 1, "play": 2, "over": 3}
BIDDING = {"standard": 0, "suicide": 1, "mirror": 2, "whiz": 3}
MISDEALS = {"no-spades": 1, "no-face-cards": 2, "long-suit": 4}


def bid_code(value: Any) -> int:
    return {"nil": 0, "blind nil": 14}.get(value, value)


def mask_of(cards: Any) -> int:
    return sum(1 << int(c) for c in cards)


def in_round(rules: Any, phase: str, asked: int) -> bool:
    return bool(rules.misdeal) and asked < 4 and phase == "bid"


def blind_eligible(rules: Any, scores: tuple[int, ...], seat: int) -> bool:
    own = rules.side_of(seat)
    best = max(s for k, s in enumerate(scores) if k != own)
    return bool(rules.blind_nil) and best - scores[own] >= rules.blind_nil_behind


def to_act(rules: Any, obs: Any, asked: int) -> int | None:
    if in_round(rules, obs.phase, asked):
        return int((obs.dealer + 1 + asked) % 4)
    return None if obs.to_act is None else int(obs.to_act)


def encode(rules: Any, obs: Any, asked: int) -> NDArray[np.uint8]:
    """The observation of ``obs.seat`` as the environment packs it."""
    me = obs.seat
    planes = [0] * 12

    def rel(seat: int) -> int:
        return (seat - me) % 4

    planes[0] = mask_of(obs.hand) if obs.hand_seen else 0
    tricks = list(obs.tricks) + ([obs.current_trick] if obs.current_trick else [])
    for trick in tricks:
        for play in trick.plays:
            planes[1 + rel(play.seat)] |= 1 << int(play.card)
    if obs.current_trick:
        planes[5] = mask_of(obs.current_trick.cards)
    for seat in range(4):
        r = rel(seat)
        planes[6] |= sum(1 << int(s) for s in obs.voids[seat]) << (4 * r)
        if obs.bids[seat] is not None:
            planes[7] |= 1 << (16 * r + bid_code(obs.bids[seat]))
        planes[8] |= 1 << (16 * r + obs.tricks_won[seat])
        side = rules.side_of(seat)
        left = rules.bag_limit - obs.bags_before[side]
        planes[10] |= 1 << (16 * r + min(left, 16) - 1)
        score = max(-32768, min(32767, obs.scores_before[side]))
        planes[11] |= (score & 0xFFFF) << (16 * r)
    if obs.current_trick:
        leader = obs.current_trick.leader
    elif obs.tricks:
        leader = obs.tricks[-1].winner
    else:
        leader = (obs.dealer + 1) % 4
    phase = 0 if in_round(rules, obs.phase, asked) else PHASES[obs.phase]
    acting = to_act(rules, obs, asked)
    state = 1 << phase | 1 << (4 + rel(obs.dealer)) | 1 << (8 + rel(leader))
    if acting is not None:
        state |= 1 << (12 + rel(acting))
    state |= int(obs.spades_broken) << 16 | int(obs.hand_seen) << 17
    for seat in range(4):
        state |= int(blind_eligible(rules, obs.scores_before, seat)) << (18 + rel(seat))
    state |= 1 << (22 + len(obs.tricks))
    state |= int(rules.partnerships) << 40 | 1 << (41 + BIDDING[rules.bidding])
    state |= int(rules.blind_nil) << 45 | int(rules.jokers) << 46
    state |= sum(MISDEALS[name] for name in rules.misdeal) << 47
    planes[9] = state
    return np.frombuffer(b"".join(p.to_bytes(8, "little") for p in planes), dtype=np.uint8)


def legal(deal: Any, asked: int) -> NDArray[np.bool_]:
    """The environment's mask from the referee: the misdeal round's keep, look and claim, a
    seen seat's legal bids (an unseen one's blind nil and look), the legal cards."""
    rules, mask = deal.rules, np.zeros(ACTIONS, dtype=np.bool_)
    if deal.is_over:
        return mask
    if in_round(rules, deal.phase, asked):
        seat = (deal.dealer + 1 + asked) % 4
        mask[KEEP] = True
        if not deal.has_seen(seat):
            mask[LOOK] = True
        elif rules.misdeal_reasons(deal.hand(seat)):
            mask[MISDEAL] = True
    elif deal.phase == "bid":
        seen = deal.has_seen(deal.to_act)
        for value in deal.legal_bids():
            if seen or value == "blind nil":
                mask[BID + bid_code(value)] = True
        mask[LOOK] = not seen
    else:
        for card in deal.legal_moves():
            mask[int(card)] = True
    return mask
