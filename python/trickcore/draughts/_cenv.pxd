# C declarations of src/draughts/env.h.
from libc.stdint cimport int32_t, int64_t, uint8_t
from numpy.random cimport bitgen_t

from trickcore.core._cenv cimport tc_env_config, tc_env_out, tc_env_stream
from trickcore.draughts._cdraughts cimport dr_position

cdef extern from "draughts/env.h" nogil:
    enum:
        DR_ENV_ACTIONS
        DR_ENV_OBS_BYTES

    ctypedef struct dr_env_params:
        pass

    ctypedef struct dr_env:
        pass

    int dr_env_init(dr_env_params *p, const dr_position *start, int32_t max_plies)
    void dr_env_reset(const dr_env_params *p, const tc_env_config *cfg, dr_env *envs,
                      tc_env_stream *streams, bitgen_t *const *rngs, int64_t lo, int64_t hi,
                      const tc_env_out *out)
    int64_t dr_env_check(const dr_env_params *p, const dr_env *envs, int64_t n,
                         const int32_t *actions, int *why)
    void dr_env_step(const dr_env_params *p, const tc_env_config *cfg, dr_env *envs,
                     tc_env_stream *streams, bitgen_t *const *rngs, int64_t lo, int64_t hi,
                     const int32_t *actions, int autoreset, const tc_env_out *out)
    void dr_env_observe(const dr_env_params *p, const dr_env *e, int seat, uint8_t *obs,
                        uint8_t *mask)
