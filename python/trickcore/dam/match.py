"""``Match`` of Danish Dam: deal after deal to the end of the match."""

from __future__ import annotations

from trickcore.core.card import Card
from trickcore.core.trick_match import TrickMatch
from trickcore.dam.deal import Deal
from trickcore.dam.rules import Rules


class Match(TrickMatch[Deal]):
    """Deals to the end of the match (``rules.deals`` or ``rules.limit``) with the dealer
    rotating, totals per side and the winners: the lowest total under "avoid", the highest
    under "collect" (ties share the win)."""

    rules: Rules
    TYPE_TAG = "dam.Match"
    DEAL_TYPE = Deal
    RULES_TYPE = Rules

    @property
    def lower_wins(self) -> bool:
        rules: Rules = self.rules
        return rules.lower_wins

    def _deal_points(self, deal: Deal) -> tuple[int, ...]:
        return deal.points()

    def _is_redeal(self, deal: Deal) -> bool:
        return False

    def play(self, card: Card | int | str, *, seat: int | None = None) -> None:
        """Plays ``card`` in the current deal (see ``Deal.play``); a finished deal is followed by
        the next one."""
        self._move(lambda deal: deal.play(card, seat=seat))
