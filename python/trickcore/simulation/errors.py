"""Errors of the simulation framework.

Bad arguments (an unknown game, a negative number of deals, a bad seed) are ``ValueError``
subclasses like every trickcore input error. A block that fails while running is a
``SimulationError`` (a ``RuntimeError``) naming the block, its deals and the original error,
which stays attached as ``__cause__``.
"""

from __future__ import annotations

from trickcore.core.errors import TrickcoreError


class SimulationArgumentError(TrickcoreError):
    """An argument of ``simulate`` that cannot be used: deals, start, workers, executor, fields."""


class UnknownGameError(TrickcoreError):
    """A game name that the registry does not know."""


class GameUnavailableError(TrickcoreError):
    """A registered game whose module is not part of this installation."""


class SimulationError(RuntimeError):
    """A block of a simulation failed, or a game broke the simulation protocol."""

    def __init__(self, message: str, *, block: int | None = None,
                 first_item: int | None = None, last_item: int | None = None) -> None:
        super().__init__(message)
        self.block = block  # None when the failure spans several blocks
        self.first_item = first_item
        self.last_item = last_item
