"""Single cards: ``Suit``, ``Rank`` and ``Card`` (an ``int`` 0..55, suit-major), with parsing in the
common notations and display names in English and the games' home languages."""

from __future__ import annotations

import operator
from enum import IntEnum
from typing import SupportsIndex

from trickcore.core.errors import ParseError

NUM_RANKS = 13
NUM_CARDS = 52
FIRST_JOKER = 52
NUM_CARD_IDS = 56


class Suit(IntEnum):
    """The four suits in card-id order: clubs 0, diamonds 1, hearts 2, spades 3."""
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The suit's letter: C, D, H or S."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣, ♦, ♥ or ♠."""
        return "♣♦♥♠"[self]

    @classmethod
    def parse(cls, text: str | int) -> Suit:
        """A suit from its letter, symbol, English name, or number 0..3."""
        if isinstance(text, int) and not isinstance(text, bool):
            if 0 <= text < 4:
                return cls(text)
            raise ParseError(f"not a suit: {text!r} (expected 0..3)")
        if not isinstance(text, str):
            raise ParseError(f"not a suit: {text!r} (expected a letter, a symbol, a name or 0..3)")
        key = text.strip().lower()
        if key in _SUIT_TOKENS:
            return cls(_SUIT_TOKENS[key])
        for suit in cls:
            if key in (suit.name.lower(), suit.name.lower()[:-1]):
                return suit
        raise ParseError(f"not a suit: {text!r} (expected C, D, H, S, ♣, ♦, ♥, ♠ or a name)")


class Rank(IntEnum):
    """The thirteen ranks, two (0) to ace (12); a card's id is ``13 * suit + rank``."""
    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def letter(self) -> str:
        """The rank's letter: 2..9, T, J, Q, K, A."""
        return "23456789TJQKA"[self]

    @property
    def label(self) -> str:
        """The rank as printed on a card: 2..10, J, Q, K, A."""
        return "10" if self is Rank.TEN else self.letter


_SUIT_TOKENS = {"c": 0, "♣": 0, "♧": 0, "d": 1, "♦": 1, "♢": 1,
                "h": 2, "♥": 2, "♡": 2, "s": 3, "♠": 3, "♤": 3}
_RANK_TOKENS = {**{str(n): n - 2 for n in range(2, 11)}, "t": 8, "j": 9, "q": 10, "k": 11, "a": 12}
JOKER_NAMES = ("LJ", "BJ", "J3", "J4")
_JOKER_ALIASES = {"lj": 52, "little joker": 52, "bj": 53, "big joker": 53, "j3": 54, "j4": 55}

# Display names: (rank words, suit words, how a name is built) per language.
_NAMES: dict[str, tuple[tuple[str, ...], tuple[str, ...], str]] = {
    "en": (("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "jack", "queen", "king", "ace"),
           ("clubs", "diamonds", "hearts", "spades"), "{rank} of {suit}"),
    "sv": (("två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio", "tio",
            "knekt", "dam", "kung", "ess"),
           ("klöver", "ruter", "hjärter", "spader"), "{suit} {rank}"),
    "da": (("to", "tre", "fire", "fem", "seks", "syv", "otte", "ni", "ti",
            "knægt", "dame", "konge", "es"),
           ("klør", "ruder", "hjerter", "spar"), "{suit} {rank}"),
    "nb": (("to", "tre", "fire", "fem", "seks", "sju", "åtte", "ni", "ti",
            "knekt", "dame", "konge", "ess"),
           ("kløver", "ruter", "hjerter", "spar"), "{suit} {rank}"),
}
# Cards whose established name in a language is one word ("spardame" is also the game's name).
_NAME_EXCEPTIONS = {("nb", 49): "spardame"}
_JOKER_WORDS = {"en": ("little joker", "big joker", "joker 3", "joker 4"),
                "sv": ("liten joker", "stor joker", "joker 3", "joker 4"),
                "da": ("lille joker", "store joker", "joker 3", "joker 4"),
                "nb": ("liten joker", "stor joker", "joker 3", "joker 4")}
LANGUAGES = tuple(_NAMES)


class Card(int):
    """A card: ``suit * 13 + rank`` (0..51), or a joker 52..55. ``str(card) == "QS"``."""

    __slots__ = ()

    def __new__(cls, value: SupportsIndex | str) -> Card:
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            return parse_card(value)
        if isinstance(value, bool) or not hasattr(value, "__index__"):
            raise ParseError(f"not a card: {value!r} (expected a card id 0..55 or a string "
                             f"such as 'QS')")
        index = operator.index(value)
        if not 0 <= index < NUM_CARD_IDS:
            raise ParseError(f"card id out of range: {value!r} (expected 0..55)")
        return _CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from text: "QS", "Qs", "Q♠", "10H", "TH", "♥9", "2c", or a joker "LJ"/"BJ"."""
        return parse_card(text)

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """The card of ``rank`` in ``suit`` (ParseError for a rank or suit out of range)."""
        if not (0 <= rank < NUM_RANKS and 0 <= suit < 4):
            raise ParseError(f"no card of rank {rank!r} and suit {suit!r}")
        return _CARDS[int(suit) * NUM_RANKS + int(rank)]

    @property
    def is_joker(self) -> bool:
        """Whether the card is a joker (ids 52..55)."""
        return self >= FIRST_JOKER

    @property
    def suit(self) -> Suit | None:
        """The suit, or None for a joker."""
        return None if self >= FIRST_JOKER else Suit(self // NUM_RANKS)

    @property
    def rank(self) -> Rank | None:
        """The rank, or None for a joker."""
        return None if self >= FIRST_JOKER else Rank(self % NUM_RANKS)

    @property
    def symbol(self) -> str:
        """Display form with a suit symbol and a printed rank: "Q♠", "10♥"."""
        if self >= FIRST_JOKER:
            return JOKER_NAMES[self - FIRST_JOKER]
        return Rank(self % NUM_RANKS).label + Suit(self // NUM_RANKS).symbol

    def name(self, lang: str = "en") -> str:
        """The card's name in English ("queen of spades"), Swedish ("spader dam"), Danish
        ("spar dame") or Norwegian Bokmål ("spardame", "ruter knekt")."""
        if lang not in _NAMES:
            raise ParseError(f"unknown language {lang!r} (expected one of {', '.join(LANGUAGES)})")
        if self >= FIRST_JOKER:
            return _JOKER_WORDS[lang][self - FIRST_JOKER]
        exception = _NAME_EXCEPTIONS.get((lang, int(self)))
        if exception is not None:
            return exception
        ranks, suits, pattern = _NAMES[lang]
        return pattern.format(rank=ranks[self % NUM_RANKS], suit=suits[self // NUM_RANKS])

    def __str__(self) -> str:
        if self >= FIRST_JOKER:
            return JOKER_NAMES[self - FIRST_JOKER]
        return "23456789TJQKA"[self % NUM_RANKS] + "CDHS"[self // NUM_RANKS]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(NUM_CARD_IDS))


def _spellings() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for rank_token, rank in _RANK_TOKENS.items():
        for suit_token, suit in _SUIT_TOKENS.items():
            card = _CARDS[suit * NUM_RANKS + rank]
            table[rank_token + suit_token] = card
            table[suit_token + rank_token] = card
    for alias, index in _JOKER_ALIASES.items():
        table[alias] = _CARDS[index]
    return table


_SPELLINGS = _spellings()


def parse_card(text: str) -> Card:
    """A card from any accepted spelling; raises ParseError quoting the text otherwise."""
    if not isinstance(text, str):
        raise ParseError(f"not a card: {text!r} (expected a string such as 'QS')")
    card = _SPELLINGS.get(text.strip().lower())
    if card is None:
        raise ParseError(f"not a card: {text!r} (expected e.g. 'QS', 'Q♠', '10h', '♥9', 'BJ')")
    return card


def all_cards() -> tuple[Card, ...]:
    """Every card id 0..55 in order (52 cards, then the four jokers)."""
    return _CARDS


# Named constants, suit first (identifiers cannot start with a digit): SQ is the queen of spades.

C2 = Card(0)
C3 = Card(1)
C4 = Card(2)
C5 = Card(3)
C6 = Card(4)
C7 = Card(5)
C8 = Card(6)
C9 = Card(7)
CT = Card(8)
CJ = Card(9)
CQ = Card(10)
CK = Card(11)
CA = Card(12)
D2 = Card(13)
D3 = Card(14)
D4 = Card(15)
D5 = Card(16)
D6 = Card(17)
D7 = Card(18)
D8 = Card(19)
D9 = Card(20)
DT = Card(21)
DJ = Card(22)
DQ = Card(23)
DK = Card(24)
DA = Card(25)
H2 = Card(26)
H3 = Card(27)
H4 = Card(28)
H5 = Card(29)
H6 = Card(30)
H7 = Card(31)
H8 = Card(32)
H9 = Card(33)
HT = Card(34)
HJ = Card(35)
HQ = Card(36)
HK = Card(37)
HA = Card(38)
S2 = Card(39)
S3 = Card(40)
S4 = Card(41)
S5 = Card(42)
S6 = Card(43)
S7 = Card(44)
S8 = Card(45)
S9 = Card(46)
ST = Card(47)
SJ = Card(48)
SQ = Card(49)
SK = Card(50)
SA = Card(51)
LJ = Card(52)
BJ = Card(53)
