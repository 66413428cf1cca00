"""What can be wrong with a database file, named in one line (bot/store/sqlite.py raises these)."""

from __future__ import annotations

import sqlite3

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


__all__ = ["StoreError", "storage_error"]
