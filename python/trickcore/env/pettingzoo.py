"""A PettingZoo AEC environment for any trickcore game (needs the ``rl`` extra): one
environment of ``VecEnv`` in multi-agent mode. Agents are ``"seat_0"``, ``"seat_1"``, ...;
observations are ``{"observation": bits, "action_mask": mask}`` (docs/environments.md)."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv

from trickcore.env.vec_env import VecEnv

Observation = dict[str, NDArray[np.int8]]


class TrickcoreAEC(AECEnv):  # type: ignore[misc]  # pettingzoo ships no types
    """``TrickcoreAEC("spardame")``: every seat is an agent; an illegal action raises
    ``trickcore.env.ActionError`` and changes nothing."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"], "name": "trickcore", "is_parallelizable": False}

    def __init__(self, game: object, render_mode: str | None = None) -> None:
        super().__init__()
        self.env = VecEnv(game, 1, opponents=None, autoreset=False)
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(self.env.players)]
        self.agents: list[str] = []
        observation = spaces.Dict({
            "observation": spaces.MultiBinary(self.env.obs_bits),
            "action_mask": spaces.MultiBinary(self.env.num_actions),
        })
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.env.num_actions)
                              for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.env.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[int(self.env.to_act[0])]

    def observe(self, agent: str) -> Observation:
        obs, mask = self.env.observe(0, self.possible_agents.index(agent))
        return {"observation": self.env.unpack(obs).astype(np.int8),
                "action_mask": mask.astype(np.int8)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        _, _, rewards, terminated, truncated, info = self.env.step([action])
        self._cumulative_rewards[agent] = 0.0
        for seat, name in enumerate(self.possible_agents):
            self.rewards[name] = float(rewards[0, seat])
            self.terminations[name] = bool(terminated[0])
            self.truncations[name] = bool(truncated[0])
        to_act = int(info["to_act"][0])
        if to_act >= 0:
            self.agent_selection = self.possible_agents[to_act]
        else:  # over: every agent steps once more with None, in seat order
            self.agent_selection = self.possible_agents[0]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return f"{self.agent_selection} to act; rewards {self._cumulative_rewards}"

    def close(self) -> None:
        self.env.close()


def env(game: object, render_mode: str | None = None) -> TrickcoreAEC:
    """The AEC environment of ``game`` (PettingZoo's ``env()`` convention)."""
    return TrickcoreAEC(game, render_mode)
