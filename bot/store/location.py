"""The store `BANNERET_DB` names, opened: a PostgreSQL URL or a SQLite file."""

from __future__ import annotations

from pathlib import Path

from bot.clock import SYSTEM_CLOCK, Clock
from bot.store.gamestore import GameStore
from bot.store.postgres import PgStore
from bot.store.sqlite import Store


def is_postgres(location: str | Path) -> bool:
    """Say whether `BANNERET_DB` names a PostgreSQL database (a URL) rather than a file."""
    return str(location).startswith(("postgresql://", "postgres://"))


def open_store(location: str | Path, *, read_only: bool = False, synchronous: str = "FULL",
               clock: Clock = SYSTEM_CLOCK, pool_size: int = 4) -> GameStore:
    """Open the store `BANNERET_DB` names: a `postgresql://` URL (with at most `pool_size`
    connections), or else a SQLite file."""
    if is_postgres(location):
        return PgStore(str(location), read_only=read_only, clock=clock, pool_size=pool_size)
    return Store(location, read_only=read_only, synchronous=synchronous, clock=clock)
