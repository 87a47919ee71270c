"""Environments for learning: ``VecEnv`` (N environments stepped in C), and the PettingZoo
and Gymnasium adapters (``trickcore.env.pettingzoo``, ``trickcore.env.gymnasium``, with the
``rl`` extra). Action spaces and observation layouts: docs/environments.md."""

from trickcore.core.errors import ActionError
from trickcore.env.spec import EnvSpec, Field, ObservationLayout
from trickcore.env.vec_env import VecEnv

__all__ = ["ActionError", "EnvSpec", "Field", "ObservationLayout", "VecEnv"]
