# cython: freethreading_compatible = False, auto_pickle = False, nonecheck = True
"""Bindings of the Danish Dam kernel (src/trickcore/dam/): the C rules of a
``trickcore.dam.Rules``, the deal state class ``DealCore`` (the base of ``trickcore.dam.Deal``),
playouts and block simulation."""

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from numpy.random cimport bitgen_t

from trickcore.core._bitgen cimport bitgen_of
from trickcore.core._cardset cimport card_arg, card_symbol, make_cardset, make_multiset
from trickcore.core._ccards cimport TC_ISA_BMI2, TC_ISA_PORTABLE, tc_isa_best, tc_mask, tc_multiset
from trickcore.dam._ckernel cimport *
from trickcore.core._ctrick cimport (
    TC_DUP_FIRST,
    TC_DUP_LAST,
    TC_JOKER_NEUTRAL,
    TC_JOKER_NONE,
    TC_JOKER_OUTRIGHT,
    TC_NO_TRUMP,
)
from trickcore.core._binding cimport DealBinding, KernelRulesBase, policy_in
from trickcore.search._csolver cimport TC_SOLVE_POINTS, solve_fn, tc_solve_request, tc_solver
from trickcore.core._chead cimport TC_PHASE_OVER
from trickcore.core._cstatus cimport *
from trickcore.core._cdraw cimport tc_draw8
from trickcore.core._history cimport STEP_PLAY, STEP_STATE_BYTES

import numpy as np

from trickcore.core.card import Card, Suit
from trickcore.core.errors import IllegalMoveError, RulesError, error_for_status

if sizeof(tc_dam_state) > STEP_STATE_BYTES:
    raise ImportError("tc_dam_state does not fit in a Step: raise STEP_STATE_BYTES")

POLICIES = {"random": TC_DAM_RANDOM, "greedy": TC_DAM_GREEDY}
# One move at a time (bots, environments) the rule policy plays too.
MOVE_POLICIES = {**POLICIES, "rule": TC_DAM_RULE}
# The compiled simulation loops (see tc_dam_loop); they give the same deals.
LOOPS = {"best": TC_DAM_LOOP_BEST, "portable": TC_DAM_LOOP_PORTABLE,
         "generic": TC_DAM_LOOP_GENERIC}
DUPLICATES = {"first": TC_DUP_FIRST, "last": TC_DUP_LAST}
# How jokers behave in a trick; a joker worth points ("points") never wins, like a neutral one.
JOKER_TRICK_MODES = {"none": TC_JOKER_NONE, "outright": TC_JOKER_OUTRIGHT,
                     "points": TC_JOKER_NEUTRAL, "neutral": TC_JOKER_NEUTRAL}
MAX_PLAYERS = TC_DAM_MAX_PLAYERS
MAX_VALUE = TC_DAM_MAX_VALUE

# The solver's objectives, the default first (docs/kernels.md, "Solver").
OBJECTIVES = {"points": TC_SOLVE_POINTS}


cdef class KernelRules(KernelRulesBase):
    """The C rules struct of one ``trickcore.dam.Rules``, built once and shared by its deals."""

    def __init__(self, rules):
        deck = rules.deck
        values = rules.card_values
        self.rules = rules
        self.c.players = rules.players
        self.c.hand_size = rules.hand_size
        self.c.turn_trump = rules.turn_trump
        self.c.score_tricks = rules.score_by == "tricks"
        self.c.collect = rules.scoring == "collect"
        self.c.last_trick_bonus = rules.last_trick_bonus
        self.c.trick.trump = TC_NO_TRUMP
        self.c.trick.duplicates = DUPLICATES[rules.duplicates]
        self.c.trick.jokers = JOKER_TRICK_MODES[rules.jokers]
        self.c.trick.packs = rules.packs
        self.c.deck.once = deck.once
        self.c.deck.twice = deck.twice
        for c in range(56):
            self.c.values[c] = values[c]
        if tc_dam_prepare_rules(&self.c) != 0:
            raise RulesError(f"the Dam kernel refuses these rules: {rules!r}")

    @property
    def pile_size(self):
        """Cards left in the draw pile after the deal."""
        return self.c.deck_size - self.c.players * self.c.hand_size


cdef int solve_dam(const void *rules, const void *state, tc_solve_request request,
                  tc_solver *solver, int32_t *values, tc_mask *legal,
                  int32_t *value) noexcept nogil:
    return tc_dam_solve(<const tc_dam_rules *>rules, <const tc_dam_state *>state, request, solver,
                      values, legal, value)


cdef class DealCore(DealBinding):
    """The state of one Danish Dam deal, held as a C struct (see trickcore.dam.Deal)."""

    PHASES = ("setup", "play", "over")  # a Dam deal has no setup phase
    POLICIES = MOVE_POLICIES  # playouts go move by move under the rule policy
    MOVE_POLICIES = MOVE_POLICIES
    OBJECTIVES = OBJECTIVES

    def _start(self, KernelRules kernel, hands, pile, int dealer, int64_t deal_number):
        """Deals ``hands`` ((once, twice) mask pairs) and ``pile`` (card ids, top first), already
        validated against the rules."""
        cdef tc_multiset masks[TC_DAM_MAX_PLAYERS]
        cdef uint8_t cards[TC_DAM_MAX_CARDS]
        cdef int players = kernel.c.players, size = len(pile)
        if size > TC_DAM_MAX_CARDS:
            raise RulesError(f"a draw pile of {size} cards is more than two packs hold")
        for p in range(players):
            masks[p].once = hands[p][0]
            masks[p].twice = hands[p][1]
        for i in range(size):
            cards[i] = pile[i]
        status = tc_dam_start(&kernel.c, &self.state, masks, cards, size, dealer)
        if status != 0:
            raise error_for_status(status, "the Dam kernel refuses these hands and pile")
        self.kernel = kernel
        self.setup_pile = tuple(pile)
        self.begin(kernel.rules, tuple(hands), deal_number)

    cdef void *state_address(self) except NULL:
        return &self.state

    cdef size_t state_size(self):
        return sizeof(tc_dam_state)

    cdef DealBinding blank_copy(self):
        cdef DealCore copy = DealCore.__new__(type(self))
        copy.kernel = self.kernel
        copy.setup_pile = self.setup_pile
        return copy

    cdef object hand_of(self, int seat):
        return make_multiset(self.state.hands[seat].once, self.state.hands[seat].twice)

    cdef object dealt_hand(self, object dealt):
        return make_multiset(dealt[0], dealt[1])

    cdef int kernel_play(self, int card, int *refusal) except -1:
        return tc_dam_play(&self.kernel.c, &self.state, card, refusal)

    cdef int trick_winner(self):
        return self.state.last_winner  # a winner without cards left does not lead

    cdef int kernel_playouts(self, const void *state, bitgen_t *rng, int policy, int64_t count,
                             int32_t *points) noexcept nogil:
        return tc_dam_playouts(&self.kernel.c, <const tc_dam_state *>state, rng, policy, count,
                               points)

    cdef int kernel_policy_move(self, void *state, int policy, tc_draw8 *d,
                                uint64_t *value) except -1:
        value[0] = tc_dam_policy_card(&self.kernel.c, <const tc_dam_state *>state, policy, d)
        return STEP_PLAY

    cdef const void *kernel_rules(self) except NULL:
        return &self.kernel.c

    cdef solve_fn kernel_solver(self):
        return solve_dam

    @property
    def trump(self):
        """The trump suit of this deal (from the turned card), None without trump."""
        self.head()
        return None if self.state.trump < 0 else Suit(self.state.trump)

    @property
    def trump_card(self):
        """The card turned from the pile for trump (face up at its bottom until drawn), None when
        the rules turn no card."""
        self.head()
        return None if self.state.turned == 255 else Card(self.state.turned)

    @property
    def pile_size(self):
        """Cards left in the draw pile."""
        self.head()
        return self.state.pile_end - self.state.pile_next

    def pile(self):
        """The draw pile in draw order (top first; the turned card, if any, last). Hidden from
        the players: see ``observation`` for what a seat knows."""
        self.head()
        return tuple(Card(self.state.pile[i])
                     for i in range(self.state.pile_next, self.state.pile_end))

    @property
    def last_trick_winner(self):
        """The seat that won the latest trick, None before the first."""
        self.head()
        return None if self.state.last_winner < 0 else self.state.last_winner

    @property
    def points_taken(self):
        """Card points won in tricks so far, per seat, on the scale of ``rules.scoring``."""
        self.head()
        return tuple(self.state.points_taken[p] for p in range(self.kernel.c.players))

    def dealt_pile(self):
        """The draw pile as left after dealing, top first, before any card was turned."""
        self.head()
        return tuple(Card(c) for c in self.setup_pile)

    def void_suits(self, seat):
        """The suits ``seat`` has shown by play that it lacks, and cannot have drawn since."""
        self.head()
        cdef int bits = tc_dam_voids(&self.kernel.c, &self.state, self.seat_index(seat))
        return frozenset(Suit(s) for s in range(4) if bits >> s & 1)

    def legal_moves(self):
        """The cards (not copies) the seat to act may play; empty when the deal is over."""
        self.head()
        return make_cardset(tc_dam_moves(&self.state))

    def score(self):
        """Points per seat of a finished deal: card values taken, or tricks (and the last-trick
        bonus) under ``score_by="tricks"``."""
        self.head()
        cdef int32_t points[TC_DAM_MAX_PLAYERS]
        if self.state.head.phase != TC_PHASE_OVER:
            raise IllegalMoveError(
                f"the deal is not over ({self.state.head.tricks_played} tricks played, "
                f"{self.pile_size} cards in the pile): points() is known at the end; "
                f"see points_taken")
        tc_dam_score(&self.kernel.c, &self.state, points)
        return tuple(points[p] for p in range(self.kernel.c.players))

    cdef str play_refusal(self, int refusal, int card):
        cdef tc_dam_state *s = &self.state
        shown = card_symbol(card) if 0 <= card < 56 else repr(card)
        if refusal == TC_REFUSE_NOT_HELD:
            if not (self.kernel.c.deck.once >> card & 1):
                return f"{shown} is not in play in this deal (see the rules' packs and jokers)"
            return f"nobody holds {shown}: it has been played, or is still in the draw pile"
        if refusal == TC_REFUSE_MUST_FOLLOW:
            led = Suit(s.led).symbol
            joker = " or a joker" if self.kernel.c.trick.jokers != TC_JOKER_NONE else ""
            return f"must follow suit: seat {s[0].head.to_act} holds {led}, so {shown} cannot be played " \
                   f"(play a {led}{joker})"
        return f"{shown} cannot be played (refusal {refusal})"


ISAS = {TC_ISA_PORTABLE: "portable", TC_ISA_BMI2: "bmi2"}


def best_loop_isa():
    """The instruction set of the loop "best" runs on this CPU for the random policy without
    recording: "bmi2" or "portable" (see tc_isa_best)."""
    return ISAS[tc_isa_best()]


def simulate_block(KernelRules kernel, bit_generator, int64_t count, policy, bint record,
                   loop="best"):
    """Plays ``count`` complete deals with ``policy`` from one bit generator (see
    tc_dam_simulate) and returns the arrays of the simulation protocol. ``loop`` picks the
    compiled loop ("best", "portable" or "generic"), for tests
    that compare them."""
    kernel.check()
    cdef int code = policy_in(policy, POLICIES)
    if loop not in LOOPS:
        raise RulesError(f"unknown loop {loop!r} (expected one of {', '.join(LOOPS)})")
    cdef int loop_code = LOOPS[loop]
    if count < 0:
        raise RulesError(f"count must be non-negative, not {count}")
    cdef int players = kernel.c.players
    cdef int deck_size = kernel.c.deck_size
    cdef int pile_size = kernel.pile_size
    result = {
        "points": np.zeros((count, players), dtype=np.int32),
        "tricks": np.zeros((count, players), dtype=np.int8),
        "trump": np.full(count, -1, dtype=np.int8),
        "last_trick": np.zeros(count, dtype=np.int8),
    }
    if record:
        result["hands_once"] = np.zeros((count, players), dtype=np.uint64)
        result["hands_twice"] = np.zeros((count, players), dtype=np.uint64)
        result["pile"] = np.zeros((count, pile_size), dtype=np.uint8)
        result["plays"] = np.zeros((count, deck_size), dtype=np.uint8)
        result["legal"] = np.zeros((count, deck_size), dtype=np.uint64)
    if count == 0:
        return result
    cdef int32_t[:, ::1] points = result["points"]
    cdef int8_t[:, ::1] tricks = result["tricks"]
    cdef int8_t[::1] trump = result["trump"]
    cdef int8_t[::1] last_trick = result["last_trick"]
    cdef uint64_t[:, ::1] once, twice, legal
    cdef uint8_t[:, ::1] pile, plays
    cdef tc_dam_block out
    out.points = &points[0, 0]
    out.tricks = &tricks[0, 0]
    out.trump = &trump[0]
    out.last_trick = &last_trick[0]
    out.once = out.twice = out.legal = NULL
    out.pile = out.plays = NULL
    if record:
        once = result["hands_once"]
        twice = result["hands_twice"]
        plays = result["plays"]
        legal = result["legal"]
        out.once = <tc_mask *>&once[0, 0]
        out.twice = <tc_mask *>&twice[0, 0]
        out.plays = &plays[0, 0]
        out.legal = <tc_mask *>&legal[0, 0]
        if pile_size:
            pile = result["pile"]
            out.pile = &pile[0, 0]
    cdef bitgen_t *rng = bitgen_of(bit_generator)
    cdef int status
    with bit_generator.lock, nogil:
        status = tc_dam_simulate(&kernel.c, rng, code, count, &out, loop_code)
    if status != 0:
        raise error_for_status(status, "the Dam kernel refused the simulation")
    return result
