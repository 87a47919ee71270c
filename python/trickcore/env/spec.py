"""What a game declares to be stepped as an environment: its C kernel, its action space and
the layout of its observations (docs/environments.md).

Each game package has an ``env`` module with a ``SPEC``; ``VecEnv`` finds it from the rules'
package, so a new game needs no change here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from trickcore.core._env import EnvKernel


@dataclass(frozen=True)
class Field:
    """Bits ``first .. first + bits - 1`` of an unpacked observation: one feature group."""

    name: str
    first: int
    bits: int
    description: str


@dataclass(frozen=True)
class ObservationLayout:
    """The fields of a game's observation, in bit order; observations are packed little-endian
    (``numpy.unpackbits(obs, axis=-1, bitorder="little")`` gives the bits)."""

    fields: tuple[Field, ...]
    bytes: int

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)


def planes(*groups: tuple[str, int, str], width: int = 64) -> tuple[Field, ...]:
    """Fields of ``count`` planes of ``width`` bits each, laid end to end, from
    ``(name, count, description)``; a name with ``{}`` is numbered per plane."""
    fields, first = [], 0
    for name, count, description in groups:
        for k in range(count):
            fields.append(Field(name.format(k), first, width, description.format(k)))
            first += width
    return tuple(fields)


class KernelFactory(Protocol):
    def __call__(self, rules: Any, num_envs: int, seat: int, policy: int, autoreset: bool,
                 threads: int) -> EnvKernel: ...


@dataclass(frozen=True)
class EnvSpec:
    """A game's environment: the kernel factory, policy codes by name, the action space (with
    a name for each action) and the observation layout, which may depend on the rules."""

    kernel: KernelFactory
    policies: dict[str, int]
    num_actions: int
    action_name: Callable[[Any, int], str]
    layout: Callable[[Any], ObservationLayout]
