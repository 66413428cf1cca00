"""Database files that cannot be used as they are: one clear line, nothing written, no traceback.

Each case of issue 17 item 7 (and item 5, the concurrent first open) has a test here:
an empty file, a damaged one, a newer schema, a read-only open that never writes, a
full disk, several processes creating the same new file, and the transports' answers.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import sqlite3
import time
from pathlib import Path

import pytest
from sqlite_utils import Database

from bot.cli import main
from bot.console.terminal import Console
from bot.service.gameservice import GameService
from bot.store.faults import StoreError, storage_error
from bot.store.migrations import migrations
from bot.store.sqlite import Store
from bot.text import Words
from tests.bot.conftest import ALICE, BOB


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _said(err: StoreError) -> str:
    return Words.of("en").message(err.message)


def _with_a_game(path: Path) -> None:
    service = GameService(Store(path))
    service.new_game("c1", "g1", ALICE, "race", "short", opponent=BOB)
    service.join("c1", BOB)
    service.store.close()


def test_an_empty_file_is_refused_not_taken_for_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    path.write_bytes(b"")
    for read_only in (False, True):
        with pytest.raises(StoreError) as err:
            Store(path, read_only=read_only)
        assert err.value.kind == "empty" and "0 bytes" in _said(err.value)
    assert path.read_bytes() == b""


@pytest.mark.parametrize("damage", ["garbage", "truncated", "header"])
def test_a_damaged_file_is_refused_and_left_as_it_is(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "games.db"
    _with_a_game(path)
    data = path.read_bytes()
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    if damage == "garbage":
        data = os.urandom(len(data))
    elif damage == "truncated":
        data = data[:100]
    else:
        data = b"not a sqlite file at all" + data[24:]
    path.write_bytes(data)
    for read_only in (False, True):
        with pytest.raises(StoreError) as err:
            Store(path, read_only=read_only)
        assert err.value.kind == "corrupt", err.value
        assert "damaged" in _said(err.value)
    assert path.read_bytes() == data


def test_a_newer_schema_is_refused_and_never_written(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    _with_a_game(path)
    db = Database(path)
    db["_sqlite_migrations"].insert(
        {"migration_set": "banneret", "name": "m999_from_the_future", "applied_at": "2030"}
    )
    db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    before = _digest(path)
    for read_only in (False, True):
        with pytest.raises(StoreError) as err:
            Store(path, read_only=read_only)
        assert err.value.kind == "newer" and "m999_from_the_future" in _said(err.value)
    assert _digest(path) == before


def test_reading_only_never_writes_and_refuses_writes(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    _with_a_game(path)
    Database(path).conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before, stamp = _digest(path), path.stat().st_mtime_ns
    store = Store(path, read_only=True)
    assert GameService(store).verify_all()[0][1]
    with pytest.raises(StoreError) as err, store.transaction():
        pass
    assert err.value.kind == "read-only"
    store.close()
    assert _digest(path) == before and path.stat().st_mtime_ns == stamp


def test_a_missing_or_foreign_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(StoreError) as err:
        Store(tmp_path / "nowhere.db", read_only=True)
    assert err.value.kind == "missing"
    other = tmp_path / "other.db"
    Database(other)["things"].insert({"a": 1})
    with pytest.raises(StoreError) as err:
        Store(other, read_only=True)
    assert err.value.kind == "not-ours"


def test_sqlite_errors_are_named() -> None:
    cases = {
        "attempt to write a readonly database": "read-only",
        "database or disk is full": "full",
        "database is locked": "busy",
        "file is not a database": "corrupt",
        "database disk image is malformed": "corrupt",
        "unable to open database file": "cannot-open",
        "something new": "failed",
    }
    for text, kind in cases.items():
        assert storage_error(sqlite3.OperationalError(text), "x.db").kind == kind


def test_a_full_disk_saves_nothing_and_says_so(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    service = GameService(store)
    # SQLite's page budget stands in for the disk: no page may be added any more.
    conn = store._connection()
    conn.execute(f"PRAGMA max_page_count = {conn.execute('PRAGMA page_count').fetchone()[0]}")
    failed = None
    for n in range(200):
        try:
            service.new_game(f"c{n}", "g1", ALICE, "race", "short", opponent=BOB)
        except StoreError as err:
            failed = (n, err)
            break
    assert failed is not None, "the page budget never ran out"
    n, err = failed
    assert err.kind == "full"
    with store.reading() as tx:
        assert tx.active_game(f"c{n}") is None  # nothing of the refused command was kept
        assert len(tx.game_ids()) == n
    lines: list[str] = []
    console = Console(service, tmp_path / "out", write=lines.append)
    console.channel = "another"
    assert console.execute("@alice /game new system:race scenario:short opponent:@bob") is None
    assert len(lines) == 1 and "is full" in lines[0], lines


def _open_at(path: str, start: float) -> str:
    while time.time() < start:
        time.sleep(0.001)
    try:
        Store(path).close()
    except Exception as err:  # noqa: BLE001 - the test reports every failure
        return f"{type(err).__name__}: {err}"
    return "ok"


def test_many_processes_creating_one_new_file_at_once(tmp_path: Path) -> None:
    path = str(tmp_path / "fresh.db")
    start = time.time() + 1.0
    context = multiprocessing.get_context("fork")
    with context.Pool(16) as pool:
        results = pool.starmap(_open_at, [(path, start)] * 16)
    assert results == ["ok"] * 16
    applied = [m.name for m in migrations.applied(Database(path))]
    assert applied == ["m001_games_and_actions", "m002_leagues", "m003_deadline_index",
                       "m004_lookups_and_checkpoints", "m005_clocks",
                       "m006_league_seasons", "m007_outbox", "m008_games_over_by_guild",
                       "m009_scenarios", "m010_datasheets", "m011_web"]


def test_the_command_line_says_one_line_and_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.db"
    path.write_bytes(b"")
    monkeypatch.setenv("BANNERET_DB", str(path))
    for job in (["verify"], ["script", str(tmp_path / "none.txt")], ["backup", "x.db"]):
        assert main(job) == 2
        err = capsys.readouterr().err.strip()
        assert err.count("\n") == 0 and "is empty (0 bytes)" in err, err
    bad = tmp_path / "record.json"
    bad.write_bytes(b"\xff{")
    assert main(["verify", "--file", str(bad)]) == 2
    assert "cannot be read as a game record" in capsys.readouterr().err


def test_backup_copies_a_live_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.db"
    _with_a_game(path)
    monkeypatch.setenv("BANNERET_DB", str(path))
    target = tmp_path / "copy.db"
    assert main(["backup", str(target)]) == 0
    copy = GameService(Store(target, read_only=True))
    assert [ok for _, ok, _ in copy.verify_all()] == [True]
    assert main(["backup", str(target)]) == 2  # never over an existing file


def test_the_console_goes_on_when_a_board_cannot_be_saved(tmp_path: Path) -> None:
    blocked = tmp_path / "out"
    blocked.write_text("a file where the folder should be")
    lines: list[str] = []
    service = GameService(Store(tmp_path / "g.db"), render=lambda _v, lineage=None: b"png")
    console = Console(service, blocked, write=lines.append)
    console.execute("@alice /game new system:race scenario:short opponent:@bob")
    assert any("could not save" in line and "was applied" in line for line in lines), lines
    assert console.execute("@bob /game join") is not None


def test_a_script_with_a_seed_comes_out_the_same_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "opening.txt"
    script.write_text("@alice /game new system:samurai scenario:river-crossing opponent:@bob\n"
                      "@bob click 1\n", encoding="utf-8")
    monkeypatch.setenv("BANNERET_OUT", str(tmp_path / "out"))
    states = []
    for n, seed in enumerate(["lesson-1", "lesson-1", "lesson-2"]):
        db = tmp_path / f"g{n}.db"
        monkeypatch.setenv("BANNERET_DB", str(db))
        assert main(["script", str(script), "--seed", seed]) == 0
        with Store(db, read_only=True).reading() as tx:
            game = tx.game(1)
            assert game is not None
            states.append(game.state)
    assert states[0] == states[1]  # the same seed deals the same hands
    assert states[0] != states[2]
