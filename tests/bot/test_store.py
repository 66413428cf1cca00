"""The store: migrations, one active game per channel, version checks, append-only log."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import psycopg
import pytest
from sqlite_utils import Database

from bot.store.gamestore import GameStore
from bot.store.migrations import migrations
from bot.store.sqlite import Store
from bot.store.transaction import StaleVersion

BOTH_STORES = True  # every test taking the store runs on SQLite and on PostgreSQL


def _game(tx, channel: str = "c") -> object:
    return tx.insert_game(
        dict(
            channel_id=channel,
            guild_id="g",
            system="race",
            scenario="short",
            creator_id="u",
            seats={"red": "u"},
            invited={},
            status="open",
            seed_hash="h",
            seed="s",
            state={"n": 1},
            engine_version="race-1",
            language="en",
        )
    )


def test_migrations_apply_once_and_wal_is_on(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    Store(path)
    Store(path)  # reopening applies nothing twice
    db = Database(path)
    assert [m.name for m in migrations.applied(db)] == [
        "m001_games_and_actions", "m002_leagues", "m003_deadline_index",
        "m004_lookups_and_checkpoints", "m005_clocks", "m006_league_seasons", "m007_outbox",
        "m008_games_over_by_guild", "m009_scenarios", "m010_datasheets",
        "m011_web"]
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_one_active_game_per_channel(store: GameStore) -> None:
    with store.transaction() as tx:
        _game(tx)
    with pytest.raises((sqlite3.IntegrityError, psycopg.IntegrityError)), \
            store.transaction() as tx:
        _game(tx)
    with store.transaction() as tx:
        _game(tx, channel="other")  # another channel (or thread) is fine


def test_update_checks_the_version(store: GameStore) -> None:
    with store.transaction() as tx:
        game = _game(tx)
        newer = tx.update_game(game, state={"n": 2})
        assert newer.version == game.version + 1
        with pytest.raises(StaleVersion):
            tx.update_game(game, state={"n": 3})


def test_failed_transaction_writes_nothing(store: GameStore) -> None:
    with pytest.raises(RuntimeError), store.transaction() as tx:
        game = _game(tx)
        tx.append(game, "action", "u", "red", {"type": "x"})
        raise RuntimeError("abort")
    with store.reading() as tx:
        assert tx.game_ids() == []


def test_log_is_ordered_and_tail_readable(store: GameStore) -> None:
    with store.transaction() as tx:
        game = _game(tx)
        for n in range(5):
            tx.append(game, "action", "u", "red", {"n": n}, [{"type": "e"}], irreversible=n == 2)
    with store.reading() as tx:
        assert [e.seq for e in tx.log(game.id)] == [1, 2, 3, 4, 5]
        tail = tx.log(game.id, last=2)
        assert [e.action["n"] for e in tail] == [3, 4]
        assert tx.log(game.id)[2].irreversible
