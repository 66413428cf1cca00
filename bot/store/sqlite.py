"""The SQLite store: one file (WAL), one connection per thread, migrations on open.

The hot path (one command = one transaction) uses plain SQL inside `BEGIN IMMEDIATE`,
so two commands on one channel serialize at the database even across processes, and
neither is lost. Schema changes are sqlite-utils `Migrations` (migrations.py).
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlite_utils import Database

from bot.clock import SYSTEM_CLOCK, Clock
from bot.store.faults import StoreError, access_error, allowed, storage_error
from bot.store.gamestore import GameStore
from bot.store.migrations import check_schema, migrations
from bot.store.transaction import Transaction

WRITE_WAIT = 30.0  # seconds a write waits for the lock before "locked", as SQLite's own wait


class Store(GameStore):
    """A SQLite file of games; one connection per thread, WAL, migrations on open.

    Opening takes the write lock before it looks at the schema, so several processes
    opening a new file at once apply each migration once. A file that is empty (0
    bytes), corrupt, read-only, full, or written by a newer version is refused with a
    `StoreError`; nothing is written to it, and so is a path this user may not enter,
    read or (to make it) write. `read_only=True` (verify, export) never writes, needs
    the file to exist, and also reads a file in a folder this user may not write.
    `synchronous` is SQLite's durability setting:
    FULL (the default) makes every acknowledged command survive a power loss; NORMAL
    is faster but may lose the last commits then (see docs/deployment.md).
    """

    def __init__(
        self,
        path: str | Path,
        *,
        read_only: bool = False,
        synchronous: str = "FULL",
        clock: Clock = SYSTEM_CLOCK,
    ) -> None:
        super().__init__(str(path), clock=clock, read_only=read_only)
        self.synchronous = synchronous
        self._local = threading.local()
        # This process's writers queue here rather than in SQLite's busy handler, which
        # sleeps 1, 2, 5 ... 100 ms between tries: ten channels at once waited up to a
        # second for the write lock that way. Other processes still meet the busy handler.
        self._writing = threading.Lock()
        memory = self.path == ":memory:"
        file = Path(self.path)
        refused = None if memory else access_error(file, write=not read_only)
        if refused is not None:
            raise refused
        if not memory and file.is_dir():
            raise StoreError("cannot-open", self.path, "a folder, not a file")
        if not memory and file.exists() and file.stat().st_size == 0:
            raise StoreError("empty", self.path)
        if read_only and not memory and not file.exists():
            raise StoreError("missing", self.path)
        if not memory and not read_only and not file.exists():
            self._create(file)
        try:
            self._open()
        except sqlite3.IntegrityError:
            raise
        except sqlite3.DatabaseError as err:
            self.close()
            error = storage_error(err, self.path)
            if read_only and error.kind == "read-only":  # verify or backup: not a write
                error = StoreError("log-unreadable", self.path, str(err))
            raise error from err
        except UnicodeDecodeError as err:
            # SQLite's own message quoted damaged bytes of the schema.
            self.close()
            raise StoreError("corrupt", self.path, "the schema is damaged") from err
        except StoreError:
            self.close()
            raise

    def _create(self, file: Path) -> None:
        """Make a new database whole beside the path, then link it into place.

        So no process ever sees a half-made file: a file of 0 bytes at the path is one
        that was damaged, never one being made. Of several processes making it at once,
        the first link wins and the others open that file.
        """
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=f".{file.name}.", suffix=".new", dir=file.parent)
            os.close(fd)
            os.unlink(name)
            made = sqlite3.connect(name, isolation_level=None)
            try:
                made.execute("PRAGMA journal_mode = WAL")
                migrations.apply(Database(made))
            finally:
                made.close()
            try:
                os.link(name, file)
            except FileExistsError:
                pass
            finally:
                os.unlink(name)
        except sqlite3.DatabaseError as err:
            raise storage_error(err, self.path) from err
        except OSError as err:
            raise StoreError("cannot-open", self.path, str(err)) from err

    def _open(self) -> None:
        conn = self._connection()
        db = Database(conn)
        if self.read_only:
            if not db["_sqlite_migrations"].exists():
                raise StoreError("not-ours", self.path)
            check_schema(db, self.path)
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            check_schema(db, self.path)
            migrations.apply(db)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def _connection(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            if self.read_only and self.path != ":memory:":
                conn = sqlite3.connect(self._read_only_uri(), uri=True, isolation_level=None,
                                       timeout=WRITE_WAIT)
            else:
                conn = sqlite3.connect(self.path, isolation_level=None, timeout=WRITE_WAIT)
            conn.row_factory = sqlite3.Row
            try:
                if not self.read_only:
                    conn.execute("PRAGMA journal_mode = WAL")
                    conn.execute(f"PRAGMA synchronous = {self.synchronous}")
                conn.execute("PRAGMA foreign_keys = ON")
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except BaseException:
                conn.close()
                raise
            self._local.conn = conn
        return conn

    def _read_only_uri(self) -> str:
        """Return the URI that opens the file to read only (`mode=ro`).

        A user who may not write the file or its folder cannot make the shared-memory
        file SQLite reads a WAL database with, so the file is opened `immutable` then;
        unless a write-ahead log beside it holds commits not yet copied into the file,
        which `immutable` would skip (SQLite reads that log with the files already there).
        """
        file = Path(self.path).resolve()
        uri = f"{file.as_uri()}?mode=ro"
        log = file.with_name(f"{file.name}-wal")
        pending = log.exists() and log.stat().st_size > 0
        if not pending and not (allowed(file, os.W_OK) and allowed(file.parent, os.W_OK)):
            uri += "&immutable=1"
        return uri

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """Run a block as one write transaction, taken up front (BEGIN IMMEDIATE)."""
        if self.read_only:
            raise StoreError("read-only", self.path, "opened to read only")
        with self._errors():
            conn = self._connection()
            if not self._writing.acquire(timeout=WRITE_WAIT):
                raise sqlite3.OperationalError("database is locked")
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    yield Transaction(conn, self.clock, tuple(self._hooks.values()),
                                      tuple(self.game_over.values()))
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
                else:
                    conn.execute("COMMIT")
            finally:
                self._writing.release()

    @contextmanager
    def reading(self) -> Iterator[Transaction]:
        """Run a block of reads on one consistent snapshot."""
        with self._errors():
            conn = self._connection()
            conn.execute("BEGIN")
            try:
                yield Transaction(conn, self.clock)
            finally:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")

    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn what goes wrong with the file (full, corrupt, locked) into a StoreError."""
        try:
            yield
        except sqlite3.IntegrityError:
            raise
        except sqlite3.DatabaseError as err:
            raise storage_error(err, self.path) from err
        except UnicodeDecodeError as err:
            raise StoreError("corrupt", self.path, "damaged text in the file") from err

    def backup(self, target: str | Path) -> None:
        """Copy the database, consistent even while the bot writes to it (SQLite backup)."""
        with self._errors():
            out = sqlite3.connect(str(target))
            try:
                self._connection().backup(out)
            finally:
                out.close()

    def close(self) -> None:
        """Close this thread's connection."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None
