"""Spades bids from sampled solver tricks: in each world sampled for the bidder, the seats still
to bid take the evaluator's bid and the solver gives the side's tricks under best play; the bid
is the one of the best mean deal score over the worlds, scored by the referee with the bags
before the deal. A world the solver cannot finish within ``BID_NODES`` is left out. Nil stays
the rule player's choice, never beside a partner's nil (docs/bots.md, "Spades bids by the
solver")."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from trickcore.core.errors import SolveLimitError
from trickcore.core.trick_deal import Move
from trickcore.search.solver import ReusableSolver
from trickcore.spades._core import bid_code
from trickcore.spades.deal import Bid, Deal, Look
from trickcore.spades.rules import kernel_rules

NILS = ("nil", "blind nil")
BID_NODES = 2_000_000  # a 13-card solve's median is about 0.2 M nodes; a rare one takes 300 M
BID_TABLE_MB = 64  # one table serves every world of a bid; the bids were measured with 64 MiB


def partner_of(deal: Deal, seat: int) -> int | None:
    """The partner of ``seat`` (None in cutthroat Spades)."""
    side = deal.rules.sides[deal.rules.side_of(seat)]
    return next((p for p in side if p != seat), None)


def finish_bidding(world: Deal) -> None:
    """Completes ``world``'s bidding with the evaluator's bid for every seat still to bid (a
    seat that has not seen its hand looks first, unless the evaluator bids blind nil)."""
    while world.phase == "bid":
        bid, to_act = world.policy_bid(), world.to_act
        assert to_act is not None
        if bid != "blind nil" and not world.has_seen(to_act):
            world.look(to_act)
        world.bid(bid, seat=to_act)


def spades_bid(deal: Deal, seat: int, rule_move: Move,
               worlds: Callable[[], Iterable[Deal]]) -> Move:
    """``seat``'s move in ``deal``'s bidding: ``rule_move`` (the rule player's) unless it is a
    number, or a nil beside a partner's nil; then the number of the best mean score over the
    worlds that ``worlds()`` samples for ``seat``. A rule player's blind nil beside a partner's
    nil becomes a look at the hand."""
    if not isinstance(rule_move, Bid):
        return rule_move  # a look at the hand or a misdeal claim
    partner = partner_of(deal, seat)
    partner_bid = None if partner is None else deal.bids[partner]
    if rule_move.value in NILS and partner_bid not in NILS:
        return rule_move
    if rule_move.value == "blind nil":
        return Look(seat)
    numbers = [b for b in deal.legal_bids() if isinstance(b, int) and b > 0]
    if not numbers:
        return rule_move
    if partner_bid in NILS:  # the side's tricks do not say the nil bidder's own
        return rule_move if rule_move.value not in NILS else Bid(seat, numbers[0])
    if len(numbers) == 1:
        return Bid(seat, numbers[0])
    best = best_number(deal, seat, numbers, worlds())
    return rule_move if best is None else Bid(seat, best)


def best_number(deal: Deal, seat: int, numbers: list[int], worlds: Iterable[Deal]
                ) -> int | None:
    """The bid among ``numbers`` of the best mean side score over ``worlds`` (ties: the lower),
    each world's side tricks solved after its bidding is completed by the evaluator; None when
    no world was solved within ``BID_NODES``."""
    kernel = kernel_rules(deal.rules)
    scores, bags = deal.scores_before, deal.bags_before
    side = deal.rules.side_of(seat)
    totals, solved = dict.fromkeys(numbers, 0), 0
    solver = ReusableSolver(BID_TABLE_MB)
    for world in worlds:
        finish_bidding(world)
        try:
            tricks = solver.solve_value(world, "tricks", seat=seat, max_nodes=BID_NODES)
        except SolveLimitError:
            continue
        solved += 1
        codes = [bid_code(b) for b in world.bids]
        won = [tricks if p == seat else 0 for p in range(len(codes))]
        for number in numbers:
            codes[seat] = number
            totals[number] += kernel.score_tricks(codes, won, scores, bags)[side]
    return max(numbers, key=lambda number: (totals[number], -number)) if solved else None

