# cython: freethreading_compatible = False, auto_pickle = False, nonecheck = True
"""The Cython base of every card game's deal class: what the games share, on the deal head
that opens each game's C state (``tc_deal_head``: phase, seat to act, dealer, leader, the trick
in progress, tricks won, voids shown) and the undo history of ``_history``.

A game's ``DealCore`` subclass holds its C state struct by value and fills in the hooks of
``_binding.pxd``: where the state is, how to copy what else it keeps, its hands as Python
values, its checked play, its refusal messages and its playouts. Everything else is here, once.
"""

from libc.stdint cimport uint64_t
from libc.string cimport memcpy

from trickcore.core._chead cimport TC_PHASE_OVER, TC_PHASE_PLAY
from trickcore.core._cstatus cimport TC_REFUSE_NOT_PLAYING, TC_REFUSE_NOT_YOUR_TURN
from trickcore.core._cardset cimport card_arg, card_symbol
from trickcore.core._history cimport STEP_PLAY, STEP_STATE_WORDS, push_step, seat_in
from trickcore.core._bitgen cimport bitgen_of
from trickcore.core._cdraw cimport tc_draw8, tc_draw8_init

import numpy as np

from trickcore.core import arguments
from trickcore.core.card import Card, Suit
from trickcore.core.errors import IllegalMoveError, RulesError, error_for_status
from trickcore.core._history import step_log
from trickcore.core.seeding import bit_generator


cdef int policy_in(object policy, dict policies) except -1:
    if not isinstance(policy, str) or policy not in policies:
        raise RulesError(f"unknown policy {policy!r} (expected one of {', '.join(policies)})")
    return policies[policy]


cdef class KernelRulesBase:
    """A game's C rules struct, built once from a ``Rules`` by the game's KernelRules."""

    def check(self):
        """Refuses a KernelRules that was never built from rules (its C struct is blank)."""
        if self.rules is None:
            raise RulesError("these kernel rules were never built: use KernelRules(rules)")


cdef class DealBinding:
    """Phase, turn, trick and history of a card game's deal, shared by the games' deal
    classes; the game's subclass supplies its C state and its rules (see the module doc)."""

    PHASES = ()  # the game's names of its phases, by the head's phase code
    OBJECTIVES = {}  # the solver's objectives by name, the default first
    SOLVER_TABLE_SHRINK = 0  # halvings of the solver's table for endings of up to 11 tricks

    cdef void *state_address(self) except NULL:
        raise NotImplementedError

    cdef size_t state_size(self):
        return 0

    cdef DealBinding blank_copy(self):
        raise NotImplementedError

    cdef object hand_of(self, int seat):
        raise NotImplementedError

    cdef object dealt_hand(self, object dealt):
        raise NotImplementedError

    cdef int kernel_play(self, int card, int *refusal) except -1:
        raise NotImplementedError

    cdef str play_refusal(self, int refusal, int card):
        raise NotImplementedError

    cdef int trick_winner(self):
        """The winner of the trick just completed (who leads the next, in most games)."""
        return self.head().leader

    cdef int playout_columns(self):
        return self.head().players

    cdef int kernel_playouts(self, const void *state, bitgen_t *rng, int policy, int64_t count,
                             int32_t *points) noexcept nogil:
        return -1

    cdef int kernel_policy_move(self, void *state, int policy, tc_draw8 *d,
                                uint64_t *value) except -1:
        """Makes the move of C policy ``policy`` for the seat to act on ``state`` (a copy):
        returns its history kind (STEP_PASS, STEP_BID, ...) and writes its value."""
        raise NotImplementedError

    cdef const void *kernel_rules(self) except NULL:
        raise NotImplementedError

    cdef solve_fn kernel_solver(self):
        return NULL

    cdef begin(self, object rules, tuple dealt, int64_t deal_number):
        """Starts the history of a freshly dealt state."""
        self.rules_object = rules
        self.last_step = None
        self.dealt = dealt
        self.deal_number = deal_number

    cdef tc_deal_head *head(self) except NULL:
        """The deal head; every public call starts here, so a deal never dealt (made with
        ``__new__``) is refused before any kernel reads its blank state."""
        if self.rules_object is None:
            raise RulesError("this deal was never dealt: make one with Deal(rules, hands=...) or "
                             "Deal.random(rules)")
        return <tc_deal_head *>self.state_address()

    cdef int seat_index(self, object seat) except -1:
        return seat_in(seat, self.head().players)

    cdef str common_refusal(self, int refusal, int card, str shown):
        """The message of a refusal every game words alike, or None."""
        cdef tc_deal_head *h = self.head()
        if refusal == TC_REFUSE_NOT_PLAYING and h.phase == TC_PHASE_OVER:
            return "the deal is over: no more cards can be played"
        if refusal == TC_REFUSE_NOT_YOUR_TURN:
            holder = next(p for p in range(h.players) if card in self.hand_of(p))
            return (f"not your turn: {shown} is in seat {holder}'s hand and seat {h.to_act} "
                    f"is to play")
        return None

    @property
    def rules(self):
        """The game's ``Rules`` this deal is played under."""
        self.head()
        return self.rules_object

    @property
    def players(self):
        """The number of seats."""
        return self.head().players

    @property
    def phase(self):
        """The phase's name: the game's setup phase ("pass", "bid"), "play" or "over"."""
        return self.PHASES[self.head().phase]

    @property
    def to_act(self):
        """The seat to act, None when the deal is over."""
        cdef int seat = self.head().to_act
        return None if seat < 0 else seat

    @property
    def is_over(self):
        """Whether every trick has been played (the deal can be scored)."""
        return self.head().phase == TC_PHASE_OVER

    @property
    def dealer(self):
        """The dealer's seat."""
        return self.head().dealer

    @property
    def leader(self):
        """The seat that led (or is to lead) the current trick."""
        return self.head().leader

    @property
    def trick_cards(self):
        """The cards of the current trick, in play order."""
        cdef tc_deal_head *h = self.head()
        return tuple(Card(h.trick[i]) for i in range(h.trick_len))

    @property
    def tricks_won(self):
        """Tricks won so far, per seat."""
        cdef tc_deal_head *h = self.head()
        return tuple(h.tricks_won[p] for p in range(h.players))

    @property
    def tricks_played(self):
        """Tricks completed so far."""
        return self.head().tricks_played

    @property
    def move_count(self):
        """Moves made so far (passes, bids, looks, claims and cards): what undo() can take back."""
        return 0 if self.last_step is None else self.last_step.depth

    def hand(self, seat):
        """The cards ``seat`` holds."""
        return self.hand_of(self.seat_index(seat))

    def hands(self):
        """Every seat's hand, by seat."""
        return tuple(self.hand_of(p) for p in range(self.head().players))

    def dealt_hands(self):
        """The hands as dealt."""
        self.head()
        return tuple(self.dealt_hand(h) for h in self.dealt)

    def void_suits(self, seat):
        """The suits ``seat`` has shown by play that it does not hold."""
        cdef int bits = self.head().voids[self.seat_index(seat)]
        return frozenset(Suit(s) for s in range(4) if bits >> s & 1)

    def play(self, card, *, seat=None):
        """Plays ``card`` for the seat to act (``seat``, when given, must be that seat)."""
        cdef int c = card_arg(card), refusal = 0, status
        cdef tc_deal_head *h = self.head()
        cdef int player = h.to_act, tricks = h.tricks_played
        cdef uint64_t before[STEP_STATE_WORDS]
        if seat is not None and h.phase == TC_PHASE_PLAY and seat != player:
            raise IllegalMoveError(f"not your turn: seat {player} is to play, not seat {seat!r}")
        memcpy(before, self.state_address(), self.state_size())
        status = self.kernel_play(c, &refusal)
        if status != 0:
            shown = card_symbol(c) if 0 <= c < 56 else repr(c)
            raise error_for_status(status, self.common_refusal(refusal, c, shown)
                                   or self.play_refusal(refusal, c))
        self.push(before, STEP_PLAY, player, c, self.trick_winner() if h.tricks_played != tricks else -1)

    cdef push(self, const void *before, int kind, int seat, uint64_t value, int result):
        self.last_step = push_step(self.last_step, before, self.state_size(), kind, seat, value,
                                   result)

    def playouts(self, count, *, policy="random", seed=None):
        """Plays the deal from here to its end ``count`` times with a policy in C, leaving this
        deal unchanged: the points of each playout, one row per playout. ``seed`` may be a numpy
        BitGenerator, drawn from in place (cheap for many single playouts)."""
        self.head()
        cdef int64_t n = arguments.count("count", count, RulesError)
        cdef int code = policy_in(policy, self.POLICIES)
        cdef uint64_t state[STEP_STATE_WORDS]
        cdef int status = 0
        points = np.zeros((n, self.playout_columns()), dtype=np.int32)
        if n == 0:
            return points
        cdef int32_t[:, ::1] view = points
        generator = seed if isinstance(seed, np.random.BitGenerator) else bit_generator(seed)
        cdef bitgen_t *rng = bitgen_of(generator)
        memcpy(state, self.state_address(), self.state_size())  # another thread may play on
        with generator.lock, nogil:
            status = self.kernel_playouts(state, rng, code, n, &view[0, 0])
        if status != 0:
            raise error_for_status(status, "the kernel refused the playouts")
        return points

    def _policy_move(self, policy, bit_generator):
        """The move the game's C policy ``policy`` (a name of ``MOVE_POLICIES``) makes for the
        seat to act, as ``(kind, seat, value)`` in the history's terms (``_log``), the deal left
        unchanged; a random choice draws from ``bit_generator`` (a numpy BitGenerator)."""
        cdef tc_deal_head *h = self.head()
        if h.phase == TC_PHASE_OVER:
            raise IllegalMoveError("the deal is over: there is no move to make")
        cdef int code = policy_in(policy, self.MOVE_POLICIES), seat = h.to_act, kind = 0
        cdef uint64_t state[STEP_STATE_WORDS]
        cdef uint64_t value = 0
        cdef tc_draw8 d
        memcpy(state, self.state_address(), self.state_size())
        with bit_generator.lock:
            tc_draw8_init(&d, bitgen_of(bit_generator))
            kind = self.kernel_policy_move(state, code, &d, &value)
        return kind, seat, value

    def undo(self):
        """Takes back the last move (and all it caused: a finished trick, a refill...)."""
        if self.last_step is None:
            raise IllegalMoveError("nothing to undo: no move has been made in this deal")
        memcpy(self.state_address(), self.last_step.state, self.state_size())
        self.last_step = self.last_step.parent

    def clone(self):
        """An independent copy sharing the (immutable) history: a struct copy."""
        self.head()
        cdef DealBinding copy = self.blank_copy()
        memcpy(copy.state_address(), self.state_address(), self.state_size())
        copy.last_step = self.last_step
        copy.dealt = self.dealt
        copy.deal_number = self.deal_number
        copy.rules_object = self.rules_object
        return copy

    def _log(self):
        """The moves so far as (kind, seat, value, result) tuples."""
        return step_log(self.last_step)
