"""Result files and game documents from untrusted hands: a file names no module to import, asks
for no absurd seed, and any damage is a SerializationError naming the file and the problem."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trickcore as tc
from trickcore.core.errors import SerializationError
from trickcore.simulation import load, simulate
from trickcore.simulation.random_deals import DealStats

HAS_PYARROW = importlib.util.find_spec("pyarrow") is not None


def rewrite_metadata(path: Path, target: Path, change: dict[str, object]) -> None:
    with np.load(path) as data:
        entries = {key: data[key] for key in data.files}
    metadata = json.loads(str(entries["trickcore"][()]))
    metadata.update(change)
    entries["trickcore"] = np.array(json.dumps(metadata))
    np.savez(target, **entries)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("saved")
    result = simulate(DealStats(players=3), 40, seed=3)
    files = {"npz": result.save(folder / "run.npz").read_bytes()}
    if HAS_PYARROW:
        files["parquet"] = result.save(folder / "run.parquet").read_bytes()
    return files


def test_a_file_naming_a_foreign_class_imports_nothing(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "side_effects.py").write_text(
        "import dataclasses\nOPENED = open(__file__ + '.ran', 'w')\n"
        "@dataclasses.dataclass(frozen=True)\nclass Rules:\n    game: str = 'deals'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    path = simulate(DealStats(), 20, seed=1).save(tmp_path / "run.npz")
    crafted = tmp_path / "crafted.npz"
    rewrite_metadata(path, crafted, {"rules": {"dataclass": "side_effects:Rules", "fields": {}}})
    with pytest.raises(SerializationError,
                       match=r"crafted\.npz.*'side_effects:Rules' is not allowed"):
        load(crafted)
    assert "side_effects" not in sys.modules
    assert not (tmp_path / "side_effects.py.ran").exists()


def test_trickcore_rules_classes_need_no_registration(tmp_path: Path) -> None:
    rules = tc.hearts.Rules.spardame(players=5)
    result = simulate(rules, 30, seed=2)
    assert load(result.save(tmp_path / "run.npz")).rules == rules


@pytest.mark.parametrize(("seed", "message"), [
    ({"entropy": 1, "spawn_key": [], "pool_size": 10**12}, "pool_size must be 4..64"),
    ({"entropy": 1, "spawn_key": [], "pool_size": 3}, "pool_size must be 4..64"),
    ({"entropy": 1, "spawn_key": [], "pool_size": 4.0}, "pool_size must be 4..64"),
    ({"entropy": 1, "spawn_key": [], "pool_size": True}, "pool_size must be 4..64"),
    ({"entropy": list(range(10**5)), "spawn_key": [], "pool_size": 4},
     "entropy holds 100000 numbers"),
    ({"entropy": 1, "spawn_key": [0] * 10**5, "pool_size": 4}, "spawn_key holds 100000"),
    ({"entropy": 1 << 100_000, "spawn_key": [], "pool_size": 4}, "at most 4096 bits"),
    ({"entropy": -1, "spawn_key": [], "pool_size": 4}, "entropy must be a non-negative int"),
    ({"entropy": "1", "spawn_key": [], "pool_size": 4}, "entropy must be a non-negative int"),
    ({"entropy": 1, "spawn_key": "ab", "pool_size": 4}, "spawn_key must be a list"),
    ({"entropy": 1, "spawn_key": [1.5], "pool_size": 4}, "spawn_key must be a non-negative"),
])
def test_seed_sizes_in_a_file_are_bounded(tmp_path: Path, seed: dict[str, object],
                                          message: str) -> None:
    path = simulate(DealStats(), 20, seed=1).save(tmp_path / "run.npz")
    broken = tmp_path / "broken.npz"
    with np.load(path) as data:
        entries = {key: data[key] for key in data.files}
    metadata = json.loads(str(entries["trickcore"][()]))
    metadata["seed"] = seed
    sys.set_int_max_str_digits(0)  # so that the huge entropy can be written and read
    try:
        entries["trickcore"] = np.array(json.dumps(metadata))
        np.savez(broken, **entries)
        with pytest.raises(SerializationError, match=rf"broken\.npz.*{message}"):
            load(broken)
    finally:
        sys.set_int_max_str_digits(4300)


@pytest.mark.parametrize("change", [
    {"layout": {"hands": {"dtype": "<u8", "shape": [10**9, 10**9]}}},
    {"layout": {"hands": {"dtype": "<u8", "shape": "x"}}},
    {"layout": {"hands": {"dtype": "no such dtype", "shape": [4]}}},
    {"layout": []},
    {"stats": {"hcp": {"kind": "int", "shape": [10**12], "count": 0, "sums": [], "squares": [],
                       "minimum": [], "maximum": [], "histogram_start": None,
                       "histogram": None}}},
    {"stats": []},
    {"deals": "many"},
    {"elapsed": {}},
    {"seed": None},
    {"rules": None},
    {"rules": {"dataclass": "trickcore.simulation.random_deals:DealStats", "fields": []}},
    {"game": ["deals"]},
])
def test_metadata_of_the_wrong_types_is_refused(tmp_path: Path,
                                                change: dict[str, object]) -> None:
    path = simulate(DealStats(), 20, seed=1, stats_only=True).save(tmp_path / "run.npz")
    broken = tmp_path / "broken.npz"
    rewrite_metadata(path, broken, change)
    with pytest.raises(SerializationError, match=r"broken\.npz"):
        load(broken)


def test_deeply_nested_metadata_is_refused(tmp_path: Path) -> None:
    path = simulate(DealStats(), 20, seed=1).save(tmp_path / "run.npz")
    with np.load(path) as data:
        entries = {key: data[key] for key in data.files}
    entries["trickcore"] = np.array('{"rules": ' + "[" * 100_000 + "]" * 100_000 + "}")
    np.savez(path, **entries)
    with pytest.raises(SerializationError, match=r"run\.npz.*RecursionError"):
        load(path)


@pytest.mark.parametrize("cls", [tc.hearts.Deal, tc.hearts.Match, tc.spades.Deal, tc.dam.Deal])
def test_deeply_nested_game_documents_are_refused(cls: type) -> None:
    with pytest.raises(SerializationError, match="RecursionError"):
        cls.from_json('{"format": "trickcore", "hands": ' + "[" * 100_000 + "]" * 100_000 + "}")


def test_npz_metadata_that_is_not_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.npz"
    np.savez(path, trickcore=np.arange(3))
    with pytest.raises(SerializationError, match=r"run\.npz.*metadata is not a text entry"):
        load(path)


def damaged(data: bytes, cut: int | None, flips: list[tuple[int, int]]) -> bytes:
    body = bytearray(data if cut is None else data[: cut % (len(data) + 1)])
    for position, bits in flips:
        if body:
            body[position % len(body)] ^= bits
    return bytes(body)


DAMAGE = {"cut": st.none() | st.integers(0, 1 << 20),
          "flips": st.lists(st.tuples(st.integers(0, 1 << 20), st.integers(1, 255)),
                            max_size=4)}
FUZZ = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("file_format", ["npz", pytest.param("parquet", marks=pytest.mark.skipif(
    not HAS_PYARROW, reason="pyarrow not installed"))])
@FUZZ
@given(**DAMAGE)
def test_damaged_result_files_raise_only_serialization_errors(
        tmp_path: Path, saved: dict[str, bytes], file_format: str, cut: int | None,
        flips: list[tuple[int, int]]) -> None:
    path = tmp_path / f"fuzzed.{file_format}"
    path.write_bytes(damaged(saved[file_format], cut, flips))
    try:
        load(path)
    except SerializationError as error:
        assert "fuzzed." in str(error)


DOCUMENTS = {
    "hearts": (tc.hearts.Deal, tc.hearts.Deal.random(tc.hearts.Rules.svarta_maja(), seed=1)),
    "spades": (tc.spades.Deal, tc.spades.Deal.random(tc.spades.Rules.standard(), seed=1)),
    "dam": (tc.dam.Deal, tc.dam.Deal.random(tc.dam.Rules.avoid(), seed=1)),
}


@pytest.mark.parametrize("game", sorted(DOCUMENTS))
@FUZZ
@given(**DAMAGE)
def test_damaged_game_documents_raise_only_serialization_errors(
        game: str, cut: int | None, flips: list[tuple[int, int]]) -> None:
    cls, deal = DOCUMENTS[game]
    text = deal.to_json().encode()
    try:
        cls.from_json(damaged(text, cut, flips))
    except SerializationError:
        pass
