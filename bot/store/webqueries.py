"""The store's reads and writes for the web companion (a base of `Transaction`).

- `web_site`: values the whole site shares, made once: the secret every game's unguessable
  address is derived from (bot/web/addresses.py), so every bot and web process of one
  database gives a game the same address;
- `people`: the names players go by, kept when they use the bot, so a page can say "Ana"
  where Discord would show a mention;
- `web_servers`: what each server's moderators opened to the public: its games' pages by
  number (`public`) and its index of running games (`listed`).

`create_web_tables` is the body of migration m011 (bot/store/migrations.py); PG_WEB_TABLES is
its PostgreSQL twin (bot/store/postgres.py).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from sqlite_utils import Database

from bot.clock import Clock, stamp
from bot.store.dialect import Connection
from bot.store.rows import GameRow, game_of

# How many running games a server's index lists at most (newest first).
INDEX_LIMIT = 200
# The longest name kept for a player (Discord's display names are at most 32 characters).
NAME_LENGTH = 100


@dataclass(frozen=True)
class WebServer:
    """What a server opened to the web (nothing, until a moderator says so)."""

    guild_id: str
    public: bool = False
    listed: bool = False


def create_web_tables(db: Database) -> None:
    """Create the site's shared values, players' names and servers' web choices."""
    db.table("web_site").create({"key": str, "value": str}, pk="key", not_null={"value"},
                                strict=True)
    db.table("people").create({"user_id": str, "name": str, "updated_at": str}, pk="user_id",
                              not_null={"name"}, strict=True)
    db.table("web_servers").create(
        {"guild_id": str, "public": int, "listed": int, "updated_by": str, "updated_at": str},
        pk="guild_id", not_null={"public", "listed"}, strict=True)
    db.execute("CREATE INDEX games_running_by_guild ON games (guild_id, id) "
               "WHERE status IN ('open', 'active')")


# The same tables on PostgreSQL.
PG_WEB_TABLES = """
    CREATE TABLE web_site (key TEXT COLLATE "C" PRIMARY KEY, value TEXT COLLATE "C" NOT NULL);
    CREATE TABLE people (user_id TEXT COLLATE "C" PRIMARY KEY, name TEXT NOT NULL,
        updated_at TEXT COLLATE "C");
    CREATE TABLE web_servers (guild_id TEXT COLLATE "C" PRIMARY KEY, public INTEGER NOT NULL,
        listed INTEGER NOT NULL, updated_by TEXT COLLATE "C", updated_at TEXT COLLATE "C");
    CREATE INDEX games_running_by_guild ON games (guild_id, id)
        WHERE status IN ('open', 'active');
"""


class WebQueries:
    """Reads and writes of the web companion's tables."""

    conn: Connection
    clock: Clock

    def site_secret(self) -> str:
        """Return the site's address secret, made (once, by whichever process comes first)."""
        self.conn.execute("INSERT INTO web_site (key, value) VALUES ('address-secret', ?) "
                          "ON CONFLICT (key) DO NOTHING", (secrets.token_hex(32),))
        row = self.conn.execute(
            "SELECT value FROM web_site WHERE key = 'address-secret'").fetchone()
        return str(row[0])

    def name_person(self, user_id: str, name: str) -> None:
        """Keep the name a player goes by (the latest one wins); a name that did not
        change writes nothing, so a command pays one indexed read for it."""
        if not user_id or not name:
            return
        self.conn.execute(
            "INSERT INTO people (user_id, name, updated_at) VALUES (?, ?, ?) ON CONFLICT "
            "(user_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at "
            "WHERE people.name <> excluded.name",
            (user_id, name[:NAME_LENGTH], stamp(self.clock.now())))

    def names(self, user_ids: Iterable[str]) -> dict[str, str]:
        """Return the names kept for these players (those we know)."""
        wanted = sorted({u for u in user_ids if u})
        found: dict[str, str] = {}
        for start in range(0, len(wanted), 500):
            chunk = wanted[start:start + 500]
            marks = ", ".join("?" * len(chunk))
            rows = self.conn.execute(
                f"SELECT user_id, name FROM people WHERE user_id IN ({marks})", chunk)
            found.update({row[0]: row[1] for row in rows.fetchall()})
        return found

    def web_server(self, guild_id: str) -> WebServer:
        """Return what a server opened to the web."""
        row = self.conn.execute("SELECT public, listed FROM web_servers WHERE guild_id = ?",
                                (guild_id,)).fetchone()
        if row is None:
            return WebServer(guild_id)
        return WebServer(guild_id, bool(row[0]), bool(row[1]))

    def set_web_server(self, chosen: WebServer, by: str) -> None:
        """Keep what a server's moderator opened to the web."""
        self.conn.execute(
            "INSERT INTO web_servers (guild_id, public, listed, updated_by, updated_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
            "public = excluded.public, listed = excluded.listed, "
            "updated_by = excluded.updated_by, updated_at = excluded.updated_at",
            (chosen.guild_id, int(chosen.public), int(chosen.listed), by,
             stamp(self.clock.now())))

    def running_games(self, guild_id: str, limit: int = INDEX_LIMIT) -> list[GameRow]:
        """Return a server's open and running games, newest first."""
        rows = self.conn.execute(
            "SELECT * FROM games WHERE guild_id = ? AND status IN ('open', 'active') "
            "ORDER BY id DESC LIMIT ?", (guild_id, limit)).fetchall()
        return [game_of(row) for row in rows]

    def game_version(self, game_id: int) -> tuple[int, str] | None:
        """Return a game's version and last write (what a live page watches), if it exists."""
        row = self.conn.execute("SELECT version, updated_at FROM games WHERE id = ?",
                                (game_id,)).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def league_version(self, league_id: int) -> tuple[object, ...]:
        """Return what a live league page watches: its status, and its fixtures' count, states,
        reports and latest settlement (any result reported, confirmed or paired moves it)."""
        league = self.conn.execute("SELECT status FROM leagues WHERE id = ?",
                                   (league_id,)).fetchone()
        rows = self.conn.execute(
            "SELECT status, COUNT(*), COALESCE(SUM(report_no), 0), MAX(settled_at), "
            "COUNT(game_id) FROM league_fixtures WHERE league_id = ? GROUP BY status "
            "ORDER BY status", (league_id,)).fetchall()
        return (league[0] if league else None, *(tuple(row) for row in rows))


__all__ = ["INDEX_LIMIT", "PG_WEB_TABLES", "WebQueries", "WebServer", "create_web_tables"]
