"""The card table as rich renderables: the seats with tricks, points and bids, the trick on the
table, the person's hand by suit with the legal cards marked, the score sheet, the end-of-deal
summary, hints and grades. Colours are rich styles, so plain text comes out where the terminal
has none (``NO_COLOR``, ``TERM=dumb``, a pipe)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from trickcore.core.card import Card, Suit
from trickcore.core.render import SUIT_ORDER
from trickcore.core.trick_deal import Move, Pass, Play, Trick
from trickcore.play.session import GRADE_AT, CardSession, Grade, Hint

RED_SUITS = (Suit.DIAMONDS, Suit.HEARTS)


def card_style(card: Card) -> str:
    if card.suit is None:
        return "bold magenta"
    return "bold red" if card.suit in RED_SUITS else "bold"


def card_text(card: Card) -> Text:
    """One card, ``Q♠``, red for ♥ and ♦."""
    return Text(card.symbol, style=card_style(card))


def cards_text(cards: Iterable[Card], empty: str = "—") -> Text:
    shown = list(cards)
    if not shown:
        return Text(empty)
    return Text(" ").join(card_text(c) for c in shown)


def seat_name(session: CardSession, seat: int) -> str:
    """"you" for the person's seat, else the bot's name and seat."""
    bot = session.bots[seat]
    return "you" if bot is None else f"{bot.name} {seat}"


def move_text(session: CardSession, seat: int, move: Move) -> Text:
    """A bot's move as the transcript shows it: who did what."""
    who = Text(seat_name(session, seat), style="cyan")
    if isinstance(move, Play):
        return Text.assemble(who, " plays ", card_text(move.card))
    if isinstance(move, Pass):
        return Text.assemble(who, f" passes {len(move.cards)} cards")
    value = getattr(move, "value", None)
    if value is not None:
        return Text.assemble(who, f" bids {value}")
    return Text.assemble(who, " looks at the hand")


def trick_text(session: CardSession, trick: Trick) -> Text:
    """Who played what in a trick, the winner marked ★."""
    parts = [Text.assemble(f"{seat_name(session, p.seat)}: ", card_text(p.card),
                           " ★" if p.seat == trick.winner else "") for p in trick.plays]
    return Text("   ").join(parts) if parts else Text("no card yet")


def hand_text(session: CardSession) -> Text:
    """The person's hand, a line per suit, each card with its number; the legal cards bright,
    the others dim, and a last line naming the legal cards."""
    deal = session.deal
    hand = session.hand_order()
    legal = deal.legal_moves() if session.human_to_act and deal.phase == "play" else None
    lines = Text()
    for suit in (*SUIT_ORDER, None):
        row = [(n, c) for n, c in enumerate(hand, 1) if c.suit == suit]
        if not row:
            continue
        label = "★" if suit is None else suit.symbol
        lines.append(f"  {label}  ", style="bold red" if suit in RED_SUITS else "bold")
        for number, c in row:
            dim = legal is not None and c not in legal
            lines.append(f"{number:>2} ", style="dim")
            lines.append(c.symbol, style="dim" if dim else card_style(c))
            lines.append("   ")
        lines.append("\n")
    if legal is not None:
        playable = sorted(set(legal), key=hand.index)
        lines.append("  you may play: ")
        lines.append("any card" if len(playable) == len(set(hand)) else cards_text(playable))
    return lines


def table_view(session: CardSession) -> RenderableType:
    """The whole table: heading, seats, the trick, the game's facts and the person's hand."""
    deal, match, rules = session.deal, session.match, session.rules
    heading = Text(f"{rules.game} — deal {deal.deal_number + 1}, dealer "
                   f"{seat_name(session, deal.dealer)}, {deal.phase}", style="bold")
    seats = Table(box=None, pad_edge=False, header_style="bold")
    for column in ("seat", "tricks", *_seat_columns(deal), "match"):
        seats.add_column(column, justify="left" if column == "seat" else "right")
    totals = match.totals
    for seat in range(deal.players):
        side = next(i for i, s in enumerate(rules.sides) if seat in s)
        marker = "▶ " if seat == deal.to_act else "  "
        seats.add_row(marker + seat_name(session, seat), str(deal.tricks_won[seat]),
                      *_seat_cells(deal, seat), str(totals[side]))
    parts: list[RenderableType] = [heading, seats, *_facts(session)]
    done = deal.tricks
    if done:
        parts.append(Text.assemble("last trick: ", trick_text(session, done[-1])))
    current = deal.current_trick
    if current is not None:
        parts.append(Text.assemble(f"trick {len(done) + 1}: ", trick_text(session, current)))
    if _hand_shown(deal, session.seat):
        parts.append(Text("your hand:", style="bold"))
        parts.append(hand_text(session))
    else:
        parts.append(Text("your hand is face down: 'look' at it, or bid 'blind nil'"))
    return Group(*parts)


def _hand_shown(deal: Any, seat: int) -> bool:
    has_seen = getattr(deal, "has_seen", None)
    return has_seen is None or bool(has_seen(seat))


def _seat_columns(deal: Any) -> tuple[str, ...]:
    if hasattr(deal, "bids"):
        return ("bid",)
    return ("points",)


def _seat_cells(deal: Any, seat: int) -> tuple[str, ...]:
    if hasattr(deal, "bids"):
        value = deal.bids[seat]
        return ("—" if value is None else str(value),)
    return (str(deal.points_taken[seat]),)


def _facts(session: CardSession) -> list[Text]:
    """The game's own facts: the pass, the pile and trump (Dam), bags (Spades)."""
    deal, facts = session.deal, []
    if deal.phase == "pass":
        facts.append(Text(f"pass {session.rules.pass_count} cards {deal.pass_direction}"))
    received = getattr(deal, "received", None)
    if received is not None and deal.phase == "play" and received(session.seat):
        facts.append(Text.assemble("you received: ", cards_text(received(session.seat))))
    if hasattr(deal, "pile_size"):
        trump = "none" if deal.trump is None else deal.trump.symbol
        turned = "" if deal.trump_card is None else f" ({deal.trump_card.symbol} turned)"
        facts.append(Text(f"draw pile: {deal.pile_size} cards   trump: {trump}{turned}"))
    if hasattr(session.match, "bags"):
        bags = ", ".join(f"{_side_name(session, s)}: {b}"
                         for s, b in enumerate(session.match.bags))
        facts.append(Text(f"bags: {bags}"))
    return facts


def _side_name(session: CardSession, side: int) -> str:
    return " & ".join(seat_name(session, s) for s in session.rules.sides[side])


def summary_view(session: CardSession, deal: Any) -> RenderableType:
    """The end of a deal: per seat the tricks, the card points taken (or the bid) and the
    deal's score per side; then the match's score sheet."""
    table = Table(title=f"deal {deal.deal_number + 1} is over", box=None, header_style="bold",
                  title_justify="left")
    for column in ("seat", "tricks", *_seat_columns(deal)):
        table.add_column(column, justify="left" if column == "seat" else "right")
    for seat in range(deal.players):
        table.add_row(seat_name(session, seat), str(deal.tricks_won[seat]),
                      *_seat_cells(deal, seat))
    scores = Text("deal score: " + ", ".join(
        f"{_side_name(session, s)}: {p}" for s, p in enumerate(_side_points(deal))))
    return Group(table, scores, score_sheet(session),
                 Text("type 'grade' for the solver's grade of your plays, Enter to go on"))


def _side_points(deal: Any) -> Sequence[int]:
    team_points = getattr(deal, "team_points", None)
    return tuple(team_points() if team_points is not None else deal.points())


def score_sheet(session: CardSession) -> RenderableType:
    """The match so far: the score of each counted deal per side, and the totals."""
    match = session.match
    sheet = Table(title="score sheet", box=None, header_style="bold", title_justify="left")
    sheet.add_column("deal")
    for side in range(len(session.rules.sides)):
        sheet.add_column(_side_name(session, side), justify="right")
    for number, deal in enumerate(match.counted_deals, 1):
        sheet.add_row(str(number), *map(str, _side_points(deal)))
    sheet.add_row("total", *map(str, match.totals), style="bold")
    return sheet


def hint_view(hint: Hint) -> Text:
    """The suggestion, and each legal card's value when there are values."""
    move = hint.move
    if isinstance(move, Play):
        shown = card_text(move.card)
    elif isinstance(move, Pass):
        shown = cards_text(move.cards)
    else:  # a Spades bid, or a look at the hand
        shown = Text(str(getattr(move, "value", "look")))
    text = Text.assemble("hint (", hint.source, "): ", shown)
    if hint.values:
        kind = "exact, every hand open" if hint.exact else "mean of sampled deals"
        text.append(f"\n  values ({kind}; higher is better for you): ")
        ranked = sorted(hint.values.items(), key=lambda item: -item[1])
        text.append(Text("  ").join(Text.assemble(card_text(c), f" {v:g}" if hint.exact
                                                  else f" {v:.1f}") for c, v in ranked))
    return text


def grade_view(grades: Sequence[Grade]) -> Text:
    """The solver's grade: each graded play, the best card, and what it cost."""
    if not grades:
        return Text(f"no play of yours to grade (the solver grades the plays once every hand "
                    f"holds at most {GRADE_AT} cards)")
    lines = Text(f"solver's grade ({grades[0].objective}, every hand open):\n")
    for grade in grades:
        verdict = "best" if grade.cost == 0 else f"cost {grade.cost}, best was "
        lines.append(f"  trick {grade.trick}: you played ")
        lines.append(card_text(grade.played))
        lines.append(f" — {verdict}")
        if grade.cost:
            lines.append(card_text(grade.best))
        lines.append("\n")
    lines.append(f"  total cost: {sum(g.cost for g in grades)}")
    return lines
