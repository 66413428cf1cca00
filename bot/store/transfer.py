"""`banneret migrate`: copy every game, log and league from one store to another.

The usual move is from a SQLite file to PostgreSQL (`--from banneret.db --to
postgresql://…`); the other way works the same. The copy is all or nothing:

- the source is read on one snapshot: a SQLite file is first copied aside with SQLite's
  backup API (so the bot may still be writing to it, and the file itself is never
  changed), and that copy is brought to this version's schema; a PostgreSQL source is
  read in one REPEATABLE READ transaction;
- the target must hold nothing yet: it is looked at before anything is written, and a
  target with games or leagues is refused (exit 2, nothing written);
- every row goes in ONE write transaction on the target, in batches (`executemany`), so a
  crash or a failed insert leaves the target as empty as it was (its schema aside),
  and running the command again starts over; on PostgreSQL the tables are locked
  for that transaction, so no bot and no second migrate writes between the check and
  the copy. Then the identity sequences move past the copied ids;
- then every copied game is verified by replaying its log on the target, as `banneret
  verify` does (bot/service/relocation.py: the copy is the store's, the check the service's).

Rows are read in key order, a batch at a time (`WHERE key > last`), so neither side
holds a whole table in memory; `league_players` keep their join order (rowid), which
the league code reads as the order players joined.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, cast

import psycopg

from bot.store.faults import StoreError
from bot.store.gamestore import GameStore
from bot.store.location import is_postgres, open_store
from bot.store.sqlite import Store
from bot.store.transaction import Transaction

BATCH = 500  # rows a statement carries


@dataclass(frozen=True)
class Table:
    """One table to copy: its name and the columns it is read in order of (unique)."""

    name: str
    key: tuple[str, ...]


# Parents before children (the foreign keys point up this list).
TABLES = (
    Table("games", ("id",)),
    Table("actions", ("game_id", "seq")),
    Table("checkpoints", ("game_id", "seq")),
    Table("leagues", ("id",)),
    Table("league_games", ("league_id", "game_id")),
    Table("league_players", ("rowid",)),  # the order players joined: a new rowid on copy
    Table("league_fixtures", ("id",)),
    Table("reminder_prefs", ("user_id",)),
    Table("outbox", ("id",)),  # notices claimed and not yet posted: posted after the move
    Table("scenarios", ("digest",)),
    Table("web_site", ("key",)),  # the address secret: a game keeps its address after a move
    Table("people", ("user_id",)),
    Table("web_servers", ("guild_id",)),
    Table("datasheets", ("digest",)),
)
# Columns a database makes itself and a copy must not carry (PostgreSQL's rowid twin).
_MADE_BY_TARGET = frozenset({"rowid"})


class _Described(Protocol):
    description: Any


@dataclass
class Copied:
    """What a migration copied: rows per table."""

    rows: dict[str, int]

    @property
    def games(self) -> int:
        """Games copied."""
        return self.rows.get("games", 0)


class TargetNotEmpty(Exception):
    """The target already holds games or leagues: a migration only fills an empty one."""

    def __init__(self, path: str, games: int, leagues: int) -> None:
        super().__init__(f"{path}: {games} games, {leagues} leagues")
        self.path = path
        self.games = games
        self.leagues = leagues


@contextmanager
def opened_source(location: str) -> Iterator[GameStore]:
    """Open the database to copy from, refusing one that is missing, not Banneret's or
    newer (StoreError). A SQLite file is copied aside first and the copy brought to this
    version's schema, so the file itself is left exactly as it was."""
    if is_postgres(location):
        open_store(location, read_only=True).close()  # not ours, or newer: refused unopened
        store = open_store(location)  # an older schema is brought up to date, as on start
        try:
            yield store
        finally:
            store.close()
        return
    original = Store(location, read_only=True)
    folder = Path(tempfile.mkdtemp(prefix="banneret-migrate-"))
    try:
        try:
            original.backup(folder / "source.db")
        finally:
            original.close()
        copy = Store(folder / "source.db")
        try:
            yield copy
        finally:
            copy.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


_NAMES = tuple(table.name for table in TABLES)


def _held(tx: Transaction, tables: tuple[str, ...] = _NAMES) -> tuple[int, int, int]:
    """(games, leagues, rows in all `tables`) a store already holds."""
    counts = {name: int(tx.conn.execute(f"SELECT count(*) FROM {name}").fetchone()[0])
              for name in tables}
    return counts["games"], counts["leagues"], sum(counts.values())


def check_target(location: str) -> None:
    """Refuse a target that holds anything, or that is not Banneret's, writing nothing to
    it (TargetNotEmpty, StoreError). A new file or an empty database passes."""
    if not is_postgres(location) and not Path(location).exists():
        return
    try:
        store = open_store(location, read_only=True)
    except StoreError as err:
        if err.kind == "not-ours-pg" and not _has_tables(location):
            return  # a new, empty PostgreSQL database: the usual target
        raise
    try:
        with store.reading() as tx:  # tables every version has (an older one may lack some)
            games, leagues, rows = _held(tx, ("games", "leagues"))
    finally:
        store.close()
    if rows:
        raise TargetNotEmpty(store.path, games, leagues)


def _has_tables(url: str) -> bool:
    """Say whether a PostgreSQL database has any table of its own."""
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*) FROM information_schema.tables "
                           "WHERE table_schema = current_schema()").fetchone()
    return bool(row and row[0])


def _columns(tx: Transaction, table: Table) -> list[str]:
    cursor = cast(_Described, tx.conn.execute(f"SELECT * FROM {table.name} LIMIT 0"))
    return [str(d[0]) for d in cursor.description if str(d[0]) not in _MADE_BY_TARGET]


def _batches(tx: Transaction, table: Table, columns: list[str],
             size: int) -> Iterator[list[tuple[Any, ...]]]:
    """A table's rows, `size` at a time, in key order (each batch found by its index)."""
    keys = ", ".join(table.key)
    picked = f"SELECT {keys}, {', '.join(columns)} FROM {table.name}"
    marks = ", ".join("?" for _ in table.key)
    last: tuple[Any, ...] | None = None
    width = len(table.key)
    while True:
        if last is None:
            rows = tx.conn.execute(f"{picked} ORDER BY {keys} LIMIT ?", (size,)).fetchall()
        else:
            rows = tx.conn.execute(f"{picked} WHERE ({keys}) > ({marks}) ORDER BY {keys} "
                                   "LIMIT ?", (*last, size)).fetchall()
        if not rows:
            return
        yield [tuple(row)[width:] for row in rows]
        last = tuple(rows[-1])[:width]
        if len(rows) < size:
            return


def copy_rows(source: GameStore, target: GameStore, batch: int = BATCH) -> Copied:
    """Copy every row of `source` into the empty `target` in one write transaction on the
    target (all or nothing); TargetNotEmpty if it holds anything by then."""
    copied: dict[str, int] = {}
    with source.reading() as rx, target.transaction() as tx:
        if tx.sql.name == "postgresql":
            # No bot and no second migrate may write between the check and the copy.
            tx.conn.execute("LOCK TABLE " + ", ".join(t.name for t in TABLES)
                            + " IN EXCLUSIVE MODE")
        games, leagues, rows = _held(tx)
        if rows:
            raise TargetNotEmpty(target.path, games, leagues)
        for table in TABLES:
            columns = _columns(rx, table)
            insert = (f"INSERT INTO {table.name} ({', '.join(columns)}) "
                      f"VALUES ({', '.join('?' for _ in columns)})")
            copied[table.name] = 0
            for chunk in _batches(rx, table, columns, batch):
                tx.conn.executemany(insert, chunk)
                copied[table.name] += len(chunk)
        if tx.sql.name == "postgresql":
            from bot.store.postgres import IDENTITY_TABLES

            for name in IDENTITY_TABLES:  # new rows get ids above the copied ones
                tx.conn.execute(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                                f"max(id)) FROM {name}")
    return Copied(copied)


def origin_path(location: str, store: GameStore) -> str:
    """The source as messages name it: the file given (not its copy), or the URL shown
    without its password."""
    return store.path if is_postgres(location) else location


__all__ = ["BATCH", "TABLES", "Copied", "Table", "TargetNotEmpty", "check_target", "copy_rows",
           "opened_source"]
