# C declarations of src/trickcore/spades/env.h.
from libc.stdint cimport int32_t, int64_t, uint8_t
from numpy.random cimport bitgen_t

from trickcore.core._cenv cimport tc_env_config, tc_env_out, tc_env_stream
from trickcore.spades._ckernel cimport tc_spades_rules

cdef extern from "trickcore/spades/env.h" nogil:
    enum:
        TC_SPADES_ENV_BID
        TC_SPADES_ENV_LOOK
        TC_SPADES_ENV_MISDEAL
        TC_SPADES_ENV_KEEP
        TC_SPADES_ENV_ACTIONS
        TC_SPADES_ENV_OBS_BYTES

    ctypedef struct tc_spades_env_params:
        pass

    ctypedef struct tc_spades_env:
        pass

    int tc_spades_env_init(tc_spades_env_params *p, const tc_spades_rules *r, int32_t target,
                           int32_t min_score)
    int tc_spades_env_policy_action(const tc_spades_env_params *p, const tc_spades_env *e,
                                    int policy)
    void tc_spades_env_reset(const tc_spades_env_params *p, const tc_env_config *cfg,
                             tc_spades_env *envs, tc_env_stream *streams, bitgen_t *const *rngs,
                             int64_t lo, int64_t hi, const tc_env_out *out)
    int64_t tc_spades_env_check(const tc_spades_env_params *p, const tc_spades_env *envs,
                                int64_t n, const int32_t *actions, int *why)
    void tc_spades_env_step(const tc_spades_env_params *p, const tc_env_config *cfg,
                            tc_spades_env *envs, tc_env_stream *streams, bitgen_t *const *rngs,
                            int64_t lo, int64_t hi, const int32_t *actions, int autoreset,
                            const tc_env_out *out)
    void tc_spades_env_observe(const tc_spades_env_params *p, const tc_spades_env *e, int seat,
                               uint8_t *obs, uint8_t *mask)
