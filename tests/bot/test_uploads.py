"""Uploaded files: refused politely when too large, binary or missing; parsed outside the lock."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from bot import uploads
from bot.console.terminal import Console
from bot.errors import Refused
from bot.service.gameservice import GameService, PlayerError
from bot.store.sqlite import Store
from tests.bot.conftest import ALICE, BOB

BOMB = "a" + ".a" * 24_000 + " = 1\n"


def test_decoding_takes_utf8_text_only() -> None:
    assert uploads.decode("army.toml", "\ufeffname = 'Ça'".encode()) == "name = 'Ça'"
    with pytest.raises(uploads.FileNotText, match="error-file-not-text"):
        uploads.decode("army.png", b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(uploads.FileNotText):
        uploads.decode("army.toml", b"name = 1\x00\x00")
    with pytest.raises(uploads.FileTooLarge) as caught:
        uploads.decode("army.toml", b"#" * (uploads.MAX_UPLOAD_BYTES + 1))
    assert caught.value.values == {"name": "army.toml", "kib": 65, "limit": 64}


def test_a_hostile_roster_is_refused_without_waiting_for_the_write_lock(
    service: GameService, store: Store
) -> None:
    service.new_game("c40k", "g1", ALICE, "wh40k", "take-and-hold", opponent=BOB)
    service.join("c40k", BOB)
    # Another command holds the write lock; reading the roster must not need it.
    blocker = sqlite3.connect(store.path, isolation_level=None, timeout=1)
    blocker.execute("BEGIN IMMEDIATE")
    outcome: list[BaseException | None] = []

    def upload() -> None:
        try:
            service.act("c40k", BOB, {"type": "roster", "text": BOMB})
            outcome.append(None)
        except BaseException as err:  # noqa: BLE001 - the test inspects what was raised
            outcome.append(err)

    worker = threading.Thread(target=upload)
    worker.start()
    worker.join(timeout=10)
    blocker.execute("ROLLBACK")
    blocker.close()
    assert not worker.is_alive(), "the roster waited for the write lock"
    assert len(outcome) == 1 and isinstance(outcome[0], Refused)
    assert outcome[0].violation.rule_id == "core/bad-input"
    with store.reading() as tx:
        game = tx.active_game("c40k")
        assert game is not None
        assert [e.kind for e in tx.log(game.id)] == ["join", "join"]


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("army.bin", b"\xff\xfe\x00\x01binary", "is not a text file"),
        ("x" * 300 + ".toml", None, "There is no file"),
        ("missing.toml", None, "There is no file"),
        ("big.toml", b"#" * (uploads.MAX_UPLOAD_BYTES + 10), "files up to 64 KiB are read"),
    ],
)
def test_console_files_are_refused_politely(
    service: GameService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    name: str, content: bytes | None, expected: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    if content is not None:
        (tmp_path / name).write_bytes(content)
    out: list[str] = []
    console = Console(service, tmp_path / "out", write=out.append)
    console.run_lines([
        "@alice /game new system:wh40k scenario:take-and-hold opponent:@bob",
        "@bob click 1",
        f"@bob /wh40k roster text:{name}",
        "@bob /game status",
    ])
    text = "\n".join(out)
    assert expected in text
    assert console.failures == 1
    assert "Defender: <@bob>" in text  # the console went on


def test_a_refused_upload_is_never_written_to_the_log(
    service: GameService, caplog: pytest.LogCaptureFixture
) -> None:
    service.new_game("c40k", "g1", ALICE, "wh40k", "take-and-hold", opponent=BOB)
    service.join("c40k", BOB)
    with pytest.raises(PlayerError):
        service.act("c40k", BOB, {"type": "roster", "text": "a = " + "[" * 5_000})
    assert "[[[[" not in caplog.text
