"""The result of an arena run: the seat values of every deal and rotation, each bot's mean with
its interval, the paired differences, the summary table and files as ``simulate`` writes them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

import trickcore
from trickcore import hearts
from trickcore.arena.statistics import FloatArray, Interval, bot_scores, mean_interval
from trickcore.core import rules_codec
from trickcore.core.errors import SerializationError
from trickcore.simulation import storage
from trickcore.simulation.result import _seed

FILE_FORMAT = "trickcore.arena"
FILE_VERSION = 1
# The dtype of each array of an arena's rows; "won" and "deals_played" are for matches only.
ROW_DTYPES: dict[str, type] = {"points": np.int32, "won": np.bool_, "deals_played": np.int16}


def row_shapes(match: bool, deals: int, players: int) -> dict[str, tuple[int, ...]]:
    """The shape of each array of the rows of ``deals`` deals (or matches)."""
    shapes: dict[str, tuple[int, ...]] = {"points": (deals, players, players)}
    if match:
        shapes.update(won=(deals, players, players), deals_played=(deals, players))
    return shapes


@dataclass(frozen=True)
class Difference:
    """Bot ``first``'s score minus bot ``second``'s, paired deal by deal."""

    first: str
    second: str
    interval: Interval


@dataclass(frozen=True, eq=False)
class ArenaResult:
    """``deals`` deals (or Spades matches, ``match``) of ``rules`` played once per rotation by
    ``bots`` (their names, in the seats of rotation 0). ``arrays["points"]`` is (deals,
    rotations, seats): each seat's side's points (matches: its final total); matches add
    ``won`` (the seat's side won) and ``deals_played``. In rotation ``r`` bot ``e`` of the list
    holds seat ``(e + r) % players``."""

    rules: Any
    bots: tuple[str, ...]
    deals: int
    match: bool
    seed: np.random.SeedSequence
    arrays: Mapping[str, NDArray[Any]]
    elapsed: float
    backend: str

    @property
    def game(self) -> str:
        """The game's registry name (``rules.game``)."""
        return str(self.rules.game)

    @property
    def measure(self) -> str:
        """What a bot's score is: "win rate" for matches, else "points per deal"."""
        return "win rate" if self.match else "points per deal"

    @property
    def lower_is_better(self) -> bool:
        """Whether a lower score is better (Hearts points, Dam avoid)."""
        if self.match:
            return False
        return isinstance(self.rules, hearts.Rules) or bool(getattr(self.rules, "lower_wins",
                                                                    False))

    def scores(self) -> dict[str, FloatArray]:
        """Per bot name, its score in each deal: its mean over the seats it held."""
        values = self.arrays["won" if self.match else "points"].astype(np.float64)
        return bot_scores(values, self.bots)

    def standings(self, level: float = 0.95) -> dict[str, Interval]:
        """Each bot's mean score over the deals with its interval, the best first."""
        found = {name: mean_interval(s, level) for name, s in self.scores().items()}
        ranked = sorted(found, key=lambda n: found[n].mean, reverse=not self.lower_is_better)
        return {name: found[name] for name in ranked}

    def differences(self, level: float = 0.95) -> list[Difference]:
        """Every pair of bots, the better first by mean: the paired difference of their
        scores per deal, with its interval."""
        scores = self.scores()
        names = list(self.standings(level))
        return [Difference(a, b, mean_interval(scores[a] - scores[b], level))
                for i, a in enumerate(names) for b in names[i + 1:]]

    def format_summary(self, level: float = 0.95) -> str:
        """A readable report: what was played, the standings and the pairwise differences."""
        unit = "matches" if self.match else "deals"
        better = "lower" if self.lower_is_better else "higher"
        lines = [f"{self.game} arena: {self.deals:,} duplicate {unit} x {self.rules.players} "
                 f"rotations, bots {', '.join(self.bots)}, seed {self.seed.entropy}",
                 f"{self.elapsed:.1f} s on {self.backend}; {self.measure}, {better} is better, "
                 f"{level:.0%} intervals over {unit}", ""]
        digits = 3 if self.match else 2
        standings = self.standings(level)
        pairs = [(f"{d.first} - {d.second}", d.interval) for d in self.differences(level)]
        width = max(len(label) for label in [*standings, *(label for label, _ in pairs)]) + 2

        def row(label: str, i: Interval, verdict: str = "") -> str:
            return (f"{label:<{width}}{i.mean:>+9.{digits}f}  "
                    f"[{i.low:+.{digits}f}, {i.high:+.{digits}f}]{verdict}")

        lines.append(f"{'bot':<{width}}{'mean':>9}  interval")
        lines += [row(name, i) for name, i in standings.items()]
        if pairs:
            lines += ["", f"{'difference':<{width}}{'mean':>9}  interval"]
            lines += [row(label, i, "  clear" if i.excludes_zero else "  not clear")
                      for label, i in pairs]
        return "\n".join(lines)

    def metadata(self) -> dict[str, Any]:
        """The JSON-ready record saved with the arrays."""
        return {
            "format": FILE_FORMAT, "version": FILE_VERSION, "trickcore": trickcore.__version__,
            "game": self.game, "rules": rules_codec.encode_rules(self.rules),
            "bots": list(self.bots), "deals": self.deals, "match": self.match,
            "seed": {"entropy": self.seed.entropy, "spawn_key": list(self.seed.spawn_key),
                     "pool_size": self.seed.pool_size},
            "elapsed": self.elapsed, "backend": self.backend,
        }

    def save(self, path: storage.PathLike, *, file_format: str | None = None) -> Path:
        """Saves the arrays, rules, bots and seed to ``.npz`` or ``.parquet``."""
        return storage.write(path, self.metadata(), self.arrays, file_format=file_format)

    @classmethod
    def load(cls, path: storage.PathLike) -> ArenaResult:
        """Reads a file written by ``save``; a malformed file raises SerializationError."""
        metadata, arrays = storage.read(path)
        try:
            if metadata.get("format") != FILE_FORMAT or metadata.get("version") != FILE_VERSION:
                raise SerializationError(f"not a version {FILE_VERSION} {FILE_FORMAT} file")
            rules = rules_codec.decode_rules(metadata["rules"])
            bots = tuple(str(b) for b in metadata["bots"])
            deals, players = int(metadata["deals"]), int(rules.players)
            if len(bots) != players or arrays["points"].shape != (deals, players, players):
                raise SerializationError("the bots and arrays do not match the rules")
            return cls(rules=rules, bots=bots, deals=deals, match=bool(metadata["match"]),
                       seed=_seed(metadata["seed"]), arrays=dict(arrays),
                       elapsed=float(metadata["elapsed"]), backend=str(metadata["backend"]))
        except SerializationError as error:
            raise SerializationError(f"{str(path)!r}: {error}") from None
        except storage.DAMAGE_ERRORS as error:
            raise SerializationError(f"{str(path)!r}: malformed arena metadata: "
                                     f"{type(error).__name__}: {error}") from None


load = ArenaResult.load
