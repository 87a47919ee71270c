# The Cython base of every game's environment kernel (see _env.pyx).
from libc.stdint cimport int32_t, int64_t, uint8_t
from numpy.random cimport bitgen_t

from trickcore.core._cenv cimport tc_env_config, tc_env_out, tc_env_stream


cdef class EnvKernel:
    cdef readonly int64_t num_envs
    cdef readonly int num_actions
    cdef readonly int obs_bytes
    cdef readonly int players
    cdef readonly int threads
    cdef readonly bint autoreset
    cdef readonly object observations
    cdef readonly object masks
    cdef readonly object rewards
    cdef readonly object terminated
    cdef readonly object truncated
    cdef readonly object to_act
    cdef tc_env_config config
    cdef tc_env_out out
    cdef object states
    cdef object streams
    cdef object rng_addresses
    cdef list generators
    cdef object pool
    cdef object actions
    cdef void *state_base
    cdef tc_env_stream *stream_base
    cdef bitgen_t **rngs

    cdef allocate(self, int64_t num_envs, size_t state_size, int num_actions, int obs_bytes,
                  int players, int seat, int policy, bint autoreset, int threads)
    cdef object action_array(self, object actions)
    cdef object refusal(self, int64_t index, int action, int why)
    cdef run(self, int stepping, object array)
    cdef check_index(self, int64_t index)
    # The game's part: env_loop.h's entry points on its params.
    cdef void c_reset(self, int64_t lo, int64_t hi) noexcept nogil
    cdef int64_t c_check(self, const int32_t *actions, int *why) noexcept nogil
    cdef void c_step(self, int64_t lo, int64_t hi, const int32_t *actions) noexcept nogil
    cdef void c_observe(self, int64_t i, int seat, uint8_t *obs, uint8_t *mask) noexcept nogil
