"""bot/store/sqlite.py: a process's writers wait their turn for the write lock in the process.

SQLite's busy handler sleeps 1, 2, 5 ... 100 ms between tries, so under load a write
could wait far longer than the writes before it took. The store queues its own
threads on a lock instead. With SQLite's wait turned off (timeout 0), eight threads
writing at once would see "database is locked"; through the store none does.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from bot.store.sqlite import Store


def test_a_process_writers_queue_for_the_write_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_connect = sqlite3.connect

    def impatient(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        connection: sqlite3.Connection = real_connect(*args, **{**kwargs, "timeout": 0})
        return connection

    monkeypatch.setattr(sqlite3, "connect", impatient)
    store = Store(tmp_path / "games.db")
    with store.transaction() as tx:
        tx.conn.execute("CREATE TABLE tally (n INTEGER)")
    failures: list[BaseException] = []
    start = threading.Barrier(8)

    def write() -> None:
        start.wait()
        try:
            for n in range(20):
                with store.transaction() as tx:
                    tx.conn.execute("INSERT INTO tally VALUES (?)", (n,))
                    time.sleep(0.0005)  # hold the lock a moment, as a turn does
        except BaseException as error:  # noqa: BLE001 - the test reports them all
            failures.append(error)
        finally:
            store.close()

    threads = [threading.Thread(target=write) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    with store.reading() as tx:
        assert tx.conn.execute("SELECT count(*) FROM tally").fetchone()[0] == 160
    store.close()
