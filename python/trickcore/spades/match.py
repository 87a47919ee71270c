"""``Match`` of Spades: deal after deal to the end of the match."""

from __future__ import annotations

from typing import Any

from trickcore.core.card import Card
from trickcore.core.trick_match import TrickMatch
from trickcore.spades.deal import Deal
from trickcore.spades.rules import PLAYERS, BidValue, Rules


class Match(TrickMatch[Deal]):
    """Deals to the target with the dealer rotating: each deal starts from the sides' scores and
    bags, a misdeal is redealt by the same dealer, and the match ends after a deal in which a
    side reaches the target (or, with ``min_score``, falls to it) with one side alone on top;
    a tie at the top plays another deal."""

    rules: Rules
    TYPE_TAG = "spades.Match"
    DEAL_TYPE = Deal
    RULES_TYPE = Rules
    LOWER_WINS = False

    def _carried(self) -> dict[str, Any]:
        standing = self._standing()
        if standing is None:
            return {}
        return {"scores": standing[0], "bags": standing[1]}

    def _standing(self) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """(totals, bags) after the last counted deal; None before the first."""
        counted = self._counted()
        if not counted:
            return None
        result = counted[-1].result()
        return result.totals, result.bags

    def _deal_points(self, deal: Deal) -> tuple[int, ...]:
        """Each seat's share is its side's points (partners score together)."""
        points = deal.points()
        return tuple(points[self.rules.side_of(seat)] for seat in range(PLAYERS))

    def _is_redeal(self, deal: Deal) -> bool:
        return deal.is_misdeal

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's score (``rules.sides``)."""
        standing = self._standing()
        return standing[0] if standing is not None else (0,) * len(self.rules.sides)

    @property
    def bags(self) -> tuple[int, ...]:
        """Each side's bag counter."""
        standing = self._standing()
        return standing[1] if standing is not None else (0,) * len(self.rules.sides)

    @property
    def seat_totals(self) -> tuple[int, ...]:
        """Each seat's side's score."""
        totals = self.totals
        return tuple(totals[self.rules.side_of(seat)] for seat in range(PLAYERS))

    def _reached_end(self) -> bool:
        totals, rules = self.totals, self.rules
        ended = any(t >= rules.target for t in totals) or (
            rules.min_score is not None and any(t <= rules.min_score for t in totals))
        return ended and totals.count(max(totals)) == 1

    def _summary(self) -> dict[str, Any]:
        return {**super()._summary(), "bags": list(self.bags)}

    def legal_bids(self) -> tuple[BidValue, ...]:
        """The legal bids in the current deal."""
        return self.deal.legal_bids()

    def bid(self, value: BidValue, *, seat: int | None = None) -> None:
        """Bids ``value`` in the current deal (see ``Deal.bid``)."""
        self._move(lambda deal: deal.bid(value, seat=seat))

    def look(self, seat: int) -> None:
        """Lets ``seat`` look at its hand in the current deal (see ``Deal.look``)."""
        self._move(lambda deal: deal.look(seat))

    def claim_misdeal(self, seat: int) -> None:
        """Claims a misdeal for ``seat`` in the current deal (see ``Deal.claim_misdeal``)."""
        self._move(lambda deal: deal.claim_misdeal(seat))

    def play(self, card: Card | int | str, *, seat: int | None = None) -> None:
        """Plays ``card`` in the current deal (see ``Deal.play``); a finished deal is followed by
        the next one."""
        self._move(lambda deal: deal.play(card, seat=seat))
