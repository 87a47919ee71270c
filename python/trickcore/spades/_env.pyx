# cython: freethreading_compatible = False, auto_pickle = False, nonecheck = True
"""Spades environments (src/trickcore/spades/env.c) on the EnvKernel base."""

from libc.stdint cimport INT32_MIN, int32_t, int64_t, uint8_t

from trickcore.core._cenv cimport TC_ENV_GREEDY, TC_ENV_RULE
from trickcore.core._env cimport EnvKernel
from trickcore.spades._cenv cimport *
from trickcore.spades._core cimport KernelRules

import numpy as np

from trickcore.core.errors import ArgumentError, RulesError

ACTIONS = TC_SPADES_ENV_ACTIONS
OBS_BYTES = TC_SPADES_ENV_OBS_BYTES
BID = TC_SPADES_ENV_BID
LOOK = TC_SPADES_ENV_LOOK
MISDEAL = TC_SPADES_ENV_MISDEAL
KEEP = TC_SPADES_ENV_KEEP


cdef class SpadesEnvKernel(EnvKernel):
    cdef tc_spades_env_params params
    cdef readonly KernelRules kernel

    def __init__(self, KernelRules kernel, int64_t num_envs, int seat, int policy,
                 bint autoreset, int threads):
        kernel.check()
        rules = kernel.rules
        if rules.renege == "table":
            raise RulesError('the Spades environment needs renege="strict": a table-mode renege '
                             'is a card outside the legal ones, which a masked action space '
                             'cannot offer')
        cdef int32_t min_score = INT32_MIN if rules.min_score is None else rules.min_score
        if tc_spades_env_init(&self.params, &kernel.c, rules.target, min_score) != 0:
            raise RulesError(f"the Spades environment refuses these rules: {rules!r}")
        self.kernel = kernel
        self.allocate(num_envs, sizeof(tc_spades_env), TC_SPADES_ENV_ACTIONS,
                      TC_SPADES_ENV_OBS_BYTES, 4, seat, policy, autoreset, threads)

    cdef void c_reset(self, int64_t lo, int64_t hi) noexcept nogil:
        tc_spades_env_reset(&self.params, &self.config, <tc_spades_env *>self.state_base,
                            self.stream_base, self.rngs, lo, hi, &self.out)

    cdef int64_t c_check(self, const int32_t *actions, int *why) noexcept nogil:
        return tc_spades_env_check(&self.params, <const tc_spades_env *>self.state_base,
                                   self.num_envs, actions, why)

    cdef void c_step(self, int64_t lo, int64_t hi, const int32_t *actions) noexcept nogil:
        tc_spades_env_step(&self.params, &self.config, <tc_spades_env *>self.state_base,
                           self.stream_base, self.rngs, lo, hi, actions, self.autoreset,
                           &self.out)

    cdef void c_observe(self, int64_t i, int seat, uint8_t *obs, uint8_t *mask) noexcept nogil:
        tc_spades_env_observe(&self.params, <const tc_spades_env *>self.state_base + i, seat,
                              obs, mask)

    def policy_actions(self, int policy):
        """The action a deterministic policy (greedy 1, rule 2) takes in each environment for
        the seat to act, as a new int32 array (-1 where the episode is over)."""
        if policy != TC_ENV_GREEDY and policy != TC_ENV_RULE:
            raise ArgumentError(f"policy_actions needs a deterministic policy (greedy "
                                f"{TC_ENV_GREEDY}, rule {TC_ENV_RULE}), not {policy}")
        actions = np.empty(self.num_envs, dtype=np.int32)
        cdef int32_t[::1] view = actions
        cdef const tc_spades_env *envs = <const tc_spades_env *>self.state_base
        cdef int64_t i
        with nogil:
            for i in range(self.num_envs):
                view[i] = tc_spades_env_policy_action(&self.params, envs + i, policy)
        return actions
