import pickle

import pytest

import trickcore as tc
from trickcore.core.card import BJ, C2, DJ, HT, SA, SQ, all_cards


@pytest.mark.parametrize("card", all_cards())
def test_format_parse_round_trip_for_every_card(card: tc.Card) -> None:
    assert tc.Card.parse(str(card)) == card
    assert tc.Card.parse(card.symbol) == card
    assert tc.Card.parse(str(card).lower()) == card
    assert tc.Card(int(card)) is card
    assert eval(repr(card), {"Card": tc.Card}) == card
    assert pickle.loads(pickle.dumps(card)) is card


@pytest.mark.parametrize(
    ("text", "expected"),
    [("QS", 49), ("Qs", 49), ("Q♠", 49), ("q♤", 49), ("10H", 34), ("TH", 34), ("10♥", 34),
     ("♥9", 33), ("♠10", 47), ("2c", 0), ("AD", 25), (" ah ", 38), ("LJ", 52), ("BJ", 53)],
)
def test_parse_common_notations(text: str, expected: int) -> None:
    assert tc.Card.parse(text) == expected


def test_encoding_is_suit_major() -> None:
    queen = tc.Card.parse("QS")
    assert queen == tc.Suit.SPADES * 13 + tc.Rank.QUEEN
    assert queen.suit is tc.Suit.SPADES and queen.rank is tc.Rank.QUEEN
    assert str(queen) == "QS" and queen.symbol == "Q♠"
    assert tc.Card.of(tc.Rank.TWO, tc.Suit.CLUBS) == 0 and SA == 51


def test_jokers_have_no_suit_or_rank() -> None:
    joker = tc.Card(53)
    assert joker.is_joker and joker.suit is None and joker.rank is None and str(joker) == "BJ"


def test_named_constants() -> None:
    assert SQ == tc.Card("QS") and C2 == 0 and DJ == tc.Card("J♦")
    assert HT == tc.Card("10h") and BJ == 53


@pytest.mark.parametrize(
    ("card", "lang", "name"),
    [("QS", "en", "queen of spades"), ("QS", "sv", "spader dam"), ("QS", "da", "spar dame"),
     ("QS", "nb", "spardame"), ("JD", "nb", "ruter knekt"), ("AH", "sv", "hjärter ess"),
     ("JC", "sv", "klöver knekt"), ("10d", "en", "ten of diamonds"), ("KC", "da", "klør konge")],
)
def test_localised_names(card: str, lang: str, name: str) -> None:
    assert tc.Card(card).name(lang) == name


def test_unknown_language_is_refused() -> None:
    with pytest.raises(tc.ParseError, match="xx"):
        tc.Card("QS").name("xx")


@pytest.mark.parametrize("bad", ["", "Q", "QQ", "1S", "11H", "ZS", "Q♠♠", "queen", "S", "0H"])
def test_bad_card_text_raises_parse_error_quoting_it(bad: str) -> None:
    with pytest.raises(tc.ParseError) as info:
        tc.Card.parse(bad)
    assert repr(bad) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("bad", [-1, 56, 1000])
def test_card_id_out_of_range(bad: int) -> None:
    with pytest.raises(tc.ParseError, match="out of range"):
        tc.Card(bad)


def test_suit_parse() -> None:
    assert tc.Suit.parse("♠") is tc.Suit.SPADES
    assert tc.Suit.parse("hearts") is tc.Suit.HEARTS
    assert tc.Suit.parse("club") is tc.Suit.CLUBS
    assert tc.Suit.parse(1) is tc.Suit.DIAMONDS
    with pytest.raises(tc.ParseError):
        tc.Suit.parse("x")
    with pytest.raises(tc.ParseError):
        tc.Suit.parse(4)
