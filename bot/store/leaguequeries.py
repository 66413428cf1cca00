"""The store's league seasons: their tables, rows and queries (a base of `Transaction`).

`create_season_tables` is the body of migration m006 (bot/store/sqlite.py registers it in
order); `SeasonQueries` holds the league-season reads and writes a `Transaction` makes,
on the same connection and clock, so bot/store/sqlite.py stays short. Players and fixtures
are found by index (tests/bot/test_query_plans.py runs every one of them).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from bot.store.dialect import Connection, Dialect, Row


def create_season_tables(db: Database) -> None:
    """Give leagues a season: settings, players, fixtures and their reported results."""
    leagues = db.table("leagues")
    leagues.add_column("settings", str, not_null_default="{}")  # JSON: leagues/rounds.py
    leagues.add_column("status", str, not_null_default="open")  # open | running | finished
    leagues.add_column("channel_id", str)  # where it was created: fixtures are played from it
    db.table("league_players").create(
        {"league_id": int, "user_id": str, "name": str, "status": str, "joined_at": str},
        pk=("league_id", "user_id"),
        foreign_keys=[("league_id", "leagues", "id")],
        not_null={"name", "status"},
        defaults={"status": "playing"},  # playing | removed
        strict=True,
    )
    db.table("league_fixtures").create(
        {
            "id": int,
            "league_id": int,
            "round": int,
            "home": str,
            "away": str,  # NULL: home has the bye
            # pending | playing | reported | disputed | done | void
            "status": str,
            "game_id": int,  # the linked game, kept for audit
            "thread_id": str,
            "winner": str,  # user id; NULL on a done fixture with both players: a draw
            "home_score": int,
            "away_score": int,
            "report": str,  # JSON: the result awaiting confirmation, and who reported it
            "report_no": int,  # counts reports, so an old report's buttons go stale
            "confirm_after": str,  # when an unconfirmed report confirms itself
            # opponent | referee | auto | game | bye; walkover (won against a withdrawn
            # player), withdrawal (given to the opponent of one as a bye: leagues/rounds.py)
            "settled_by": str,
            "settled_at": str,
        },
        pk="id",
        foreign_keys=[("league_id", "leagues", "id"), ("game_id", "games", "id")],
        not_null={"league_id", "round", "home", "status", "report_no"},
        defaults={"report_no": 0, "report": "{}"},
        strict=True,
    )
    db.execute("CREATE INDEX league_fixtures_by_league ON league_fixtures (league_id, round, id)")
    db.execute("CREATE INDEX league_fixtures_by_game ON league_fixtures (game_id) "
               "WHERE game_id IS NOT NULL")
    db.execute("CREATE INDEX league_fixtures_due ON league_fixtures (confirm_after, id) "
               "WHERE status = 'reported'")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


@dataclass
class LeagueRow:
    """One league as stored, with its season (bot/service/leagues/seasons.py)."""

    id: int
    guild_id: str
    name: str
    creator_id: str
    created_at: str
    settings: dict[str, Any]
    status: str
    channel_id: str | None


@dataclass
class FixtureRow:
    """One fixture of a league season: who meets whom in which round, and how it went."""

    id: int
    league_id: int
    round: int
    home: str
    away: str | None
    status: str
    game_id: int | None
    thread_id: str | None
    winner: str | None
    home_score: int | None
    away_score: int | None
    report: dict[str, Any]
    report_no: int
    confirm_after: str | None
    settled_by: str | None
    settled_at: str | None

    def has(self, user_id: str) -> bool:
        """Say whether a player plays in this fixture."""
        return user_id in (self.home, self.away)

    def opponent(self, user_id: str) -> str | None:
        """Return the other player of the fixture (None: a bye)."""
        return self.away if user_id == self.home else self.home


def _league_row(row: Row) -> LeagueRow:
    data = dict(row)
    data["settings"] = json.loads(data["settings"] or "{}")
    return LeagueRow(**data)


def _fixture(row: Row) -> FixtureRow:
    data = dict(row)
    data["report"] = json.loads(data["report"] or "{}")
    return FixtureRow(**data)


# The PostgreSQL channel on which a write announces what it changed, by topic (`game:<id>`,
# `league:<id>`), for the web processes' live pages (bot/web/updates.py listens on it).
CHANGES = "banneret_changes"


def game_topic(game_id: int) -> str:
    """Name a game's changes as a write announces them."""
    return f"game:{game_id}"


def league_topic(league_id: int) -> str:
    """Name a league's changes (its fixtures, results, status) as a write announces them."""
    return f"league:{league_id}"


class SeasonQueries:
    """League-season queries of a transaction (`Transaction` derives from this class)."""

    conn: Connection
    sql: Dialect

    def announce(self, topic: str) -> None:
        """Tell every web process that `topic` changed, once this transaction commits:
        PostgreSQL's NOTIFY (sent with the next statement, no round trip of its own);
        nothing on SQLite, whose web pages poll the file instead."""
        if self.sql.name == "postgresql":
            self.conn.send(  # type: ignore[attr-defined]
                "SELECT pg_notify(?, ?)", (CHANGES, topic))

    def now(self) -> str:
        """The present moment as stored (a `Transaction` gives its store's clock)."""
        raise NotImplementedError

    def serialize(self, key: str) -> None:
        """Make writers that name `key` take turns (a `Transaction` says how)."""
        raise NotImplementedError

    def league(self, guild_id: str, name: str) -> tuple[int, str, str, str] | None:
        """Return (id, guild id, name, creator id) of a server's league, if it exists."""
        self.serialize(f"league:{guild_id}:{name}")
        row = self.conn.execute(
            "SELECT id, guild_id, name, creator_id FROM leagues WHERE guild_id = ? AND name = ?",
            (guild_id, name),
        ).fetchone()
        return (int(row[0]), row[1], row[2], row[3]) if row else None

    def insert_league(self, guild_id: str, name: str, creator_id: str) -> None:
        """Create a league (names are unique per server)."""
        self.conn.execute(
            "INSERT INTO leagues (guild_id, name, creator_id, created_at) VALUES (?, ?, ?, ?)",
            (guild_id, name, creator_id, self.now()),
        )

    def add_to_league(self, league_id: int, game_id: int) -> None:
        """Count a game in a league (adding it twice changes nothing)."""
        self.conn.execute(
            "INSERT INTO league_games (league_id, game_id, added_at) VALUES (?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (league_id, game_id, self.now()),
        )

    def league_names(self, guild_id: str) -> list[str]:
        """Return a server's league names, sorted."""
        rows = self.conn.execute(
            "SELECT name FROM leagues WHERE guild_id = ? ORDER BY name", (guild_id,)
        ).fetchall()
        return [r[0] for r in rows]

    def league_season(self, guild_id: str, name: str) -> LeagueRow | None:
        """Return a server's league by name, with its season."""
        self.serialize(f"league:{guild_id}:{name}")
        row = self.conn.execute(
            "SELECT * FROM leagues WHERE guild_id = ? AND name = ?" + self.sql.for_update(),
            (guild_id, name)).fetchone()
        return _league_row(row) if row else None

    def league_by_id(self, league_id: int) -> LeagueRow | None:
        """Return a league by id."""
        row = self.conn.execute("SELECT * FROM leagues WHERE id = ?" + self.sql.for_update(),
                                (league_id,)).fetchone()
        return _league_row(row) if row else None

    def insert_league_season(self, guild_id: str, name: str, creator_id: str, channel_id: str,
                             settings: dict[str, Any]) -> int:
        """Create a league with its season settings; return its id."""
        row = self.conn.execute(
            "INSERT INTO leagues (guild_id, name, creator_id, created_at, settings, status, "
            "channel_id) VALUES (?, ?, ?, ?, ?, 'open', ?) RETURNING id",
            (guild_id, name, creator_id, self.now(), _dumps(settings), channel_id),
        ).fetchone()
        return int(row[0])

    def set_league_status(self, league_id: int, status: str, settings: dict[str, Any]) -> None:
        """Write a league's status and settings."""
        self.conn.execute("UPDATE leagues SET status = ?, settings = ? WHERE id = ?",
                          (status, _dumps(settings), league_id))
        self.announce(league_topic(league_id))

    def league_players(self, league_id: int) -> list[tuple[str, str, str]]:
        """Return (user id, name, status) of a league's players, in the order they joined."""
        rows = self.conn.execute(
            "SELECT user_id, name, status FROM league_players WHERE league_id = ? "
            "ORDER BY joined_at, rowid", (league_id,)).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    def join_league(self, league_id: int, user_id: str, name: str) -> bool:
        """Add a player to a league; False if they were in it already."""
        cursor = self.conn.execute(
            "INSERT INTO league_players (league_id, user_id, name, status, joined_at) "
            "VALUES (?, ?, ?, 'playing', ?) ON CONFLICT DO NOTHING",
            (league_id, user_id, name, self.now()))
        return cursor.rowcount == 1

    def leave_league(self, league_id: int, user_id: str) -> bool:
        """Take a player out of a league that has not started; False if not in it."""
        cursor = self.conn.execute(
            "DELETE FROM league_players WHERE league_id = ? AND user_id = ?", (league_id, user_id))
        return cursor.rowcount == 1

    def remove_league_player(self, league_id: int, user_id: str) -> bool:
        """Mark a player of a running league removed; False if not playing in it."""
        cursor = self.conn.execute(
            "UPDATE league_players SET status = 'removed' WHERE league_id = ? AND user_id = ? "
            "AND status = 'playing'", (league_id, user_id))
        return cursor.rowcount == 1

    def insert_fixture(self, league_id: int, round_no: int, home: str, away: str | None,
                       status: str = "pending", winner: str | None = None,
                       settled_by: str | None = None) -> int:
        """Add one fixture to a league; return its id."""
        settled_at = self.now() if status == "done" else None
        row = self.conn.execute(
            "INSERT INTO league_fixtures (league_id, round, home, away, status, winner, "
            "settled_by, settled_at, report, report_no) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '{}', 0) "
            "RETURNING id", (league_id, round_no, home, away, status, winner, settled_by,
                             settled_at)).fetchone()
        self.announce(league_topic(league_id))
        return int(row[0])

    def insert_fixtures(self, league_id: int,
                        rows: list[tuple[int, str, str | None, str, str | None, str | None]]
                        ) -> None:
        """Add many fixtures to a league in one statement: (round, home, away, status,
        winner, settled_by) each; a settled one is settled now."""
        now = self.now()
        self.conn.executemany(
            "INSERT INTO league_fixtures (league_id, round, home, away, status, winner, "
            "settled_by, settled_at, report, report_no) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '{}', 0)",
            [(league_id, r, home, away, status, winner, by,
              now if status in ("done", "void") else None)
             for r, home, away, status, winner, by in rows])
        self.announce(league_topic(league_id))

    def delete_round(self, league_id: int, round_no: int) -> None:
        """Remove a round's fixtures (a Swiss round paired again before any game began)."""
        self.conn.execute("DELETE FROM league_fixtures WHERE league_id = ? AND round = ?",
                          (league_id, round_no))

    def fixture_rounds(self, league_id: int, open_: tuple[str, ...]) -> tuple[int | None, int]:
        """Return the lowest round with a fixture in one of the `open_` states (None: no
        such fixture) and the last round written (0: none), without reading every fixture."""
        marks = ", ".join("?" for _ in open_)
        row = self.conn.execute(
            "SELECT (SELECT min(round) FROM league_fixtures WHERE league_id = ? "
            f"AND status IN ({marks})), "
            "(SELECT max(round) FROM league_fixtures WHERE league_id = ?)",
            (league_id, *open_, league_id)).fetchone()
        return (None if row[0] is None else int(row[0])), int(row[1] or 0)

    def player_fixtures(self, league_id: int, user_id: str, statuses: tuple[str, ...]
                        ) -> list[FixtureRow]:
        """Return a player's fixtures of a league in the given states, round by round."""
        marks = ", ".join("?" for _ in statuses)
        rows = self.conn.execute(
            "SELECT * FROM league_fixtures WHERE league_id = ? AND (home = ? OR away = ?) "
            f"AND status IN ({marks}) ORDER BY round, id",
            (league_id, user_id, user_id, *statuses)).fetchall()
        return [_fixture(r) for r in rows]

    def fixtures(self, league_id: int, round_no: int | None = None) -> list[FixtureRow]:
        """Return a league's fixtures, round by round (of one round only, if given)."""
        if round_no is not None:
            rows = self.conn.execute(
                "SELECT * FROM league_fixtures WHERE league_id = ? AND round = ? ORDER BY id",
                (league_id, round_no)).fetchall()
            return [_fixture(r) for r in rows]
        rows = self.conn.execute(
            "SELECT * FROM league_fixtures WHERE league_id = ? ORDER BY round, id",
            (league_id,)).fetchall()
        return [_fixture(r) for r in rows]

    def fixture(self, fixture_id: int) -> FixtureRow | None:
        """Return one fixture by id."""
        row = self.conn.execute("SELECT * FROM league_fixtures WHERE id = ?",
                                (fixture_id,)).fetchone()
        return _fixture(row) if row else None

    def fixture_of_game(self, game_id: int) -> FixtureRow | None:
        """Return the fixture a game was played for, if any."""
        row = self.conn.execute(
            "SELECT * FROM league_fixtures WHERE game_id = ?", (game_id,)).fetchone()
        return _fixture(row) if row else None

    def update_fixture(self, fixture: FixtureRow, **changes: Any) -> FixtureRow | None:
        """Write changes to a fixture if it is still as read (status and report number);
        return it as written, or None (someone else changed it first)."""
        values = {k: _dumps(v) if k == "report" else v for k, v in changes.items()}
        sets = ", ".join(f"{column} = ?" for column in values)
        row = self.conn.execute(
            f"UPDATE league_fixtures SET {sets} WHERE id = ? AND status = ? AND report_no = ? "
            "RETURNING *",
            (*values.values(), fixture.id, fixture.status, fixture.report_no)).fetchone()
        if row is None:
            return None
        self.announce(league_topic(fixture.league_id))
        return _fixture(row)

    def fixtures_due(self, now: str, limit: int) -> list[FixtureRow]:
        """Return up to `limit` reported fixtures whose confirmation time has passed."""
        rows = self.conn.execute(
            f"SELECT * FROM league_fixtures{self.sql.indexed('league_fixtures_due')} "
            "WHERE status = 'reported' AND confirm_after <= ? ORDER BY confirm_after, id "
            "LIMIT ?", (now, limit)).fetchall()
        return [_fixture(r) for r in rows]

    def rated_fixtures(self, guild_id: str, system_id: str) -> list[FixtureRow]:
        """Return the settled two-player fixtures of a server's leagues of one game system,
        in the order they were settled (games given to the opponent of a withdrawn player
        were never played: left out)."""
        rows = self.conn.execute(
            "SELECT league_fixtures.* FROM leagues JOIN league_fixtures "
            "ON league_fixtures.league_id = leagues.id "
            "WHERE leagues.guild_id = ? "
            f"AND {self.sql.json_text('leagues.settings', 'system')} = ? "
            "AND league_fixtures.status = 'done' AND league_fixtures.away IS NOT NULL "
            "AND COALESCE(league_fixtures.settled_by, '') NOT IN ('walkover', 'withdrawal') "
            "ORDER BY league_fixtures.settled_at, league_fixtures.id",
            (guild_id, system_id)).fetchall()
        return [_fixture(r) for r in rows]

    def action_times(self, game_id: int) -> list[tuple[str, str, str]]:
        """Return (kind, actor id, time) of every entry of a game's log, in order."""
        rows = self.conn.execute(
            "SELECT kind, actor_id, created_at FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,)).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]


__all__ = ["FixtureRow", "LeagueRow", "SeasonQueries", "create_season_tables"]
