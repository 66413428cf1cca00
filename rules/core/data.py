"""Locate and read the reference data shipped in data/ (TOML, in our own words)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any


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
