"""``Match`` of the Hearts family (Svarta Maja, Spardame): deal after deal to the end of the
match."""

from __future__ import annotations

from collections.abc import Iterable

from trickcore.core._cardset import CardSet
from trickcore.core.card import Card
from trickcore.core.trick_match import TrickMatch
from trickcore.hearts.deal import Deal
from trickcore.hearts.rules import Rules


class Match(TrickMatch[Deal]):
    """Deals to the end of the match (``rules.limit`` or ``rules.deals``) with the dealer and
    the pass direction rotating, the void-deal redeal (same dealer, same pass), totals per side
    and the winners (lowest total; ties share the win)."""

    rules: Rules
    TYPE_TAG = "hearts.Match"
    DEAL_TYPE = Deal
    RULES_TYPE = Rules
    LOWER_WINS = True

    def _deal_points(self, deal: Deal) -> tuple[int, ...]:
        return deal.points()

    def _is_redeal(self, deal: Deal) -> bool:
        return deal.is_void

    def play(self, card: Card | int | str, *, seat: int | None = None) -> None:
        """Plays ``card`` in the current deal (see ``Deal.play``); a finished deal is followed by
        the next one."""
        self._move(lambda deal: deal.play(card, seat=seat))

    def pass_cards(self, seat: int, cards: CardSet | str | Iterable[Card | int | str]) -> None:
        """Passes ``cards`` for ``seat`` in the current deal (see ``Deal.pass_cards``)."""
        self._move(lambda deal: deal.pass_cards(seat, cards))
