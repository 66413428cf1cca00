"""`banneret migrate` against a real PostgreSQL: the demo games, a database from an older
version and a league season move from SQLite with every row and every game intact, the
copied games replay and go on being played there, and a target that holds anything is
refused without a write. `banneret backup` on PostgreSQL makes a dump pg_restore reads."""

from __future__ import annotations

import contextlib
import hashlib
import io
import itertools
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bot.app import demo_seed
from bot.cli import main
from bot.clock import FakeClock
from bot.console.terminal import Console
from bot.service.gameservice import GameService
from bot.service.relocation import migrate
from bot.store.faults import StoreError
from bot.store.gamestore import GameStore
from bot.store.location import open_store
from bot.store.postgres import PgStore, shown
from bot.store.sqlite import Store
from bot.store.transfer import TABLES
from rules.core.data import data_dir
from tests.bot.conftest import ALICE, BOB, CAROL, DAN
from tools.pgcluster import Cluster

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
_names = itertools.count()


@pytest.fixture
def pg_url(pg_cluster: Cluster, request: pytest.FixtureRequest) -> str:
    """A new, empty PostgreSQL database (dropped after the test)."""
    name = f"migrate_{next(_names)}"
    request.addfinalizer(lambda: pg_cluster.drop(name))
    return pg_cluster.database(name)


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What `banneret demo` stores: every bundled demo script played to its end, with its
    fixed seed, one channel each (the boards are not drawn: they are not stored)."""
    folder = tmp_path_factory.mktemp("demo")
    store = Store(folder / "demo.db")
    for script in sorted((data_dir() / "demo").glob("*.txt")):
        seed = demo_seed(script.stem)
        console = Console(GameService(store, seed_factory=lambda s=seed: s), folder)
        console.channel = f"demo-{script.stem}"
        with contextlib.redirect_stdout(io.StringIO()):
            console.run_lines(script.read_text(encoding="utf-8").splitlines())
    store.close()
    return folder / "demo.db"


def _rows(store: GameStore) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every copied table, in key order (league players in join order)."""
    found: dict[str, list[tuple[Any, ...]]] = {}
    with store.reading() as tx:
        for table in TABLES:
            columns = sorted(c for c in _column_names(tx.conn, table.name) if c != "rowid")
            found[table.name] = [tuple(r) for r in tx.conn.execute(
                f"SELECT {', '.join(columns)} FROM {table.name} "
                f"ORDER BY {', '.join(table.key)}")]
    return found


def _column_names(conn: Any, table: str) -> list[str]:
    return [str(d[0]) for d in conn.execute(f"SELECT * FROM {table} LIMIT 0").description]


def _opened(location: str | Path) -> GameStore:
    return open_store(str(location))


@contextlib.contextmanager
def _store(location: str | Path) -> Iterator[GameStore]:
    store = _opened(location)
    try:
        yield store
    finally:
        store.close()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _migrate(source: str | Path, target: str | Path) -> tuple[int, list[str], list[str]]:
    said: list[str] = []
    complained: list[str] = []
    status = migrate(str(source), str(target), batch=50, say=said.append,
                     complain=complained.append)
    return status, said, complained


# ---------------------------------------------------------------- the demo games


def test_the_demo_games_move_to_postgresql_whole(demo_db: Path, pg_url: str,
                                                 tmp_path: Path) -> None:
    source = tmp_path / "demo.db"
    shutil.copy(demo_db, source)
    before = _digest(source)
    status, said, complained = _migrate(source, pg_url)
    assert (status, complained) == (0, [])
    with _store(source) as sqlite, _store(pg_url) as postgres:
        expected, got = _rows(sqlite), _rows(postgres)
        games = len(expected["games"])
        entries = len(expected["actions"])
        assert games == 4 and entries > 400
        assert got == expected  # every row of every table, column by column
        assert said == [
            f"Copied {games} games, {entries} log entries and 0 leagues from `{source}` "
            f"to `{postgres.path}`.",
            f"{games} of {games} copied games verified by replaying their logs on "
            f"`{postgres.path}`.",
        ]
        # A new game takes an id above the copied ones (the sequence was moved on).
        service = GameService(postgres, seed_factory=lambda: "after")
        service.new_game("after-the-move", "g1", ALICE, "race", "short", opponent=BOB)
        with postgres.reading() as tx:
            new = tx.latest_game("after-the-move")
        assert new is not None and new.id == games + 1
    assert _digest(source) == before  # the source file was read, never written


def test_a_second_migrate_into_the_same_target_is_refused_and_changes_nothing(
    demo_db: Path, pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _migrate(demo_db, pg_url)[0] == 0
    with _store(pg_url) as postgres:
        copied = _rows(postgres)
        shown = postgres.path
    assert main(["migrate", "--from", str(demo_db), "--to", pg_url]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (f"`{shown}` already holds data (4 games, 0 leagues); `banneret "
                           "migrate` copies only into an empty database. Nothing was written "
                           "to it.")
    with _store(pg_url) as postgres:
        assert _rows(postgres) == copied
    # The same refusal for a SQLite target that holds games, in Portuguese too.
    status, _, complained = _migrate(pg_url, demo_db)
    assert status == 2 and "already holds data (4 games, 0 leagues)" in complained[0]
    from bot.text import Words

    worded = []
    migrate(pg_url, str(demo_db), say=worded.append, complain=worded.append,
            words=Words.of("pt-BR"))
    assert worded == [f"`{demo_db}` já tem dados (4 partidas, nenhuma liga); o `banneret "
                      "migrate` só copia para um banco vazio. Nada foi escrito nele."]


# ---------------------------------------------------------------- an older database


def test_a_database_from_an_older_version_is_brought_up_to_date_then_copied(
    pg_url: str, tmp_path: Path
) -> None:
    source = tmp_path / "games-v1.db"
    shutil.copy(FIXTURES / "games-v1.db", source)
    before = _digest(source)
    assert main(["migrate", "--from", str(source), "--to", pg_url]) == 0
    assert _digest(source) == before  # migrated on a copy: the file itself is as it was
    upgraded = tmp_path / "upgraded.db"
    shutil.copy(FIXTURES / "games-v1.db", upgraded)
    with _store(upgraded) as sqlite, _store(pg_url) as postgres:  # opening migrates it
        expected, got = _rows(sqlite), _rows(postgres)
        assert len(got["games"]) == 13
        assert got == expected
        results = GameService(postgres).verify_all()
    assert [ok for _, ok, _ in results] == [True] * 13


# ---------------------------------------------------------------- a league season


ERIN_LC = "league-channel"


def _league_database(path: Path) -> tuple[int, str]:
    """A SQLite database with a running round-robin season of four: one fixture reported,
    one game of a fixture half played in its thread, a reminder preference. Returns the
    id and channel of the game in progress."""
    clock = FakeClock("2026-03-02T10:00:00+00:00")
    store = Store(path, clock=clock)
    seeds = (f"league-seed-{n}" for n in itertools.count())
    service = GameService(store, seed_factory=lambda: next(seeds))
    leagues = service.leagues
    leagues.create("g1", ALICE, "Spring", channel_id=ERIN_LC, system_id="race",
                   time="48h forfeit")
    for player in (ALICE, BOB, CAROL, DAN):
        leagues.join("g1", player, "Spring")
    leagues.start("g1", ALICE, "Spring")
    with store.reading() as tx:
        season = tx.league_season("g1", "Spring")
        assert season is not None
        fixtures = tx.fixtures(season.id)
    first, second = [f for f in fixtures if f.round == 1]
    leagues.report("g1", _caller(first.home), "Spring", opponent=_caller(first.away),
                   result="win")
    # The second fixture of round one is played as a linked game in its thread.
    channel = f"fixture-thread-{second.id}"
    home, away = _caller(second.home), _caller(second.away)
    service.new_game(channel, "g1", home, "race", "short", opponent=away)
    service.join(channel, away)
    with store.reading() as tx:
        game = tx.active_game(channel)
    assert game is not None
    seat = game.state["turn"]
    mover = home if game.seats[seat] == home.user_id else away
    clock.advance(minutes=5)
    service.act(channel, mover, {"type": "roll"})
    with store.transaction() as tx:
        tx.set_reminder_dm(BOB.user_id, True)
    store.close()
    return game.id, channel


def _caller(user_id: str | None) -> Any:
    (found,) = [c for c in (ALICE, BOB, CAROL, DAN) if c.user_id == user_id]
    return found


def test_a_league_season_moves_and_its_game_goes_on_on_postgresql(
    pg_url: str, tmp_path: Path
) -> None:
    source = tmp_path / "league.db"
    game_id, channel = _league_database(source)
    status, said, _ = _migrate(source, pg_url)
    assert status == 0
    assert said[0] == (f"Copied one game, 3 log entries and one league from `{source}` to "
                       f"`{shown(pg_url)}`.")
    with _store(source) as sqlite:
        expected = _rows(sqlite)
    assert len(expected["league_fixtures"]) == 6 and len(expected["league_players"]) == 4
    store = open_store(pg_url, clock=FakeClock("2026-03-02T11:00:00+00:00"))
    try:
        assert _rows(store) == expected
        with store.reading() as tx:  # players in the order they joined
            season = tx.league_season("g1", "Spring")
            assert season is not None
            order = [r[0] for r in tx.conn.execute(
                "SELECT user_id FROM league_players ORDER BY rowid")]
        assert order == [p.user_id for p in (ALICE, BOB, CAROL, DAN)]
        # The bot keeps playing the copied game: the next player moves on PostgreSQL.
        service = GameService(store, seed_factory=lambda: "unused")
        with store.reading() as tx:
            game = tx.game(game_id)
        assert game is not None and game.state["step"] == "move"
        mover = _caller(game.seats[game.state["turn"]])
        service.act(channel, mover, {"type": "move", "steps": 1})
        with store.reading() as tx:
            moved = tx.game(game_id)
            assert moved is not None and moved.version == game.version + 1
            assert [e.kind for e in tx.log(game_id)][-1] == "action"
        # A new league, and its fixtures, take ids after the copied ones.
        created = service.leagues.create("g1", ALICE, "Autumn", channel_id="x",
                                         system_id="race")
        assert created.text.startswith("League **Autumn** created")
        for player in (ALICE, BOB):
            service.leagues.join("g1", player, "Autumn")
        service.leagues.start("g1", ALICE, "Autumn")
        with store.reading() as tx:
            autumn = tx.league_season("g1", "Autumn")
            assert autumn is not None and autumn.id == 2
            assert [f.id for f in tx.fixtures(autumn.id)] == [7]
    finally:
        store.close()


def test_postgresql_moves_back_to_a_new_sqlite_file(pg_url: str, tmp_path: Path) -> None:
    source = tmp_path / "league.db"
    _league_database(source)
    assert _migrate(source, pg_url)[0] == 0
    back = tmp_path / "back" / "games.db"
    status, said, _ = _migrate(pg_url, back)
    assert status == 0 and said[-1] == f"1 of 1 copied games verified by replaying their " \
                                       f"logs on `{back}`."
    with _store(source) as sqlite, _store(back) as returned:
        assert _rows(returned) == _rows(sqlite)
        with returned.reading() as tx:
            order = [r[0] for r in tx.conn.execute(
                "SELECT user_id FROM league_players ORDER BY rowid")]
    assert order == [p.user_id for p in (ALICE, BOB, CAROL, DAN)]


def test_an_empty_database_of_an_older_version_is_a_target_brought_up_to_date(
    demo_db: Path, tmp_path: Path
) -> None:
    target = tmp_path / "old-and-empty.db"
    shutil.copy(FIXTURES / "games-v1.db", target)
    with sqlite3.connect(target) as conn:  # the schema of version 1, without its rows
        for table in ("league_games", "leagues", "actions", "games"):
            conn.execute(f"DELETE FROM {table}")
    status, said, complained = _migrate(demo_db, target)
    assert (status, complained) == (0, [])
    with _store(demo_db) as source, _store(target) as copy:
        assert _rows(copy) == _rows(source)


# ---------------------------------------------------------------- refusals and failures


def test_a_source_that_is_not_banneret_or_is_newer_is_refused(pg_url: str,
                                                              tmp_path: Path) -> None:
    theirs = tmp_path / "theirs.db"
    with sqlite3.connect(theirs) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    with pytest.raises(StoreError) as raised:
        migrate(str(theirs), pg_url)
    assert raised.value.kind == "not-ours"
    newer = tmp_path / "newer.db"
    Store(newer).close()
    with sqlite3.connect(newer) as conn:
        conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
                     "VALUES ('banneret', 'm999_from_the_future', 'x')")
    with pytest.raises(StoreError) as raised:
        migrate(str(newer), pg_url)
    assert raised.value.kind == "newer"
    with pytest.raises(StoreError) as raised:
        migrate(str(tmp_path / "nowhere.db"), pg_url)
    assert raised.value.kind == "missing"
    with psycopg.connect(pg_url) as conn:  # nothing was made in the target
        tables = conn.execute("SELECT count(*) FROM information_schema.tables "
                              "WHERE table_schema = 'public'").fetchone()
    assert tables == (0,)


def test_a_postgresql_database_of_someone_else_is_refused(pg_url: str, demo_db: Path) -> None:
    with psycopg.connect(pg_url) as conn:
        conn.execute("CREATE TABLE games (name TEXT)")
    with pytest.raises(StoreError) as raised:
        migrate(str(demo_db), pg_url)
    assert raised.value.kind == "not-ours-pg"


def test_a_copy_that_fails_half_way_leaves_the_target_empty(pg_url: str,
                                                            tmp_path: Path) -> None:
    """A log row whose game is missing (a damaged file) breaks PostgreSQL's foreign key
    after the games went in: the one transaction rolls them back, and the command says so."""
    source = tmp_path / "damaged.db"
    _league_database(source)
    with sqlite3.connect(source) as conn:  # foreign keys are off in a plain connection
        conn.execute("INSERT INTO actions (game_id, seq, kind, actor_id, action, events, "
                     "irreversible, created_at) VALUES (99, 1, 'action', 'x', '{}', '[]', "
                     "0, 'x')")
    status, said, complained = _migrate(source, pg_url)
    assert status == 2 and said == []
    assert complained[0].startswith("The copy into `") and "Nothing was copied" in complained[0]
    with _store(pg_url) as postgres, postgres.reading() as tx:
        assert [tx.conn.execute(f"SELECT count(*) FROM {t.name}").fetchone()[0]
                for t in TABLES] == [0] * len(TABLES)
    # With the damaged row gone, the same command fills the same target.
    with sqlite3.connect(source) as conn:
        conn.execute("DELETE FROM actions WHERE game_id = 99")
    assert _migrate(source, pg_url)[0] == 0


# ---------------------------------------------------------------- backup with pg_dump


def test_backup_on_postgresql_is_a_dump_pg_restore_reads(
    demo_db: Path, pg_url: str, pg_cluster: Cluster, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _migrate(demo_db, pg_url)[0] == 0
    dump = tmp_path / "games.dump"
    monkeypatch.setenv("BANNERET_DB", pg_url)
    monkeypatch.chdir(tmp_path)  # no stray .env from the checkout
    assert main(["backup", str(dump)]) == 0
    assert capsys.readouterr().out.strip() == f"Backed up `{pg_url}` to `{dump}`."
    assert dump.read_bytes()[:5] == b"PGDMP"  # pg_dump's custom format
    restored = f"restored_{next(_names)}"
    url = pg_cluster.database(restored)
    try:
        pg_restore = Path(os.path.realpath(pg_cluster.bin / "pg_ctl")).with_name("pg_restore")
        done = subprocess.run([str(pg_restore), f"--dbname={url}",
                               "--no-owner", str(dump)], capture_output=True, text=True,
                              check=False)
        assert done.returncode == 0, done.stderr
        with _store(url) as copy, _store(pg_url) as original:
            assert _rows(copy) == _rows(original)
            with copy.reading() as tx:
                assert len(tx.game_ids()) == 4
            assert [ok for _, ok, _ in GameService(copy).verify_all()] == [True] * 4
    finally:
        pg_cluster.drop(restored)


def test_backup_gives_pg_dump_the_password_outside_its_command_line(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A URL with a password dumps, the password going in pg_dump's environment (not
    in its arguments, which `ps` shows); a dump that fails names the database without it."""
    secret = pg_url.replace("postgresql://postgres@", "postgresql://postgres:s3cr%40t@")
    calls: list[tuple[list[str], dict[str, str]]] = []
    real_run = subprocess.run

    def watched(args: list[str], **options: Any) -> Any:
        calls.append((list(args), dict(options.get("env") or {})))
        return real_run(args, **options)

    monkeypatch.setattr("bot.store.postgres.subprocess.run", watched)
    PgStore(secret).close()  # Banneret builds its tables
    store = PgStore(secret, read_only=True)
    try:
        store.backup(tmp_path / "with-password.dump")
        assert (tmp_path / "with-password.dump").read_bytes()[:5] == b"PGDMP"
        with pytest.raises(StoreError) as raised:
            store.backup(tmp_path / "no-such-folder" / "games.dump")
    finally:
        store.close()
    assert raised.value.kind == "failed"
    assert "s3cr" not in str(raised.value) and raised.value.path == pg_url
    assert len(calls) == 2
    for args, env in calls:
        assert not any("s3cr" in arg for arg in args) and f"--dbname={pg_url}" in args
        assert env["PGPASSWORD"] == "s3cr@t"
