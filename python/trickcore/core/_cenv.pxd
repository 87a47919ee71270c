# C declarations of src/trickcore/core/env.h and the batch loop's codes (env_loop.h).
from libc.stdint cimport int8_t, int32_t, uint8_t, uint64_t

cdef extern from "trickcore/core/env.h" nogil:
    enum tc_env_policy:
        TC_ENV_RANDOM
        TC_ENV_GREEDY
        TC_ENV_RULE

    enum:
        TC_ENV_EVERY_SEAT

    ctypedef struct tc_env_config:
        int seat
        int policy

    ctypedef struct tc_env_out:
        uint8_t *obs
        uint8_t *mask
        float *rewards
        uint8_t *terminated
        uint8_t *truncated
        int8_t *to_act

    ctypedef struct tc_env_stream:
        uint64_t bits
        int32_t chunks

# The reasons env_loop.h's check gives (its enum is local to each game's env.c).
cdef enum:
    ENV_FINE = 0
    ENV_ACTION_RANGE = 1
    ENV_ACTION_ILLEGAL = 2
    ENV_FINISHED = 3
