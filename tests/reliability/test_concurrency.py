"""Several bot processes, each with several threads, acting on the same game: no update
is lost, none applied twice, and the log's order is the order the position saw.

`make test` runs 2 processes x 2 threads; `make deep` sets CONCURRENCY=8x4 (32 writers).
Each writer marks the race game (an action any seat may take at any time) through its
own GameService on the one database (a SQLite file; a PostgreSQL database), as separate
bot processes would.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.service.gameservice import GameService
from bot.store.location import open_store
from tests.bot.conftest import ALICE, BOB

BOTH_STORES = True  # the writers share one SQLite file, or one PostgreSQL database

PROCESSES, THREADS = (int(n) for n in os.environ.get("CONCURRENCY", "2x2").split("x"))
MARKS = 10  # per writer
ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import sys, threading
from bot.service.gameservice import GameService
from bot.store.location import open_store
from rules.core.system import register
from tests.bot.conftest import ALICE
from tests.race.engine import SYSTEM
register(SYSTEM)
db, proc, threads, marks = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
store = open_store(db)
service = GameService(store)
go = threading.Barrier(threads)
failed = []
def writer(t):
    try:
        go.wait()
        for n in range(marks):
            service.act("c1", ALICE, {"type": "mark", "note": f"p{proc}t{t}n{n}"})
    except BaseException as exc:
        failed.append(repr(exc))
workers = [threading.Thread(target=writer, args=(t,)) for t in range(threads)]
for w in workers: w.start()
for w in workers: w.join()
print("\n".join(failed) or "ok", flush=True)
"""


def test_concurrent_writers_lose_no_update(db_location: str) -> None:
    db = db_location
    service = GameService(open_store(db), seed_factory=lambda: "concurrency")
    service.new_game("c1", "g", ALICE, "race", "short", opponent=BOB)
    service.join("c1", BOB)
    children = [
        subprocess.Popen([sys.executable, "-c", CHILD, str(db), str(p), str(THREADS),
                          str(MARKS)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        for p in range(PROCESSES)
    ]
    outputs = [child.communicate(timeout=600)[0].strip() for child in children]
    assert outputs == ["ok"] * PROCESSES
    with service.store.reading() as tx:
        game = tx.active_game("c1")
        assert game is not None
        log = tx.log(game.id)
    expected = {f"p{p}t{t}n{n}" for p in range(PROCESSES) for t in range(THREADS)
                for n in range(MARKS)}
    marks = game.state["marks"]
    assert sorted(marks) == sorted(expected)  # every update once: none lost, none twice
    assert [e.action["note"] for e in log if e.kind == "action"] == marks
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert [ok for _, ok, _ in service.verify_all()] == [True]
