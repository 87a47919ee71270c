"""Pictures of the card games for notebooks (``_repr_html_``): a hand, a trick and a deal as HTML,
in the style of ``trickcore.draughts.render`` for boards. Every text put into the HTML is
escaped.

- ``hand_html(cards)``: one line per suit (♠ ♥ ♦ ♣, highest card first), the suit symbols red or
  black, the jokers last; a ``CardSet`` or a ``CardMultiset`` (a card held twice shows twice).
- ``trick_html(trick)``: who led, who played what in order, the winner marked ★.
- ``deal_html(deal, facts, seat_facts)``: the game, phase, dealer and who is to act, a row per
  seat (its hand, tricks won and the game's own facts per seat: bids, points...), the game's
  facts about the whole deal (pile size, trump...), and the trick in progress."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING

from trickcore.core.card import Card, Suit

if TYPE_CHECKING:
    from trickcore.core.trick_deal import Trick, TrickDeal

RED = "#c0392b"
BLACK = "#1a1a1a"
JOKER = "#6c3483"
SUIT_COLOURS = {Suit.CLUBS: BLACK, Suit.DIAMONDS: RED, Suit.HEARTS: RED, Suit.SPADES: BLACK}
SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
WINNER_MARK = "★"
TO_ACT_MARK = "▶"


def _suit(suit: Suit) -> str:
    return (f'<span class="suit" style="color:{SUIT_COLOURS[suit]}">'
            f'{escape(suit.symbol)}</span>')


def card_html(card: Card | int) -> str:
    """One card, coloured by its suit (a joker in its own colour)."""
    card = Card(card)
    colour = JOKER if card.suit is None else SUIT_COLOURS[card.suit]
    return f'<span class="card" style="color:{colour}">{escape(card.symbol)}</span>'


def hand_html(cards: Iterable[Card | int]) -> str:
    """A hand: one line per suit, highest card first, "—" for a void; jokers on a last line."""
    held = sorted(map(Card, cards), reverse=True)
    lines = []
    for suit in SUIT_ORDER:
        ranks = [escape(card.rank.label) for card in held
                 if card.suit == suit and card.rank is not None]
        lines.append(f'{_suit(suit)} {" ".join(ranks) or "—"}')
    jokers = [card_html(card) for card in held if card.is_joker]
    if jokers:
        lines.append(" ".join(jokers))
    return f'<div class="trickcore-hand" style="font-family:monospace">{"<br>".join(lines)}</div>'


def trick_html(trick: Trick) -> str:
    """A trick: each play in order (seat, card), the winner's row marked ★ and in bold."""
    state = "in progress" if trick.winner is None else f"won by seat {trick.winner}"
    rows = []
    for play in trick.plays:
        won = play.seat == trick.winner
        mark = f' <span class="winner">{WINNER_MARK}</span>' if won else ""
        style = ' style="font-weight:bold"' if won else ""
        rows.append(f'<tr{style}><td>seat {play.seat}</td><td>{card_html(play.card)}{mark}'
                    f'</td></tr>')
    if not rows:
        rows.append('<tr><td colspan="2">no card yet</td></tr>')
    return (f'<table class="trickcore-trick"><caption>Trick led by seat {trick.leader}, '
            f'{escape(state)}</caption>{"".join(rows)}</table>')


def deal_html(deal: TrickDeal, facts: Mapping[str, str] | None = None,
              seat_facts: Mapping[str, Sequence[object]] | None = None) -> str:
    """A deal: a heading (game, phase, dealer, who is to act), ``facts`` about the whole deal
    (label: value), a table of the seats (▶ marks the seat to act; columns: hand, tricks won,
    then one per ``seat_facts`` label, a value per seat) and the trick in progress."""
    facts = facts or {}
    seat_facts = seat_facts or {}
    to_act = "nobody (the deal is over)" if deal.to_act is None else f"seat {deal.to_act}"
    heading = (f"{escape(str(deal.rules.game))}: phase {escape(deal.phase)}, dealer seat "
               f"{deal.dealer}, to act: {escape(to_act)}")
    items = "".join(f"<li>{escape(label)}: {escape(value)}</li>" for label, value in facts.items())
    lines = f"<ul>{items}</ul>" if items else ""
    header = "".join(f"<th>{escape(label)}</th>" for label in ("seat", "hand", "tricks won",
                                                              *seat_facts))
    rows = []
    for seat in range(deal.players):
        acting = seat == deal.to_act
        mark = f'<span class="to-act">{TO_ACT_MARK}</span> ' if acting else ""
        dealer = " (dealer)" if seat == deal.dealer else ""
        cells = [f"{mark}seat {seat}{dealer}", hand_html(deal.hand(seat)),
                 str(deal.tricks_won[seat]),
                 *(escape(str(values[seat])) for values in seat_facts.values())]
        style = ' style="background:#fdf2d0"' if acting else ""
        rows.append(f"<tr{style}>" + "".join(f'<td style="vertical-align:top">{cell}</td>'
                                             for cell in cells) + "</tr>")
    current = deal.current_trick
    trick = "" if current is None else trick_html(current)
    return (f'<div class="trickcore-deal"><p><b>{heading}</b></p>{lines}'
            f'<table><tr>{header}</tr>{"".join(rows)}</table>{trick}</div>')
