# C declarations of src/trickcore/dam/env.h.
from libc.stdint cimport int32_t, int64_t, uint8_t
from numpy.random cimport bitgen_t

from trickcore.core._cenv cimport tc_env_config, tc_env_out, tc_env_stream
from trickcore.dam._ckernel cimport tc_dam_rules, tc_dam_state

cdef extern from "trickcore/dam/env.h" nogil:
    enum:
        TC_DAM_ENV_ACTIONS
        TC_DAM_ENV_OBS_BYTES

    ctypedef struct tc_dam_env_params:
        pass

    ctypedef struct tc_dam_env:
        tc_dam_state deal
        int64_t deals

    int tc_dam_env_init(tc_dam_env_params *p, const tc_dam_rules *r, int teams, int open_hands)
    void tc_dam_env_reset(const tc_dam_env_params *p, const tc_env_config *cfg, tc_dam_env *envs,
                          tc_env_stream *streams, bitgen_t *const *rngs, int64_t lo, int64_t hi,
                          const tc_env_out *out)
    int64_t tc_dam_env_check(const tc_dam_env_params *p, const tc_dam_env *envs, int64_t n,
                             const int32_t *actions, int *why)
    void tc_dam_env_step(const tc_dam_env_params *p, const tc_env_config *cfg, tc_dam_env *envs,
                         tc_env_stream *streams, bitgen_t *const *rngs, int64_t lo, int64_t hi,
                         const int32_t *actions, int autoreset, const tc_env_out *out)
    void tc_dam_env_observe(const tc_dam_env_params *p, const tc_dam_env *e, int seat,
                            uint8_t *obs, uint8_t *mask)
