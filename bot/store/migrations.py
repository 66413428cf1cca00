"""The SQLite store's schema history: sqlite-utils `Migrations`, applied in order on open.

Each migration has a twin of the same name in bot/store/postgres.py (`PG_MIGRATIONS`) that builds
the same tables on PostgreSQL, so both stores know a database's schema by the names of
the migrations applied to it, and refuse one written by a newer Banneret.
"""

from __future__ import annotations

from functools import cache

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from bot.store.datasheetqueries import create_datasheets_table
from bot.store.faults import StoreError
from bot.store.leaguequeries import create_season_tables
from bot.store.statsqueries import create_stats_index
from bot.store.webqueries import create_web_tables

migrations = Migrations("banneret")

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


# The games a deadline scan looks at; the index below covers exactly these rows.
_DEADLINED = "status = 'active' AND json_extract(settings, '$.deadline_hours') > 0"


@migrations()
def m003_deadline_index(db: Database) -> None:
    """Index the running games that have a turn deadline, by when they last changed."""
    db.execute(f"CREATE INDEX games_deadlined ON games (updated_at, id) WHERE {_DEADLINED}")


@migrations()
def m004_lookups_and_checkpoints(db: Database) -> None:
    """Index a channel's games by id; keep positions for undo (CHECKPOINT_EVERY)."""
    db.execute("CREATE INDEX games_by_channel ON games (channel_id, id)")
    db.table("checkpoints").create(
        {"game_id": int, "seq": int, "state": str},
        pk=("game_id", "seq"),
        foreign_keys=[("game_id", "games", "id")],
        strict=True,
    )


@migrations()
def m005_clocks(db: Database) -> None:
    """Keep each game's clock (JSON, turnclocks.py) and `due_at`, the next moment the scheduler
    must look at it (indexed); games with the older `deadline_hours` are due at once (their
    clock is set up then). `reminder_prefs`: who takes reminders by DM."""
    db.execute("ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT '{}'")
    db.execute("ALTER TABLE games ADD COLUMN due_at TEXT")
    db.execute("CREATE INDEX games_due ON games (due_at, id) WHERE due_at IS NOT NULL")
    db.execute(
        f"UPDATE games SET due_at = updated_at WHERE {_DEADLINED} "
        "AND json_extract(settings, '$.time_control') IS NULL"
    )
    db.execute("DROP INDEX IF EXISTS games_deadlined")
    db.table("reminder_prefs").create(
        {"user_id": str, "dm": int, "updated_at": str}, pk="user_id", strict=True
    )


@migrations()
def m006_league_seasons(db: Database) -> None:
    """Give leagues a season: settings, players, fixtures and their reported results."""
    create_season_tables(db)


@migrations()
def m007_outbox(db: Database) -> None:
    """Keep each notice the scheduler claimed until it is posted (bot/service/scheduler.py): a
    process that dies before posting leaves it for another to post once its lease lapses."""
    db.table("outbox").create(
        {"id": int, "nonce": str, "notice": str, "lease_until": str, "created_at": str},
        pk="id", not_null={"nonce", "notice", "lease_until"}, strict=True)
    db.execute("CREATE INDEX outbox_lapsed ON outbox (lease_until, id)")


@migrations()
def m008_games_over_by_guild(db: Database) -> None:
    """Index the games that are over by server, system and scenario (statistics: /stats)."""
    create_stats_index(db)


@migrations()
def m009_scenarios(db: Database) -> None:
    """Keep the scenarios players uploaded (bot/service/scenarios.py): one a name per server and
    system once accepted (`accepted` 1), and each preview awaiting Accept (0) by its digest."""
    db.table("scenarios").create(
        {"digest": str, "guild_id": str, "system": str, "name": str, "stored": str,
         "uploader_id": str, "accepted": int, "created_at": str},
        pk="digest", not_null={"guild_id", "system", "name", "stored", "accepted"}, strict=True)
    db.execute("CREATE UNIQUE INDEX scenarios_by_name ON scenarios (guild_id, system, name) "
               "WHERE accepted = 1")


@migrations()
def m010_datasheets(db: Database) -> None:
    """Keep the datasheets servers uploaded for the app's text export (bot/service/datasheets.py):
    one upload a name per server and system once accepted, each preview awaiting Accept."""
    create_datasheets_table(db)


@migrations()
def m011_web(db: Database) -> None:
    """Keep what the web companion needs (bot/store/webqueries.py): the site's address secret,
    the names players go by, what each server opened to the web, and a server's running games
    by number (its index page)."""
    create_web_tables(db)


@cache
def known_migrations() -> frozenset[str]:
    return frozenset(m.name for m in migrations.pending(Database(memory=True)))


def check_schema(db: Database, path: str) -> None:
    """Refuse a database written by a newer Banneret (it has migrations we do not know)."""
    unknown = [m.name for m in migrations.applied(db) if m.name not in known_migrations()]
    if unknown:
        raise StoreError("newer", path, ", ".join(unknown))


