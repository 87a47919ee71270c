# cython: freethreading_compatible = False, auto_pickle = False, nonecheck = True
"""Bindings of the Spades kernel (src/trickcore/spades/): the C rules of a
``trickcore.spades.Rules``, the deal state class ``DealCore`` (the base of
``trickcore.spades.Deal``), playouts and block simulation."""

from libc.stdlib cimport free, malloc
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from numpy.random cimport bitgen_t

from trickcore.core._bitgen cimport bitgen_of
from trickcore.core._cardset cimport CardSet, card_arg, card_symbol, make_cardset
from trickcore.core._ccards cimport tc_mask, tc_popcount
from trickcore.spades._ckernel cimport *
from trickcore.core._binding cimport DealBinding, KernelRulesBase, policy_in
from trickcore.search._csolver cimport TC_SOLVE_SCORE, TC_SOLVE_TRICKS, solve_fn, tc_solve_request, tc_solver
from trickcore.core._chead cimport TC_PHASE_OVER, TC_PHASE_PLAY, TC_PHASE_SETUP
from trickcore.core._cstatus cimport *
from trickcore.core._cdraw cimport tc_draw8
from trickcore.core._history cimport STEP_BID, STEP_CLAIM, STEP_LOOK, STEP_PLAY, STEP_STATE_BYTES, Step

import numpy as np

from trickcore.core.card import Card, Suit
from trickcore.core.errors import (
    ArgumentError,
    IllegalMoveError,
    ParseError,
    RulesError,
    error_for_status,
)

if sizeof(tc_spades_state) > STEP_STATE_BYTES:
    raise ImportError("tc_spades_state does not fit in a Step: raise STEP_STATE_BYTES")

POLICIES = {"random": TC_SPADES_RANDOM, "greedy": TC_SPADES_GREEDY}
# One move at a time (bots, environments) the rule policy plays too.
MOVE_POLICIES = {**POLICIES, "rule": TC_SPADES_RULE}
BIDDING = {"standard": TC_SPADES_STANDARD, "suicide": TC_SPADES_SUICIDE,
           "mirror": TC_SPADES_MIRROR, "whiz": TC_SPADES_WHIZ}
MISDEALS = {"no-spades": TC_SPADES_MISDEAL_NO_SPADES, "no-face-cards": TC_SPADES_MISDEAL_NO_FACES,
            "long-suit": TC_SPADES_MISDEAL_LONG_SUIT}
NIL = TC_SPADES_NIL
BLIND_NIL = TC_SPADES_BLIND_NIL
MAX_VALUE = TC_SPADES_MAX_VALUE
MAX_SCORE = TC_SPADES_MAX_SCORE
MAX_BAG_LIMIT = TC_SPADES_MAX_BAG_LIMIT
MIN_LONG_SUIT = TC_SPADES_MIN_LONG_SUIT
_BID_WORDS = {"nil": NIL, "blind nil": BLIND_NIL}


def bid_value(int code):
    """The public form of a bid code: "nil", 1..13 or "blind nil"."""
    if code == NIL:
        return "nil"
    if code == BLIND_NIL:
        return "blind nil"
    return code


def bid_code(object value):
    """The code of a bid: an int 0..13 (0 is nil), "nil", "blind nil", or a number as text."""
    if isinstance(value, str):
        word = " ".join(value.strip().lower().replace("-", " ").replace("_", " ").split())
        if word in _BID_WORDS:
            return _BID_WORDS[word]
        if word.isdigit():
            value = int(word)
        else:
            raise ParseError(f"not a bid: {value!r} (expected 1..13, 'nil' or 'blind nil')")
    if isinstance(value, (bool, np.bool_)) or not hasattr(value, "__index__"):
        raise ParseError(f"not a bid: {value!r} (expected 1..13, 'nil' or 'blind nil')")
    value = value.__index__()  # an int, or a numpy integer from a simulation array
    if not 0 <= value <= 13:
        raise IllegalMoveError(f"a bid is 1..13 tricks, nil or blind nil, not {value!r}")
    return value

# The solver's objectives, the default first (docs/kernels.md, "Solver").
OBJECTIVES = {"tricks": TC_SOLVE_TRICKS, "score": TC_SOLVE_SCORE}


cdef class KernelRules(KernelRulesBase):
    """The C rules struct of one ``trickcore.spades.Rules``, built once and shared by its deals."""

    def __init__(self, rules):
        self.rules = rules
        self.c.partnerships = rules.partnerships
        self.c.bidding = BIDDING[rules.bidding]
        self.c.blind_nil = rules.blind_nil
        self.c.table_mode = rules.renege == "table"
        self.c.misdeal = sum(MISDEALS[name] for name in rules.misdeal)
        self.c.misdeal_long_suit = rules.misdeal_long_suit
        self.c.bag_limit = rules.bag_limit
        self.c.bag_penalty = rules.bag_penalty
        self.c.nil_value = rules.nil_value
        self.c.blind_nil_value = rules.blind_nil_value
        self.c.blind_nil_behind = rules.blind_nil_behind
        self.c.deck = rules.deck.mask
        if tc_spades_init_rules(&self.c) != 0:
            raise RulesError(f"the Spades kernel refuses these rules: {rules!r}")

    def estimate(self, hand):
        """The bidding evaluator's count of sure tricks in ``hand`` (see spades.c)."""
        return tc_spades_estimate(&self.c, (<CardSet>CardSet(hand)).mask)

    def score_tricks(self, bids, won, scores, bags):
        """The referee's score per side (points, as ``DealCore.score``'s first field) of a deal
        ending with these bid codes and tricks won per seat, from the sides' ``scores`` and
        ``bags`` before it, without a renege."""
        cdef int8_t c_bids[TC_SPADES_PLAYERS]
        cdef int8_t c_won[TC_SPADES_PLAYERS]
        cdef int32_t c_scores[TC_SPADES_PLAYERS]
        cdef int16_t c_bags[TC_SPADES_PLAYERS]
        cdef tc_spades_result result
        cdef int sides = tc_spades_sides(&self.c), p
        if len(bids) != TC_SPADES_PLAYERS or len(won) != TC_SPADES_PLAYERS or \
                len(scores) != sides or len(bags) != sides:
            raise ArgumentError(f"score_tricks takes {TC_SPADES_PLAYERS} bids and tricks and "
                                f"{sides} scores and bags")
        if not all(0 <= b <= BLIND_NIL for b in bids) or not all(0 <= w for w in won) \
                or sum(won) > 13:
            raise ArgumentError(f"not bid codes and tricks of a deal: {bids!r}, {won!r}")
        for p in range(TC_SPADES_PLAYERS):
            c_bids[p], c_won[p] = bids[p], won[p]
        for p in range(sides):
            c_scores[p], c_bags[p] = scores[p], bags[p]
        tc_spades_score_tricks(&self.c, c_bids, c_won, c_scores, c_bags, -1, &result)
        return tuple(result.points[k] for k in range(sides))

    def misdeal_reasons(self, hand):
        """The misdeal conditions (names of ``MISDEALS``) that ``hand`` meets, among those
        these rules play."""
        cdef int bits = tc_spades_misdeal_reasons(&self.c, (<CardSet>CardSet(hand)).mask)
        return tuple(name for name, bit in MISDEALS.items() if bits & bit)


cdef tuple result_tuple(const tc_spades_result *r, int sides):
    return (tuple(r.points[k] for k in range(sides)), tuple(r.totals[k] for k in range(sides)),
            tuple(r.bags[k] for k in range(sides)), tuple(r.bags_taken[k] for k in range(sides)),
            tuple(r.penalties[k] for k in range(sides)), tuple(r.contract[k] for k in range(sides)),
            tuple(r.tricks[k] for k in range(sides)), tuple(bool(r.made[k]) for k in range(sides)))


cdef int solve_spades(const void *rules, const void *state, tc_solve_request request,
                     tc_solver *solver, int32_t *values, tc_mask *legal,
                     int32_t *value) noexcept nogil:
    return tc_spades_solve(<const tc_spades_rules *>rules, <const tc_spades_state *>state, request, solver,
                         values, legal, value)


cdef class DealCore(DealBinding):
    """The state of one Spades deal, held as a C struct (see trickcore.spades.Deal)."""

    PHASES = ("bid", "play", "over")
    POLICIES = MOVE_POLICIES  # playouts go move by move, so the rule policy too
    MOVE_POLICIES = MOVE_POLICIES
    OBJECTIVES = OBJECTIVES
    # winning-rank entries hold for many positions: a quarter of the table costs under 1 % more
    # nodes in endings and is zeroed and missed less (docs/kernels.md, "Solver")
    SOLVER_TABLE_SHRINK = 2

    def _start(self, KernelRules kernel, hands, int dealer, int64_t deal_number, scores, bags):
        """Deals ``hands`` (card masks) with each side's score and bags before the deal (already
        validated against the rules)."""
        cdef tc_mask masks[TC_SPADES_PLAYERS]
        cdef int32_t c_scores[TC_SPADES_PLAYERS]
        cdef int16_t c_bags[TC_SPADES_PLAYERS]
        for p in range(TC_SPADES_PLAYERS):
            masks[p] = hands[p]
            c_scores[p] = scores[p] if p < len(scores) else 0
            c_bags[p] = bags[p] if p < len(bags) else 0
        status = tc_spades_start(&kernel.c, &self.state, masks, dealer, c_scores, c_bags)
        if status != 0:
            raise error_for_status(status, f"the Spades kernel refuses the deal {hands!r} "
                                           f"(scores {scores!r}, bags {bags!r})")
        self.kernel = kernel
        self.begin(kernel.rules, tuple(int(h) for h in hands), deal_number)

    cdef void *state_address(self) except NULL:
        return &self.state

    cdef size_t state_size(self):
        return sizeof(tc_spades_state)

    cdef DealBinding blank_copy(self):
        cdef DealCore copy = DealCore.__new__(type(self))
        copy.kernel = self.kernel
        return copy

    cdef object hand_of(self, int seat):
        return make_cardset(self.state.hands[seat])

    cdef object dealt_hand(self, object dealt):
        return make_cardset(dealt)

    cdef int kernel_play(self, int card, int *refusal) except -1:
        return tc_spades_play(&self.kernel.c, &self.state, card, refusal)

    cdef int playout_columns(self):
        return tc_spades_sides(&self.kernel.c)

    cdef int kernel_playouts(self, const void *state, bitgen_t *rng, int policy, int64_t count,
                             int32_t *points) noexcept nogil:
        cdef int sides = tc_spades_sides(&self.kernel.c), status, k
        cdef int64_t i
        cdef tc_spades_result *out = <tc_spades_result *>malloc(count * sizeof(tc_spades_result))
        if out == NULL:
            return TC_ERR_TOO_LONG
        status = tc_spades_playouts(&self.kernel.c, <const tc_spades_state *>state, rng, policy,
                                    count, out)
        for i in range(count if status == 0 else 0):
            for k in range(sides):
                points[i * sides + k] = out[i].points[k]
        free(out)
        return status

    cdef int kernel_policy_move(self, void *state, int policy, tc_draw8 *d,
                                uint64_t *value) except -1:
        # Bids by the evaluator, which chooses blind nil from the score alone; a seat that has
        # not seen its hand and does not bid blind nil looks at it first.
        cdef tc_spades_state *s = <tc_spades_state *>state
        if s.head.phase == TC_PHASE_PLAY:
            value[0] = tc_spades_policy_card(&self.kernel.c, s, policy, d)
            return STEP_PLAY
        value[0] = tc_spades_policy_bid(&self.kernel.c, s)
        if not (s.seen >> s.head.to_act & 1) and value[0] != BLIND_NIL:
            value[0] = 0
            return STEP_LOOK
        return STEP_BID

    cdef const void *kernel_rules(self) except NULL:
        return &self.kernel.c

    cdef solve_fn kernel_solver(self):
        return solve_spades

    @property
    def spades_broken(self):
        """Whether a spade has been played on another suit, so spades may be led."""
        self.head()
        return bool(self.state.spades_broken)

    @property
    def bids(self):
        """Each seat's bid ("nil", 1..13 or "blind nil"), None before it has bid."""
        self.head()
        return tuple(None if self.state.bids[p] < 0 else bid_value(self.state.bids[p])
                     for p in range(TC_SPADES_PLAYERS))

    @property
    def scores_before(self):
        """Each side's score before this deal."""
        self.head()
        return tuple(self.state.scores[k] for k in range(tc_spades_sides(&self.kernel.c)))

    @property
    def bags_before(self):
        """Each side's bag counter before this deal."""
        self.head()
        return tuple(self.state.bags[k] for k in range(tc_spades_sides(&self.kernel.c)))

    @property
    def misdeal_seat(self):
        """The seat that asked for a misdeal (the deal is then redealt), else None."""
        self.head()
        return None if self.state.misdeal_seat < 0 else self.state.misdeal_seat

    @property
    def first_renege(self):
        """The seat of the first renege (table mode), else None."""
        self.head()
        return None if self.state.first_renege < 0 else self.state.first_renege

    def has_seen(self, seat):
        """Whether ``seat`` has seen its hand (it has not while it may still bid blind nil and
        has neither bid nor looked)."""
        self.head()
        return bool(self.state.seen >> self.seat_index(seat) & 1)

    def blind_nil_eligible(self, seat):
        """Whether ``seat``'s side is far enough behind for blind nil (under blind-nil rules)."""
        self.head()
        return bool(self.state.blind_eligible >> self.seat_index(seat) & 1)

    def legal_moves(self):
        """The cards the seat to act may play by the rules; empty while bidding (see
        legal_bids) and at the end. In table mode a renege outside them is accepted too."""
        self.head()
        if self.state.head.phase != TC_PHASE_PLAY:
            return make_cardset(0)
        return make_cardset(tc_spades_legal(&self.kernel.c, &self.state))

    def legal_bids(self):
        """The bids the seat to act may make, in code order: "nil", 1..13, "blind nil"; empty
        outside the bidding phase."""
        self.head()
        cdef uint32_t mask = tc_spades_legal_bids(&self.kernel.c, &self.state)
        return tuple(bid_value(code) for code in range(BLIND_NIL + 1) if mask >> code & 1)

    def policy_bid(self):
        """The bid the built-in evaluator would make for the seat to act."""
        self.head()
        if self.state.head.phase != TC_PHASE_SETUP:
            raise IllegalMoveError(f"no bid to make: the deal is in the {self.phase} phase")
        return bid_value(tc_spades_policy_bid(&self.kernel.c, &self.state))

    def bid(self, value, *, seat=None):
        """Bids for the seat to act: a number of tricks 1..13, "nil" (or 0) or "blind nil"
        (``seat``, when given, must be that seat)."""
        self.head()
        cdef int code = bid_code(value), refusal = 0, status
        cdef tc_spades_state before = self.state
        if seat is not None and self.state.head.phase == TC_PHASE_SETUP and seat != before.head.to_act:
            raise IllegalMoveError(
                f"not your turn: seat {before.head.to_act} is to bid, not seat {seat!r}")
        status = tc_spades_bid(&self.kernel.c, &self.state, code, &refusal)
        if status != 0:
            raise error_for_status(status, self.bid_refusal(refusal, code))
        self.push(&before, STEP_BID, before.head.to_act, code,
                              -1)

    def look(self, seat):
        """``seat`` looks at its hand (from then on it cannot bid blind nil)."""
        self.head()
        cdef int s = self.seat_index(seat), refusal = 0, status
        cdef tc_spades_state before = self.state
        status = tc_spades_look(&self.kernel.c, &self.state, s, &refusal)
        if status != 0:
            raise error_for_status(status, self.seat_refusal(refusal, s))
        self.push(&before, STEP_LOOK, s, 0, -1)

    def claim_misdeal(self, seat):
        """``seat`` asks for a misdeal (before the first bid, with a hand that qualifies): the
        deal ends and is redealt by the same dealer."""
        self.head()
        cdef int s = self.seat_index(seat), refusal = 0, status
        cdef tc_spades_state before = self.state
        status = tc_spades_claim_misdeal(&self.kernel.c, &self.state, s, &refusal)
        if status != 0:
            raise error_for_status(status, self.seat_refusal(refusal, s))
        self.push(&before, STEP_CLAIM, s,
                              tc_spades_misdeal_reasons(&self.kernel.c, before.hands[s]), -1)

    def _renege_log(self):
        """The reneges so far, in order: (seat, card id, trick index, rule code)."""
        self.head()
        cdef Step step = self.last_step
        cdef tc_spades_state *before
        cdef tc_mask legal
        found = []
        while step is not None:
            if step.kind == STEP_PLAY:
                before = <tc_spades_state *>step.state
                legal = tc_spades_legal(&self.kernel.c, before)
                if not (legal >> step.value & 1):
                    if before[0].head.trick_len:
                        rule = "must-follow"
                    elif before[0].head.tricks_played == 0:
                        rule = "first-trick"
                    else:
                        rule = "not-broken"
                    found.append((step.seat, <int>step.value, before[0].head.tricks_played, rule))
            step = step.parent
        found.reverse()
        return found

    def score(self):
        """The finished deal's result per side: (points, totals, bags, bags_taken, penalties,
        contract, tricks, made)."""
        self.head()
        cdef tc_spades_result result
        if self.state.head.phase != TC_PHASE_OVER:
            raise IllegalMoveError(
                f"the deal is not over ({self.state.head.tricks_played} of 13 tricks played): "
                f"the score is known at the end")
        tc_spades_score(&self.kernel.c, &self.state, &result)
        return result_tuple(&result, tc_spades_sides(&self.kernel.c))

    cdef str play_refusal(self, int refusal, int card):
        cdef tc_spades_state *s = &self.state
        shown = card_symbol(card) if 0 <= card < 56 else repr(card)
        if refusal == TC_REFUSE_NOT_PLAYING:
            return (f"the bidding is not over: seat {s[0].head.to_act} is to bid before any card is "
                    f"played")
        if refusal == TC_REFUSE_NOT_HELD:
            if card >= 56 or not (self.kernel.c.deck >> card & 1):
                return f"{shown} is not in play in this deal"
            return f"{shown} has been played already"
        if refusal == TC_REFUSE_MUST_FOLLOW:
            led = Suit(s.led_suit)
            return f"must follow {led.symbol} (jokers count as spades): {shown} does not"
        if refusal == TC_REFUSE_NOT_BROKEN:
            return (f"spades not broken: {shown} cannot be led until a spade has been played "
                    f"on a trick led in another suit, while the hand holds another suit")
        if refusal == TC_REFUSE_FIRST_TRICK:
            return (f"the first trick is never led with a spade while the hand holds another "
                    f"suit: {shown}")
        return f"{shown} cannot be played (refusal {refusal})"

    cdef str bid_refusal(self, int refusal, int code):
        cdef tc_spades_state *s = &self.state
        cdef int seat = s[0].head.to_act, partner = seat ^ 2
        shown = repr(bid_value(code))
        count = tc_popcount(s.hands[seat] & self.kernel.c.trumps) if seat >= 0 else 0
        if refusal == TC_REFUSE_NOT_BIDDING:
            if s[0].head.phase == TC_PHASE_OVER:
                return "the deal is over: no more bids"
            return "the bidding is over: every seat has bid"
        if refusal == TC_REFUSE_BLIND_OFF:
            return "blind nil is not played under these rules (blind_nil=False)"
        if refusal == TC_REFUSE_BLIND_SEEN:
            return (f"blind nil is bid before looking at the hand: seat {seat} has seen its "
                    f"cards")
        if refusal == TC_REFUSE_BLIND_NOT_BEHIND:
            return (f"blind nil only when the side is at least {self.kernel.c.blind_nil_behind} "
                    f"points behind: seat {seat}'s side is not")
        if refusal == TC_REFUSE_SUICIDE_NIL:
            return (f"suicide: partner seat {partner} bid {bid_value(s.bids[partner])!r}, so seat "
                    f"{seat} must bid nil, not {shown}")
        if refusal == TC_REFUSE_SUICIDE_NUMBER:
            return (f"suicide: partner seat {partner} bid {bid_value(s.bids[partner])!r}, so seat "
                    f"{seat} must bid a number of tricks, not {shown}")
        if refusal == TC_REFUSE_MIRROR_COUNT:
            return (f"mirror: seat {seat} holds {count} spades and must bid exactly that "
                    f"(nil for none), not {shown}")
        if refusal == TC_REFUSE_WHIZ_COUNT:
            return f"whiz: seat {seat} holds {count} spades and must bid {count} or nil, not {shown}"
        return f"not a bid: {shown}"

    cdef str seat_refusal(self, int refusal, int seat):
        cdef tc_spades_state *s = &self.state
        if refusal == TC_REFUSE_NOT_BIDDING:
            if s[0].head.phase == TC_PHASE_OVER:
                return "the deal is over"
            return "the bidding is over: every hand has been seen and no misdeal can be asked for"
        if refusal == TC_REFUSE_ALREADY_SEEN:
            return f"seat {seat} has already seen its hand"
        if refusal == TC_REFUSE_NO_MISDEAL:
            return "misdeals are not played under these rules (misdeal=())"
        if refusal == TC_REFUSE_MISDEAL_LATE:
            return f"a misdeal is asked for before the first bid: {s.bids_made} bid(s) made"
        if refusal == TC_REFUSE_MISDEAL_HAND:
            wanted = []
            if self.kernel.c.misdeal & TC_SPADES_MISDEAL_NO_SPADES:
                wanted.append("no spade")
            if self.kernel.c.misdeal & TC_SPADES_MISDEAL_NO_FACES:
                wanted.append("no face card")
            if self.kernel.c.misdeal & TC_SPADES_MISDEAL_LONG_SUIT:
                wanted.append(f"{self.kernel.c.misdeal_long_suit}+ cards of one suit")
            return (f"seat {seat}'s hand {make_cardset(s.hands[seat]).pretty()} has none of "
                    f"{', '.join(wanted)}: no misdeal")
        return f"seat {seat} cannot do that (refusal {refusal})"


def simulate_block(KernelRules kernel, bit_generator, int64_t count, policy, bint record):
    """Plays ``count`` complete deals with ``policy`` from one bit generator (see
    tc_spades_simulate) and returns the arrays of the simulation protocol."""
    kernel.check()
    cdef int code = policy_in(policy, POLICIES)
    if count < 0:
        raise RulesError(f"count must be non-negative, not {count}")
    cdef int sides = tc_spades_sides(&kernel.c)
    cdef int deck_size = 52
    result = {
        "bids": np.zeros((count, 4), dtype=np.int8),
        "tricks": np.zeros((count, 4), dtype=np.int8),
        "points": np.zeros((count, sides), dtype=np.int32),
        "bags": np.zeros((count, sides), dtype=np.int8),
        "made": np.zeros((count, sides), dtype=np.bool_),
        "redeals": np.zeros(count, dtype=np.int16),
    }
    if record:
        result["hands"] = np.zeros((count, 4), dtype=np.uint64)
        result["legal_bids"] = np.zeros((count, 4), dtype=np.uint32)
        result["plays"] = np.zeros((count, deck_size), dtype=np.uint8)
        result["legal"] = np.zeros((count, deck_size), dtype=np.uint64)
    if count == 0:
        return result
    cdef int8_t[:, ::1] bids = result["bids"]
    cdef int8_t[:, ::1] tricks = result["tricks"]
    cdef int32_t[:, ::1] points = result["points"]
    cdef int8_t[:, ::1] bags = result["bags"]
    cdef uint8_t[:, ::1] made = result["made"].view(np.uint8)
    cdef int16_t[::1] redeals = result["redeals"]
    cdef uint64_t[:, ::1] hands, legal
    cdef uint32_t[:, ::1] legal_bids
    cdef uint8_t[:, ::1] plays
    cdef tc_spades_block out
    out.bids = &bids[0, 0]
    out.tricks = &tricks[0, 0]
    out.points = &points[0, 0]
    out.bags = &bags[0, 0]
    out.made = &made[0, 0]
    out.redeals = &redeals[0]
    out.hands = out.legal = NULL
    out.legal_bids = NULL
    out.plays = NULL
    if record:
        hands = result["hands"]
        legal_bids = result["legal_bids"]
        plays = result["plays"]
        legal = result["legal"]
        out.hands = <tc_mask *>&hands[0, 0]
        out.legal_bids = &legal_bids[0, 0]
        out.plays = &plays[0, 0]
        out.legal = <tc_mask *>&legal[0, 0]
    cdef bitgen_t *rng = bitgen_of(bit_generator)
    cdef int status
    with bit_generator.lock, nogil:
        status = tc_spades_simulate(&kernel.c, rng, code, count, &out)
    if status != 0:
        raise error_for_status(status, "the Spades kernel refused the simulation")
    return result
