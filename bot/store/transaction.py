"""Every read and write one command makes, inside one database transaction.

In SQL that SQLite and PostgreSQL both speak (dialect.py names where they differ); the
league seasons' queries are its base (leaguequeries.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.clock import SYSTEM_CLOCK, Clock, stamp
from bot.store.datasheetqueries import DatasheetQueries
from bot.store.dialect import SQLITE, Connection, Dialect
from bot.store.leaguequeries import SeasonQueries, game_topic
from bot.store.rows import (
    CHECKPOINT_EVERY,
    JSON_COLUMNS,
    Checkpoint,
    GameHead,
    GameRow,
    LogEntry,
    dumps,
    entry_of,
    game_of,
)
from bot.store.statsqueries import StatsQueries
from bot.store.webqueries import WebQueries

# What a game's end tells the rest of the bot, in the transaction that ended it:
# called with the transaction and the game row as just written (bot/service/leagues/seasons.py).
GameOverHook = Callable[["Transaction", GameRow], None]


class StaleVersion(Exception):
    """The game changed since it was read; the caller should read it again."""


# Called by `update_game` before it writes with (transaction, game as read, changes); returns
# more changes to write in the same statement (bot/service/turnclocks.py keeps a game's clock so).
GameHook = Callable[["Transaction", GameRow, dict[str, Any]], dict[str, Any]]


class Transaction(SeasonQueries, StatsQueries, WebQueries, DatasheetQueries):
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
        return game_of(row) if row else None

    def active_head(self, channel_id: str) -> GameHead | None:
        """Return the id, system and language of the channel's open or running game, if any:
        all a command reads before its write transaction, without decoding the whole row."""
        self.serialize(f"channel:{channel_id}")
        row = self.conn.execute(
            "SELECT id, system, language FROM games WHERE channel_id = ? "
            "AND status IN ('open', 'active')", (channel_id,),
        ).fetchone()
        return GameHead(int(row[0]), str(row[1]), str(row[2])) if row else None

    def latest_game(self, channel_id: str) -> GameRow | None:
        """Return the channel's running game, or else its most recent one."""
        self.serialize(f"channel:{channel_id}")
        row = self.conn.execute(
            "SELECT * FROM games WHERE channel_id = ? "
            "ORDER BY status IN ('open', 'active') DESC, id DESC LIMIT 1" + self.sql.for_update(),
            (channel_id,),
        ).fetchone()
        return game_of(row) if row else None

    def game(self, game_id: int) -> GameRow | None:
        """Return one game by id."""
        row = self.conn.execute("SELECT * FROM games WHERE id = ?" + self.sql.for_update(),
                                (game_id,)).fetchone()
        return game_of(row) if row else None

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
        for column in JSON_COLUMNS:
            if column in row:
                row[column] = dumps(row[column])
        columns = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        found = game_of(self.conn.execute(
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
        # The position as written is kept as it is given, not decoded again from its text
        # (JSON data from `model_dump(mode="json")`, which its text gives back equal).
        decoded = {"state": values["state"]} if "state" in values else None
        for column in JSON_COLUMNS:
            if column in values:
                values[column] = dumps(values[column])
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
        written = game_of(data, decoded)
        if bump:  # a new position: the live pages of every web process look again
            self.announce(game_topic(game.id))
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
        return [entry_of(r) for r in rows if r["seq"] in wanted]

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
            (game.id, kind, actor_id, seat, dumps(action), dumps(events or []),
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
        return entry_of(row)

    def log(self, game_id: int, last: int | None = None, since: int = 0) -> list[LogEntry]:
        """Return a game's log in order, from entry `since` on (only the last `last`)."""
        if last is None:
            return [entry_of(r) for r in self.conn.execute(
                "SELECT * FROM actions WHERE game_id = ? AND seq >= ? ORDER BY seq",
                (game_id, since))]
        return [entry_of(r) for r in self.conn.execute(
            "SELECT * FROM (SELECT * FROM actions WHERE game_id = ? AND seq >= ? ORDER BY seq "
            "DESC LIMIT ?) AS tail ORDER BY seq", (game_id, since, last))]


    def league_games(self, league_id: int) -> list[GameRow]:
        """Return the games a league counts, oldest first."""
        rows = self.conn.execute(
            "SELECT games.* FROM league_games JOIN games ON games.id = league_games.game_id "
            "WHERE league_id = ? ORDER BY games.id",
            (league_id,),
        ).fetchall()
        return [game_of(r) for r in rows]

    def game_ids(self) -> list[int]:
        """Return every game id, oldest first."""
        return [int(r[0]) for r in self.conn.execute("SELECT id FROM games ORDER BY id")]

    # ---- league seasons: SeasonQueries (bot/store/leaguequeries.py), a base of this class


    # ---- clocks and the scheduler
    def due_games(self, now: str, limit: int) -> list[GameRow]:
        """Return up to `limit` games whose `due_at` has come, soonest first (by index)."""
        return [game_of(r) for r in self.conn.execute(
            f"SELECT * FROM games{self.sql.indexed('games_due')} WHERE due_at IS NOT NULL "
            "AND due_at <= ? ORDER BY due_at, id LIMIT ?", (now, limit))]

    def claim_due(self, game: GameRow, clock: dict[str, Any], due_at: str | None) -> bool:
        """Write a clock and its next due moment, no version bump, if the row is as `game`
        was read (version, `due_at`); False, changing nothing, if someone moved it first."""
        return self.conn.execute(
            "UPDATE games SET clock = ?, due_at = ? WHERE id = ? AND version = ? "
            "AND due_at IS NOT DISTINCT FROM ?",
            (dumps(clock), due_at, game.id, game.version, game.due_at)).rowcount == 1

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

    # ------------------------------------------------------------ uploaded scenarios
    def put_scenario(self, digest: str, guild_id: str, system: str, name: str, stored: str,
                     uploader_id: str) -> None:
        """Keep an uploaded scenario awaiting Accept (the same file again replaces it)."""
        self.conn.execute("DELETE FROM scenarios WHERE digest = ? AND accepted = 0", (digest,))
        self.conn.execute(
            "INSERT INTO scenarios (digest, guild_id, system, name, stored, uploader_id, "
            "accepted, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT (digest) "
            "DO NOTHING", (digest, guild_id, system, name, stored, uploader_id, self.now()))

    def scenario_preview(self, digest: str) -> tuple[str, str, str, str, str, int] | None:
        """Return (guild, system, name, stored form, uploader, accepted) of an upload by digest."""
        row = self.conn.execute(
            "SELECT guild_id, system, name, stored, uploader_id, accepted FROM scenarios "
            "WHERE digest = ?", (digest,)).fetchone()
        return None if row is None else (row[0], row[1], row[2], row[3], row[4], int(row[5]))

    def accept_scenario(self, digest: str, guild_id: str, system: str, name: str) -> None:
        """Make an upload the server's scenario of its name, in place of any before it."""
        self.conn.execute("DELETE FROM scenarios WHERE guild_id = ? AND system = ? AND name = ? "
                          "AND accepted = 1", (guild_id, system, name))
        self.conn.execute("UPDATE scenarios SET accepted = 1 WHERE digest = ?", (digest,))

    def drop_scenario_preview(self, digest: str) -> None:
        """Forget an upload awaiting Accept."""
        self.conn.execute("DELETE FROM scenarios WHERE digest = ? AND accepted = 0", (digest,))

    def uploaded_scenario(self, guild_id: str, system: str, name: str
                          ) -> tuple[str, str] | None:
        """Return (stored form, uploader) of a server's accepted scenario of that name."""
        row = self.conn.execute(
            "SELECT stored, uploader_id FROM scenarios WHERE guild_id = ? AND system = ? "
            "AND name = ? AND accepted = 1", (guild_id, system, name)).fetchone()
        return None if row is None else (row[0], row[1])

    def uploaded_scenario_names(self, guild_id: str, system: str) -> list[str]:
        """Return the names of a server's accepted scenarios of a system, sorted."""
        rows = self.conn.execute(
            "SELECT name FROM scenarios WHERE guild_id = ? AND system = ? AND accepted = 1 "
            "ORDER BY name", (guild_id, system)).fetchall()
        return [row[0] for row in rows]
