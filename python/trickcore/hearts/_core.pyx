# cython: freethreading_compatible = False, auto_pickle = False, nonecheck = True
"""Bindings of the Hearts-family kernel (src/trickcore/hearts/): the C rules of a
``trickcore.hearts.Rules``, the deal state class ``DealCore`` (the base of
``trickcore.hearts.Deal``), playouts and block simulation."""

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from numpy.random cimport bitgen_t

from trickcore.core._bitgen cimport bitgen_of
from trickcore.core._cardset cimport CardSet, card_arg, card_symbol, card_symbols, cards_arg, make_cardset
from trickcore.core._ccards cimport tc_lowest, tc_mask, tc_popcount
from trickcore.hearts._ckernel cimport *
from trickcore.core._binding cimport DealBinding, KernelRulesBase, policy_in
from trickcore.search._csolver cimport TC_SOLVE_POINTS, solve_fn, tc_solve_request, tc_solver
from trickcore.core._chead cimport TC_PHASE_OVER, TC_PHASE_SETUP
from trickcore.core._cstatus cimport *
from trickcore.core._cdraw cimport tc_draw8
from trickcore.core._history cimport STEP_PASS, STEP_PLAY, STEP_STATE_BYTES

import numpy as np

from trickcore.core.card import Card, Suit
from trickcore.core.errors import IllegalMoveError, RulesError, error_for_status

if sizeof(tc_hearts_state) > STEP_STATE_BYTES:
    raise ImportError("tc_hearts_state does not fit in a Step: raise STEP_STATE_BYTES")

POLICIES = {"random": TC_HEARTS_RANDOM, "greedy": TC_HEARTS_GREEDY, "rule": TC_HEARTS_RULE}
FIRST_LEADS = {"lowest-club": TC_HEARTS_LEAD_LOWEST_CLUB, "any-club": TC_HEARTS_LEAD_ANY_CLUB,
               "left-of-dealer": TC_HEARTS_LEAD_LEFT_OF_DEALER}
MOONS = {"off": TC_HEARTS_MOON_OFF, "add-to-others": TC_HEARTS_MOON_ADD_TO_OTHERS,
         "subtract-from-shooter": TC_HEARTS_MOON_SUBTRACT_FROM_SHOOTER}
MAX_VALUE = TC_HEARTS_MAX_VALUE
MAX_ROTATION = TC_HEARTS_MAX_ROTATION

# The solver's objectives, the default first (docs/kernels.md, "Solver").
OBJECTIVES = {"points": TC_SOLVE_POINTS}


cdef class KernelRules(KernelRulesBase):
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


cdef int solve_hearts(const void *rules, const void *state, tc_solve_request request,
                     tc_solver *solver, int32_t *values, tc_mask *legal,
                     int32_t *value) noexcept nogil:
    return tc_hearts_solve(<const tc_hearts_rules *>rules, <const tc_hearts_state *>state, request, solver,
                         values, legal, value)


cdef class DealCore(DealBinding):
    """The state of one Hearts-family deal, held as a C struct (see trickcore.hearts.Deal)."""

    PHASES = ("pass", "play", "over")
    POLICIES = POLICIES
    MOVE_POLICIES = POLICIES
    OBJECTIVES = OBJECTIVES

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
        self.begin(kernel.rules, tuple(int(h) for h in hands), deal_number)

    cdef void *state_address(self) except NULL:
        return &self.state

    cdef size_t state_size(self):
        return sizeof(tc_hearts_state)

    cdef DealBinding blank_copy(self):
        cdef DealCore copy = DealCore.__new__(type(self))
        copy.kernel = self.kernel
        return copy

    cdef object hand_of(self, int seat):
        return make_cardset(self.state.hands[seat])

    cdef object dealt_hand(self, object dealt):
        return make_cardset(dealt)

    cdef int kernel_play(self, int card, int *refusal) except -1:
        return tc_hearts_play(&self.kernel.c, &self.state, card, refusal)

    cdef int kernel_playouts(self, const void *state, bitgen_t *rng, int policy, int64_t count,
                             int32_t *points) noexcept nogil:
        return tc_hearts_playouts(&self.kernel.c, <const tc_hearts_state *>state, rng, policy,
                                  count, points)

    cdef int kernel_policy_move(self, void *state, int policy, tc_draw8 *d,
                                uint64_t *value) except -1:
        cdef tc_hearts_state *s = <tc_hearts_state *>state
        cdef int seat = s.head.to_act, passing = s.head.phase == TC_PHASE_SETUP
        cdef tc_mask held = s.hands[seat]
        tc_hearts_policy_move(&self.kernel.c, s, policy, d)
        value[0] = s.passed[seat] if passing else <uint64_t>tc_lowest(held & ~s.hands[seat])
        return STEP_PASS if passing else STEP_PLAY

    cdef const void *kernel_rules(self) except NULL:
        return &self.kernel.c

    cdef solve_fn kernel_solver(self):
        return solve_hearts

    @property
    def pass_offset(self):
        """This deal's pass: seat s passes to seat (s + pass_offset) % players; 0 for none."""
        self.head()
        return self.state.pass_offset

    @property
    def hearts_broken(self):
        """Whether a heart (or, by the rules, Q♠) has been discarded, so hearts may be led."""
        self.head()
        return bool(self.state.hearts_broken)

    @property
    def points_taken(self):
        """Card points won in tricks so far, per seat (before moon, bonus and void rules)."""
        self.head()
        return tuple([tc_hearts_points(&self.kernel.c, self.state.taken[p])
                      for p in range(self.kernel.c.players)])

    def taken(self, seat):
        """The cards ``seat`` has won in tricks."""
        self.head()
        return make_cardset(self.state.taken[self.seat_index(seat)])

    def passed(self, seat):
        """The cards ``seat`` passed (empty before it passes, and in a deal without passing)."""
        self.head()
        return make_cardset(self.state.passed[self.seat_index(seat)])

    def legal_moves(self):
        """The cards the seat to act may play; in the passing phase, the cards that can be part
        of a legal pass for that seat. Empty when the deal is over."""
        self.head()
        return make_cardset(tc_hearts_moves(&self.kernel.c, &self.state))

    def pass_cards(self, seat, cards):
        """Passes ``cards`` (a CardSet, a string such as "QS AH 2D", or an iterable of cards) for
        ``seat``; the passes are exchanged when every seat has passed."""
        self.head()
        cdef uint64_t mask = cards_arg(cards)
        cdef int refusal = 0, status, s
        cdef tc_hearts_state before = self.state
        if self.state.head.phase != TC_PHASE_SETUP:
            raise IllegalMoveError(self.pass_refusal(TC_REFUSE_NOT_PASSING, -1, mask))
        s = self.seat_index(seat)
        status = tc_hearts_pass(&self.kernel.c, &self.state, s, mask, &refusal)
        if status != 0:
            raise error_for_status(status, self.pass_refusal(refusal, s, mask))
        self.push(&before, STEP_PASS, s, mask, -1)

    def score(self):
        """(points per seat, moon shooter or None, void deal) of a finished deal."""
        self.head()
        cdef int32_t points[TC_HEARTS_MAX_PLAYERS]
        cdef int shooter, void_deal
        if self.state.head.phase != TC_PHASE_OVER:
            raise IllegalMoveError(
                f"the deal is not over ({self.state.head.tricks_played} of "
                f"{self.kernel.c.hand_size} tricks played): points() is known at the end; "
                f"see points_taken")
        tc_hearts_score(&self.kernel.c, self.state.taken, points, &shooter, &void_deal)
        return (tuple(points[p] for p in range(self.kernel.c.players)),
                None if shooter < 0 else shooter, bool(void_deal))

    cdef str play_refusal(self, int refusal, int card):
        cdef tc_hearts_state *s = &self.state
        shown = card_symbol(card) if 0 <= card < 56 else repr(card)
        if refusal == TC_REFUSE_NOT_PLAYING:
            waiting = [p for p in range(self.kernel.c.players) if s.pending_passes >> p & 1]
            return f"cards are being passed: seats {waiting} have still to pass before play"
        if refusal == TC_REFUSE_NOT_HELD:
            if not (self.kernel.c.deck >> card & 1) or card >= 52:
                return f"{shown} is not in play in this deal"
            return f"{shown} has been played already"
        if refusal == TC_REFUSE_FIRST_LEAD:
            lowest = card_symbol(tc_lowest(self.kernel.c.deck & 0x1FFF))
            return f"the first trick must be led with {lowest}, not {shown}"
        if refusal == TC_REFUSE_FIRST_LEAD_CLUB:
            return f"the first trick must be led with a club, not {shown}"
        if refusal == TC_REFUSE_MUST_FOLLOW:
            return f"must follow {Suit(s[0].head.trick[0] // 13).symbol}: {shown} does not"
        if refusal == TC_REFUSE_NOT_BROKEN:
            return f"hearts not broken: {shown} cannot be led until a heart has been discarded"
        if refusal == TC_REFUSE_FIRST_TRICK:
            return f"no heart and not Q♠ on the first trick while the hand holds other cards: {shown}"
        return f"{shown} cannot be played (refusal {refusal})"

    cdef str pass_refusal(self, int refusal, int seat, uint64_t cards):
        cdef int count = self.kernel.c.pass_count
        shown = card_symbols(cards)
        if refusal == TC_REFUSE_NOT_PASSING:
            if self.kernel.c.pass_count == 0 or self.state.pass_offset == 0:
                return "no passing in this deal"
            return f"cards are passed only before play: the deal is in the {self.phase} phase"
        if refusal == TC_REFUSE_ALREADY_PASSED:
            return f"seat {seat} has already passed"
        if refusal == TC_REFUSE_PASS_COUNT:
            return f"pass exactly {count} cards, not {tc_popcount(cards)}"
        if refusal == TC_REFUSE_PASS_NOT_HELD:
            return f"cannot pass {card_symbols(cards & ~self.state.hands[seat])}: not in seat {seat}'s hand"
        if refusal == TC_REFUSE_QUEEN_PASS:
            return f"Q♠ may only be passed with another spade or J♦, not with {shown}"
        return f"seat {seat} cannot pass {shown} (refusal {refusal})"


def simulate_block(KernelRules kernel, bit_generator, int64_t count, policy, bint record):
    """Plays ``count`` complete deals with ``policy`` from one bit generator (see
    tc_hearts_simulate) and returns the arrays of the simulation protocol."""
    kernel.check()
    cdef int code = policy_in(policy, POLICIES)
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
