# C declarations of src/trickcore/hearts/env.h.
from libc.stdint cimport int32_t, int64_t, uint8_t
from numpy.random cimport bitgen_t

from trickcore.core._cenv cimport tc_env_config, tc_env_out, tc_env_stream
from trickcore.core._ccards cimport tc_mask
from trickcore.hearts._ckernel cimport tc_hearts_rules, tc_hearts_state

cdef extern from "trickcore/hearts/env.h" nogil:
    enum:
        TC_HEARTS_ENV_ACTIONS
        TC_HEARTS_ENV_OBS_BYTES

    ctypedef struct tc_hearts_env_params:
        pass

    ctypedef struct tc_hearts_env:
        pass

    int tc_hearts_env_init(tc_hearts_env_params *p, const tc_hearts_rules *r)
    void tc_hearts_env_reset(const tc_hearts_env_params *p, const tc_env_config *cfg,
                             tc_hearts_env *envs, tc_env_stream *streams, bitgen_t *const *rngs,
                             int64_t lo, int64_t hi, const tc_env_out *out)
    int64_t tc_hearts_env_check(const tc_hearts_env_params *p, const tc_hearts_env *envs,
                                int64_t n, const int32_t *actions, int *why)
    void tc_hearts_env_step(const tc_hearts_env_params *p, const tc_env_config *cfg,
                            tc_hearts_env *envs, tc_env_stream *streams, bitgen_t *const *rngs,
                            int64_t lo, int64_t hi, const int32_t *actions, int autoreset,
                            const tc_env_out *out)
    void tc_hearts_env_load(tc_hearts_env *e, const tc_hearts_state *s, const tc_mask *held,
                            int64_t deals)
    void tc_hearts_env_resume(const tc_hearts_env_params *p, const tc_env_config *cfg,
                              tc_hearts_env *envs, tc_env_stream *streams,
                              bitgen_t *const *rngs, int64_t i, const tc_env_out *out)
    void tc_hearts_env_observe(const tc_hearts_env_params *p, const tc_hearts_env *e, int seat,
                               uint8_t *obs, uint8_t *mask)
