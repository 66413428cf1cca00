"""A database this user may only read, or may not open at all (issue 28, finding 7).

`banneret verify` reads a file in a folder it may not write (SQLite `mode=ro`, and
`immutable` when nothing waits in a write-ahead log); a path this user may not enter or
read is named in one line, in verify and in the console, with the permission missing.

Permissions do not stop root, and these tests run as root here: each command then runs
in a forked child that has become `nobody` (uid 65534), with every module it needs
imported beforehand (the interpreter's own files may lie where `nobody` cannot read).
Run as another user, the command runs in the test's own process.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli import main
from bot.service.gameservice import GameService
from bot.store.sqlite import Store
from tests.bot.conftest import ALICE, BOB

NOBODY = 65534


@pytest.fixture
def place() -> Iterator[Path]:
    """A folder under /tmp that `nobody` may enter (pytest's own are the owner's only)."""
    folder = Path(tempfile.mkdtemp(prefix="banneret-perm-"))
    folder.chmod(0o755)
    yield folder
    for inner in folder.rglob("*"):
        if inner.is_dir():
            inner.chmod(0o755)
    shutil.rmtree(folder)


def _run(argv: list[str], db: Path) -> tuple[int, str]:
    """Run `banneret <argv>` on `db` as a user the file's permissions apply to."""
    saved = os.environ.get("BANNERET_DB")
    os.environ["BANNERET_DB"] = str(db)
    try:
        if os.geteuid() != 0:
            return _in_process(argv)
        return _as_nobody(argv)
    finally:
        if saved is None:
            del os.environ["BANNERET_DB"]
        else:
            os.environ["BANNERET_DB"] = saved


def _in_process(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out), \
            contextlib.suppress(SystemExit):
        code = main(argv)
        return code, out.getvalue()
    return 99, out.getvalue()


def _as_nobody(argv: list[str]) -> tuple[int, str]:
    """Fork, become `nobody`, run the command, and hand back its status and output."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        os.close(read)
        code, text = 98, ""
        try:
            # The checkout may lie in a folder only its owner enters (a fresh `mktemp -d`
            # clone): work from the root, as the paths given are absolute.
            os.chdir("/")
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            code, text = _in_process(argv)
        except BaseException as err:  # noqa: BLE001 - the parent asserts on the text
            text = f"child failed: {err!r}"
        finally:
            os.write(write, text.encode())
            os._exit(code)
    os.close(write)
    data = b""
    while chunk := os.read(read, 65536):
        data += chunk
    os.close(read)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), data.decode()


def _with_games(path: Path) -> None:
    service = GameService(Store(path), seed_factory=lambda: "seed-1")
    service.new_game("c1", "g1", ALICE, "race", "short", opponent=BOB)
    service.join("c1", BOB)
    service.act("c1", ALICE, {"type": "roll"})
    service.store.close()
    _warm_up(path)


def _warm_up(path: Path) -> None:
    """Run verify once here on a copy, so every module the command imports is loaded
    before a child that may not read the interpreter's files runs it."""
    copy = Path(tempfile.mkdtemp(prefix="banneret-warm-"))
    shutil.copy(path, copy / "games.db")
    saved = os.environ.get("BANNERET_DB")
    os.environ["BANNERET_DB"] = str(copy / "games.db")
    try:
        assert _in_process(["verify"])[0] == 0
    finally:
        if saved is None:
            del os.environ["BANNERET_DB"]
        else:
            os.environ["BANNERET_DB"] = saved
        shutil.rmtree(copy)


def _files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


@pytest.mark.parametrize("lock", ["file", "folder", "both"])
def test_issue28_finding7_verify_reads_a_read_only_database(place: Path, lock: str) -> None:
    folder = place / "games"
    folder.mkdir()
    db = folder / "games.db"
    _with_games(db)
    before = _files(folder)
    assert before == {"games.db"}  # closed cleanly: no log or shared memory beside it
    # "file": the file may not be written, its folder may; "folder": the other way round.
    folder.chmod(0o777 if lock == "file" else 0o755)
    db.chmod(0o444 if lock != "folder" else 0o666)
    code, text = _run(["verify"], db)
    assert code == 0, text
    assert "Game 1: consistent" in text and "1 of 1 games consistent" in text, text
    assert "cannot be written" not in text
    assert _files(folder) == before  # nothing made beside it


def test_issue28_finding7_a_folder_that_cannot_be_entered_is_named(place: Path) -> None:
    folder = place / "private"
    folder.mkdir()
    db = folder / "games.db"
    _with_games(db)
    folder.chmod(0o700)
    script = place / "moves.txt"
    script.write_text("@alice /game status\n", encoding="utf-8")
    script.chmod(0o644)
    for argv in (["verify"], ["script", str(script)], ["backup", str(place / "copy.db")]):
        code, text = _run(argv, db)
        assert code == 2, (argv, text)
        assert text.count("\n") == 1 and "Traceback" not in text, (argv, text)
        assert f"may not enter the folder `{folder}`" in text, (argv, text)
        assert "execute permission, x" in text and str(db) in text


def test_issue28_finding7_a_file_that_cannot_be_read_is_named(place: Path) -> None:
    db = place / "games.db"
    _with_games(db)
    db.chmod(0o600)
    for argv in (["verify"], ["script", str(place / "none.txt")]):
        code, text = _run(argv, db)
        assert code == 2, (argv, text)
        assert text.count("\n") == 1 and f"`{db}` cannot be opened" in text, (argv, text)
        assert "read permission, r" in text, (argv, text)


def test_a_new_file_in_a_folder_that_cannot_be_written_is_named(place: Path) -> None:
    folder = place / "shut"
    folder.mkdir()
    script = place / "moves.txt"
    script.write_text("", encoding="utf-8")
    code, text = _run(["script", str(script)], folder / "games.db")
    assert code == 2 and "write permission, w" in text and f"`{folder}`" in text, text


def _pending_log(db: Path) -> None:
    """Leave a commit in the write-ahead log only, as a bot killed mid-run would: one that
    verify notices (the game's version moved without a log entry)."""
    pid = os.fork()
    if pid == 0:
        conn = sqlite3.connect(db, isolation_level=None)
        conn.execute("PRAGMA wal_autocheckpoint = 0")
        conn.execute("UPDATE games SET version = version + 5 WHERE id = 1")
        os._exit(0)  # no close, so no checkpoint: the -wal file stays
    os.waitpid(pid, 0)


def test_a_read_only_verify_reads_what_waits_in_the_write_ahead_log(place: Path) -> None:
    folder = place / "games"
    folder.mkdir()
    db = folder / "games.db"
    _with_games(db)
    _pending_log(db)
    assert Path(f"{db}-wal").stat().st_size > 0
    folder.chmod(0o755)
    for name in ("games.db", "games.db-wal", "games.db-shm"):
        (folder / name).chmod(0o444)
    code, text = _run(["verify"], db)
    # `immutable` alone would read the file without the log: "consistent".
    assert code == 1 and "Game 1: NOT consistent" in text, text
