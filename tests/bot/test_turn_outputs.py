"""Every demo turn's reply and stored row stay exactly what they were (issue 35).

Each bundled demo script is played through the console and a GameService that draws
its boards, on a clock that stands still; every reply shown (text, lines, buttons and
their ids, mentions, the turn message, the board's PNG bytes) and the channel's game
row after it are digested line by line, and every stored table at the end. The
digests are compared with the ones committed in tests/fixtures/turn_outputs/, so a
change made for speed cannot change a word, a button, a byte of a board or a row.

After a change that is meant to alter what a demo shows, write the files again:
`.venv/bin/python -m tests.bot.test_turn_outputs`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from bot.app import demo_seed
from bot.clock import FakeClock
from bot.console.terminal import Console
from bot.replies import Reply
from bot.service.gameservice import GameService
from bot.store.sqlite import Store
from renderers import clear_caches, render_png
from rules.core.data import data_dir

SCRIPTS = sorted((data_dir() / "demo").glob("*.txt"))
EXPECTED = Path(__file__).resolve().parents[1] / "fixtures" / "turn_outputs"


def _plain(value: Any) -> Any:
    """Return a reply's parts as JSON-able data: bytes as their digest, callables by name."""
    if isinstance(value, bytes):
        return "sha256:" + hashlib.sha256(value).hexdigest()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if hasattr(value, "custom_id"):
            fields["custom_id"] = value.custom_id
        return fields
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if callable(value):
        return getattr(value, "__qualname__", type(value).__name__)
    return value


def _digest(value: Any) -> str:
    text = json.dumps(_plain(value), sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _rows(conn: sqlite3.Connection, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in conn.execute(sql, args).fetchall()]


def play(script: Path) -> list[str]:
    """Play a demo script and return one digest line per reply shown, then one per table."""
    clear_caches()
    folder = Path(tempfile.mkdtemp(prefix="banneret-outputs-"))
    store = Store(folder / "demo.db", clock=FakeClock())
    service = GameService(store, render=render_png, seed_factory=lambda: demo_seed(script.stem))
    out: list[str] = []
    console = Console(service, out_dir=folder / "boards", write=lambda _line: None)
    console.channel = script.stem
    conn = sqlite3.connect(folder / "demo.db")
    shown = console.show

    def show(reply: Reply) -> None:
        shown(reply)
        row = _rows(conn, "SELECT * FROM games WHERE channel_id = ? ORDER BY id", console.channel)
        out.append(f"{len(out)} reply {_digest(reply)} row {_digest(row)}")

    console.show = show  # type: ignore[method-assign]
    console.run_lines(script.read_text(encoding="utf-8").splitlines())
    tables = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        if r[0] != "_sqlite_migrations"]  # stamped with the wall clock when the file was made
    for table in tables:
        out.append(f"table {table} {_digest(_rows(conn, f'SELECT * FROM {table} ORDER BY rowid'))}")
    conn.close()
    store.close()
    return out


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_every_demo_turn_shows_and_stores_what_it_did(script: Path) -> None:
    expected = (EXPECTED / f"{script.stem}.txt").read_text(encoding="utf-8").splitlines()
    got = play(script)
    first = next((i for i, (a, b) in enumerate(zip(got, expected, strict=False)) if a != b),
                 None)
    assert first is None, f"{script.stem}: first difference at line {first}: {got[first]}"
    assert len(got) == len(expected)


if __name__ == "__main__":
    EXPECTED.mkdir(parents=True, exist_ok=True)
    for path in SCRIPTS if len(sys.argv) < 2 else [p for p in SCRIPTS if p.stem in sys.argv]:
        (EXPECTED / f"{path.stem}.txt").write_text("\n".join(play(path)) + "\n", encoding="utf-8")
