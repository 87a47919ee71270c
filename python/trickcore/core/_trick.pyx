"""Bindings of the trick-resolution kernel (src/trickcore/trick.c)."""

from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t

from trickcore.core._cardset cimport card_index
from trickcore.core._ccards cimport tc_mask
from trickcore.core._ctrick cimport (
    TC_DUP_FIRST,
    TC_DUP_LAST,
    TC_JOKER_NEUTRAL,
    TC_JOKER_NONE,
    TC_JOKER_OUTRIGHT,
    TC_JOKER_TOP_TRUMP,
    TC_MAX_TRICK,
    TC_NO_TRUMP,
    tc_trick_rules,
    tc_trick_winner,
    tc_trick_winner_bits,
    tc_trick_winning_card,
    tc_trick_winners_batch,
)

import numpy as np

from trickcore.core.card import Card, Suit
from trickcore.core.errors import (
    InvalidTrickError,
    ParseError,
    RulesError,
    TrickcoreError,
    error_for_status,
)

DUPLICATE_RULES = {"first": TC_DUP_FIRST, "last": TC_DUP_LAST}
JOKER_MODES = {"none": TC_JOKER_NONE, "top-trump": TC_JOKER_TOP_TRUMP,
               "outright": TC_JOKER_OUTRIGHT, "neutral": TC_JOKER_NEUTRAL}
_PROBLEMS = {1: "empty trick", 2: "card out of range", 3: "duplicate card",
             5: f"a trick holds at most {TC_MAX_TRICK} cards"}


cdef int trump_code(object trump) except -2:
    if trump is None:
        return TC_NO_TRUMP
    return int(Suit.parse(trump))


cdef tc_trick_rules make_rules(object trump, object duplicates, object jokers,
                               object packs) except *:
    cdef tc_trick_rules r
    if not isinstance(duplicates, str) or duplicates not in DUPLICATE_RULES:
        raise RulesError(f"unknown duplicates rule {duplicates!r} (expected 'first' or 'last')")
    if not isinstance(jokers, str) or jokers not in JOKER_MODES:
        raise RulesError(f"unknown joker mode {jokers!r} (expected one of {', '.join(JOKER_MODES)})")
    if isinstance(packs, bool) or not isinstance(packs, int) or packs not in (1, 2):
        raise RulesError(f"packs must be 1 or 2, not {packs!r}")
    r.trump = trump_code(trump)
    r.duplicates = DUPLICATE_RULES[duplicates]
    r.jokers = JOKER_MODES[jokers]
    r.packs = packs
    if r.jokers == TC_JOKER_TOP_TRUMP and r.trump == TC_NO_TRUMP:
        raise RulesError("jokers='top-trump' needs a trump suit")
    return r


cdef str describe(int status, object cards, int bad, int packs):
    if status == 3:
        if packs == 1:
            return (f"duplicate card {str(Card(cards[bad]))!r} in a one-pack trick "
                    f"(pass packs=2 for two packs)")
        return f"a third copy of {str(Card(cards[bad]))!r}: two packs hold two of each card"
    if status == 2 and 0 <= bad < len(cards) and 52 <= cards[bad] < 56:
        return f"joker {str(Card(cards[bad]))!r} in a trick played without jokers (see jokers=)"
    if status == 2 and 0 <= bad < len(cards):
        return f"card out of range: {cards[bad]!r} (expected 0..55)"
    return _PROBLEMS.get(status, f"invalid trick (status {status})")


def trick_winner(cards, trump=None, duplicates="first", jokers="none", packs=1):
    """The index of the winning card of a trick (cards in play order, led card first): the
    highest trump, else the highest card of the suit led; between identical cards the first
    (``duplicates="first"``) or the last; ``jokers`` and ``packs`` as in the game's rules."""
    cdef uint8_t buf[16]
    cdef int n, winner = -1, bad = -1, status
    if isinstance(cards, str):
        cards = cards.split()
    elif not hasattr(cards, "__iter__"):
        raise ParseError(f"a trick is a sequence of cards, not {cards!r}")
    ids = [card_index(c) for c in cards]
    n = len(ids)
    if n > TC_MAX_TRICK:
        raise InvalidTrickError(_PROBLEMS[5])
    for i in range(n):
        buf[i] = ids[i]
    cdef tc_trick_rules r = make_rules(trump, duplicates, jokers, packs)
    status = tc_trick_winner(buf, n, &r, &winner, &bad)
    if status != 0:
        raise error_for_status(status, describe(status, ids, bad, packs))
    return winner


def trick_winners(tricks, trump=None, duplicates="first", jokers="none", packs=1):
    """The winner index of every trick of a 2-d integer array (tricks x cards), as int8; ``trump``
    a suit for all or an array of one per trick (-1: none). The rules are trick_winner's."""
    try:
        arr = np.asarray(tricks)
    except ValueError as error:
        raise InvalidTrickError(f"tricks must be a 2-d array of card ids: {error}") from None
    if arr.dtype.kind not in "iu":
        raise InvalidTrickError(f"tricks must be an integer array of card ids, not {arr.dtype}")
    if arr.ndim != 2:
        raise InvalidTrickError(f"tricks must be a 2-d array (tricks x cards), not shape {arr.shape}")
    if arr.dtype != np.uint8 and arr.size and (arr.min() < 0 or arr.max() > 55):
        raise InvalidTrickError("card out of range in tricks (expected 0..55)")
    cdef uint8_t[:, ::1] cards = np.ascontiguousarray(arr, dtype=np.uint8)
    cdef int64_t count = cards.shape[0], bad_trick = -1
    cdef int n = cards.shape[1], status
    per_trick = trump is not None and not isinstance(trump, (int, str, Suit)) and np.ndim(trump) == 1
    cdef tc_trick_rules r = make_rules(None if per_trick else trump, duplicates, jokers, packs)
    cdef int8_t[::1] trumps_view
    cdef const int8_t *trumps = NULL
    if per_trick:
        trump_arr = np.asarray(trump)
        if trump_arr.dtype.kind not in "iu":
            raise RulesError(f"trump array must hold integers, not {trump_arr.dtype}")
        if trump_arr.shape != (count,):
            raise RulesError(f"trump array must have shape ({count},), not {trump_arr.shape}")
        if trump_arr.size and (trump_arr.min() < -1 or trump_arr.max() > 3):
            raise RulesError("trump values must be -1 (no trump) or a suit 0..3")
        trumps_view = np.ascontiguousarray(trump_arr, dtype=np.int8)
        if count:
            trumps = &trumps_view[0]
    winners = np.empty(count, dtype=np.int8)
    cdef int8_t[::1] out = winners
    if count == 0:
        return winners
    if n == 0:
        raise InvalidTrickError("empty trick")
    with nogil:
        status = tc_trick_winners_batch(&cards[0, 0], count, n, trumps, &r, &out[0], &bad_trick)
    if status != 0:
        row = [int(c) for c in arr[bad_trick]]
        row_trump = int(trump_arr[bad_trick]) if per_trick else trump
        try:
            trick_winner(row, None if row_trump == -1 else row_trump, duplicates, jokers, packs)
        except TrickcoreError as error:
            raise type(error)(f"trick {bad_trick}: {error}") from None
        raise error_for_status(status, f"trick {bad_trick}: invalid trick")
    return winners


def _trick_winning_card_masks(uint64_t cards, uint64_t led, uint64_t trump):
    """tc_trick_winning_card, for tests: the winning card of a one-pack trick without jokers whose
    cards are the mask ``cards``, led in the suit ``led`` (its cards' mask), ``trump`` the trump
    suit's cards (0 without trumps)."""
    if cards & (led | trump) == 0:
        raise InvalidTrickError("no card of the suit led or of trumps in the trick")
    return tc_trick_winning_card(cards, led, trump)


_BITS_JOKER_MODES = {"none": TC_JOKER_NONE, "outright": TC_JOKER_OUTRIGHT,
                     "neutral": TC_JOKER_NEUTRAL}


def _trick_winner_bits(cards, trump, duplicates, jokers):
    """tc_trick_winner_bits, for tests: the index of the winner of the trick ``cards`` (card ids
    in play order, at most 32, two packs allowed) by the mask form of the trick rule; ``trump``
    is a suit or None, ``duplicates`` "first" or "last", ``jokers`` "none", "outright" or
    "neutral"."""
    cdef tc_mask bits[32]
    cdef int n = len(cards), i
    if not 1 <= n <= 32:
        raise RulesError(f"a trick has 1 to 32 cards, not {n}")
    if not all(0 <= c < 56 for c in cards):
        raise ParseError(f"card ids are 0..55: {list(cards)!r}")
    led = next((c // 13 for c in cards if c < 52), None)
    for i in range(n):
        bits[i] = (<tc_mask>1) << <int>cards[i]
    return tc_trick_winner_bits(bits, n, 0 if led is None else 0x1FFF << (13 * led),
                                0 if trump is None else 0x1FFF << (13 * trump),
                                _BITS_JOKER_MODES[jokers], duplicates == "last")
