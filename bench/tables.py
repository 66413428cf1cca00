"""Stores laid out for the benchmarks: many channels at the same position, big logs.

Rows go in with the connection's `executemany` inside one `store.transaction()` (on
SQLite the plain sqlite3 call; on PostgreSQL psycopg's pipelined one, and `COPY` for
the log), which is how a million log rows can be laid down in seconds, on either
store; every turn under test still goes through GameService.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

from bot.store.gamestore import GameStore
from bot.store.postgres import PgConnection
from bot.store.rows import GameRow
from bot.store.sqlite import Store

_JSON = ("seats", "invited", "state", "settings", "pending", "clock")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def game_values(row: GameRow, channel_id: str) -> dict[str, Any]:
    """Return a games-table row for a copy of `row` in another channel (the id is new)."""
    values = asdict(row)
    del values["id"]
    for column in _JSON:
        values[column] = _dumps(values[column])
    values["seed_revealed"] = int(values["seed_revealed"])
    values["channel_id"] = channel_id
    return values


def temp_store(name: str = "bench.db") -> Store:
    """Open a fresh store on a file in a new temporary folder (WAL, as in production)."""
    folder = Path(tempfile.mkdtemp(prefix="banneret-bench-"))
    return Store(folder / name)


def seat_games(store: GameStore, row: GameRow, channels: list[str]) -> list[int]:
    """Put a copy of the game in `row` in each channel; return the new game ids."""
    rows = [game_values(row, c) for c in channels]
    columns = list(rows[0])
    with store.transaction() as tx:
        tx.conn.executemany(
            f"INSERT INTO games ({', '.join(columns)}) "
            f"VALUES ({', '.join('?' for _ in columns)})",
            [tuple(r[c] for c in columns) for r in rows],
        )
        marks = ", ".join("?" for _ in channels)
        found = tx.conn.execute(
            f"SELECT id FROM games WHERE channel_id IN ({marks}) ORDER BY id", channels
        ).fetchall()
    return [int(r[0]) for r in found]


_LOG_COLUMNS = ("game_id", "seq", "kind", "actor_id", "seat", "action", "events",
                "irreversible", "created_at")


def fill_log(store: GameStore, game_ids: list[int], per_game: int, batch: int = 50_000) -> None:
    """Give each game `per_game` log rows (seq 1..per_game) of a typical size.

    One transaction per `batch` rows; on PostgreSQL the rows stream in with `COPY`.
    """
    action = _dumps({"type": "move", "piece": "U13", "to": "E6", "seat": "uesugi"})
    events = _dumps(
        [{"type": "PieceMoved", "piece": "U13", "to": "E6", "_text": "U13 moves to E6"}]
    )
    stamp = "2026-01-01T00:00:00.000+00:00"

    def rows() -> Iterator[tuple[Any, ...]]:
        for game_id in game_ids:
            for seq in range(1, per_game + 1):
                yield (game_id, seq, "action", "bob", "uesugi", action, events, 0, stamp)

    it = rows()
    while True:
        chunk = [r for _, r in zip(range(batch), it, strict=False)]
        if not chunk:
            break
        with store.transaction() as tx:
            conn = tx.conn
            if isinstance(conn, PgConnection):
                copy = f"COPY actions ({', '.join(_LOG_COLUMNS)}) FROM STDIN"
                with conn.raw.cursor() as cursor, cursor.copy(copy) as out:
                    for r in chunk:
                        out.write_row(r)
            else:
                conn.executemany(
                    f"INSERT INTO actions ({', '.join(_LOG_COLUMNS)}) "
                    f"VALUES ({', '.join('?' for _ in _LOG_COLUMNS)})",
                    chunk,
                )
