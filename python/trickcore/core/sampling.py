"""Sampling the deals consistent with what one seat has seen, shared by the card games: the
batch of hidden hands from a game's C sampler, and whole referee deals replayed from it
(docs/kernels.md, "Sampling consistent deals")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from trickcore.core import arguments
from trickcore.core._cardset import CardMultiset, CardSet
from trickcore.core.card import Card
from trickcore.core.errors import ArgumentError
from trickcore.core.seeding import SeedLike, bit_generator
from trickcore.core.trick_deal import Observation

if TYPE_CHECKING:
    from trickcore.core._sample import DealSampler
    from trickcore.dam._sample import DamSampler


def plays_of(observation: Observation) -> list[tuple[int, int]]:
    """Every card played so far, in order, as (seat, card id)."""
    tricks = list(observation.tricks)
    if observation.current_trick is not None:
        tricks.append(observation.current_trick)
    return [(p.seat, int(p.card)) for trick in tricks for p in trick.plays]


def first_leader(observation: Observation) -> int:
    """The first trick's leader once the play has begun, else -1."""
    if observation.tricks:
        return observation.tricks[0].leader
    trick = observation.current_trick
    return -1 if trick is None else trick.leader


def hand_mask(hand: CardSet | CardMultiset | None) -> int:
    """A one-pack hand's mask; 0 for no hand."""
    if hand is None:
        return 0
    assert isinstance(hand, CardSet)
    return hand.mask


class SamplingMixin:
    """``sample_hands`` and ``sample_worlds`` for a deal class that builds its sampler from an
    observation (``_sampler``) and a world from sampled hands (``_world``)."""

    __slots__ = ()

    def observation(self, seat: int) -> Observation:
        raise NotImplementedError

    def _sampler(self, observation: Observation) -> DealSampler | DamSampler:
        raise NotImplementedError

    def _world(self, observation: Observation, hands: list[int]) -> Any:
        raise NotImplementedError

    def _hands(self, observation: Observation, drawn: NDArray[Any]) -> NDArray[np.uint64]:
        """The hands now of drawn deals (the sampler's rows, hand masks by default)."""
        return drawn

    def _row_world(self, observation: Observation, row: NDArray[Any]) -> Any:
        """The world of one drawn row."""
        return self._world(observation, [int(h) for h in row])

    def sample_hands(self, seat: int, n: int, seed: SeedLike = None) -> NDArray[np.uint64]:
        """``n`` deals drawn uniformly among those consistent with what ``seat`` has seen
        (``observation(seat)``): an array (n, players) of every seat's hand now, as card masks
        (for two packs, (n, players, 2): the cards held at least once, and twice).
        Row i depends only on the seed, the observation and i."""
        count = arguments.count("n", n, ArgumentError)
        observation = self.observation(seat)
        return self._hands(observation,
                           self._sampler(observation).draw(count, bit_generator(seed)))

    def sample_worlds(self, seat: int, n: int, seed: SeedLike = None) -> list[Any]:
        """``sample_hands`` as referee deals: each dealt so that replaying the history gives the
        sampled hands and ``seat`` the same observation, so ``solve`` and ``playouts`` run on
        it."""
        return list(self.iter_worlds(seat, n, seed))

    def iter_worlds(self, seat: int, n: int, seed: SeedLike = None) -> Iterator[Any]:
        """``sample_worlds``, each world built only when asked for (a search stopped by its time
        budget builds no more worlds than it uses)."""
        observation = self.observation(seat)
        drawn = self._sampler(observation).draw(arguments.count("n", n, ArgumentError),
                                                bit_generator(seed))
        return (self._row_world(observation, row) for row in drawn)


def played_by(observation: Observation, players: int) -> list[int]:
    """The cards each seat has played, as masks."""
    masks = [0] * players
    for seat, card in plays_of(observation):
        masks[seat] |= 1 << card
    return masks


def replay_plays(world: Any, observation: Observation) -> None:
    """Plays the observation's cards on ``world`` in order."""
    for seat, card in plays_of(observation):
        world.play(Card(card), seat=seat)
