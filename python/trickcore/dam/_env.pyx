# cython: freethreading_compatible = False, auto_pickle = False, nonecheck = True
"""Danish Dam environments (src/trickcore/dam/env.c) on the EnvKernel base."""

from libc.stdint cimport int32_t, int64_t, uint8_t

from trickcore.core._env cimport EnvKernel
from trickcore.dam._cenv cimport *
from trickcore.dam._core cimport KernelRules

from trickcore.core.errors import ArgumentError, RulesError

ACTIONS = TC_DAM_ENV_ACTIONS
OBS_BYTES = TC_DAM_ENV_OBS_BYTES


cdef class DamEnvKernel(EnvKernel):
    cdef tc_dam_env_params params
    cdef readonly KernelRules kernel

    def __init__(self, KernelRules kernel, int64_t num_envs, int seat, int policy,
                 bint autoreset, int threads):
        kernel.check()
        rules = kernel.rules
        if tc_dam_env_init(&self.params, &kernel.c, rules.teams, rules.open_hands) != 0:
            raise RulesError(f"the Dam environment refuses these rules: {rules!r}")
        self.kernel = kernel
        self.allocate(num_envs, sizeof(tc_dam_env), TC_DAM_ENV_ACTIONS, TC_DAM_ENV_OBS_BYTES,
                      kernel.c.players, seat, policy, autoreset, threads)

    cdef void c_reset(self, int64_t lo, int64_t hi) noexcept nogil:
        tc_dam_env_reset(&self.params, &self.config, <tc_dam_env *>self.state_base,
                         self.stream_base, self.rngs, lo, hi, &self.out)

    cdef int64_t c_check(self, const int32_t *actions, int *why) noexcept nogil:
        return tc_dam_env_check(&self.params, <const tc_dam_env *>self.state_base,
                                self.num_envs, actions, why)

    cdef void c_step(self, int64_t lo, int64_t hi, const int32_t *actions) noexcept nogil:
        tc_dam_env_step(&self.params, &self.config, <tc_dam_env *>self.state_base,
                        self.stream_base, self.rngs, lo, hi, actions, self.autoreset, &self.out)

    cdef void c_observe(self, int64_t i, int seat, uint8_t *obs, uint8_t *mask) noexcept nogil:
        tc_dam_env_observe(&self.params, <const tc_dam_env *>self.state_base + i, seat, obs,
                           mask)

    def dealt(self, int64_t index):
        """Environment ``index``'s episode as dealt: a new ``trickcore.dam.Deal`` with its hands,
        draw pile (top first, before the turn), dealer and deal number. The players never see
        these: it is for tests and replays (mirror the actions on it)."""
        from trickcore.dam.deal import Deal

        if not self.generators:
            raise ArgumentError("no episode yet: call reset(seed) first")
        if not 0 <= index < self.num_envs:
            raise ArgumentError(f"no environment {index} (0..{self.num_envs - 1})")
        cdef const tc_dam_env *e = <const tc_dam_env *>self.state_base + index
        cdef int n = self.kernel.c.players, size = self.kernel.c.hand_size
        cdef int dealt = n * size, end = self.kernel.c.deck_size
        cards = [e.deal.pile[k] for k in range(end)]
        hands = [cards[p * size:(p + 1) * size] for p in range(n)]
        pile = cards[dealt:]
        if self.kernel.c.turn_trump:  # the turned card, last in draw order, was the top card
            pile = cards[end - 1:] + cards[dealt:end - 1]
        return Deal(self.kernel.rules, hands, pile, dealer=e.deal.head.dealer,
                    deal_number=e.deals - 1)
