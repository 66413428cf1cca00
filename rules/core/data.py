"""Locate and read the reference data shipped in data/ (TOML, in our own words).

Every system's catalogue.py declares its own models and reads its files through the
three readers here (one model, a file's records, a folder of files), so reading,
validating and refusing a repeated id are written once.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError


@cache
def data_dir() -> Path:
    """Return the data/ folder: the checkout's, or the copy inside an installed wheel."""
    here = Path(__file__).resolve()
    checkout = here.parents[2] / "data"
    if checkout.is_dir():
        return checkout
    return here.parents[1] / "_data"


@cache
def load_toml(relative: str) -> dict[str, Any]:
    """Read one TOML file under data/ (cached: data files do not change while running)."""
    with (data_dir() / relative).open("rb") as f:
        return tomllib.load(f)


Model = TypeVar("Model", bound=BaseModel)
Key = TypeVar("Key", bound=str)


def _validated(model: type[Model], raw: Any, where: str) -> Model:
    """Validate one record, naming the data file in the error (pydantic's own names none)."""
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        e.add_note(f"in data/{where}")
        raise


def read_model(model: type[Model], relative: str) -> Model:
    """Read one TOML file under data/ as one model (a system's battle table)."""
    return _validated(model, load_toml(relative), relative)


def read_records(
    model: type[Model],
    relative: str,
    table: str,
    key: Callable[[Model], Key],
    check: Callable[[Model], None] | None = None,
) -> dict[Key, Model]:
    """Read a TOML file's array of tables `[[table]]` as models, by `key`, in file order.

    `check` refuses (raises) a record the model alone cannot judge; a key met twice is
    refused too, so one record can never silently hide another.
    """
    return _keyed(
        [_validated(model, raw, relative) for raw in load_toml(relative)[table]],
        key, check, relative,
    )


def read_folder(
    model: type[Model],
    pattern: str,
    key: Callable[[Model], Key],
    check: Callable[[Model], None] | None = None,
    shape: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> dict[Key, Model]:
    """Read every file `pattern` matches under data/ (a system's scenarios) as one model each.

    The models come sorted by key; `shape` rearranges a file's tables into the model's
    fields first, and `check` and repeated keys are refused as in `read_records`.
    """
    found: list[Model] = []
    root = data_dir()
    for path in sorted(root.glob(pattern)):
        relative = path.relative_to(root).as_posix()
        raw = load_toml(relative)
        found.append(_validated(model, shape(raw) if shape else raw, relative))
    return _keyed(sorted(found, key=key), key, check, pattern)


def _keyed(
    models: list[Model],
    key: Callable[[Model], Key],
    check: Callable[[Model], None] | None,
    where: str,
) -> dict[Key, Model]:
    out: dict[Key, Model] = {}
    for found in models:
        if check is not None:
            check(found)
        k = key(found)
        if k in out:
            raise ValueError(f"data/{where}: {k!r} is given twice")
        out[k] = found
    return out


__all__ = ["data_dir", "load_toml", "read_folder", "read_model", "read_records"]
