"""What can be wrong with a database file, named in one line (bot/store/sqlite.py raises these)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from rules.core.text import Msg


class StoreError(Exception):
    """A database that cannot be used as it is, said in one line: what, which file, what to do.

    Transports show `message` (a catalogue message, `store-<kind>`) instead of a traceback.
    """

    def __init__(self, kind: str, path: str, detail: str = "") -> None:
        super().__init__(f"{kind}: {path}: {detail}".rstrip(": "))
        self.kind = kind
        self.path = path
        self.detail = detail

    @property
    def message(self) -> Msg:
        """Return the catalogue message that explains the problem."""
        return Msg(key=f"store-{self.kind}", args={"path": self.path, "detail": self.detail})


# What SQLite's error text says, and what we call it.
_KINDS = (
    ("not a database", "corrupt"),
    ("malformed", "corrupt"),
    ("disk i/o error", "corrupt"),
    ("readonly", "read-only"),
    ("read-only", "read-only"),
    ("full", "full"),
    ("locked", "busy"),
    ("busy", "busy"),
    ("unable to open", "cannot-open"),
)


def storage_error(error: sqlite3.Error, path: str) -> StoreError:
    """Name what went wrong with a database file from SQLite's error."""
    text = str(error).lower()
    kind = next((k for needle, k in _KINDS if needle in text), "failed")
    return StoreError(kind, path, str(error))


def allowed(path: Path, mode: int) -> bool:
    """Say whether this process (its effective user) may use `path` so."""
    return os.access(path, mode, effective_ids=os.access in os.supports_effective_ids)


def access_error(path: Path, write: bool) -> StoreError | None:
    """Name the permission this user lacks to open the database at `path`, or None.

    Checked before SQLite or a `stat` sees the path, which would end in "unable to open"
    or a PermissionError traceback: a folder on the way the user may not enter (x), a
    file they may not read (r), or, to make a new file, a folder they may not write (w).
    """
    folder = path.absolute().parent
    for step in (*reversed(folder.parents), folder):
        if not os.path.lexists(step):
            return None  # the rest is missing: said as such further on
        if not allowed(step, os.X_OK):
            return StoreError("no-entry", str(path), str(step))
    if path.is_file() and not allowed(path, os.R_OK):
        return StoreError("no-read", str(path), str(path))
    if write and not path.exists():
        ancestor = next(p for p in (folder, *folder.parents) if p.exists())
        if not allowed(ancestor, os.W_OK):
            return StoreError("no-create", str(path), str(ancestor))
    return None


__all__ = ["StoreError", "access_error", "allowed", "storage_error"]
