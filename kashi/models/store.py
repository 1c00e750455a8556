"""Weights files: a NumPy ``.npz`` of plain arrays with its SHA-256 in a ``.sha256`` file beside it.

The checksum is checked before the file is read, so a truncated download, an edited file or a
file swapped for another model is refused with a clear error instead of playing badly.
"""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

CHECKSUM_SUFFIX = ".sha256"


class ModelError(ValueError):
    """A weights file that is missing, corrupt, or not the model the code expects."""


def checksum_path(path: Path) -> Path:
    return path.with_name(path.name + CHECKSUM_SUFFIX)


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def save_weights(path: Path, arrays: dict[str, np.ndarray[Any, Any]]) -> str:
    """Write the arrays and their checksum; returns the checksum."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        np.savez_compressed(handle, allow_pickle=False, **arrays)
    digest = sha256_of(path)
    checksum_path(path).write_text(f"{digest}  {path.name}\n", encoding="utf-8")
    return digest


def load_weights(path: Path) -> dict[str, np.ndarray[Any, Any]]:
    """The arrays of a weights file whose checksum matches; ``ModelError`` otherwise."""
    sidecar = checksum_path(path)
    if not path.is_file():
        raise ModelError(f"weights file {path} not found")
    if not sidecar.is_file():
        raise ModelError(f"weights file {path} has no checksum file {sidecar.name} beside it")
    expected = sidecar.read_text(encoding="utf-8").split()[:1]
    actual = sha256_of(path)
    if expected != [actual]:
        shown = expected[0] if expected else "nothing"
        raise ModelError(
            f"weights file {path} is corrupt or not the one its checksum names: "
            f"SHA-256 {actual}, expected {shown}; retrain with 'kashi train' or reinstall kashi"
        )
    try:
        with np.load(path, allow_pickle=False) as data:
            return {key: data[key] for key in data.files}
    except (OSError, ValueError, zipfile.BadZipFile) as error:
        raise ModelError(f"weights file {path} cannot be read: {error}") from None
