"""Storage for games and their append-only action logs: the transaction and the SQLite store.

`Transaction` is every read and write one command makes, in SQL that SQLite and
PostgreSQL both speak (bot/store/dialect.py names where they differ); `Store` keeps it in a
SQLite file (WAL), `bot/store/postgres.py` in PostgreSQL. Schema changes are sqlite-utils
`Migrations` (bot/store/migrations.py). The hot path (one command = one transaction) uses
plain SQL inside `BEGIN IMMEDIATE`, so two commands on one channel serialize at the
database even across processes, and neither is lost.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from bot.clock import SYSTEM_CLOCK, Clock, stamp
from bot.store.dialect import SQLITE, Connection, Dialect, Row
from bot.store.failures import StoreError as StoreError
from bot.store.failures import storage_error as storage_error
from bot.store.leaguequeries import SeasonQueries
from bot.store.migrations import check_schema, migrations

ACTIVE = ("open", "active")
CHECKPOINT_EVERY = 32  # log entries between kept positions
WRITE_WAIT = 30.0  # seconds a write waits for the lock before "locked", as SQLite's own wait


@dataclass
class GameRow:
    """One game as stored."""

    id: int
    channel_id: str
    guild_id: str
    system: str
    scenario: str
    creator_id: str
    seats: dict[str, str | None]
    invited: dict[str, str]
    status: str
    winner: str | None
    result: str | None
    seed_hash: str
    seed: str
    seed_revealed: bool
    state: dict[str, Any]
    version: int
    engine_version: str
    language: str
    settings: dict[str, Any]
    pending: dict[str, Any]
    created_at: str
    updated_at: str
    # The game's clock (bot/service/turnclocks.py) and the next moment it falls due (m005_clocks).
    clock: dict[str, Any] = field(default_factory=dict)
    due_at: str | None = None

    @property
    def over(self) -> bool:
        """Say whether the game has finished or been ended."""
        return self.status not in ACTIVE

    def seats_of(self, user_id: str) -> list[str]:
        """Return the seats a user holds (a user may hold both in a solo game)."""
        return [seat for seat, uid in self.seats.items() if uid == user_id]


@dataclass
class LogEntry:
    """One line of a game's action log."""

    game_id: int
    seq: int
    kind: str
    actor_id: str
    seat: str | None
    action: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    irreversible: bool = False
    created_at: str = ""


_JSON_COLUMNS = ("seats", "invited", "state", "settings", "pending", "clock")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _game(row: Row | dict[str, Any]) -> GameRow:
    data = dict(row)
    for column in _JSON_COLUMNS:
        data[column] = json.loads(data[column] or "{}")
    data["seed_revealed"] = bool(data["seed_revealed"])
    return GameRow(**data)


def _entry(row: Row) -> LogEntry:
    data = dict(row)
    data["action"] = json.loads(data["action"] or "{}")
    data["events"] = json.loads(data["events"] or "[]")
    data["irreversible"] = bool(data["irreversible"])
    return LogEntry(**data)


@dataclass
class Checkpoint:
    """The stored position after every log entry up to `seq` (a cache of replaying them)."""

    seq: int
    state: dict[str, Any]


# What a game's end tells the rest of the bot, in the transaction that ended it:
# called with the transaction and the game row as just written (bot/service/leagues/seasons.py).
GameOverHook = Callable[["Transaction", GameRow], None]


class StaleVersion(Exception):
    """The game changed since it was read; the caller should read it again."""


# Called by `update_game` before it writes with (transaction, game as read, changes); returns
# more changes to write in the same statement (bot/service/turnclocks.py keeps a game's clock so).
GameHook = Callable[["Transaction", GameRow, dict[str, Any]], dict[str, Any]]


class Transaction(SeasonQueries):
    """The reads and writes one command may make, inside one database transaction."""

    def __init__(self, conn: Connection, clock: Clock = SYSTEM_CLOCK,
                 hooks: tuple[GameHook, ...] = (),
                 game_over: tuple[GameOverHook, ...] = (), sql: Dialect = SQLITE) -> None:
        self.conn = conn
        self.clock = clock
        self.hooks = hooks
        self._game_over = game_over
        self.sql = sql

    def now(self) -> str:
        """The present moment as stored (the store's clock)."""
        return stamp(self.clock.now())

    def active_game(self, channel_id: str) -> GameRow | None:
        """Return the channel's open or running game, if any."""
        self.serialize(f"channel:{channel_id}")
        row = self.conn.execute(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('open', 'active')"
            + self.sql.for_update(), (channel_id,),
        ).fetchone()
        return _game(row) if row else None

    def latest_game(self, channel_id: str) -> GameRow | None:
        """Return the channel's running game, or else its most recent one."""
        self.serialize(f"channel:{channel_id}")
        row = self.conn.execute(
            "SELECT * FROM games WHERE channel_id = ? "
            "ORDER BY status IN ('open', 'active') DESC, id DESC LIMIT 1" + self.sql.for_update(),
            (channel_id,),
        ).fetchone()
        return _game(row) if row else None

    def game(self, game_id: int) -> GameRow | None:
        """Return one game by id."""
        row = self.conn.execute("SELECT * FROM games WHERE id = ?" + self.sql.for_update(),
                                (game_id,)).fetchone()
        return _game(row) if row else None

    def serialize(self, key: str) -> None:
        """Make the writes of this transaction and every other one that names `key` (a
        channel, a league) take turns: PostgreSQL's transaction lock on the key; nothing
        under SQLite, whose writers already take turns."""
        if self.sql.locks:  # sent with the statement after it (bot/store/postgres.py)
            self.conn.send(  # type: ignore[attr-defined]
                "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (key,))

    def insert_game(self, values: dict[str, Any]) -> GameRow:
        """Create a game row and return it."""
        now = self.now()
        row = {**values, "created_at": now, "updated_at": now, "version": 0}
        for column in _JSON_COLUMNS:
            if column in row:
                row[column] = _dumps(row[column])
        columns = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        found = _game(self.conn.execute(
            f"INSERT INTO games ({columns}) VALUES ({marks}) RETURNING *", tuple(row.values())
        ).fetchone())
        for hook in self.hooks:  # a game that starts at once (solo) starts its clock too
            extra = hook(self, replace(found, status="open"), {"status": found.status})
            found = self.update_game(found, bump=False, **extra) if extra else found
        return found

    def update_game(self, game: GameRow, *, bump: bool = True, **changes: Any) -> GameRow:
        """Write changes to a game, bumping its version; StaleVersion if someone wrote first.

        `bump=False` is for changes that leave the position alone (settings), so the
        buttons under the latest board stay valid. Every change of a game passes here,
        so the store's hooks (the clocks) see each one, inside the same transaction.
        """
        values = dict(changes)
        for hook in self.hooks:
            values.update(hook(self, game, values))
        for column in _JSON_COLUMNS:
            if column in values:
                values[column] = _dumps(values[column])
        values["updated_at"] = self.now()
        sets = ", ".join(f"{column} = ?" for column in values)
        step = 1 if bump else 0
        # RETURNING hands back the row as written, without reading it again; with a new
        # position, also how far the log and the kept positions go (for the checkpoint).
        reach = (", (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = games.id) "
                 "AS log_reach, (SELECT COALESCE(MAX(seq), 0) FROM checkpoints "
                 "WHERE game_id = games.id) AS kept_reach") if "state" in values else ""
        rows = self.conn.execute(
            f"UPDATE games SET {sets}, version = version + {step} WHERE id = ? AND version = ? "
            f"RETURNING *{reach}",
            (*values.values(), game.id, game.version),
        ).fetchall()
        if len(rows) != 1:
            raise StaleVersion(f"game {game.id} is no longer at version {game.version}")
        data = dict(rows[0])
        if reach:  # keep the position just written (every log entry is in it) so often
            last, kept = data.pop("log_reach"), data.pop("kept_reach")
            if last - kept >= CHECKPOINT_EVERY:
                self.save_checkpoint(game.id, int(last), values["state"])
        written = _game(data)
        if written.over and not game.over:
            for settle in self._game_over:  # a league fixture takes the result, in this write
                settle(self, written)
        return written

    def save_checkpoint(self, game_id: int, seq: int, state: str) -> None:
        """Store the position (JSON text) after every log entry up to `seq`."""
        self.conn.execute(
            "INSERT INTO checkpoints (game_id, seq, state) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state",
            (game_id, seq, state),
        )

    def checkpoints(self, game_id: int, since: int = 0) -> list[int]:
        """Return the seqs of a game's checkpoints (from seq `since` on), in order."""
        rows = self.conn.execute(
            "SELECT seq FROM checkpoints WHERE game_id = ? AND seq >= ? ORDER BY seq",
            (game_id, since))
        return [int(r[0]) for r in rows]

    def checkpoint(self, game_id: int, seq: int) -> Checkpoint:
        """Return one checkpoint of a game; KeyError if there is none."""
        row = self.conn.execute(
            "SELECT seq, state FROM checkpoints WHERE game_id = ? AND seq = ?", (game_id, seq)
        ).fetchone()
        if row is None:
            raise KeyError((game_id, seq))
        return Checkpoint(int(row[0]), json.loads(row[1]))

    def log_outline(self, game_id: int, before: int | None = None, last: int | None = None
                    ) -> list[tuple[int, str, int]]:
        """Return (seq, kind, count) of the log entries before seq `before` (all of them
        by default; only the `last` ones if given), in order, without reading the actions
        and events themselves (what undo needs to know which actions stand)."""
        outline = ("SELECT seq, kind, CASE WHEN kind = 'undo' "
                   f"THEN COALESCE({self.sql.json_int('action', 'count')}, 1) ELSE 0 END AS n "
                   "FROM actions WHERE game_id = ? AND seq < ?")
        bound = 2**62 if before is None else before
        if last is None:
            rows = self.conn.execute(f"{outline} ORDER BY seq", (game_id, bound)).fetchall()
        else:
            rows = self.conn.execute(
                f"SELECT * FROM ({outline} ORDER BY seq DESC LIMIT ?) AS tail ORDER BY seq",
                (game_id, bound, last)).fetchall()
        return [(int(r[0]), str(r[1]), int(r[2])) for r in rows]

    def entries(self, game_id: int, seqs: list[int]) -> list[LogEntry]:
        """Return the log entries of the given seqs (at least the first), in order."""
        rows = self.conn.execute(
            "SELECT * FROM actions WHERE game_id = ? AND seq >= ? ORDER BY seq",
            (game_id, seqs[0] if seqs else 2**62),
        ).fetchall()
        wanted = set(seqs)
        return [_entry(r) for r in rows if r["seq"] in wanted]

    def append(
        self,
        game: GameRow,
        kind: str,
        actor_id: str,
        seat: str | None,
        action: dict[str, Any],
        events: list[dict[str, Any]] | None = None,
        irreversible: bool = False,
    ) -> LogEntry:
        """Append one entry to a game's log (its seq found and written in one statement)."""
        now = self.now()
        row = self.conn.execute(
            "INSERT INTO actions (game_id, seq, kind, actor_id, seat, action, events, "
            "irreversible, created_at) SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ?, ?, ?, ? "
            "FROM actions WHERE game_id = ? RETURNING seq",
            (game.id, kind, actor_id, seat, _dumps(action), _dumps(events or []),
             int(irreversible), now, game.id),
        ).fetchone()
        entry = LogEntry(
            game_id=game.id,
            seq=int(row[0]),
            kind=kind,
            actor_id=actor_id,
            seat=seat,
            action=action,
            events=events or [],
            irreversible=irreversible,
            created_at=now,
        )
        return entry

    def entry(self, game_id: int, seq: int) -> LogEntry:
        """Return one entry of a game's log; KeyError if there is none."""
        row = self.conn.execute(
            "SELECT * FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq)
        ).fetchone()
        if row is None:
            raise KeyError((game_id, seq))
        return _entry(row)

    def log(self, game_id: int, last: int | None = None, since: int = 0) -> list[LogEntry]:
        """Return a game's log in order, from entry `since` on (only the last `last`)."""
        if last is None:
            return [_entry(r) for r in self.conn.execute(
                "SELECT * FROM actions WHERE game_id = ? AND seq >= ? ORDER BY seq",
                (game_id, since))]
        return [_entry(r) for r in self.conn.execute(
            "SELECT * FROM (SELECT * FROM actions WHERE game_id = ? AND seq >= ? ORDER BY seq "
            "DESC LIMIT ?) AS tail ORDER BY seq", (game_id, since, last))]


    def league_games(self, league_id: int) -> list[GameRow]:
        """Return the games a league counts, oldest first."""
        rows = self.conn.execute(
            "SELECT games.* FROM league_games JOIN games ON games.id = league_games.game_id "
            "WHERE league_id = ? ORDER BY games.id",
            (league_id,),
        ).fetchall()
        return [_game(r) for r in rows]

    def game_ids(self) -> list[int]:
        """Return every game id, oldest first."""
        return [int(r[0]) for r in self.conn.execute("SELECT id FROM games ORDER BY id")]

    # ---- league seasons: SeasonQueries (bot/store/leaguequeries.py), a base of this class


    # ---- clocks and the scheduler
    def due_games(self, now: str, limit: int) -> list[GameRow]:
        """Return up to `limit` games whose `due_at` has come, soonest first (by index)."""
        return [_game(r) for r in self.conn.execute(
            f"SELECT * FROM games{self.sql.indexed('games_due')} WHERE due_at IS NOT NULL "
            "AND due_at <= ? ORDER BY due_at, id LIMIT ?", (now, limit))]

    def claim_due(self, game: GameRow, clock: dict[str, Any], due_at: str | None) -> bool:
        """Write a clock and its next due moment, no version bump, if the row is as `game`
        was read (version, `due_at`); False, changing nothing, if someone moved it first."""
        return self.conn.execute(
            "UPDATE games SET clock = ?, due_at = ? WHERE id = ? AND version = ? "
            "AND due_at IS NOT DISTINCT FROM ?",
            (_dumps(clock), due_at, game.id, game.version, game.due_at)).rowcount == 1

    # ---- the outbox: notices claimed and not yet posted (bot/service/scheduler.py)
    def put_notice(self, nonce: str, notice: str, lease_until: str) -> int:
        """Keep a claimed notice (JSON) until it is posted; return its id."""
        return int(self.conn.execute(
            "INSERT INTO outbox (nonce, notice, lease_until, created_at) VALUES (?, ?, ?, ?) "
            "RETURNING id", (nonce, notice, lease_until, self.now())).fetchone()[0])

    def lapsed_notices(self, now: str, limit: int) -> list[tuple[int, str, str, str]]:
        """Return (id, nonce, notice, lease) of kept notices whose lease has run out."""
        return [(int(r[0]), r[1], r[2], r[3]) for r in self.conn.execute(
            "SELECT id, nonce, notice, lease_until FROM outbox WHERE lease_until <= ? "
            "ORDER BY lease_until, id LIMIT ?", (now, limit))]

    def renew_notice(self, notice_id: int, lease: str, lease_until: str) -> bool:
        """Take a lapsed notice over (its lease still as read); False if another did."""
        return self.conn.execute(
            "UPDATE outbox SET lease_until = ? WHERE id = ? AND lease_until = ?",
            (lease_until, notice_id, lease)).rowcount == 1

    def drop_notice(self, notice_id: int) -> None:
        """Forget a notice once it is posted."""
        self.conn.execute("DELETE FROM outbox WHERE id = ?", (notice_id,))

    def reminder_dm(self, user_id: str) -> bool:
        """Say whether a user takes their reminders by direct message."""
        row = self.conn.execute("SELECT dm FROM reminder_prefs WHERE user_id = ?",
                                (user_id,)).fetchone()
        return bool(row and row[0])

    def set_reminder_dm(self, user_id: str, dm: bool) -> None:
        """Keep whether a user takes their reminders by direct message."""
        self.conn.execute(
            "INSERT INTO reminder_prefs (user_id, dm, updated_at) VALUES (?, ?, ?) ON CONFLICT "
            "(user_id) DO UPDATE SET dm = excluded.dm, updated_at = excluded.updated_at",
            (user_id, int(dm), self.now()))

class GameStore:
    """What the service needs of a store, whichever database keeps the games.

    `transaction()` runs one command's reads and writes as one transaction; `reading()`
    gives reads on one snapshot. Hooks registered here see every write (the clocks'
    `add_hook`; `game_over`, called by name when a write ends a game).
    """

    def __init__(self, path: str, *, clock: Clock = SYSTEM_CLOCK,
                 read_only: bool = False) -> None:
        self.path = path
        self.clock = clock
        self.read_only = read_only
        self._hooks: dict[str, GameHook] = {}
        self.game_over: dict[str, GameOverHook] = {}

    def add_hook(self, name: str, hook: GameHook) -> None:
        """Have `hook` see every game update of this store's transactions (one per name)."""
        self._hooks[name] = hook

    def transaction(self) -> AbstractContextManager[Transaction]:
        """One write transaction."""
        raise NotImplementedError

    def reading(self) -> AbstractContextManager[Transaction]:
        """Reads on one consistent snapshot."""
        raise NotImplementedError

    def backup(self, target: str | Path) -> None:
        """Copy the whole database to `target` while the bot may be writing to it."""
        raise NotImplementedError

    def close(self) -> None:
        """Let go of the database (connections)."""
        raise NotImplementedError


def is_postgres(location: str | Path) -> bool:
    """Say whether `BANNERET_DB` names a PostgreSQL database (a URL) rather than a file."""
    return str(location).startswith(("postgresql://", "postgres://"))


def open_store(location: str | Path, *, read_only: bool = False, synchronous: str = "FULL",
               clock: Clock = SYSTEM_CLOCK, pool_size: int = 4) -> GameStore:
    """Open the store `BANNERET_DB` names: a `postgresql://` URL (with at most `pool_size`
    connections), or else a SQLite file."""
    if is_postgres(location):
        from bot.store.postgres import PgStore

        return PgStore(str(location), read_only=read_only, clock=clock, pool_size=pool_size)
    return Store(location, read_only=read_only, synchronous=synchronous, clock=clock)


class Store(GameStore):
    """A SQLite file of games; one connection per thread, WAL, migrations on open.

    Opening takes the write lock before it looks at the schema, so several processes
    opening a new file at once apply each migration once. A file that is empty (0
    bytes), corrupt, read-only, full, or written by a newer version is refused with a
    `StoreError`; nothing is written to it. `read_only=True` (verify, export) never
    writes and needs the file to exist. `synchronous` is SQLite's durability setting:
    FULL (the default) makes every acknowledged command survive a power loss; NORMAL
    is faster but may lose the last commits then (see the README).
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
            raise storage_error(err, self.path) from err
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
                conn = sqlite3.connect(f"{Path(self.path).resolve().as_uri()}?mode=ro",
                                       uri=True, isolation_level=None, timeout=WRITE_WAIT)
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
