"""What the store's SQL needs to know about the database it runs on: SQLite or PostgreSQL.

The queries of `store/sqlite.py` and `store/leaguequeries.py` are written once, in the SQL both
databases speak (`?` marks, `RETURNING`, `ON CONFLICT`, `IS NOT DISTINCT FROM`). The
few places where they differ ask the transaction's `Dialect`: reading a number or a word
out of a JSON column, naming the index SQLite should use, and the locks a PostgreSQL
write takes so that two commands on one channel, game or league wait for each other as
they do under SQLite's single writer (bot/store/postgres.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class Row(Protocol):
    """A result row: by position, by column name, and `dict(row)`."""

    def __getitem__(self, key: int | str) -> Any: ...

    def keys(self) -> Any: ...


class Cursor(Protocol):
    """What the store reads back from one statement."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """The calls the store makes on a connection (sqlite3's, or bot/store/postgres.py's)."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Cursor: ...

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Any: ...


@dataclass(frozen=True)
class Dialect:
    """The differences between the databases, as the store's queries meet them.

    `writing` is True inside a write transaction on a database with many writers
    (PostgreSQL): reads of a game or league then lock the row they return.
    """

    name: str
    writing: bool = False

    @property
    def locks(self) -> bool:
        """Say whether reads in this transaction lock what they return."""
        return self.writing and self.name == "postgresql"

    def for_update(self) -> str:
        """The clause that locks the rows a read returns until the transaction ends."""
        return " FOR UPDATE" if self.locks else ""

    def indexed(self, index: str) -> str:
        """Tell SQLite which index to use (PostgreSQL's planner chooses on its own)."""
        return f" INDEXED BY {index}" if self.name == "sqlite" else ""

    def json_int(self, column: str, key: str) -> str:
        """An expression: the whole number under `key` of a JSON text column (or NULL)."""
        if self.name == "sqlite":
            return f"json_extract({column}, '$.{key}')"
        return f"(({column})::jsonb ->> '{key}')::bigint"

    def json_text(self, column: str, key: str) -> str:
        """An expression: the text under `key` of a JSON text column (or NULL)."""
        if self.name == "sqlite":
            return f"json_extract({column}, '$.{key}')"
        return f"(({column})::jsonb ->> '{key}')"


SQLITE = Dialect("sqlite")

__all__ = ["SQLITE", "Connection", "Cursor", "Dialect", "Row"]
