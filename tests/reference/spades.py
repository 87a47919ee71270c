"""A pure-Python reference of the Spades rules (tests only, never shipped).

Written from docs/rules/spades.md with plain sets and no knowledge of the C kernel: the
property tests replay the engine's deals here and compare the legal bids and cards at every
decision and the score at the end. The bidding evaluator is the one documented in
src/trickcore/spades.c. Derived rule values (deck, trumps, sides) come from
``trickcore.spades.Rules``, which has its own named tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SPADES = 3
NIL, BLIND_NIL = 0, 14
FACE_RANKS = {9, 10, 11}  # J, Q, K


def suit_of(card: int) -> int:
    """Suit for following suit: jokers (52, 53) are spades."""
    return SPADES if card >= 52 else card // 13


def strength(card: int) -> int:
    """Trump order rises with the id: 2♠ .. A♠, little joker, big joker."""
    return card


def trick_winner(cards: list[int]) -> int:
    """Index of the winner: the highest trump, else the highest card of the suit led."""
    led = suit_of(cards[0])
    trumps = [i for i, c in enumerate(cards) if suit_of(c) == SPADES]
    pool = trumps if trumps else [i for i, c in enumerate(cards) if suit_of(c) == led]
    return max(pool, key=lambda i: cards[i])


def cards_of(mask: int) -> set[int]:
    return {c for c in range(64) if mask >> c & 1}


def is_nil(bid: int | None) -> bool:
    return bid in (NIL, BLIND_NIL)


@dataclass
class ReferenceDeal:
    rules: Any
    hands: list[set[int]]
    dealer: int = 0
    scores: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    bags: list[int] = field(default_factory=lambda: [0, 0, 0, 0])

    def __post_init__(self) -> None:
        r = self.rules
        self.hands = [set(h) for h in self.hands]
        self.trumps = {int(c) for c in r.trumps}
        self.sides = len(r.sides)
        self.bids: list[int | None] = [None] * 4
        self.tricks_won = [0] * 4
        self.trick: list[tuple[int, int]] = []
        self.tricks_played = 0
        self.broken = False
        self.reneges: list[int] = []
        self.misdeal: int | None = None
        self.to_act = (self.dealer + 1) % 4
        self.phase = "bid"
        self.eligible = [r.blind_nil and self.behind(p) >= r.blind_nil_behind for p in range(4)]
        self.seen = [not e for e in self.eligible]

    def side(self, seat: int) -> int:
        return seat % 2 if self.rules.partnerships else seat

    def behind(self, seat: int) -> int:
        own = self.side(seat)
        others = [self.scores[k] for k in range(self.sides) if k != own]
        return max(others) - self.scores[own]

    # ---- bidding ----
    def legal_bids(self) -> set[int]:
        r, seat = self.rules, self.to_act
        spades = len(self.hands[seat] & self.trumps)
        may_blind = r.blind_nil and self.eligible[seat] and not self.seen[seat]
        blind = {BLIND_NIL} if may_blind else set()
        numbers = set(range(1, 14))
        if r.mirror:
            return {spades}
        if r.whiz:
            return {spades, NIL} | blind
        if r.suicide and self.bids[seat ^ 2] is not None:
            return numbers if is_nil(self.bids[seat ^ 2]) else {NIL} | blind
        return numbers | {NIL} | blind

    def bid(self, code: int) -> None:
        assert self.phase == "bid" and code in self.legal_bids(), (code, self.legal_bids())
        self.bids[self.to_act] = code
        self.seen[self.to_act] = True
        self.to_act = (self.to_act + 1) % 4
        if all(b is not None for b in self.bids):
            self.phase = "play"

    def misdeal_reasons(self, seat: int) -> set[str]:
        r, hand = self.rules, self.hands[seat]
        reasons = set()
        if not hand & self.trumps:
            reasons.add("no-spades")
        if not any(c < 52 and c % 13 in FACE_RANKS for c in hand):
            reasons.add("no-face-cards")
        if max(sum(1 for c in hand if suit_of(c) == s) for s in range(4)) >= r.misdeal_long_suit:
            reasons.add("long-suit")
        return reasons & set(r.misdeal)

    # ---- play ----
    def legal_cards(self) -> set[int]:
        hand = self.hands[self.to_act]
        if self.trick:
            led = suit_of(self.trick[0][1])
            follow = {c for c in hand if suit_of(c) == led}
            return follow or hand
        if self.broken:
            return hand
        return (hand - self.trumps) or hand

    def play(self, card: int) -> None:
        seat = self.to_act
        assert self.phase == "play" and card in self.hands[seat]
        if card not in self.legal_cards():
            assert self.rules.renege == "table"
            self.reneges.append(seat)
        if self.trick and suit_of(self.trick[0][1]) != SPADES and suit_of(card) == SPADES:
            self.broken = True
        self.hands[seat].discard(card)
        self.trick.append((seat, card))
        self.to_act = (seat + 1) % 4
        if len(self.trick) == 4:
            winner = self.trick[trick_winner([c for _, c in self.trick])][0]
            self.tricks_won[winner] += 1
            self.trick = []
            self.tricks_played += 1
            self.to_act = winner
            if self.tricks_played == 13:
                self.phase = "over"

    # ---- scoring ----
    def score(self) -> dict[str, list[int]]:
        r = self.rules
        result: dict[str, list[int]] = {"points": [], "totals": [], "bags": []}
        offender = self.side(self.reneges[0]) if self.reneges else None
        for k in range(self.sides):
            seats = [p for p in range(4) if self.side(p) == k]
            points = 0
            contract = sum(self.bids[p] for p in seats if not is_nil(self.bids[p]))  # type: ignore[misc]
            tricks = sum(self.tricks_won[p] for p in seats if not is_nil(self.bids[p]))
            nil_tricks = sum(self.tricks_won[p] for p in seats if is_nil(self.bids[p]))
            for p in seats:
                if is_nil(self.bids[p]):
                    value = r.nil_value if self.bids[p] == NIL else r.blind_nil_value
                    failed = self.tricks_won[p] > 0 or offender == k
                    points += -value if failed else value
            if offender == k:
                points -= 10 * contract
                bags = 0
            else:
                if offender is not None:
                    if r.partnerships:
                        tricks, nil_tricks = 13, 0
                    else:
                        tricks = max(tricks, contract)
                if tricks >= contract:
                    points += 10 * contract + (tricks - contract)
                    bags = tricks - contract + nil_tricks
                else:
                    points -= 10 * contract
                    bags = nil_tricks
            counter = self.bags[k] + bags
            while counter >= r.bag_limit:
                counter -= r.bag_limit
                points -= r.bag_penalty
            result["points"].append(points)
            result["totals"].append(self.scores[k] + points)
            result["bags"].append(counter)
        return result


# ---- the bidding evaluator of spades.c ----
def estimate(rules: Any, hand: set[int]) -> int:
    trumps_in_deck = sorted((int(c) for c in rules.trumps), reverse=True)
    held = hand & set(trumps_in_deck)
    n = len(held)
    honours = len(held & set(trumps_in_deck[:n]))
    trump_tricks = max(honours, n - 3)
    side = voids = 0
    for suit in range(3):
        ranks = {c % 13 for c in hand if c < 52 and c // 13 == suit}
        length = len(ranks)
        side += 12 in ranks and length <= 6
        side += 12 in ranks and 11 in ranks and length <= 4
        voids += length == 0
    return min(13, trump_tricks + side + min(voids, n - trump_tricks))


def policy_bid(deal: ReferenceDeal) -> int:
    r, seat = deal.rules, deal.to_act
    legal = deal.legal_bids()
    gap = deal.behind(seat)
    if BLIND_NIL in legal and gap > 0 and gap >= 2 * r.blind_nil_behind:
        return BLIND_NIL
    hand = deal.hands[seat]
    est = estimate(r, hand)
    weak = est == 0 and len(hand & deal.trumps) <= 3
    want = NIL if weak else max(est, 1)
    return min((c for c in legal if c != BLIND_NIL), key=lambda c: (abs(c - want), -c))
