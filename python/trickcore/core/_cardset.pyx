# cython: freethreading_compatible = False
"""CardSet (a set of distinct cards as a uint64 mask) and CardMultiset (two packs: up to two copies
of each card), both immutable and hashable, with the set protocol implemented on the masks."""

cimport cython
from libc.stdint cimport uint64_t

from trickcore.core._ccards cimport (
    tc_highest,
    tc_lowest,
    tc_multiset,
    tc_multiset_difference,
    tc_multiset_sum,
    tc_popcount,
    tc_suit_mask,
)

import operator
import re

from trickcore.core.card import Card, Rank, Suit, all_cards, parse_card
from trickcore.core.errors import ParseError
from trickcore.core.render import hand_html

cdef tuple CARDS = all_cards()
cdef uint64_t ALL_IDS = (<uint64_t>1 << 56) - 1
cdef uint64_t STANDARD = (<uint64_t>1 << 52) - 1
_SEPARATORS = re.compile(r"[\s,]+")


cdef uint64_t card_index(object card) except? 255:
    """The id 0..55 of a Card, an int or a card string; anything else is a ParseError."""
    if isinstance(card, str):
        return <uint64_t>int(parse_card(card))
    if isinstance(card, bool) or not hasattr(card, "__index__"):
        raise ParseError(f"not a card: {card!r} (expected a Card, a card id or a string such as "
                         f"'QS')")
    i = operator.index(card)
    if not 0 <= i < 56:
        raise ParseError(f"card id out of range: {card!r} (expected 0..55)")
    return <uint64_t>i


cdef refuse_rebuild(object value):
    raise TypeError(f"{type(value).__name__} is immutable: {value!r} cannot be built again")


cdef str text_arg(object text, str what):
    if not isinstance(text, str):
        raise ParseError(f"{what} are written as text such as 'AS KS 2C', not {text!r}")
    return text


cdef int card_arg(object card) except -1:
    """A card argument of a game call (a Card, a card id or a string) as its id."""
    return <int>card_index(card)


cdef uint64_t cards_arg(object cards) except? 0xFFFFFFFFFFFFFFFF:
    """A set-of-cards argument of a game call (a CardSet, a string or an iterable) as its mask."""
    if isinstance(cards, CardSet):
        return (<CardSet>cards).mask
    return (<CardSet>CardSet(cards)).mask


cdef str card_symbol(int card):
    return CARDS[card].symbol


cdef str card_symbols(uint64_t mask):
    """The cards of a mask as symbols ("Q♠ 2♣"), or "no cards"."""
    return " ".join([c.symbol for c in make_cardset(mask)]) or "no cards"


cdef CardSet make_cardset(uint64_t mask):
    cdef CardSet s = CardSet.__new__(CardSet)
    s.mask = mask
    s.built = True
    return s


cdef CardMultiset make_multiset(uint64_t once, uint64_t twice):
    cdef CardMultiset s = CardMultiset.__new__(CardMultiset)
    s.once = once
    s.twice = twice
    s.built = True
    return s


cdef bint mask_holds(uint64_t mask, object card) except -1:
    """Whether ``mask`` holds ``card`` (a Card, an int or a card string); other values: False."""
    if isinstance(card, int):
        return 0 <= card < 56 and (mask >> <int>card) & 1
    if isinstance(card, str):
        return (mask >> <int>parse_card(card)) & 1
    return False


cdef list tokens(str text):
    stripped = text.strip()
    return _SEPARATORS.split(stripped) if stripped else []


cdef int suit_index(object suit) except -1:
    return int(Suit.parse(suit))


@cython.freelist(64)
cdef class CardSet:
    """An immutable set of distinct cards (jokers included), stored as a uint64 mask."""

    def __init__(self, cards=0):
        cdef uint64_t m = 0, b
        if self.built:
            refuse_rebuild(self)
        if isinstance(cards, CardSet):
            m = (<CardSet>cards).mask
        elif isinstance(cards, str):
            m = CardSet.parse(cards).mask
        elif isinstance(cards, int) and not isinstance(cards, Card):
            if cards < 0 or cards > ALL_IDS:
                raise ParseError(f"card set mask out of range: {cards!r} (bits 0..55 only)")
            m = <uint64_t>cards
        elif hasattr(cards, "__iter__"):
            for card in cards:
                b = (<uint64_t>1) << card_index(card)
                if m & b:
                    raise ParseError(f"duplicate card {str(Card(card))!r} in a card set")
                m |= b
        else:
            raise ParseError(f"not a set of cards: {cards!r} (expected a CardSet, a mask, text "
                             f"such as 'AS KS' or an iterable of cards)")
        self.mask = m
        self.built = True

    @staticmethod
    def parse(text):
        """Cards separated by spaces or commas: ``CardSet.parse("AS KS 2C")``."""
        cdef uint64_t m = 0, b
        for token in tokens(text_arg(text, "cards")):
            b = (<uint64_t>1) << <int>parse_card(token)
            if m & b:
                raise ParseError(f"duplicate card {token!r} in card set {text!r}")
            m |= b
        return make_cardset(m)

    @staticmethod
    def full():
        """The standard 52-card pack."""
        return make_cardset(STANDARD)

    @staticmethod
    def deck(remove=None, jokers=0):
        """A one-pack deck: the 52 cards less ``remove``, plus the first ``jokers`` jokers."""
        if isinstance(jokers, bool) or not isinstance(jokers, int) or not 0 <= jokers <= 4:
            raise ParseError(f"a pack holds 0..4 jokers, not {jokers!r}")
        cdef uint64_t m = STANDARD | ((((<uint64_t>1) << <int>jokers) - 1) << 52)
        if remove is not None:
            m &= ~CardSet(remove).mask
        return make_cardset(m)

    @staticmethod
    def of_suit(suit):
        """All 13 cards of a suit."""
        return make_cardset(tc_suit_mask(suit_index(suit)))

    def __len__(self):
        return tc_popcount(self.mask)

    def __bool__(self):
        return self.mask != 0

    def __iter__(self):
        cdef uint64_t m = self.mask
        while m:
            yield CARDS[tc_lowest(m)]
            m &= m - 1

    def __reversed__(self):
        cdef uint64_t m = self.mask
        cdef int i
        while m:
            i = tc_highest(m)
            yield CARDS[i]
            m &= ~((<uint64_t>1) << i)

    def __contains__(self, card):
        return mask_holds(self.mask, card)

    def __or__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return make_cardset(self.mask | (<CardSet>other).mask)

    def __and__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return make_cardset(self.mask & (<CardSet>other).mask)

    def __sub__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return make_cardset(self.mask & ~(<CardSet>other).mask)

    def __xor__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return make_cardset(self.mask ^ (<CardSet>other).mask)

    def __eq__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask == (<CardSet>other).mask

    def __ne__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask != (<CardSet>other).mask

    def __le__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask & ~(<CardSet>other).mask == 0

    def __lt__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask != (<CardSet>other).mask and self.mask & ~(<CardSet>other).mask == 0

    def __ge__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return (<CardSet>other).mask & ~self.mask == 0

    def __gt__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask != (<CardSet>other).mask and (<CardSet>other).mask & ~self.mask == 0

    def __hash__(self):
        cdef Py_hash_t h = <Py_hash_t>((self.mask * <uint64_t>0x9E3779B97F4A7C15) >> 1)
        return h if h != -1 else -2

    def __repr__(self):
        return f"CardSet({str(self)!r})"

    def _repr_html_(self):
        return hand_html(self)

    def __str__(self):
        return " ".join([str(c) for c in self])

    def __reduce__(self):
        return (CardSet, (int(self.mask),))

    def isdisjoint(self, other):
        """Whether no card is in both (``other``: anything CardSet() reads)."""
        return self.mask & cards_arg(other) == 0

    def issubset(self, other):
        """Whether every card is also in ``other`` (anything CardSet() reads)."""
        return self.mask & ~cards_arg(other) == 0

    def issuperset(self, other):
        """Whether every card of ``other`` (anything CardSet() reads) is also here."""
        return cards_arg(other) & ~self.mask == 0

    def suit(self, suit):
        """The cards of one suit."""
        return make_cardset(self.mask & tc_suit_mask(suit_index(suit)))

    def holding(self, suit):
        """The suit's cards as a 13-bit int, bit r = rank r (2 = bit 0, ace = bit 12)."""
        cdef int s = suit_index(suit)
        return (self.mask >> (13 * s)) & 0x1FFF

    def highest(self, suit=None):
        """The highest card of ``suit`` (or the highest card id overall), None when there is none."""
        cdef uint64_t m = self.mask if suit is None else self.mask & tc_suit_mask(suit_index(suit))
        return CARDS[tc_highest(m)] if m else None

    def lowest(self, suit=None):
        """The lowest card of ``suit`` (or the lowest card id overall), None when there is none."""
        cdef uint64_t m = self.mask if suit is None else self.mask & tc_suit_mask(suit_index(suit))
        return CARDS[tc_lowest(m)] if m else None

    def pretty(self):
        """Hand display by suit, high cards first: "♠ A K 7  ♥ Q  ♦ —  ♣ 10 2"."""
        parts = []
        for s in (3, 2, 1, 0):
            ranks = [Rank(c % 13).label for c in reversed(self.suit(s))]
            parts.append(Suit(s).symbol + " " + (" ".join(ranks) if ranks else "—"))
        jokers = [str(c) for c in self if c >= 52]
        return "  ".join(parts + jokers)


@cython.freelist(32)
cdef class CardMultiset:
    """An immutable multiset of cards from two packs: each card 0, 1 or 2 times.

    Stored as two masks: ``once`` (cards held at least once) and ``twice`` (held twice)."""

    def __init__(self, cards=()):
        cdef tc_multiset s
        s.once = 0
        s.twice = 0
        if self.built:
            refuse_rebuild(self)
        if isinstance(cards, CardMultiset):
            s.once = (<CardMultiset>cards).once
            s.twice = (<CardMultiset>cards).twice
        elif isinstance(cards, CardSet):
            s.once = (<CardSet>cards).mask
        elif isinstance(cards, str):
            parsed = CardMultiset.parse(cards)
            s.once = (<CardMultiset>parsed).once
            s.twice = (<CardMultiset>parsed).twice
        elif hasattr(cards, "__iter__"):
            for card in cards:
                add_copy(&s, card_index(card), card)
        else:
            raise ParseError(f"not cards of two packs: {cards!r} (expected a CardMultiset, a "
                             f"CardSet, text such as 'AS AS KH' or an iterable of cards)")
        self.once = s.once
        self.twice = s.twice
        self.built = True

    @staticmethod
    def parse(text):
        """Cards separated by spaces or commas; a card may appear twice: "AS AS KH"."""
        cdef tc_multiset s
        s.once = 0
        s.twice = 0
        for token in tokens(text_arg(text, "cards")):
            add_copy(&s, <int>parse_card(token), token)
        return make_multiset(s.once, s.twice)

    @staticmethod
    def from_masks(once, twice=0):
        """From the two masks; ``twice`` must be a subset of ``once``."""
        if not (0 <= once <= ALL_IDS and 0 <= twice <= ALL_IDS):
            raise ParseError(f"multiset masks out of range: {once!r}, {twice!r}")
        if twice & ~once:
            raise ParseError(f"multiset masks inconsistent: twice {twice:#x} not within once {once:#x}")
        return make_multiset(once, twice)

    @staticmethod
    def two_packs(remove=None, jokers=0):
        """Two packs shuffled together (104 cards), less two copies of each card in ``remove``,
        plus ``jokers`` jokers (0..8, two copies of each joker id before the next)."""
        if isinstance(jokers, bool) or not isinstance(jokers, int) or not 0 <= jokers <= 8:
            raise ParseError(f"two packs hold 0..8 jokers, not {jokers!r}")
        cdef uint64_t base = STANDARD
        if remove is not None:
            base &= ~CardSet(remove).mask
        cdef uint64_t once = base | ((((<uint64_t>1) << ((jokers + 1) // 2)) - 1) << 52)
        cdef uint64_t twice = base | ((((<uint64_t>1) << (jokers // 2)) - 1) << 52)
        return make_multiset(once, twice)

    def count(self, card):
        """How many copies of ``card`` are held: 0, 1 or 2."""
        cdef int i = card_index(card)
        return <int>((self.once >> i) & 1) + <int>((self.twice >> i) & 1)

    def distinct(self):
        """The cards held at least once, as a CardSet."""
        return make_cardset(self.once)

    def doubles(self):
        """The cards held twice, as a CardSet."""
        return make_cardset(self.twice)

    def add(self, card):
        """A new multiset with one more copy of ``card``; a third copy is an error."""
        cdef tc_multiset s
        s.once = self.once
        s.twice = self.twice
        add_copy(&s, card_index(card), card)
        return make_multiset(s.once, s.twice)

    def remove(self, card):
        """A new multiset with one copy of ``card`` fewer; removing an absent card is an error."""
        cdef uint64_t b = (<uint64_t>1) << card_index(card)
        if self.twice & b:
            return make_multiset(self.once, self.twice & ~b)
        if self.once & b:
            return make_multiset(self.once & ~b, self.twice)
        raise ParseError(f"card {str(Card(card))!r} is not in the multiset")

    def __len__(self):
        return tc_popcount(self.once) + tc_popcount(self.twice)

    def __bool__(self):
        return self.once != 0

    def __iter__(self):
        cdef uint64_t m = self.once
        cdef int i
        while m:
            i = tc_lowest(m)
            yield CARDS[i]
            if (self.twice >> i) & 1:
                yield CARDS[i]
            m &= m - 1

    def __contains__(self, card):
        return mask_holds(self.once, card)

    def __add__(self, other):
        if not isinstance(other, CardMultiset):
            return NotImplemented
        cdef tc_multiset a, b, out
        a.once = self.once
        a.twice = self.twice
        b.once = (<CardMultiset>other).once
        b.twice = (<CardMultiset>other).twice
        if tc_multiset_sum(a, b, &out) != 0:
            raise ParseError(
                f"a two-pack multiset holds at most two copies of a card: {self} + {other}")
        return make_multiset(out.once, out.twice)

    def __or__(self, other):
        if not isinstance(other, CardMultiset):
            return NotImplemented
        return make_multiset(self.once | (<CardMultiset>other).once,
                             self.twice | (<CardMultiset>other).twice)

    def __and__(self, other):
        if not isinstance(other, CardMultiset):
            return NotImplemented
        return make_multiset(self.once & (<CardMultiset>other).once,
                             self.twice & (<CardMultiset>other).twice)

    def __sub__(self, other):
        if not isinstance(other, CardMultiset):
            return NotImplemented
        cdef tc_multiset a, b, out
        a.once = self.once
        a.twice = self.twice
        b.once = (<CardMultiset>other).once
        b.twice = (<CardMultiset>other).twice
        out = tc_multiset_difference(a, b)
        return make_multiset(out.once, out.twice)

    def __xor__(self, other):
        if not isinstance(other, CardMultiset):
            return NotImplemented
        return (self | other) - (self & other)

    def __eq__(self, other):
        if not isinstance(other, CardMultiset):
            return NotImplemented
        return self.once == (<CardMultiset>other).once and self.twice == (<CardMultiset>other).twice

    def __ne__(self, other):
        if not isinstance(other, CardMultiset):
            return NotImplemented
        return not (self == other)

    def __le__(self, other):
        if not isinstance(other, CardMultiset):
            return NotImplemented
        return (self.once & ~(<CardMultiset>other).once) == 0 and \
            (self.twice & ~(<CardMultiset>other).twice) == 0

    def __ge__(self, other):
        if not isinstance(other, CardMultiset):
            return NotImplemented
        return other <= self

    def __lt__(self, other):
        if not isinstance(other, CardMultiset):
            return NotImplemented
        return self <= other and self != other

    def __gt__(self, other):
        if not isinstance(other, CardMultiset):
            return NotImplemented
        return other <= self and self != other

    def __hash__(self):
        return hash((self.once, self.twice))

    def __repr__(self):
        return f"CardMultiset({str(self)!r})"

    def _repr_html_(self):
        return hand_html(self)

    def __str__(self):
        return " ".join([str(c) for c in self])

    def __reduce__(self):
        return (CardMultiset.from_masks, (int(self.once), int(self.twice)))


cdef int add_copy(tc_multiset *s, int index, object shown) except -1:
    cdef uint64_t b = (<uint64_t>1) << index
    if s.twice & b:
        raise ParseError(f"a third copy of {str(CARDS[index])!r}: two packs hold two of each card")
    if s.once & b:
        s.twice |= b
    else:
        s.once |= b
    return 0


def multiset_masks(ids):
    """The (once, twice) masks of card ids 0..55 holding at most two copies of a card."""
    cdef tc_multiset s
    cdef int index
    s.once = 0
    s.twice = 0
    for index in ids:
        if not 0 <= index < 56:
            raise ParseError(f"not a card id: {index!r}")
        add_copy(&s, index, index)
    return s.once, s.twice
