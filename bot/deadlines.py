"""Turn deadlines: find players whose turn has waited longer than their game allows.

A game's deadline (`/game settings deadline_hours:`) starts when the position
changes. A reminder is sent once per position; acting (any new position) resets it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from bot.store import Store
from bot.table import Table
from bot.text import seat_term


@dataclass(frozen=True)
class Reminder:
    """One overdue turn to ping."""

    game_id: int
    channel_id: str
    user_id: str
    text: str


def overdue(store: Store, now: datetime | None = None) -> list[Reminder]:
    """Return a reminder for each running game whose player to act is past the deadline.

    Marks each reminded game (in its `pending` data, not its version) so the same
    position is never reminded twice.
    """
    now = now or datetime.now(UTC)
    found: list[Reminder] = []
    with store.transaction() as tx:
        for game in tx.running_with_deadline():
            hours = game.settings.get("deadline_hours")
            if not hours or game.pending.get("reminded") == game.version:
                continue
            since = datetime.fromisoformat(game.updated_at)
            if now - since < timedelta(hours=hours):
                continue
            table = Table(game)
            seat = table.prompt.seat
            user = game.seats.get(seat or "")
            if not user:
                continue
            tx.mark_reminded(game)
            found.append(
                Reminder(
                    game_id=game.id,
                    channel_id=game.channel_id,
                    user_id=user,
                    text=table.words("game-deadline-passed", user=f"<@{user}>", hours=hours,
                                     seat=seat_term(seat)),
                )
            )
    return found
