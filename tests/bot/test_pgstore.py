"""The PostgreSQL store against a real server: the same answers as SQLite, its schema
guarded, its failures named, and writers on one channel taking turns.

The store and service suites run on both stores (modules with `BOTH_STORES`); this
module holds what only PostgreSQL has: a second, separately built schema, a server that
may be unreachable, and many writers that need locks to take turns.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bot.clock import FakeClock
from bot.errors import GameExists
from bot.service.gameservice import GameService
from bot.store.dialect import Dialect
from bot.store.faults import StoreError
from bot.store.gamestore import GameStore
from bot.store.location import open_store
from bot.store.postgres import PG_MIGRATIONS, PgConnection, PgStore, _marks, shown
from bot.store.sqlite import Store
from bot.store.transaction import Transaction
from tests.bot.conftest import ALICE, BOB, CAROL
from tests.bot.test_query_plans import MEANT_TO_SCAN, _calls, _values
from tools.pgcluster import Cluster

START = "2026-03-01T12:00:00+00:00"
BOTH_STORES = True  # tests taking `store` run on SQLite and on PostgreSQL


def _plain(value: Any) -> Any:
    """A result as comparable data (rows as dicts, in order)."""
    if hasattr(value, "__dataclass_fields__"):
        return {k: _plain(v) for k, v in vars(value).items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _every_answer(store: GameStore) -> dict[str, Any]:
    with store.transaction() as tx:
        for i in range(3):
            tx.insert_game({**_values(f"old-{i}"), "status": "finished"})
        game = tx.insert_game(_values("c1"))
        tx.append(game, "action", "alice", "red", {"type": "step"})
    with store.transaction() as tx:
        return {name: _plain(call()) for name, call in _calls(tx, game).items()}


def test_every_query_answers_as_on_sqlite(tmp_path: Path, pg_cluster: Cluster) -> None:
    """Each public method of the transaction, called in the same order on both stores with
    the same clock, returns the same rows (ids, JSON columns, order, timestamps)."""
    sqlite = Store(tmp_path / "same.db", clock=FakeClock(START))
    postgres = open_store(pg_cluster.database("same_answers"), clock=FakeClock(START))
    try:
        assert isinstance(postgres, PgStore)
        expected, got = _every_answer(sqlite), _every_answer(postgres)
        assert got.keys() == expected.keys()
        assert {k: v for k, v in got.items() if v != expected[k]} == {}
    finally:
        postgres.close()


def test_undo_counts_read_from_json_the_same_way(store: GameStore) -> None:
    """`log_outline` reads an undo's count out of its JSON on both stores."""
    with store.transaction() as tx:
        game = tx.insert_game(_values("c1"))
        tx.append(game, "action", "alice", "red", {"type": "step"})
        tx.append(game, "undo", "alice", "red", {"count": 3})
        tx.append(game, "undo", "alice", "red", {})
    with store.reading() as tx:
        assert tx.log_outline(game.id) == [(1, "action", 0), (2, "undo", 3), (3, "undo", 1)]


def test_a_newer_schema_is_refused_and_left_alone(pg_cluster: Cluster) -> None:
    url = pg_cluster.database("newer")
    PgStore(url).close()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("INSERT INTO banneret_migrations VALUES ('m999_from_the_future', 'x')")
    with pytest.raises(StoreError) as raised:
        PgStore(url)
    assert raised.value.kind == "newer" and "m999_from_the_future" in raised.value.detail
    with psycopg.connect(url) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM banneret_migrations ORDER BY 1")]
    assert names == sorted([n for n, _ in PG_MIGRATIONS] + ["m999_from_the_future"])


def test_migrations_apply_once_when_many_open_at_once(pg_cluster: Cluster) -> None:
    url = pg_cluster.database("racing_openers")
    opened: list[PgStore] = []
    failures: list[BaseException] = []
    gate = threading.Barrier(4)

    def open_it() -> None:
        try:
            gate.wait()
            opened.append(PgStore(url, pool_size=1))
        except BaseException as err:  # noqa: BLE001 - asserted below
            failures.append(err)

    threads = [threading.Thread(target=open_it) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for store in opened:
        store.pool.close()
    assert failures == [] and len(opened) == 4
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT name, count(*) FROM banneret_migrations GROUP BY name")
        assert sorted(rows.fetchall()) == sorted((n, 1) for n, _ in PG_MIGRATIONS)


def test_a_database_without_our_tables_is_not_read(pg_cluster: Cluster) -> None:
    with pytest.raises(StoreError) as raised:
        PgStore(pg_cluster.database("someone_elses"), read_only=True)
    assert raised.value.kind == "not-ours-pg"


def test_an_unreachable_server_is_named_without_its_password(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    monkeypatch.setenv("PGCONNECT_TIMEOUT", "2")
    url = f"postgresql://bot:s3cret@/games?host={tmp_path}"  # no server listens there
    with pytest.raises(StoreError) as raised:
        open_store(url)
    err = raised.value
    assert err.kind == "unreachable"
    assert "s3cret" not in str(err) and "s3cret" not in err.path
    assert err.path == shown(url) == f"postgresql://bot@/games?host={tmp_path}"


def test_two_new_games_on_one_channel_at_once_make_one_game(pg_cluster: Cluster) -> None:
    """Without SQLite's single writer, both would find the channel free; the channel's
    lock makes the second wait and then see the first game (a polite refusal, no
    constraint error)."""
    store = open_store(pg_cluster.database("one_channel"))
    services = [GameService(store, seed_factory=lambda: "s") for _ in range(2)]
    gate = threading.Barrier(2)
    outcomes: list[str] = []

    def new_game(service: GameService, caller: Any) -> None:
        gate.wait()
        try:
            service.new_game("c1", "g1", caller, "race", "short", opponent=CAROL)
            outcomes.append("made")
        except GameExists:
            outcomes.append("refused")
        except BaseException as err:  # noqa: BLE001 - asserted below
            outcomes.append(repr(err))

    for _ in range(5):
        threads = [threading.Thread(target=new_game, args=(s, c))
                   for s, c in zip(services, (ALICE, BOB), strict=True)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes) == ["made", "refused"], outcomes
        with store.transaction() as tx:  # clear the channel for the next round
            game = tx.active_game("c1")
            assert game is not None
            tx.update_game(game, status="ended")
        outcomes.clear()
    with store.reading() as tx:
        assert len(tx.game_ids()) == 5
    store.close()


def test_settings_are_stored_as_json_text(pg_cluster: Cluster) -> None:
    """JSON columns stay text (as in SQLite), so `banneret migrate` copies them as they are."""
    store = open_store(pg_cluster.database("json_text"))
    with store.transaction() as tx:
        tx.insert_game({**_values("c1"), "settings": {"time_control": {"kind": "deadline"}}})
    with store.reading() as tx:
        raw = tx.conn.execute("SELECT settings FROM games").fetchone()[0]
    assert json.loads(raw) == {"time_control": {"kind": "deadline"}}
    store.close()


def test_writers_reading_one_game_by_id_take_turns(store: GameStore) -> None:
    """A write transaction that reads a game by id (a referee, a league, the scheduler) holds
    it until it commits: the next writer reads the game as written, not a stale copy."""
    with store.transaction() as tx:
        game_id = tx.insert_game(_values("c1")).id
    gate = threading.Barrier(2)
    failures: list[BaseException] = []

    def bump(note: str) -> None:
        try:
            gate.wait()
            for n in range(5):
                with store.transaction() as tx:
                    game = tx.game(game_id)
                    assert game is not None
                    threading.Event().wait(0.01)  # the other writer arrives meanwhile
                    tx.update_game(game, pending={**game.pending, f"{note}{n}": n})
        except BaseException as err:  # noqa: BLE001 - asserted below
            failures.append(err)
        finally:
            store.close()

    threads = [threading.Thread(target=bump, args=(x,)) for x in "ab"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    with store.reading() as tx:
        game = tx.game(game_id)
    assert game is not None and game.version == 10
    assert sorted(game.pending) == sorted(f"{x}{n}" for x in "ab" for n in range(5))


class _Recording(PgConnection):
    """A connection that keeps every statement it runs, with its values."""

    def __init__(self, conn: Any) -> None:
        super().__init__(conn)
        self.ran: list[tuple[str, tuple[Any, ...]]] = []

    def execute(self, sql: str, parameters: Any = (), /) -> Any:
        self.ran.append((sql, tuple(parameters)))
        return super().execute(sql, parameters)


def test_no_query_scans_a_whole_table_on_postgresql(pg_cluster: Cluster) -> None:
    """As tests/bot/test_query_plans.py does for SQLite: every statement the transaction
    runs is explained with sequential scans priced out of reach, so a `Seq Scan` left in
    a plan means no index serves that query (`game_ids` lists every game on purpose)."""
    store = PgStore(pg_cluster.database("plans"))
    with store.transaction() as tx:
        for i in range(30):
            tx.insert_game({**_values(f"old-{i}"), "status": "finished"})
        game = tx.insert_game(_values("c1"))
        tx.append(game, "action", "alice", "red", {"type": "step"})
    scans: dict[str, list[str]] = {}
    with store.pool.connection() as raw:
        recording = _Recording(raw)
        tx = Transaction(recording, store.clock, sql=Dialect("postgresql", True))
        for name, call in _calls(tx, game).items():
            recording.ran.clear()
            call()
            for sql, values in list(recording.ran):
                if name in MEANT_TO_SCAN or sql.lstrip().upper().startswith("INSERT"):
                    continue
                raw.execute("SET LOCAL enable_seqscan = off")
                plan = [r[0] for r in raw.execute("EXPLAIN " + _marks(sql), values)]
                scans.setdefault(name, []).extend(
                    line.strip() for line in plan if "Seq Scan" in line)
        raw.rollback()
    store.close()
    assert {k: v for k, v in scans.items() if v} == {}
    assert scans.keys() >= {"active_game", "due_games", "log", "fixtures_due"}


def test_the_cli_opens_postgresql_with_the_pool_size_asked_for(
    pg_cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`BANNERET_DB` as a URL makes every job use PostgreSQL; `BANNERET_DB_POOL` bounds the
    connections one process opens."""
    from bot import cli

    url = pg_cluster.database("cli_pool")
    PgStore(url).close()  # the bot's first start builds the tables; verify only reads
    opened: list[PgStore] = []
    real_init = PgStore.__init__

    def spy(self: PgStore, *args: Any, **kwargs: Any) -> None:
        real_init(self, *args, **kwargs)
        opened.append(self)

    monkeypatch.setattr(PgStore, "__init__", spy)
    monkeypatch.setenv("BANNERET_DB", url)
    monkeypatch.setenv("BANNERET_DB_POOL", "3")
    assert cli.main(["verify"]) == 0
    assert [store.pool.max_size for store in opened] == [3]
    assert [store.read_only for store in opened] == [True]


def test_a_read_sees_one_snapshot_while_a_writer_commits(pg_cluster: Cluster) -> None:
    """`reading` opens its transaction with the statement it runs first (REPEATABLE READ
    said in that BEGIN): a write committed between two of its reads is not seen by the
    second; the next read sees it."""
    url = pg_cluster.database("snapshot")
    store, writer = PgStore(url), PgStore(url)
    try:
        with store.transaction() as tx:
            game_id = tx.insert_game(_values("c1")).id
        with store.reading() as tx:
            first = tx.game(game_id)
            assert first is not None
            with writer.transaction() as wx:
                wx.update_game(first, pending={"moved": 1})
            again = tx.game(game_id)
            assert again is not None and again.version == first.version
            assert again.pending == first.pending
        with store.reading() as tx:
            later = tx.game(game_id)
        assert later is not None and later.version == first.version + 1
    finally:
        writer.close()
        store.close()


def test_reads_keep_the_prepared_statements(pg_cluster: Cluster) -> None:
    """A read ends with COMMIT, not ROLLBACK, after which psycopg would forget (and
    deallocate) its prepared statements: with a read before every write, no statement
    would ever be prepared and the server would plan each one every time."""
    store = PgStore(pg_cluster.database("prepared"), pool_size=1)
    try:
        with store.transaction() as tx:
            game_id = tx.insert_game(_values("c1")).id
        for _ in range(8):
            with store.reading() as tx:
                assert tx.game(game_id) is not None
            with store.transaction() as tx:
                assert tx.active_game("c1") is not None
        with store.reading() as tx:
            prepared = [str(r[0]) for r in tx.conn.execute(
                "SELECT statement FROM pg_prepared_statements")]
    finally:
        store.close()
    assert any("FROM games WHERE id =" in sql for sql in prepared), prepared
    assert any("channel_id =" in sql and "FOR UPDATE" in sql for sql in prepared), prepared


def test_an_error_after_a_queued_lock_undoes_the_whole_command(pg_cluster: Cluster) -> None:
    """The channel lock travels with the statement after it; when that statement fails,
    the error is its own, everything the command wrote is rolled back and the lock let
    go (no transaction is left open), and the connection serves the next command."""
    store = PgStore(pg_cluster.database("queued"), pool_size=1)
    try:
        with pytest.raises(psycopg.errors.DivisionByZero), store.transaction() as tx:
            tx.insert_game(_values("c1"))
            tx.serialize("channel:c1")
            tx.conn.execute("SELECT 1 / 0")
        with store.reading() as tx:
            assert tx.active_game("c1") is None
            held = tx.conn.execute(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'").fetchone()
        assert held is not None and held[0] == 0
        with store.transaction() as tx:
            tx.insert_game(_values("c1"))
        with store.reading() as tx:
            assert tx.active_game("c1") is not None
    finally:
        store.close()


def test_a_copy_through_the_raw_connection_is_part_of_the_transaction(
    pg_cluster: Cluster,
) -> None:
    """The store opens its transactions itself (the connection is in autocommit between
    them): reaching for the psycopg connection opens it first, so rows laid down with
    COPY (bench/tables.py) are undone with the rest when the command fails."""
    store = PgStore(pg_cluster.database("copy"))
    copy = "COPY actions (game_id, seq, kind) FROM STDIN"
    try:
        with store.transaction() as tx:
            game_id = tx.insert_game(_values("c1")).id
        with pytest.raises(RuntimeError), store.transaction() as tx:
            with tx.conn.raw.cursor() as cursor, cursor.copy(copy) as out:  # type: ignore[attr-defined]
                out.write_row((game_id, 1, "action"))
            raise RuntimeError("the command fails after the copy")
        with store.transaction() as tx:
            with tx.conn.raw.cursor() as cursor, cursor.copy(copy) as out:  # type: ignore[attr-defined]
                out.write_row((game_id, 2, "action"))
        with store.reading() as tx:
            assert [entry.seq for entry in tx.log(game_id)] == [2]
    finally:
        store.close()
