"""Simulation at scale for every game: ``simulate(rules, deals, seed=..., workers=...)``.

Runs are cut into fixed-size blocks with their own child random streams
(trickcore.core.seeding), run on local threads (the C loops release the GIL), any
``concurrent.futures`` executor, or a Dask cluster, and merged in block order, so a seed gives
the same result everywhere. Results keep every row or, for huge runs, only running statistics;
they save to .npz or Parquet.
"""

from trickcore.core.rules_codec import register_rules_class
from trickcore.simulation.errors import (
    GameUnavailableError,
    SimulationArgumentError,
    SimulationError,
    UnknownGameError,
)
from trickcore.simulation.protocol import SimulationRules
from trickcore.simulation.registry import GAMES, rules_for
from trickcore.simulation.result import SimulationResult, load
from trickcore.simulation.runner import simulate
from trickcore.simulation.stats import FieldStats, RunStats
from trickcore.simulation.summary import SummaryRow

__all__ = [
    "GAMES",
    "FieldStats",
    "GameUnavailableError",
    "RunStats",
    "SimulationArgumentError",
    "SimulationError",
    "SimulationResult",
    "SimulationRules",
    "SummaryRow",
    "UnknownGameError",
    "load",
    "register_rules_class",
    "rules_for",
    "simulate",
]
