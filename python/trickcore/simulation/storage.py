"""Files for simulation results: numpy ``.npz`` or Apache Parquet (when pyarrow is installed).

A file holds the rows (one array per output, or none for a statistics-only run) and one JSON
metadata document; what the metadata means is the result's business (trickcore.simulation.result).
In Parquet an output with several columns per row (points per seat) becomes flat columns named
like the summary lines, ``points[0]`` .. ``points[3]``, and is rebuilt from the metadata's layout.
"""

from __future__ import annotations

import json
import os
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from trickcore.core.errors import SerializationError
from trickcore.simulation.errors import SimulationArgumentError
from trickcore.simulation.summary import column_labels

METADATA_KEY = "trickcore"
COLUMNS_KEY = "trickcore.columns"
ROWS_PREFIX = "rows."
FORMATS = {".npz": "npz", ".parquet": "parquet", ".pq": "parquet"}

Arrays = dict[str, NDArray[Any]]
PathLike = str | os.PathLike[str]


def format_of(path: PathLike, requested: str | None) -> str:
    if requested is not None:
        if requested not in ("npz", "parquet"):
            raise SimulationArgumentError(f"unknown result format {requested!r}: npz or parquet")
        return requested
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise SimulationArgumentError(
            f"cannot tell the format of {str(path)!r}: use a .npz or .parquet name, or format=")
    return FORMATS[suffix]


def write(path: PathLike, metadata: Mapping[str, Any], arrays: Mapping[str, NDArray[Any]],
          *, file_format: str | None = None) -> Path:
    """Writes a result file and returns its path."""
    kind = format_of(path, file_format)
    target = Path(path)
    document = json.dumps(metadata, allow_nan=True)
    if kind == "npz":
        entries: dict[str, Any] = {ROWS_PREFIX + name: array for name, array in arrays.items()}
        entries[METADATA_KEY] = np.array(document)
        with target.open("wb") as stream:
            np.savez_compressed(stream, **entries)
    else:
        _write_parquet(target, document, arrays)
    return target


def read(path: PathLike) -> tuple[dict[str, Any], Arrays]:
    """The metadata and arrays of a result file, whichever format it is in."""
    target = Path(path)
    try:
        with target.open("rb") as stream:
            magic = stream.read(4)
    except OSError as error:
        raise SerializationError(f"cannot read {str(path)!r}: {error}") from None
    if magic == b"PAR1":
        document, arrays = _read_parquet(target)
    elif magic.startswith(b"PK"):
        document, arrays = _read_npz(target)
    else:
        raise SerializationError(f"{str(path)!r} is neither a .npz nor a Parquet file")
    try:
        metadata = json.loads(document)
    except json.JSONDecodeError as error:
        raise SerializationError(f"{str(path)!r}: malformed metadata: {error}") from None
    if not isinstance(metadata, dict):
        raise SerializationError(f"{str(path)!r}: malformed metadata: not a JSON object")
    return metadata, arrays


def _read_npz(path: Path) -> tuple[str, Arrays]:
    try:
        with np.load(path, allow_pickle=False) as data:
            if METADATA_KEY not in data.files:
                raise SerializationError(f"{str(path)!r} is not a trickcore result file")
            document = str(data[METADATA_KEY][()])
            arrays = {key.removeprefix(ROWS_PREFIX): data[key] for key in data.files
                      if key.startswith(ROWS_PREFIX)}
    except (OSError, ValueError, zipfile.BadZipFile) as error:
        if isinstance(error, SerializationError):
            raise
        raise SerializationError(f"cannot read {str(path)!r}: {error}") from None
    return document, arrays


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise SimulationArgumentError(
            "Parquet files need pyarrow: pip install 'trickcore[parquet]' (or use .npz)"
        ) from None
    return pyarrow


def _write_parquet(path: Path, document: str, arrays: Mapping[str, NDArray[Any]]) -> None:
    pa = _pyarrow()
    columns: dict[str, Any] = {}
    layout = {name: {"dtype": array.dtype.str, "shape": list(array.shape[1:])}
              for name, array in arrays.items()}
    for name, array in arrays.items():
        flat = array.reshape(array.shape[0], -1)
        for index, label in enumerate(column_labels(name, tuple(array.shape[1:]))):
            columns[label] = pa.array(flat[:, index])
    table = pa.table(columns).replace_schema_metadata(
        {METADATA_KEY: document, COLUMNS_KEY: json.dumps(layout)})
    pa.parquet.write_table(table, path)


def _read_parquet(path: Path) -> tuple[str, Arrays]:
    pa = _pyarrow()
    try:
        table = pa.parquet.read_table(path)
    except (OSError, pa.ArrowException) as error:
        raise SerializationError(f"cannot read {str(path)!r}: {error}") from None
    metadata = table.schema.metadata or {}
    if METADATA_KEY.encode() not in metadata or COLUMNS_KEY.encode() not in metadata:
        raise SerializationError(f"{str(path)!r} is not a trickcore result file")
    document = metadata[METADATA_KEY.encode()].decode()
    arrays: Arrays = {}
    try:
        layout = json.loads(metadata[COLUMNS_KEY.encode()])
        for name, column in layout.items():
            shape = tuple(int(n) for n in column["shape"])
            labels = column_labels(name, shape)
            parts = [table.column(label).to_numpy() for label in labels]
            stacked = np.stack(parts, axis=1) if shape else parts[0]
            arrays[name] = stacked.reshape(table.num_rows, *shape).astype(column["dtype"])
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise SerializationError(f"{str(path)!r}: columns do not match their layout: {error}"
                                 ) from None
    return document, arrays
