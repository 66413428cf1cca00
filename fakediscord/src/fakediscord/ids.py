"""Snowflake ids, fresh or stable, and the time helpers payloads use."""

from __future__ import annotations

import hashlib
import time
from datetime import UTC, datetime
from typing import Final

DISCORD_EPOCH_MS: Final = 1_420_070_400_000

_last_snowflake = 0


def new_snowflake() -> int:
    """Return a fresh, strictly increasing snowflake stamped with the current time."""
    global _last_snowflake
    candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
    _last_snowflake = max(candidate, _last_snowflake + 1)
    return _last_snowflake


def stable_snowflake(kind: str, name: str) -> int:
    """Return a snowflake derived only from (kind, name), stable across runs."""
    digest = int.from_bytes(hashlib.sha256(f"{kind}:{name}".encode()).digest()[:8], "big")
    # Creation times spread over 2020 so ids look like real, older accounts.
    base_ms = 1_577_836_800_000 - DISCORD_EPOCH_MS
    stamp = base_ms + (digest >> 22) % (366 * 86_400_000)
    return (stamp << 22) | (digest & 0x3FFFFF)


def _iso(dt: datetime) -> str:
    return dt.isoformat()


def _now() -> datetime:
    return datetime.now(UTC)
