"""Turn deadlines: find players whose turn has waited longer than their game allows.

A game's deadline (`/game settings deadline_hours:`) starts when the position
changes. A reminder is sent once per position; acting (any new position) resets it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from bot.store import GameRow, Store
from bot.table import Table
from bot.text import seat_term


@dataclass(frozen=True)
class Reminder:
    """One overdue turn to ping."""

    game_id: int
    channel_id: str
    user_id: str
    text: str


# Games read, worded and marked per short write transaction.
BATCH = 100


def overdue(store: Store, now: datetime | None = None, batch: int = BATCH) -> list[Reminder]:
    """Return a reminder for each running game whose player to act is past the deadline.

    Due games are found by index in batches; each batch is read and worded outside
    any write transaction, then marked reminded (in its `pending` data, not its
    version) in one short transaction, so a command never waits on the scan for long.
    A game that moved on in between is left for the next scan.
    """
    moment = (now or datetime.now(UTC)).astimezone(UTC)
    stamp = moment.isoformat(timespec="milliseconds")
    found: list[Reminder] = []
    after = 0
    while True:
        with store.reading() as tx:
            games = tx.due_for_reminder(stamp, after, batch)
        if not games:
            return found
        after = games[-1].id
        ready = [r for r in (_reminder(game, moment) for game in games) if r is not None]
        with store.transaction() as tx:
            for game, reminder in ready:
                if tx.mark_reminded(game):
                    found.append(reminder)


def _reminder(game: GameRow, now: datetime) -> tuple[GameRow, Reminder] | None:
    """Word the reminder of one due game (None if nobody is to act)."""
    hours = game.settings.get("deadline_hours")
    if not hours or now - datetime.fromisoformat(game.updated_at) < timedelta(hours=hours):
        return None
    table = Table(game)
    seat = table.prompt.seat
    user = game.seats.get(seat or "")
    if not user:
        return None
    text = table.words("game-deadline-passed", user=f"<@{user}>", hours=hours,
                       seat=seat_term(seat))
    return game, Reminder(game_id=game.id, channel_id=game.channel_id, user_id=user, text=text)
