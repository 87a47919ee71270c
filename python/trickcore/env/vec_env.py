"""``VecEnv``: N environments of one game stepped in C by one call, observations and masks
written in place into numpy buffers (docs/environments.md)."""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np
from numpy.typing import NDArray

from trickcore.core._env import EnvKernel
from trickcore.core.errors import ArgumentError, RulesError
from trickcore.core.seeding import SeedLike
from trickcore.env.spec import EnvSpec, ObservationLayout
from trickcore.simulation.registry import rules_for

EVERY_SEAT = -1  # the kernel's seat code in multi-agent mode

Info = dict[str, NDArray[Any]]
StepResult = tuple[NDArray[np.uint8], NDArray[np.bool_], NDArray[np.float32],
                   NDArray[np.bool_], NDArray[np.bool_], Info]


def spec_of(rules: object) -> EnvSpec:
    """The environment spec of a rules object: ``SPEC`` in its game package's ``env``."""
    package = type(rules).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(package + ".env")
    except ModuleNotFoundError:
        raise RulesError(f"{type(rules).__name__} from {package} has no environment") from None
    spec: EnvSpec = module.SPEC
    return spec


def resolve_rules(game: object) -> Any:
    return rules_for(game) if isinstance(game, str) else game


class VecEnv:
    """``num_envs`` environments of ``game`` (a registry name such as ``"svarta-maja"``, or a
    rules object). With ``opponents`` a policy name the caller plays ``seat`` and the other
    seats are played in C; with ``opponents=None`` the caller acts for every seat
    (multi-agent: ``info["to_act"]`` says whose observation each row is, rewards have one
    column per seat). An episode that ends starts again at once when ``autoreset``."""

    def __init__(self, game: object, num_envs: int = 1, *, seed: SeedLike = None,
                 opponents: str | None = "random", seat: int = 0, threads: int = 1,
                 autoreset: bool = True) -> None:
        self.rules = resolve_rules(game)
        self.spec = spec_of(self.rules)
        if opponents is not None and opponents not in self.spec.policies:
            raise ArgumentError(f"unknown opponents {opponents!r} (expected one of "
                                f"{', '.join(self.spec.policies)}, or None for multi-agent)")
        for name, value in (("num_envs", num_envs), ("seat", seat), ("threads", threads)):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise ArgumentError(f"{name} must be an int, not {value!r}")
        policy = self.spec.policies[opponents] if opponents is not None else 0
        self.opponents = opponents
        self.seat = None if opponents is None else int(seat)
        self.kernel: EnvKernel = self.spec.kernel(
            self.rules, int(num_envs), EVERY_SEAT if opponents is None else int(seat), policy,
            autoreset, int(threads))
        self.layout: ObservationLayout = self.spec.layout(self.rules)
        self._seed = seed

    @property
    def num_envs(self) -> int:
        return self.kernel.num_envs

    @property
    def num_actions(self) -> int:
        return self.kernel.num_actions

    @property
    def obs_bytes(self) -> int:
        return self.kernel.obs_bytes

    @property
    def obs_bits(self) -> int:
        return 8 * self.kernel.obs_bytes

    @property
    def players(self) -> int:
        return self.kernel.players

    @property
    def observations(self) -> NDArray[np.uint8]:
        return self.kernel.observations

    @property
    def masks(self) -> NDArray[np.bool_]:
        return self.kernel.masks

    @property
    def rewards(self) -> NDArray[np.float32]:
        return self.kernel.rewards

    @property
    def to_act(self) -> NDArray[np.int8]:
        return self.kernel.to_act

    def reset(self, seed: SeedLike = None) -> tuple[NDArray[np.uint8], NDArray[np.bool_], Info]:
        """New episodes everywhere: environment i draws from child stream i of ``seed`` (the
        constructor's seed at the first reset); returns observations, masks and info."""
        if seed is None and self._seed is not None:
            seed, self._seed = self._seed, None
        self.kernel.reset(seed)
        return self.kernel.observations, self.kernel.masks, {"to_act": self.kernel.to_act}

    def step(self, actions: object) -> StepResult:
        """One action per environment (an integer array of shape ``(num_envs,)``). A batch
        with any action that cannot be taken raises ``ActionError`` and nothing moves. The
        arrays returned are this VecEnv's buffers, overwritten by the next call."""
        k = self.kernel
        k.step(actions)
        return (k.observations, k.masks, k.rewards, k.terminated, k.truncated,
                {"to_act": k.to_act})

    def observe(self, index: int, seat: int) -> tuple[NDArray[np.uint8], NDArray[np.bool_]]:
        """Environment ``index``'s observation for ``seat`` and its legal actions (copies)."""
        return self.kernel.observe(index, seat)

    def load(self, index: int, deal: object) -> None:
        """Sets environment ``index`` to ``deal``, a referee position of these rules (copied);
        its row of the buffers is rewritten. In single-agent mode the other seats first play
        until the caller's seat is to act."""
        self.kernel.load(index, deal)

    def unpack(self, observations: NDArray[np.uint8]) -> NDArray[np.uint8]:
        """Observations as one 0/1 byte per bit (the layout's bit numbering)."""
        return np.unpackbits(observations, axis=-1, bitorder="little")

    def action_name(self, action: int) -> str:
        if not 0 <= action < self.num_actions:
            raise ArgumentError(f"no action {action} (0..{self.num_actions - 1})")
        return self.spec.action_name(self.rules, action)

    def close(self) -> None:
        self.kernel.close()

    def __enter__(self) -> VecEnv:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
