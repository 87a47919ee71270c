"""``PimcBot``: perfect-information Monte Carlo. It samples deals consistent with what its seat
has seen (``deal.sample_worlds``), values each legal card in every world (exactly by the solver
once few cards remain, else by a C playout with a policy after the card), and plays the card
of the best mean. Passes are the rule player's; Spades bids come from sampled worlds solved
(bots/spades_bidding.py; docs/bots.md, "PimcBot")."""

from __future__ import annotations

import time
from typing import Any

from trickcore.bots.sampling_bot import SamplingBot
from trickcore.core.card import Card
from trickcore.core.errors import ArgumentError
from trickcore.core.seeding import SeedLike
from trickcore.search.solver import ReusableSolver

# The solver's objective per game, where the game has several (the deal score, not tricks).
OBJECTIVE = {"spades": "score"}


class PimcBot(SamplingBot):
    """``PimcBot(worlds=64, solve_at=4, time=None, policy=None, bid_worlds=16, seed=None)``:
    ``worlds`` deals sampled per card decision (fewer if ``time`` seconds run out, never fewer
    than ``min_worlds``); each is solved exactly when every hand holds at most ``solve_at``
    cards, else each legal card is followed by one playout of ``policy`` (default: the game's
    rule policy). A Spades bid solves ``bid_worlds`` sampled deals (0: the rule player's bid)."""

    __slots__ = ("min_worlds", "policy", "solve_at", "worlds")

    def __init__(self, worlds: int = 64, *, solve_at: int = 4, time: float | None = None,
                 policy: str | None = None, min_worlds: int = 8, bid_worlds: int = 16,
                 seed: SeedLike = None, name: str = "pimc") -> None:
        for label, value in (("worlds", worlds), ("solve_at", solve_at),
                             ("min_worlds", min_worlds)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ArgumentError(f"{label} must be a non-negative int, not {value!r}")
        if worlds < 1:
            raise ArgumentError(f"worlds must be at least 1, not {worlds}")
        self.worlds, self.solve_at = worlds, solve_at
        self.min_worlds, self.policy = min(min_worlds, worlds), policy
        super().__init__(time, seed, name, bid_worlds)

    def choose_card(self, deal: Any, seat: int, legal: list[Card]) -> Card:
        means = self.card_values(deal, seat)
        return max(legal, key=lambda card: means[card])

    def card_values(self, deal: Any, seat: int) -> dict[Card, float]:
        """Each legal card's mean value over the sampled worlds for ``seat``'s side, higher
        better (the solver's points or score near the end, else a playout's); the deal is left
        as it was."""
        self.check_sampling(deal)
        legal = sorted(deal.legal_moves())
        totals = dict.fromkeys(legal, 0.0)
        deadline = None if self.time is None else time.perf_counter() + self.time
        done, solver = 0, ReusableSolver()
        for world in self.worlds_of(deal, seat, self.worlds):
            if deadline is not None and done >= self.min_worlds \
                    and time.perf_counter() > deadline:
                break
            for card, value in self.values(world, seat, legal, solver).items():
                totals[card] += value
            done += 1
        return {card: total / max(done, 1) for card, total in totals.items()}

    def values(self, world: Any, seat: int, legal: list[Card],
               solver: ReusableSolver) -> dict[Card, float]:
        """Each legal card's value in ``world`` for ``seat``'s side, higher better (solved on
        ``solver``'s table near the end)."""
        if max(len(world.hand(s)) for s in range(world.players)) <= self.solve_at:
            game = type(world).__module__.split(".")[1]
            solution = solver.solve(world, OBJECTIVE.get(game), seat=seat)
            sign = -1.0 if solution.lower_is_better else 1.0
            return {card: sign * solution.values[card] for card in legal}
        policy = self.policy or "rule"
        column = self.column(world, seat)
        sign = -1.0 if world._solve_lower_is_better() else 1.0
        values = {}
        for card in legal:
            after = world.clone()
            after.play(card)
            values[card] = sign * float(after.playouts(1, policy=policy, seed=0)[0, column])
        return values

    def __repr__(self) -> str:
        return (f"PimcBot(worlds={self.worlds}, solve_at={self.solve_at}, time={self.time}, "
                f"policy={self.policy!r}, bid_worlds={self.bid_worlds})")
