"""SQLite storage for games and their append-only action logs (sqlite-utils, WAL).

Schema changes are sqlite-utils `Migrations`. The hot path (one command = one
transaction) uses plain SQL inside `BEGIN IMMEDIATE`, so two commands on one
channel serialize at the database even across processes, and neither is lost.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("banneret")

ACTIVE = ("open", "active")


@migrations()
def m001_games_and_actions(db: Database) -> None:
    """Create the games table and the action log."""
    db.table("games").create(
        {
            "id": int,
            "channel_id": str,
            "guild_id": str,
            "system": str,
            "scenario": str,
            "creator_id": str,
            "seats": str,  # JSON: seat -> Discord user id (or null while open)
            "invited": str,  # JSON: seat -> invited user id
            "status": str,  # open | active | finished | ended
            "winner": str,
            "result": str,
            "seed_hash": str,
            "seed": str,  # kept private in our database; shown only once revealed
            "seed_revealed": int,
            "state": str,
            "version": int,
            "engine_version": str,
            "language": str,
            "settings": str,  # JSON
            "pending": str,  # JSON: open requests such as an undo awaiting consent
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"channel_id", "system", "scenario", "status", "state", "version"},
        defaults={
            "seats": "{}",
            "invited": "{}",
            "settings": "{}",
            "pending": "{}",
            "version": 0,
            "seed_revealed": 0,
        },
        strict=True,
    )
    db.execute(
        "CREATE UNIQUE INDEX games_one_active_per_channel ON games(channel_id) "
        "WHERE status IN ('open', 'active')"
    )
    db.table("actions").create(
        {
            "game_id": int,
            "seq": int,
            "kind": str,  # action | undo | undo_request | undo_refused | join | resign | end
            "actor_id": str,
            "seat": str,
            "action": str,  # JSON
            "events": str,  # JSON
            "irreversible": int,
            "created_at": str,
        },
        pk=("game_id", "seq"),
        foreign_keys=[("game_id", "games", "id")],
        strict=True,
    )


@migrations()
def m002_leagues(db: Database) -> None:
    """Create leagues and the games they track."""
    db.table("leagues").create(
        {"id": int, "guild_id": str, "name": str, "creator_id": str, "created_at": str},
        pk="id",
        not_null={"guild_id", "name", "creator_id"},
        strict=True,
    )
    db.execute("CREATE UNIQUE INDEX leagues_name_per_guild ON leagues(guild_id, name)")
    db.table("league_games").create(
        {"league_id": int, "game_id": int, "added_at": str},
        pk=("league_id", "game_id"),
        foreign_keys=[("league_id", "leagues", "id"), ("game_id", "games", "id")],
        strict=True,
    )


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


_JSON_COLUMNS = ("seats", "invited", "state", "settings", "pending")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _game(row: sqlite3.Row) -> GameRow:
    data = dict(row)
    for column in _JSON_COLUMNS:
        data[column] = json.loads(data[column] or "{}")
    data["seed_revealed"] = bool(data["seed_revealed"])
    return GameRow(**data)


def _entry(row: sqlite3.Row) -> LogEntry:
    data = dict(row)
    data["action"] = json.loads(data["action"] or "{}")
    data["events"] = json.loads(data["events"] or "[]")
    data["irreversible"] = bool(data["irreversible"])
    return LogEntry(**data)


class StaleVersion(Exception):
    """The game changed since it was read; the caller should read it again."""


class Transaction:
    """The reads and writes one command may make, inside one SQLite transaction."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def active_game(self, channel_id: str) -> GameRow | None:
        """Return the channel's open or running game, if any."""
        row = self.conn.execute(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('open', 'active')",
            (channel_id,),
        ).fetchone()
        return _game(row) if row else None

    def latest_game(self, channel_id: str) -> GameRow | None:
        """Return the channel's running game, or else its most recent one."""
        row = self.conn.execute(
            "SELECT * FROM games WHERE channel_id = ? "
            "ORDER BY status IN ('open', 'active') DESC, id DESC LIMIT 1",
            (channel_id,),
        ).fetchone()
        return _game(row) if row else None

    def game(self, game_id: int) -> GameRow | None:
        """Return one game by id."""
        row = self.conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return _game(row) if row else None

    def insert_game(self, values: dict[str, Any]) -> GameRow:
        """Create a game row and return it."""
        now = _now()
        row = {**values, "created_at": now, "updated_at": now, "version": 0}
        for column in _JSON_COLUMNS:
            if column in row:
                row[column] = _dumps(row[column])
        columns = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        cursor = self.conn.execute(
            f"INSERT INTO games ({columns}) VALUES ({marks})", tuple(row.values())
        )
        found = self.game(int(cursor.lastrowid or 0))
        assert found is not None
        return found

    def update_game(self, game: GameRow, *, bump: bool = True, **changes: Any) -> GameRow:
        """Write changes to a game, bumping its version; StaleVersion if someone wrote first.

        `bump=False` is for changes that leave the position alone (settings), so the
        buttons under the latest board stay valid.
        """
        values = dict(changes)
        for column in _JSON_COLUMNS:
            if column in values:
                values[column] = _dumps(values[column])
        values["updated_at"] = _now()
        sets = ", ".join(f"{column} = ?" for column in values)
        step = 1 if bump else 0
        # RETURNING hands back the row as written, without reading it again.
        rows = self.conn.execute(
            f"UPDATE games SET {sets}, version = version + {step} WHERE id = ? AND version = ? "
            "RETURNING *",
            (*values.values(), game.id, game.version),
        ).fetchall()
        if len(rows) != 1:
            raise StaleVersion(f"game {game.id} is no longer at version {game.version}")
        return _game(rows[0])

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
        """Append one entry to a game's log."""
        row = self.conn.execute(
            "SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = ?", (game.id,)
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
            created_at=_now(),
        )
        self.conn.execute(
            "INSERT INTO actions (game_id, seq, kind, actor_id, seat, action, events, "
            "irreversible, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                entry.game_id,
                entry.seq,
                kind,
                actor_id,
                seat,
                _dumps(action),
                _dumps(entry.events),
                int(irreversible),
                entry.created_at,
            ),
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

    def log(self, game_id: int, last: int | None = None) -> list[LogEntry]:
        """Return a game's log in order (only the last `last` entries when given)."""
        if last is None:
            rows = self.conn.execute(
                "SELECT * FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
        else:
            rows = self.conn.execute(
                "SELECT * FROM (SELECT * FROM actions WHERE game_id = ? ORDER BY seq DESC "
                "LIMIT ?) ORDER BY seq",
                (game_id, last),
            ).fetchall()
        return [_entry(r) for r in rows]

    def running_with_deadline(self) -> list[GameRow]:
        """Return running games that have a turn deadline set."""
        rows = self.conn.execute(
            "SELECT * FROM games WHERE status = 'active' "
            "AND json_extract(settings, '$.deadline_hours') > 0"
        ).fetchall()
        return [_game(r) for r in rows]

    def mark_reminded(self, game: GameRow) -> None:
        """Note that the player to act at this position has been reminded (no version bump)."""
        self.conn.execute(
            "UPDATE games SET pending = json_set(pending, '$.reminded', ?) WHERE id = ?",
            (game.version, game.id),
        )

    def league(self, guild_id: str, name: str) -> tuple[int, str, str, str] | None:
        """Return (id, guild id, name, creator id) of a server's league, if it exists."""
        row = self.conn.execute(
            "SELECT id, guild_id, name, creator_id FROM leagues WHERE guild_id = ? AND name = ?",
            (guild_id, name),
        ).fetchone()
        return (int(row[0]), row[1], row[2], row[3]) if row else None

    def insert_league(self, guild_id: str, name: str, creator_id: str) -> None:
        """Create a league (names are unique per server)."""
        self.conn.execute(
            "INSERT INTO leagues (guild_id, name, creator_id, created_at) VALUES (?, ?, ?, ?)",
            (guild_id, name, creator_id, _now()),
        )

    def add_to_league(self, league_id: int, game_id: int) -> None:
        """Count a game in a league (adding it twice changes nothing)."""
        self.conn.execute(
            "INSERT OR IGNORE INTO league_games (league_id, game_id, added_at) VALUES (?, ?, ?)",
            (league_id, game_id, _now()),
        )

    def league_games(self, league_id: int) -> list[GameRow]:
        """Return the games a league counts, oldest first."""
        rows = self.conn.execute(
            "SELECT games.* FROM league_games JOIN games ON games.id = league_games.game_id "
            "WHERE league_id = ? ORDER BY games.id",
            (league_id,),
        ).fetchall()
        return [_game(r) for r in rows]

    def league_names(self, guild_id: str) -> list[str]:
        """Return a server's league names, sorted."""
        rows = self.conn.execute(
            "SELECT name FROM leagues WHERE guild_id = ? ORDER BY name", (guild_id,)
        ).fetchall()
        return [r[0] for r in rows]

    def game_ids(self) -> list[int]:
        """Return every game id, oldest first."""
        return [int(r[0]) for r in self.conn.execute("SELECT id FROM games ORDER BY id")]


class Store:
    """A SQLite file of games; one connection per thread, WAL, migrations on open."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._local = threading.local()
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        migrations.apply(Database(self._connection()))

    def _connection(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, isolation_level=None, timeout=30)
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA foreign_keys = ON")
            self._local.conn = conn
        return conn

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """Run a block as one write transaction, taken up front (BEGIN IMMEDIATE)."""
        conn = self._connection()
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield Transaction(conn)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        else:
            conn.execute("COMMIT")

    @contextmanager
    def reading(self) -> Iterator[Transaction]:
        """Run a block of reads on one consistent snapshot."""
        conn = self._connection()
        conn.execute("BEGIN")
        try:
            yield Transaction(conn)
        finally:
            conn.execute("ROLLBACK")

    def close(self) -> None:
        """Close this thread's connection."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None
