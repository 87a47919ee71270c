# cython: freethreading_compatible = False, auto_pickle = False, nonecheck = True
"""The Cython base of every game's environment kernel: N environments in caller memory (numpy
buffers), one random stream each, the output buffers written in place, the batch check before
any environment moves, and the optional worker threads. A game's subclass holds its C params
and calls its env_loop.h entry points (docs/environments.md)."""

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uintptr_t
from numpy.random cimport bitgen_t

from trickcore.core._bitgen cimport bitgen_of
from trickcore.core._cenv cimport (
    ENV_ACTION_ILLEGAL, ENV_ACTION_RANGE, ENV_FINISHED, TC_ENV_EVERY_SEAT, tc_env_stream)

from concurrent.futures import ThreadPoolExecutor

import numpy as np

from trickcore.core.errors import ActionError, ArgumentError
from trickcore.core.seeding import bit_generator, block_seed, root_seed


cdef class EnvKernel:
    """N environments of one game stepped by one call; see ``trickcore.env.VecEnv``."""

    cdef allocate(self, int64_t num_envs, size_t state_size, int num_actions, int obs_bytes,
                  int players, int seat, int policy, bint autoreset, int threads):
        if num_envs < 1:
            raise ArgumentError(f"num_envs must be at least 1, not {num_envs}")
        if threads < 1:
            raise ArgumentError(f"threads must be at least 1, not {threads}")
        if seat != TC_ENV_EVERY_SEAT and not 0 <= seat < players:
            raise ArgumentError(f"seat must be 0..{players - 1} or None, not {seat}")
        self.num_envs = num_envs
        self.num_actions = num_actions
        self.obs_bytes = obs_bytes
        self.players = players
        self.threads = threads
        self.autoreset = autoreset
        self.config.seat = seat
        self.config.policy = policy
        self.states = np.zeros(num_envs * state_size + 16, dtype=np.uint8)
        address = self.states.ctypes.data
        self.state_base = <void *><uintptr_t>(address + (-address) % 16)
        self.streams = np.zeros(num_envs * sizeof(tc_env_stream), dtype=np.uint8)
        self.stream_base = <tc_env_stream *><uintptr_t>self.streams.ctypes.data
        self.rng_addresses = np.zeros(num_envs, dtype=np.uintp)
        self.rngs = <bitgen_t **><uintptr_t>self.rng_addresses.ctypes.data
        self.generators = []
        self.observations = np.zeros((num_envs, obs_bytes), dtype=np.uint8)
        self.masks = np.zeros((num_envs, num_actions), dtype=np.bool_)
        shape = [num_envs]
        if seat == TC_ENV_EVERY_SEAT:
            shape.append(players)
        self.rewards = np.zeros(shape, dtype=np.float32)
        self.terminated = np.zeros(num_envs, dtype=np.bool_)
        self.truncated = np.zeros(num_envs, dtype=np.bool_)
        self.to_act = np.zeros(num_envs, dtype=np.int8)
        self.out.obs = <uint8_t *><uintptr_t>self.observations.ctypes.data
        self.out.mask = <uint8_t *><uintptr_t>self.masks.ctypes.data
        self.out.rewards = <float *><uintptr_t>self.rewards.ctypes.data
        self.out.terminated = <uint8_t *><uintptr_t>self.terminated.ctypes.data
        self.out.truncated = <uint8_t *><uintptr_t>self.truncated.ctypes.data
        self.out.to_act = <int8_t *><uintptr_t>self.to_act.ctypes.data

    cdef void c_reset(self, int64_t lo, int64_t hi) noexcept nogil:
        pass

    cdef int64_t c_check(self, const int32_t *actions, int *why) noexcept nogil:
        return -1

    cdef void c_step(self, int64_t lo, int64_t hi, const int32_t *actions) noexcept nogil:
        pass

    cdef void c_observe(self, int64_t i, int seat, uint8_t *obs, uint8_t *mask) noexcept nogil:
        pass

    def reset(self, seed=None):
        """Starts every environment on a new episode. With a seed, environment i starts afresh
        from child stream i of the seed's SeedSequence; with none, environments already seeded
        go on with their streams (a first reset without one draws fresh entropy)."""
        if seed is not None or not self.generators:
            root = root_seed(seed)
            self.generators = [bit_generator(block_seed(root, i)) for i in range(self.num_envs)]
            for i, generator in enumerate(self.generators):
                self.rng_addresses[i] = <uintptr_t>bitgen_of(generator)
            self.streams[:] = 0
            self.states[:] = 0  # episode counters too: a seed replays from the start
        self.run(0, None)

    def step(self, actions):
        """Takes one action per environment; refuses the whole batch (nothing moves) when any
        action cannot be taken."""
        array = self.action_array(actions)
        cdef const int32_t[::1] view = array
        cdef int why = 0
        cdef int64_t bad
        if not self.generators:
            raise ActionError("step before reset: call reset(seed) first")
        with nogil:
            bad = self.c_check(&view[0], &why)
        if bad >= 0:
            raise self.refusal(bad, int(array[bad]), why)
        self.actions = array
        self.run(1, array)

    cdef object action_array(self, object actions):
        if isinstance(actions, np.ndarray):
            if actions.dtype.kind not in "iu":
                raise ActionError(
                    f"actions must be an integer array, not dtype {actions.dtype}")
            array = actions
        else:
            try:
                array = np.asarray(actions)
            except (TypeError, ValueError) as error:
                raise ActionError(f"actions must be integers: {error}") from None
            if array.dtype.kind not in "iu" and array.size:
                raise ActionError(f"actions must be integers, not {actions!r:.60}")
        if array.shape != (self.num_envs,):
            raise ActionError(
                f"actions must have shape ({self.num_envs},), not {tuple(array.shape)}")
        if array.size and (array.min() < 0 or array.max() >= self.num_actions):
            bad = int(np.flatnonzero((array < 0) | (array >= self.num_actions))[0])
            raise self.refusal(bad, int(array[bad]), ENV_ACTION_RANGE)
        return np.ascontiguousarray(array, dtype=np.int32)

    cdef object refusal(self, int64_t index, int action, int why):
        if why == ENV_FINISHED:
            return ActionError(f"environment {index}'s episode is over: reset it first")
        if why == ENV_ACTION_RANGE:
            return ActionError(
                f"environment {index}: action {action} is outside 0..{self.num_actions - 1}")
        return ActionError(f"environment {index}: action {action} is not legal now "
                           "(it is masked out)")

    cdef run(self, int stepping, object array):
        cdef int64_t n = self.num_envs
        cdef int chunks = <int>min(self.threads, n)
        bounds = [n * k // chunks for k in range(chunks + 1)]
        if chunks == 1:
            self.run_range(stepping, array, 0, n)
            return
        if self.pool is None:
            self.pool = ThreadPoolExecutor(max_workers=self.threads - 1)
        futures = [self.pool.submit(self.run_range, stepping, array, bounds[k], bounds[k + 1])
                   for k in range(1, chunks)]
        self.run_range(stepping, array, bounds[0], bounds[1])
        for future in futures:
            future.result()

    def run_range(self, int stepping, object array, int64_t lo, int64_t hi):
        cdef const int32_t[::1] view
        if not stepping:
            with nogil:
                self.c_reset(lo, hi)
            return
        view = array
        with nogil:
            self.c_step(lo, hi, &view[0])

    cdef check_index(self, int64_t index):
        if not 0 <= index < self.num_envs:
            raise ArgumentError(f"no environment {index} (0..{self.num_envs - 1})")

    def observe(self, int64_t index, int seat):
        """Environment ``index``'s observation for ``seat`` and the legal actions of the seat
        to act, as new arrays."""
        self.check_index(index)
        if not 0 <= seat < self.players:
            raise ArgumentError(f"no seat {seat} (0..{self.players - 1})")
        obs = np.zeros(self.obs_bytes, dtype=np.uint8)
        mask = np.zeros(self.num_actions, dtype=np.bool_)
        cdef uint8_t[::1] o = obs
        cdef uint8_t[::1] m = mask.view(np.uint8)
        self.c_observe(index, seat, &o[0], &m[0])
        return obs, mask

    def load(self, int64_t index, object deal):
        """Sets environment ``index`` to a referee deal (games that support it override)."""
        raise ArgumentError(f"{type(self).__name__} cannot load positions")

    def close(self):
        if self.pool is not None:
            self.pool.shutdown()
            self.pool = None
