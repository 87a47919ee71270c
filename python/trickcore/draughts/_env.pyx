# cython: freethreading_compatible = False, auto_pickle = False, nonecheck = True
"""English draughts environments (src/draughts/env.c) on the EnvKernel base."""

from libc.stdint cimport int32_t, int64_t, uint8_t

from trickcore.core._env cimport EnvKernel
from trickcore.draughts._board cimport Board
from trickcore.draughts._cenv cimport *

from trickcore.core.errors import RulesError

ACTIONS = DR_ENV_ACTIONS
OBS_BYTES = DR_ENV_OBS_BYTES


cdef class DraughtsEnvKernel(EnvKernel):
    cdef dr_env_params params

    def __init__(self, Board start, int32_t max_plies, int64_t num_envs, int seat, int policy,
                 bint autoreset, int threads):
        if dr_env_init(&self.params, &start._pos, max_plies) != 0:
            raise RulesError(f"the draughts environment refuses the start {start.fen()!r} "
                             f"(no legal move) or max_plies {max_plies}")
        self.allocate(num_envs, sizeof(dr_env), DR_ENV_ACTIONS, DR_ENV_OBS_BYTES, 2, seat,
                      policy, autoreset, threads)

    cdef void c_reset(self, int64_t lo, int64_t hi) noexcept nogil:
        dr_env_reset(&self.params, &self.config, <dr_env *>self.state_base, self.stream_base,
                     self.rngs, lo, hi, &self.out)

    cdef int64_t c_check(self, const int32_t *actions, int *why) noexcept nogil:
        return dr_env_check(&self.params, <const dr_env *>self.state_base, self.num_envs,
                            actions, why)

    cdef void c_step(self, int64_t lo, int64_t hi, const int32_t *actions) noexcept nogil:
        dr_env_step(&self.params, &self.config, <dr_env *>self.state_base, self.stream_base,
                    self.rngs, lo, hi, actions, self.autoreset, &self.out)

    cdef void c_observe(self, int64_t i, int seat, uint8_t *obs, uint8_t *mask) noexcept nogil:
        dr_env_observe(&self.params, <const dr_env *>self.state_base + i, seat, obs, mask)
