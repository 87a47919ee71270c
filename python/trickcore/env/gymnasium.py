"""A Gymnasium environment for any trickcore game against built-in opponents (needs the ``rl``
extra): one environment of ``VecEnv`` in single-agent mode (docs/environments.md)."""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from trickcore.core.errors import ActionError, ArgumentError
from trickcore.env.vec_env import VecEnv

Observation = dict[str, Any]  # "observation" and "action_mask", int8 arrays


class TrickcoreEnv(gymnasium.Env[Observation, np.int64]):
    """``TrickcoreEnv("svarta-maja", opponents="rule", seat=0)``. Observations are
    ``{"observation": bits, "action_mask": mask}``. An illegal action either ends the episode
    with ``illegal_reward`` and ``info["illegal_action"]`` (``illegal="end"``, the default:
    Gymnasium agents that ignore the mask learn from it) or raises ``ActionError``
    (``illegal="raise"``)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  (gymnasium declares it per instance)

    def __init__(self, game: object, *, opponents: str = "random", seat: int = 0,
                 illegal: str = "end", illegal_reward: float = -100.0,
                 render_mode: str | None = None) -> None:
        if illegal not in ("end", "raise"):
            raise ArgumentError(f"illegal must be 'end' or 'raise', not {illegal!r}")
        self.env = VecEnv(game, 1, opponents=opponents, seat=seat, autoreset=False)
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = spaces.Dict({
            "observation": spaces.MultiBinary(self.env.obs_bits),
            "action_mask": spaces.MultiBinary(self.env.num_actions),
        })
        self.action_space = spaces.Discrete(self.env.num_actions)
        self._over = True

    def _observation(self) -> Observation:
        return {"observation": self.env.unpack(self.env.observations[0]).astype(np.int8),
                "action_mask": self.env.masks[0].astype(np.int8)}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.env.reset(seed)
        self._over = False
        return self._observation(), {}

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool,
                                          dict[str, Any]]:
        if self._over:
            raise ActionError("step after the episode ended: call reset() first")
        try:
            _, _, rewards, terminated, truncated, _ = self.env.step([int(action)])
        except ActionError:
            if self.illegal == "raise":
                raise
            self._over = True
            return self._observation(), self.illegal_reward, True, False, {
                "illegal_action": True}
        self._over = bool(terminated[0] or truncated[0])
        return (self._observation(), float(rewards[0]), bool(terminated[0]),
                bool(truncated[0]), {})

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        legal = ", ".join(self.env.action_name(int(a))
                          for a in np.flatnonzero(self.env.masks[0]))
        return f"legal: {legal}"

    def close(self) -> None:
        self.env.close()
