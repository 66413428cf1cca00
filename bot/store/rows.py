"""What the store keeps, as the rest of the bot reads it: a game's row, a log entry, a
checkpoint; and how a row's JSON columns are read and written."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.store.dialect import Row

ACTIVE = ("open", "active")
CHECKPOINT_EVERY = 32  # log entries between kept positions


@dataclass
class GameRow:
    """One game as stored."""

    id: int
    channel_id: str
    guild_id: str
    system: str
    scenario: str
    creator_id: str
    seats: dict[str, str | None]
    invited: dict[str, str]
    status: str
    winner: str | None
    result: str | None
    seed_hash: str
    seed: str
    seed_revealed: bool
    state: dict[str, Any]
    version: int
    engine_version: str
    language: str
    settings: dict[str, Any]
    pending: dict[str, Any]
    created_at: str
    updated_at: str
    # The game's clock (bot/service/turnclocks.py) and the next moment it falls due (m005_clocks).
    clock: dict[str, Any] = field(default_factory=dict)
    due_at: str | None = None

    @property
    def over(self) -> bool:
        """Say whether the game has finished or been ended."""
        return self.status not in ACTIVE

    def seats_of(self, user_id: str) -> list[str]:
        """Return the seats a user holds (a user may hold both in a solo game)."""
        return [seat for seat, uid in self.seats.items() if uid == user_id]


@dataclass(frozen=True)
class GameHead:
    """What a command needs of a game before its write transaction: which game, its system
    and language (to read the action and word a refusal), without reading the whole row."""

    id: int
    system: str
    language: str


@dataclass
class LogEntry:
    """One line of a game's action log."""

    game_id: int
    seq: int
    kind: str
    actor_id: str
    seat: str | None
    action: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    irreversible: bool = False
    created_at: str = ""


JSON_COLUMNS = ("seats", "invited", "state", "settings", "pending", "clock")


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def game_of(row: Row | dict[str, Any], decoded: dict[str, Any] | None = None) -> GameRow:
    """Read a game's row; `decoded` holds JSON columns already at hand as values (a
    position just written: the same value its text would give back, not read again)."""
    data = dict(row)
    for column in JSON_COLUMNS:
        if decoded is not None and column in decoded:
            data[column] = decoded[column]
        else:
            data[column] = json.loads(data[column] or "{}")
    data["seed_revealed"] = bool(data["seed_revealed"])
    return GameRow(**data)


def entry_of(row: Row) -> LogEntry:
    data = dict(row)
    data["action"] = json.loads(data["action"] or "{}")
    data["events"] = json.loads(data["events"] or "[]")
    data["irreversible"] = bool(data["irreversible"])
    return LogEntry(**data)


@dataclass
class Checkpoint:
    """The stored position after every log entry up to `seq` (a cache of replaying them)."""

    seq: int
    state: dict[str, Any]
