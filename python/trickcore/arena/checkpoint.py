"""Resumable arenas: a directory holding what an arena is (rules, bots, seed, match) and the rows
of each task it has finished, so that a run stopped anywhere goes on where it stopped, and the
same arena with more deals reuses every task already played (docs/bots.md, "Checkpoints")."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

import trickcore
from trickcore.arena.result import ROW_DTYPES, row_shapes
from trickcore.bots.protocol import Bot
from trickcore.core import rules_codec
from trickcore.core.errors import SerializationError
from trickcore.simulation import storage
from trickcore.simulation.errors import SimulationArgumentError
from trickcore.simulation.protocol import Rows
from trickcore.simulation.tasks import Span

MANIFEST = "arena.json"
FORMAT = "trickcore.arena-checkpoint"
VERSION = 1


def bot_identity(bot: Bot) -> str:
    """What a bot is, for the manifest: its repr where its class defines one (the registry's
    bots show their parameters), else its class (a default repr holds a memory address)."""
    kind = type(bot)
    if kind.__repr__ is object.__repr__:
        return f"{kind.__module__}.{kind.__qualname__}"
    return repr(bot)


def identity(rules: Any, bots: Sequence[Bot], seed: np.random.SeedSequence,
             match: bool) -> dict[str, Any]:
    """The manifest of an arena: everything its rows depend on but the number of deals (as
    JSON reads it back, so that a manifest found on disk compares equal)."""
    manifest: dict[str, Any] = json.loads(json.dumps({
        "format": FORMAT, "version": VERSION, "trickcore": trickcore.__version__,
        "game": str(rules.game), "rules": rules_codec.encode_rules(rules),
        "bots": [bot_identity(bot) for bot in bots], "match": match,
        "seed": {"entropy": seed.entropy, "spawn_key": list(seed.spawn_key),
                 "pool_size": seed.pool_size},
    }))
    return manifest


@dataclass(frozen=True)
class Checkpoint:
    """The checkpoint directory of one arena (``manifest``, from ``identity``)."""

    directory: Path
    manifest: dict[str, Any]

    @classmethod
    def open(cls, path: storage.PathLike, manifest: dict[str, Any]) -> Checkpoint:
        """Creates the directory and its manifest, or checks that the manifest found there is
        this arena's: another arena's checkpoint raises SimulationArgumentError naming what
        differs, and nothing is written."""
        directory = Path(path)
        if directory.exists() and not directory.is_dir():
            raise SimulationArgumentError(f"checkpoint {str(path)!r} is not a directory")
        file = directory / MANIFEST
        if file.exists():
            found = _read_manifest(file)
            differs = sorted(key for key in manifest.keys() | found.keys()
                             if manifest.get(key) != found.get(key))
            if differs:
                raise SimulationArgumentError(
                    f"checkpoint {str(path)!r} belongs to another arena: its "
                    f"{', '.join(differs)} differ from this one's")
        else:
            directory.mkdir(parents=True, exist_ok=True)
            _replace(file, lambda partial: partial.write_text(json.dumps(manifest, indent=1),
                                                              encoding="utf-8"))
        return cls(directory, manifest)

    def span_path(self, span: Span) -> Path:
        block, start, take = span
        return self.directory / f"span-{block}-{start}-{take}.npz"

    def load(self, span: Span) -> Rows | None:
        """The rows of ``span`` if a finished task saved them, else None; a damaged or foreign
        file raises SerializationError naming it."""
        path = self.span_path(span)
        if not path.exists():
            return None
        metadata, arrays = storage.read(path)
        players = len(self.manifest["bots"])
        wanted = row_shapes(self.manifest["match"], span[2], players)
        if metadata != {"format": FORMAT, "span": list(span)}:
            raise SerializationError(f"{str(path)!r}: not the rows of span {list(span)}")
        if set(arrays) != set(wanted) or any(
                arrays[name].shape != shape or arrays[name].dtype != ROW_DTYPES[name]
                for name, shape in wanted.items()):
            raise SerializationError(f"{str(path)!r}: its arrays are not a task's rows of "
                                     f"{span[2]} deals for {players} seats")
        return arrays

    def save(self, span: Span, rows: Rows) -> None:
        """Saves a finished task's rows; the file appears whole or not at all."""
        metadata = {"format": FORMAT, "span": list(span)}
        _replace(self.span_path(span),
                 lambda partial: storage.write(partial, metadata, rows, file_format="npz"))


def _read_manifest(file: Path) -> dict[str, Any]:
    try:
        found = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise SerializationError(f"{str(file)!r}: unreadable checkpoint manifest: "
                                 f"{error}") from None
    if not isinstance(found, dict) or found.get("format") != FORMAT:
        raise SerializationError(f"{str(file)!r}: not a {FORMAT} manifest")
    return found


def _replace(target: Path, write: Callable[[Path], object]) -> None:
    """Writes ``target`` through a temporary file renamed over it (atomic on one file system)."""
    partial = target.with_name(target.name + ".partial")
    write(partial)
    os.replace(partial, target)
