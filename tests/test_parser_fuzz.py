"""Fuzz targets of every text parser (issue #20): any text is either read or refused with a
ParseError (a ValueError subclass) quoting it; never another exception. The CI profile runs a
few hundred examples each; HYPOTHESIS_PROFILE=fuzz runs many more on demand."""

from collections.abc import Callable

import hypothesis.strategies as st
import pytest
from hypothesis import given

import trickcore as tc
from trickcore import draughts

CARDISH = st.text(alphabet="23456789TJQKA10CDHSLBcdhslb♣♦♥♠ ,\t-x:WKB.\"[]*", max_size=40)
TEXT = st.one_of(st.text(max_size=60), CARDISH)

PARSERS: dict[str, Callable[[str], object]] = {
    "Card.parse": tc.Card.parse,
    "Suit.parse": tc.Suit.parse,
    "CardSet.parse": tc.CardSet.parse,
    "CardMultiset.parse": tc.CardMultiset.parse,
    "trick_winner": tc.trick_winner,
    "Board FEN": draughts.Board,
    "Move.parse": draughts.Move.parse,
    "Board.parse_move": lambda text: draughts.Board().parse_move(text),
    "read_game PDN": draughts.read_game,
    "hearts Deal.from_json": tc.hearts.Deal.from_json,
    "spades Match.from_json": tc.spades.Match.from_json,
    "dam Deal.from_json": tc.dam.Deal.from_json,
}


@pytest.mark.parametrize("name", sorted(PARSERS))
@given(text=TEXT)
def test_any_text_is_read_or_refused_with_a_parse_error(name: str, text: str) -> None:
    try:
        PARSERS[name](text)
    except tc.ParseError:
        pass
    except tc.TrickcoreError as error:  # read as text, then refused by a rule it breaks
        assert not isinstance(error, tc.SerializationError)
