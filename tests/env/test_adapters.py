"""The PettingZoo and Gymnasium adapters (the ``rl`` extra) pass their libraries' own
checkers, and keep trickcore's refusals."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")

from trickcore.env import ActionError  # noqa: E402
from trickcore.env.gymnasium import TrickcoreEnv  # noqa: E402
from trickcore.env.pettingzoo import TrickcoreAEC  # noqa: E402

GAMES = ["svarta-maja", "spardame", "spades", "dam-avoid", "dam-collect", "draughts"]


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test_passes(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test warns about dict observations by design
        pettingzoo_test.api_test(TrickcoreAEC(game), num_cycles=200)


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env_passes(game: str) -> None:
    env_checker.check_env(TrickcoreEnv(game), skip_render_check=True)


def test_pettingzoo_episode_rewards_sum_to_the_deal() -> None:
    env = TrickcoreAEC("svarta-maja")
    env.reset(seed=3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert sum(totals.values()) == -26.0  # Svarta Maja: 13 hearts and Q♠ (13), no moon here
    assert all(t <= 0 for t in totals.values())


def test_pettingzoo_illegal_action_is_refused_and_changes_nothing() -> None:
    env = TrickcoreAEC("svarta-maja")
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ActionError, match="not legal"):
        env.step(illegal)
    after = env.observe(env.agent_selection)
    assert (after["observation"] == obs["observation"]).all()


def test_gymnasium_illegal_action_ends_the_episode_or_raises() -> None:
    env = TrickcoreEnv("svarta-maja", illegal_reward=-50.0)
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert reward == -50.0 and terminated and info["illegal_action"]
    with pytest.raises(ActionError, match="reset"):
        env.step(0)
    strict = TrickcoreEnv("svarta-maja", illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(ActionError, match="not legal"):
        strict.step(illegal)


def test_gymnasium_plays_whole_deals_against_rule_opponents() -> None:
    env = TrickcoreEnv("spardame", opponents="rule", seat=1)
    rewards = []
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            action = int(np.flatnonzero(obs["action_mask"])[-1])
            obs, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        rewards.append(reward)
    assert len(rewards) == 3
