"""Files for simulation results: numpy ``.npz`` or Apache Parquet (when pyarrow is installed).

A file holds the rows (one array per output, or none for a statistics-only run) and one JSON
metadata document; what the metadata means is the result's business (trickcore.simulation.result).
In Parquet an output with several columns per row (points per seat) becomes flat columns named
like the summary lines, ``points[0]`` .. ``points[3]``, and is rebuilt from the metadata's layout.
"""

from __future__ import annotations

import json
import math
import os
import struct
import sys
import zipfile
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from trickcore.core.errors import SerializationError, TrickcoreError
from trickcore.simulation.errors import SimulationArgumentError
from trickcore.simulation.summary import column_labels

METADATA_KEY = "trickcore"
COLUMNS_KEY = "trickcore.columns"
ROWS_PREFIX = "rows."
FORMATS = {".npz": "npz", ".parquet": "parquet", ".pq": "parquet"}

# What numpy, zipfile, zlib, json and the metadata checks raise on a damaged file (truncated,
# bytes flipped, metadata of the wrong types or nested absurdly deep, sizes asking for more memory
# than there is); pyarrow's errors are added where it is loaded. Each becomes a SerializationError.
DAMAGE_ERRORS: tuple[type[BaseException], ...] = (
    OSError, EOFError, ValueError, KeyError, IndexError, TypeError, AttributeError,
    OverflowError, RecursionError, MemoryError, NotImplementedError, zipfile.BadZipFile,
    zlib.error, struct.error)

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
    """The metadata and arrays of a result file, whichever format it is in; a file that cannot
    be read raises SerializationError naming it and the problem."""
    target = Path(path)
    try:
        with target.open("rb") as stream:
            magic = stream.read(4)
        if magic == b"PAR1":
            document, arrays = _read_parquet(target)
        elif magic.startswith(b"PK"):
            document, arrays = _read_npz(target)
        else:
            raise SerializationError("it is neither a .npz nor a Parquet file")
        metadata = _metadata(document)
    except TrickcoreError as error:
        if not isinstance(error, SerializationError):
            raise  # pyarrow missing: not the file's fault
        raise SerializationError(f"{str(path)!r}: {error}") from None
    except damage_errors() as error:
        raise SerializationError(f"cannot read {str(path)!r}: {type(error).__name__}: "
                                 f"{error}") from None
    return metadata, arrays


def damage_errors() -> tuple[type[BaseException], ...]:
    """DAMAGE_ERRORS, and pyarrow's errors when pyarrow is loaded."""
    pyarrow = sys.modules.get("pyarrow")
    return DAMAGE_ERRORS if pyarrow is None else (*DAMAGE_ERRORS, pyarrow.ArrowException)


def _metadata(document: str) -> dict[str, Any]:
    try:
        metadata = json.loads(document)
    except json.JSONDecodeError as error:
        raise SerializationError(f"malformed metadata: {error}") from None
    if not isinstance(metadata, dict):
        raise SerializationError("malformed metadata: not a JSON object")
    return metadata


def _read_npz(path: Path) -> tuple[str, Arrays]:
    with np.load(path, allow_pickle=False) as data:
        if METADATA_KEY not in data.files:
            raise SerializationError("it is not a trickcore result file")
        document = data[METADATA_KEY]
        if document.shape != () or document.dtype.kind != "U":
            raise SerializationError("its metadata is not a text entry")
        arrays = {key.removeprefix(ROWS_PREFIX): data[key] for key in data.files
                  if key.startswith(ROWS_PREFIX)}
    return str(document[()]), arrays


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
    table = pa.parquet.read_table(path)
    metadata = table.schema.metadata or {}
    if METADATA_KEY.encode() not in metadata or COLUMNS_KEY.encode() not in metadata:
        raise SerializationError("it is not a trickcore result file")
    document = metadata[METADATA_KEY.encode()].decode()
    arrays: Arrays = {}
    layout = json.loads(metadata[COLUMNS_KEY.encode()])
    if not isinstance(layout, dict):
        raise SerializationError("its column layout is not a JSON object")
    for name, column in layout.items():
        shape = tuple(int(n) for n in column["shape"])
        if any(n < 0 for n in shape) or math.prod(shape) > table.num_columns:
            raise SerializationError(f"the layout of {name!r} asks for {list(shape)} columns "
                                     f"of a table of {table.num_columns}")
        parts = [table.column(label).to_numpy() for label in column_labels(name, shape)]
        stacked = np.stack(parts, axis=1) if shape else parts[0]
        arrays[name] = stacked.reshape(table.num_rows, *shape).astype(column["dtype"])
    return document, arrays
