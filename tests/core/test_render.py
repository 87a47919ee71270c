"""Notebook pictures (``_repr_html_``) of hands, tricks and deals: the cards grouped by suit in
red and black, who played what and who won, each seat's hand with the game's own facts, and
everything escaped."""

from __future__ import annotations

import re

import trickcore as tc
from trickcore import Card, CardMultiset, CardSet
from trickcore.core import render
from trickcore.core.trick_deal import Play, Trick

MIXED = [
    "2C 3C 4C 5C AD KD QD 2H 3H 4H 2S 3S 4S",
    "2D 3D 4D 5D 6D 5H 6H 7H 8H QS 5S 6S 7S",
    "6C 7C 8C 9C TC 7D 8D 9D 9H TH JH 8S 9S",
    "JC QC KC AC TD JD QH KH AH TS JS KS AS",
]
NO_PASS = 3  # deal number 3 of the Svarta Maja rotation: no pass


def text_of(html: str) -> str:
    """The visible text, tags dropped."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def rows_of(html: str) -> list[str]:
    return re.findall(r"<tr[^>]*>.*?</tr>", html)


def hearts_deal() -> tc.hearts.Deal:
    return tc.hearts.Deal(tc.hearts.Rules.svarta_maja(), MIXED, deal_number=NO_PASS)


def play_lowest(deal: tc.hearts.Deal, plays: int) -> None:
    for _ in range(plays):
        deal.play(min(deal.legal_moves()))


def test_a_hand_is_grouped_by_suit_highest_first_with_red_and_black_symbols() -> None:
    html = render.hand_html(CardSet.parse("AS TS 2S KH 3D"))
    assert text_of(html) == "♠ A 10 2 ♥ K ♦ 3 ♣ —"
    assert f'color:{render.BLACK}">♠' in html and f'color:{render.RED}">♥' in html
    assert f'color:{render.RED}">♦' in html and f'color:{render.BLACK}">♣' in html


def test_a_two_pack_hand_shows_each_copy_and_the_jokers() -> None:
    html = render.hand_html(CardMultiset.parse("AS AS 9H LJ"))
    assert text_of(html) == f"♠ A A ♥ 9 ♦ — ♣ — {Card('LJ').symbol}"
    assert f'color:{render.JOKER}">{Card("LJ").symbol}' in html


def test_a_finished_trick_marks_its_winner() -> None:
    deal = hearts_deal()
    play_lowest(deal, 4)
    (trick,) = deal.tricks
    assert trick.winner is not None
    html = trick._repr_html_()
    assert html == render.trick_html(trick)
    assert f"Trick led by seat {trick.leader}, won by seat {trick.winner}" in text_of(html)
    rows = rows_of(html)
    assert len(rows) == 4 and sum(render.WINNER_MARK in row for row in rows) == 1
    for play, row in zip(trick.plays, rows, strict=True):
        assert text_of(row).startswith(f"seat {play.seat} {play.card.symbol}")
        assert (render.WINNER_MARK in row) == (play.seat == trick.winner)


def test_a_trick_in_progress_has_no_winner_yet() -> None:
    html = render.trick_html(Trick(2, (Play(2, Card("QH")),), None))
    assert text_of(html) == "Trick led by seat 2, in progress seat 2 Q♥"
    assert render.WINNER_MARK not in html
    assert "no card yet" in render.trick_html(Trick(1, (), None))


def test_a_hearts_deal_shows_every_hand_the_seat_to_act_and_the_trick_in_progress() -> None:
    deal = hearts_deal()
    play_lowest(deal, 5)
    html = deal._repr_html_()
    heading = text_of(html)
    assert heading.startswith(f"svarta-maja: phase play, dealer seat 0, to act: seat "
                              f"{deal.to_act}")
    assert "pass: none" in heading and "hearts broken: no" in heading
    header, *rows = rows_of(html.split('class="trickcore-trick"')[0])
    assert text_of(header) == "seat hand tricks won points taken"
    for seat, row in enumerate(rows):
        assert render.hand_html(deal.hand(seat)) in row
        assert (render.TO_ACT_MARK in row) == (seat == deal.to_act)
        assert ("(dealer)" in row) == (seat == 0)
        assert text_of(row).endswith(f"{deal.tricks_won[seat]} {deal.points_taken[seat]}")
    current = deal.current_trick
    assert current is not None and html.endswith(render.trick_html(current) + "</div>")


def test_a_finished_hearts_deal_shows_the_points_and_nobody_to_act() -> None:
    deal = hearts_deal()
    play_lowest(deal, 52)
    html = deal._repr_html_()
    assert "to act: nobody (the deal is over)" in text_of(html)
    header, *rows = rows_of(html)
    assert text_of(header).endswith("points taken points")
    points = deal.points()
    assert [text_of(row).split()[-1] for row in rows] == [str(p) for p in points]
    assert render.TO_ACT_MARK not in html and 'class="trickcore-trick"' not in html


def test_a_spades_deal_shows_the_bids() -> None:
    deal = tc.spades.Deal.random(tc.spades.Rules.standard(), seed=3)
    deal.bid(4)
    html = deal._repr_html_()
    assert "bidding: standard" in text_of(html) and "spades broken: no" in text_of(html)
    header, *rows = rows_of(html)
    assert text_of(header) == "seat hand tricks won bid"
    assert [text_of(row).split()[-1] for row in rows] == ["—", "4", "—", "—"]


def test_a_dam_deal_shows_the_pile_and_the_trump() -> None:
    rules = tc.dam.Rules.avoid(turn_trump=True)
    deal = tc.dam.Deal.random(rules, seed=1)
    html = text_of(deal._repr_html_())
    assert deal.trump is not None and deal.trump_card is not None
    assert f"pile: {deal.pile_size} cards" in html
    assert f"trump: {deal.trump.symbol} ({deal.trump_card.symbol} turned)" in html
    assert "trump: none" in text_of(tc.dam.Deal.random(tc.dam.Rules.avoid(), seed=1)
                                    ._repr_html_())


def test_every_text_is_escaped() -> None:
    html = render.deal_html(hearts_deal(), {"<b>x</b>": "<script>alert(1)</script>"},
                            {"a&b": ("<i>",) * 4})
    assert "<script>" not in html and "<b>x</b>" not in html and "<i>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "&lt;b&gt;x&lt;/b&gt;" in html
    assert "<th>a&amp;b</th>" in html and html.count("&lt;i&gt;") == 4


def test_card_sets_read_as_their_cards_and_draw_themselves() -> None:
    hand = CardSet("AS KS 2C")
    assert repr(hand) == "CardSet('2C KS AS')" and eval(repr(hand)) == hand
    pair = CardMultiset.parse("AS AS KH")
    assert repr(pair) == "CardMultiset('KH AS AS')" and eval(repr(pair)) == pair
    assert hand._repr_html_() == render.hand_html(hand) and "♠" in hand._repr_html_()
