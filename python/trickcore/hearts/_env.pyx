# cython: freethreading_compatible = False, auto_pickle = False, nonecheck = True
"""Hearts-family environments (src/trickcore/hearts/env.c) on the EnvKernel base."""

from libc.stdint cimport int32_t, int64_t, uint8_t

from trickcore.core._env cimport EnvKernel
from trickcore.hearts._cenv cimport *
from trickcore.core._ccards cimport tc_mask
from trickcore.hearts._ckernel cimport TC_HEARTS_MAX_PLAYERS
from trickcore.hearts._core cimport DealCore, KernelRules

from trickcore.core.errors import ArgumentError, RulesError
from trickcore.core.trick_deal import Play

ACTIONS = TC_HEARTS_ENV_ACTIONS
OBS_BYTES = TC_HEARTS_ENV_OBS_BYTES


cdef class HeartsEnvKernel(EnvKernel):
    cdef tc_hearts_env_params params
    cdef readonly KernelRules kernel

    def __init__(self, KernelRules kernel, int64_t num_envs, int seat, int policy,
                 bint autoreset, int threads):
        kernel.check()
        if tc_hearts_env_init(&self.params, &kernel.c) != 0:
            raise RulesError(f"the Hearts environment refuses these rules: {kernel.rules!r}")
        self.kernel = kernel
        self.allocate(num_envs, sizeof(tc_hearts_env), TC_HEARTS_ENV_ACTIONS,
                      TC_HEARTS_ENV_OBS_BYTES, kernel.c.players, seat, policy, autoreset,
                      threads)

    cdef void c_reset(self, int64_t lo, int64_t hi) noexcept nogil:
        tc_hearts_env_reset(&self.params, &self.config, <tc_hearts_env *>self.state_base,
                            self.stream_base, self.rngs, lo, hi, &self.out)

    cdef int64_t c_check(self, const int32_t *actions, int *why) noexcept nogil:
        return tc_hearts_env_check(&self.params, <const tc_hearts_env *>self.state_base,
                                   self.num_envs, actions, why)

    cdef void c_step(self, int64_t lo, int64_t hi, const int32_t *actions) noexcept nogil:
        tc_hearts_env_step(&self.params, &self.config, <tc_hearts_env *>self.state_base,
                           self.stream_base, self.rngs, lo, hi, actions, self.autoreset,
                           &self.out)

    cdef void c_observe(self, int64_t i, int seat, uint8_t *obs, uint8_t *mask) noexcept nogil:
        tc_hearts_env_observe(&self.params, <const tc_hearts_env *>self.state_base + i, seat,
                              obs, mask)

    def load(self, int64_t index, DealCore deal):
        """Sets environment ``index`` to ``deal`` (a Deal of these rules; copied, never
        changed); a pass half chosen is not carried over. Its row is written; in single-agent
        mode the other seats first play, from the environment's stream, until the seat is to
        act."""
        self.check_index(index)
        if deal.rules != self.kernel.rules:
            raise RulesError("the deal's rules are not this environment's rules")
        if not self.generators:
            raise ArgumentError("load before reset: call reset(seed) first")
        cdef tc_mask held[TC_HEARTS_MAX_PLAYERS]
        for seat in range(TC_HEARTS_MAX_PLAYERS):
            held[seat] = deal.hand(seat).mask if seat < deal.players else 0
        for move in deal.history:
            if isinstance(move, Play):
                held[move.seat] |= 1 << int(move.card)
        tc_hearts_env_load(<tc_hearts_env *>self.state_base + index, &deal.state, held,
                           deal.deal_number + 1)
        tc_hearts_env_resume(&self.params, &self.config, <tc_hearts_env *>self.state_base,
                             self.stream_base, self.rngs, index, &self.out)
