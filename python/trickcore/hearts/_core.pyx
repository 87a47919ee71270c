# cython: freethreading_compatible = False, auto_pickle = False
"""Bindings of the Hearts-family kernel (src/trickcore/hearts*.{h,c}): the C rules of a
``trickcore.hearts.Rules``, the deal state class ``DealCore`` (the base of
``trickcore.hearts.Deal``), playouts and block simulation."""

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from numpy.random cimport bitgen_t

from trickcore.core._bitgen cimport bitgen_of
from trickcore.core._cardset cimport CardSet, card_arg, card_symbol, card_symbols, cards_arg, make_cardset
from trickcore.core._ccards cimport tc_lowest, tc_mask, tc_popcount
from trickcore.hearts._ckernel cimport *
from trickcore.core._history cimport (
    STEP_PASS,
    STEP_PLAY,
    STEP_STATE_BYTES,
    DealHistory,
    push_step,
    seat_in,
)

import numpy as np

from trickcore.core.card import Card, Suit
from trickcore.core.errors import IllegalMoveError, RulesError, error_for_status
from trickcore.core.seeding import bit_generator as new_bit_generator

if sizeof(tc_hearts_state) > STEP_STATE_BYTES:
    raise ImportError("tc_hearts_state does not fit in a Step: raise STEP_STATE_BYTES")

PHASES = ("pass", "play", "over")
POLICIES = {"random": TC_HEARTS_RANDOM, "greedy": TC_HEARTS_GREEDY}
FIRST_LEADS = {"lowest-club": TC_HEARTS_LEAD_LOWEST_CLUB, "any-club": TC_HEARTS_LEAD_ANY_CLUB,
               "left-of-dealer": TC_HEARTS_LEAD_LEFT_OF_DEALER}
MOONS = {"off": TC_HEARTS_MOON_OFF, "add-to-others": TC_HEARTS_MOON_ADD_TO_OTHERS,
         "subtract-from-shooter": TC_HEARTS_MOON_SUBTRACT_FROM_SHOOTER}
MAX_VALUE = TC_HEARTS_MAX_VALUE
MAX_ROTATION = TC_HEARTS_MAX_ROTATION


cdef class KernelRules:
    """The C rules struct of one ``trickcore.hearts.Rules``, built once and shared by its deals."""

    def __init__(self, rules):
        offsets = rules.rotation_offsets
        values = rules.card_values
        self.rules = rules
        self.c.players = rules.players
        self.c.hand_size = rules.hand_size
        self.c.pass_count = rules.pass_count
        self.c.rotation_length = len(offsets)
        for i in range(len(offsets)):
            self.c.rotation[i] = offsets[i]
        self.c.first_lead = FIRST_LEADS[rules.first_lead]
        self.c.first_trick_protected = rules.first_trick_protected
        self.c.hearts_must_be_broken = rules.hearts_must_be_broken
        self.c.queen_breaks_hearts = rules.queen_breaks_hearts
        self.c.hearts_lead_with_only_queen = rules.hearts_lead_with_only_queen
        self.c.queen_pass_restricted = rules.queen_pass_restricted
        self.c.void_if_one_takes_all = rules.void_if_one_takes_all
        self.c.moon = MOONS[rules.moon]
        self.c.moon_points = rules.moon_value
        self.c.no_tricks_bonus = rules.no_tricks_bonus
        self.c.deck = rules.deck.mask
        self.c.moon_cards = rules.moon_cards.mask
        for c in range(52):
            self.c.values[c] = values[c]
        if tc_hearts_prepare_rules(&self.c) != 0:
            raise RulesError(f"the Hearts kernel refuses these rules: {rules!r}")


cdef class DealCore:
    """The state of one Hearts-family deal, held as a C struct (see trickcore.hearts.Deal)."""

    def _start(self, KernelRules kernel, hands, int dealer, int64_t deal_number):
        """Deals ``hands`` (card masks, already validated against the rules)."""
        cdef tc_mask masks[TC_HEARTS_MAX_PLAYERS]
        cdef int players = kernel.c.players
        for p in range(players):
            masks[p] = hands[p]
        status = tc_hearts_start(&kernel.c, &self.state, masks, dealer, deal_number)
        if status != 0:
            raise error_for_status(status, f"the Hearts kernel refuses the hands {hands!r}")
        self.kernel = kernel
        self.head = None
        self.dealt = tuple(int(h) for h in hands)
        self.deal_number = deal_number

    cdef void *state_address(self) except NULL:
        return &self.state

    cdef size_t state_size(self):
        return sizeof(tc_hearts_state)

    cdef DealHistory blank_copy(self):
        cdef DealCore copy = DealCore.__new__(type(self))
        copy.kernel = self.kernel
        return copy

    cdef int seat_index(self, object seat) except -1:
        return seat_in(seat, self.kernel.c.players)

    @property
    def rules(self):
        return self.kernel.rules

    @property
    def players(self):
        return self.kernel.c.players

    @property
    def phase(self):
        """"pass" (cards are being passed), "play" or "over"."""
        return PHASES[self.state.phase]

    @property
    def to_act(self):
        """The seat to move (in the passing phase: the next seat from the dealer's left that
        has not passed; any such seat may pass), None when the deal is over."""
        return None if self.state.to_act < 0 else self.state.to_act

    @property
    def is_over(self):
        return self.state.phase == TC_HEARTS_OVER

    @property
    def dealer(self):
        return self.state.dealer

    @property
    def pass_offset(self):
        """This deal's pass: seat s passes to seat (s + pass_offset) % players; 0 for none."""
        return self.state.pass_offset

    @property
    def hearts_broken(self):
        return bool(self.state.hearts_broken)

    @property
    def leader(self):
        """The seat that led (or is to lead) the current trick."""
        return self.state.leader

    @property
    def trick_cards(self):
        """The cards of the current trick, in play order."""
        return tuple(Card(self.state.trick[i]) for i in range(self.state.trick_len))

    @property
    def tricks_won(self):
        return tuple(self.state.tricks_won[p] for p in range(self.kernel.c.players))

    @property
    def points_taken(self):
        """Card points won in tricks so far, per seat (before moon, bonus and void rules)."""
        return tuple([tc_hearts_points(&self.kernel.c, self.state.taken[p])
                      for p in range(self.kernel.c.players)])

    @property
    def move_count(self):
        return 0 if self.head is None else self.head.depth

    def hand(self, seat):
        return make_cardset(self.state.hands[self.seat_index(seat)])

    def hands(self):
        return tuple(make_cardset(self.state.hands[p]) for p in range(self.kernel.c.players))

    def dealt_hands(self):
        """The hands as dealt, before any pass."""
        return tuple(make_cardset(h) for h in self.dealt)

    def taken(self, seat):
        """The cards ``seat`` has won in tricks."""
        return make_cardset(self.state.taken[self.seat_index(seat)])

    def passed(self, seat):
        """The cards ``seat`` passed (empty before it passes, and in a deal without passing)."""
        return make_cardset(self.state.passed[self.seat_index(seat)])

    def void_suits(self, seat):
        """The suits ``seat`` has shown by play that it does not hold."""
        cdef int bits = self.state.voids[self.seat_index(seat)]
        return frozenset(Suit(s) for s in range(4) if bits >> s & 1)

    def legal_moves(self):
        """The cards the seat to act may play; in the passing phase, the cards that can be part
        of a legal pass for that seat. Empty when the deal is over."""
        return make_cardset(tc_hearts_moves(&self.kernel.c, &self.state))

    def play(self, card, *, seat=None):
        """Plays ``card`` for the seat to act (``seat``, when given, must be that seat)."""
        cdef int c = card_arg(card), refusal = 0, status
        cdef tc_hearts_state before = self.state
        if seat is not None and self.state.phase == TC_HEARTS_PLAYING and seat != before.to_act:
            raise IllegalMoveError(f"not your turn: seat {before.to_act} is to play, not seat {seat!r}")
        status = tc_hearts_play(&self.kernel.c, &self.state, c, &refusal)
        if status != 0:
            raise error_for_status(status, self.play_refusal(refusal, c))
        self.head = push_step(self.head, &before, sizeof(before), STEP_PLAY, before.to_act, c,
                              self.state.leader if self.state.trick_len == 0 else -1)

    def pass_cards(self, seat, cards):
        """Passes ``cards`` (a CardSet, a string such as "QS AH 2D", or an iterable of cards) for
        ``seat``; the passes are exchanged when every seat has passed."""
        cdef uint64_t mask = cards_arg(cards)
        cdef int refusal = 0, status, s
        cdef tc_hearts_state before = self.state
        if self.state.phase != TC_HEARTS_PASSING:
            raise IllegalMoveError(self.pass_refusal(TC_HEARTS_NOT_PASSING, -1, mask))
        s = self.seat_index(seat)
        status = tc_hearts_pass(&self.kernel.c, &self.state, s, mask, &refusal)
        if status != 0:
            raise error_for_status(status, self.pass_refusal(refusal, s, mask))
        self.head = push_step(self.head, &before, sizeof(before), STEP_PASS, s, mask, -1)

    def score(self):
        """(points per seat, moon shooter or None, void deal) of a finished deal."""
        cdef int32_t points[TC_HEARTS_MAX_PLAYERS]
        cdef int shooter, void_deal
        if self.state.phase != TC_HEARTS_OVER:
            raise IllegalMoveError(
                f"the deal is not over ({self.state.tricks_played} of {self.kernel.c.hand_size} "
                f"tricks played): points() is known at the end; see points_taken")
        tc_hearts_score(&self.kernel.c, self.state.taken, points, &shooter, &void_deal)
        return (tuple(points[p] for p in range(self.kernel.c.players)),
                None if shooter < 0 else shooter, bool(void_deal))

    def playouts(self, int64_t count, *, policy="random", seed=None):
        """Plays the deal from here to its end ``count`` times with a policy ("random" or
        "greedy") in C, leaving this deal unchanged: the points of each playout, shape
        (count, players)."""
        cdef int code = policy_code(policy)
        if count < 0:
            raise RulesError(f"count must be non-negative, not {count}")
        points = np.zeros((count, self.kernel.c.players), dtype=np.int32)
        if count == 0:
            return points
        cdef int32_t[:, ::1] view = points
        bit_generator = new_bit_generator(seed)
        cdef bitgen_t *rng = bitgen_of(bit_generator)
        cdef int status
        with bit_generator.lock, nogil:
            status = tc_hearts_playouts(&self.kernel.c, &self.state, rng, code, count, &view[0, 0])
        if status != 0:
            raise error_for_status(status, "the Hearts kernel refused the playouts")
        return points

    cdef str play_refusal(self, int refusal, int card):
        cdef tc_hearts_state *s = &self.state
        cdef int players = self.kernel.c.players
        shown = card_symbol(card) if 0 <= card < 56 else repr(card)
        if refusal == TC_HEARTS_NOT_PLAYING:
            if s.phase == TC_HEARTS_OVER:
                return "the deal is over: no more cards can be played"
            waiting = [p for p in range(players) if s.pending_passes >> p & 1]
            return f"cards are being passed: seats {waiting} have still to pass before play"
        if refusal == TC_HEARTS_NOT_YOUR_TURN:
            holder = next(p for p in range(players) if s.hands[p] >> card & 1)
            return f"not your turn: {shown} is in seat {holder}'s hand and seat {s.to_act} is to play"
        if refusal == TC_HEARTS_NOT_HELD:
            if not (self.kernel.c.deck >> card & 1) or card >= 52:
                return f"{shown} is not in play in this deal"
            return f"{shown} has been played already"
        if refusal == TC_HEARTS_FIRST_LEAD:
            lowest = card_symbol(tc_lowest(self.kernel.c.deck & 0x1FFF))
            return f"the first trick must be led with {lowest}, not {shown}"
        if refusal == TC_HEARTS_FIRST_LEAD_CLUB:
            return f"the first trick must be led with a club, not {shown}"
        if refusal == TC_HEARTS_MUST_FOLLOW:
            return f"must follow {Suit(s.trick[0] // 13).symbol}: {shown} does not"
        if refusal == TC_HEARTS_NOT_BROKEN:
            return f"hearts not broken: {shown} cannot be led until a heart has been discarded"
        if refusal == TC_HEARTS_FIRST_TRICK:
            return f"no heart and not Q♠ on the first trick while the hand holds other cards: {shown}"
        return f"{shown} cannot be played (refusal {refusal})"

    cdef str pass_refusal(self, int refusal, int seat, uint64_t cards):
        cdef int count = self.kernel.c.pass_count
        shown = card_symbols(cards)
        if refusal == TC_HEARTS_NOT_PASSING:
            if self.kernel.c.pass_count == 0 or self.state.pass_offset == 0:
                return "no passing in this deal"
            return f"cards are passed only before play: the deal is in the {self.phase} phase"
        if refusal == TC_HEARTS_ALREADY_PASSED:
            return f"seat {seat} has already passed"
        if refusal == TC_HEARTS_PASS_COUNT:
            return f"pass exactly {count} cards, not {tc_popcount(cards)}"
        if refusal == TC_HEARTS_PASS_NOT_HELD:
            return f"cannot pass {card_symbols(cards & ~self.state.hands[seat])}: not in seat {seat}'s hand"
        if refusal == TC_HEARTS_QUEEN_PASS:
            return f"Q♠ may only be passed with another spade or J♦, not with {shown}"
        return f"seat {seat} cannot pass {shown} (refusal {refusal})"


cdef int policy_code(object policy) except -1:
    if policy not in POLICIES:
        raise RulesError(f"unknown policy {policy!r} (expected one of {', '.join(POLICIES)})")
    return POLICIES[policy]


def simulate_block(KernelRules kernel, bit_generator, int64_t count, policy, bint record):
    """Plays ``count`` complete deals with ``policy`` from one bit generator (see
    tc_hearts_simulate) and returns the arrays of the simulation protocol."""
    cdef int code = policy_code(policy)
    if count < 0:
        raise RulesError(f"count must be non-negative, not {count}")
    cdef int players = kernel.c.players
    cdef int deck_size = players * kernel.c.hand_size
    result = {
        "points": np.zeros((count, players), dtype=np.int32),
        "tricks": np.zeros((count, players), dtype=np.int8),
        "moon": np.zeros(count, dtype=np.bool_),
        "shooter": np.full(count, -1, dtype=np.int8),
        "void": np.zeros(count, dtype=np.bool_),
        "direction": np.zeros(count, dtype=np.int8),
    }
    if record:
        result["hands"] = np.zeros((count, players), dtype=np.uint64)
        result["passes"] = np.zeros((count, players), dtype=np.uint64)
        result["plays"] = np.zeros((count, deck_size), dtype=np.uint8)
        result["legal"] = np.zeros((count, deck_size), dtype=np.uint64)
    if count == 0:
        return result
    cdef int32_t[:, ::1] points = result["points"]
    cdef int8_t[:, ::1] tricks = result["tricks"]
    cdef uint8_t[::1] moon = result["moon"].view(np.uint8)
    cdef int8_t[::1] shooter = result["shooter"]
    cdef uint8_t[::1] void_deal = result["void"].view(np.uint8)
    cdef int8_t[::1] direction = result["direction"]
    cdef uint64_t[:, ::1] hands, passes, legal
    cdef uint8_t[:, ::1] plays
    cdef tc_hearts_block out
    out.points = &points[0, 0]
    out.tricks = &tricks[0, 0]
    out.moon = &moon[0]
    out.shooter = &shooter[0]
    out.void_deal = &void_deal[0]
    out.direction = &direction[0]
    out.hands = out.passes = out.legal = NULL
    out.plays = NULL
    if record:
        hands = result["hands"]
        passes = result["passes"]
        plays = result["plays"]
        legal = result["legal"]
        out.hands = <tc_mask *>&hands[0, 0]
        out.passes = <tc_mask *>&passes[0, 0]
        out.plays = &plays[0, 0]
        out.legal = <tc_mask *>&legal[0, 0]
    cdef bitgen_t *rng = bitgen_of(bit_generator)
    cdef int status
    with bit_generator.lock, nogil:
        status = tc_hearts_simulate(&kernel.c, rng, code, count, &out)
    if status != 0:
        raise error_for_status(status, "the Hearts kernel refused the simulation")
    return result
