"""Pure-Python twin of the Hearts-family observation encoder (src/trickcore/hearts/env.c),
reading only what a seat knows: the referee's ``observation(seat)``, the deal's public pass
offset and the seat's own pass in progress. Layout: docs/environments.md."""

from __future__ import annotations

from trickcore.hearts.deal import HeartsObservation

PHASES = {"pass": 0, "play": 1, "over": 2}


def mask_of(cards: object) -> int:
    return sum(1 << int(c) for c in cards)  # type: ignore[attr-defined]


def encode(obs: HeartsObservation, players: int, pass_offset: int, choosing: int,
           tricks_played: int, leader: int | None) -> bytes:
    me, n = obs.seat, players

    def rel(seat: int | None) -> int | None:
        return None if seat is None else (seat - me) % n

    planes = [0] * 19
    planes[0] = mask_of(obs.hand)
    planes[1] = choosing if obs.phase == "pass" and obs.to_act == me else 0
    planes[2] = mask_of(obs.passed)
    planes[3] = mask_of(obs.received) if obs.received is not None and pass_offset else 0
    tricks = list(obs.tricks) + ([obs.current_trick] if obs.current_trick else [])
    if obs.current_trick:
        planes[4] = mask_of(obs.current_trick.cards)
    for trick in tricks:
        for play in trick.plays:
            planes[5 + rel(play.seat)] |= 1 << int(play.card)  # type: ignore[operator]
        if trick.winner is not None:
            planes[11 + rel(trick.winner)] |= mask_of(trick.cards)  # type: ignore[operator]
    for seat, suits in enumerate(obs.voids):
        for suit in suits:
            planes[17] |= 1 << (4 * rel(seat) + int(suit))  # type: ignore[operator]

    def one_hot(offset: int, value: int | None) -> int:
        return 0 if value is None else 1 << (offset + value)

    planes[18] = (one_hot(0, PHASES[obs.phase]) | one_hot(3, pass_offset)
                  | int(obs.hearts_broken) << 11 | one_hot(12, rel(leader))
                  | one_hot(18, rel(obs.dealer)) | one_hot(24, tricks_played)
                  | one_hot(38, rel(obs.to_act)) | one_hot(44, n - 3))
    return b"".join(p.to_bytes(8, "little") for p in planes)
