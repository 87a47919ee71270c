"""Saving and loading results (.npz, Parquet), the rules record, and reproducing a saved run."""

from __future__ import annotations

import enum
import json
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

from simulation_games import Measurements
from trickcore import CardMultiset, CardSet
from trickcore.core.card import Card, Suit
from trickcore.core.errors import SerializationError
from trickcore.core.rules_codec import decode_rules, encode_rules
from trickcore.core.seeding import BLOCK_SIZE
from trickcore.simulation import (
    SimulationArgumentError,
    SimulationResult,
    load,
    register_rules_class,
    simulate,
)
from trickcore.simulation.random_deals import DealStats

FORMATS = ["npz", pytest.param("parquet", marks=pytest.mark.skipif(
    __import__("importlib").util.find_spec("pyarrow") is None, reason="pyarrow not installed"))]


def assert_same(a: SimulationResult, b: SimulationResult) -> None:
    assert (a.rules, a.policy, a.deals, a.start, a.stats_only, a.backend) == (
        b.rules, b.policy, b.deals, b.start, b.stats_only, b.backend)
    assert a.seed.entropy == b.seed.entropy and a.seed.spawn_key == b.seed.spawn_key
    assert a.layout == b.layout
    assert a.stats == b.stats
    assert a.elapsed == b.elapsed
    if not a.stats_only:
        for name in a.keys():
            np.testing.assert_array_equal(a[name], b[name])
            assert a[name].dtype == b[name].dtype


@pytest.mark.parametrize("file_format", FORMATS)
@pytest.mark.parametrize("stats_only", [False, True])
def test_save_and_load_round_trip(tmp_path: Path, file_format: str, stats_only: bool) -> None:
    result = simulate(DealStats(players=3), BLOCK_SIZE + 77, seed=9, start=5,
                      stats_only=stats_only)
    path = result.save(tmp_path / f"run.{file_format}")
    assert path.exists()
    assert_same(SimulationResult.load(path), result)


@pytest.mark.parametrize("file_format", FORMATS)
def test_float_wide_and_huge_outputs_round_trip(tmp_path: Path, file_format: str) -> None:
    result = simulate(Measurements(), 500, seed=np.random.SeedSequence(4, spawn_key=(2, 7)))
    assert_same(load(result.save(tmp_path / f"m.{file_format}")), result)


def test_a_loaded_run_reproduces_itself(tmp_path: Path) -> None:
    result = simulate(DealStats(), 3000, seed=np.random.default_rng(12), start=BLOCK_SIZE - 9)
    again = load(result.save(tmp_path / "run.npz")).reproduce(workers=2)
    for name in result.keys():
        np.testing.assert_array_equal(again[name], result[name])
    assert again.stats == result.stats


def test_format_can_be_named_explicitly(tmp_path: Path) -> None:
    result = simulate(DealStats(), 100, seed=1)
    path = result.save(tmp_path / "run.data", file_format="npz")
    assert_same(load(path), result)
    with pytest.raises(SimulationArgumentError, match="cannot tell the format"):
        result.save(tmp_path / "run.csv")
    with pytest.raises(SimulationArgumentError, match="unknown result format 'csv'"):
        result.save(tmp_path / "run.npz", file_format="csv")


def test_malformed_files_are_refused(tmp_path: Path) -> None:
    text = tmp_path / "notes.npz"
    text.write_text("hello")
    with pytest.raises(SerializationError, match=r"neither a \.npz nor a Parquet file"):
        load(text)
    with pytest.raises(SerializationError, match="cannot read"):
        load(tmp_path / "missing.npz")
    other = tmp_path / "other.npz"
    np.savez(other, a=np.arange(3))
    with pytest.raises(SerializationError, match="not a trickcore result file"):
        load(other)


def rewrite_metadata(path: Path, target: Path, change: dict[str, object]) -> None:
    with np.load(path) as data:
        entries = {key: data[key] for key in data.files}
    metadata = json.loads(str(entries["trickcore"][()]))
    metadata.update(change)
    entries["trickcore"] = np.array(json.dumps(metadata))
    np.savez(target, **entries)


@pytest.mark.parametrize(("change", "message"), [
    ({"version": 99}, "not a version 2 trickcore.simulation file"),
    ({"deals": 7}, "array 'hands' is uint64\\[50, 4\\], expected uint64\\[7, 4\\]"),
    ({"rules": {"dataclass": "trickcore.simulation.random_deals:DealStats",
                "fields": {"players": 9}}},
     "players must be 1..8"),
    ({"rules": {"dataclass": "os:system", "fields": {}}}, "'os:system' is not allowed"),
    ({"rules": {"dataclass": "pathlib:Path", "fields": {}}}, "'pathlib:Path' is not allowed"),
    ({"game": "spades"}, "rules record is for 'deals', not 'spades'"),
    ({"seed": {"entropy": 1}}, "malformed result metadata: KeyError"),
    ({"stats": {"hcp": {"kind": "int"}}}, "malformed field statistics"),
])
def test_tampered_metadata_is_refused(tmp_path: Path, change: dict[str, object],
                                      message: str) -> None:
    path = simulate(DealStats(), 50, seed=1).save(tmp_path / "run.npz")
    broken = tmp_path / "broken.npz"
    rewrite_metadata(path, broken, change)
    with pytest.raises(ValueError, match=message):
        load(broken)


def test_a_truncated_file_is_refused(tmp_path: Path) -> None:
    path = simulate(DealStats(), 50, seed=1).save(tmp_path / "run.npz")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert not zipfile.is_zipfile(path)
    with pytest.raises(SerializationError, match="cannot read"):
        load(path)


class Lead(enum.Enum):
    TWO_OF_CLUBS = "2C"
    LEFT_OF_DEALER = "left"


@dataclass(frozen=True)
class Scale:
    hearts: int = 1
    queen: int = 13


QUEEN_OF_SPADES = Card("QS")
REMOVED = CardSet("2C 2D")
TWO_PACK_CARDS = CardMultiset.parse("AS AS KH")
VALUES = ((Card("QS"), 13), (Card("JD"), -10))


@register_rules_class
@dataclass(frozen=True)
class RichRules:
    """Every kind of value a game's rules may hold."""

    players: int = 4
    lead: Lead = Lead.TWO_OF_CLUBS
    trump: Suit | None = Suit.SPADES
    queen: Card = QUEEN_OF_SPADES
    removed: CardSet = REMOVED
    packs: CardMultiset = TWO_PACK_CARDS
    scale: Scale = field(default_factory=Scale)
    values: tuple[tuple[Card, int], ...] = VALUES
    options: frozenset[str] = frozenset({"moon", "void"})
    table: dict[str, float] = field(default_factory=lambda: {"bonus": 0.5})
    name: str = "rich"
    derived: int = field(init=False, default=0)


def test_rules_of_every_value_kind_round_trip_through_json() -> None:
    rules = RichRules(lead=Lead.LEFT_OF_DEALER, trump=None)
    record = json.loads(json.dumps(encode_rules(rules)))
    decoded = decode_rules(record)
    assert decoded == rules
    assert type(decoded.queen) is Card and type(decoded.trump) is type(None)
    assert decoded.values[1][0] == Card("JD") and type(decoded.values[1][0]) is Card


def test_rules_that_cannot_be_recorded_are_refused() -> None:
    @dataclass(frozen=True)
    class Opaque:
        hook: object = object()

    with pytest.raises(SerializationError, match="cannot record a rules value of type object"):
        encode_rules(Opaque())
    with pytest.raises(SerializationError, match="rules must be a dataclass"):
        encode_rules("svarta-maja")
    with pytest.raises(SerializationError, match="do not survive encoding"):
        encode_rules(Unequal())


@register_rules_class
@dataclass(frozen=True, eq=False)
class Unequal:
    """Compares by identity, so no decoded copy can equal it."""

    players: int = 4
