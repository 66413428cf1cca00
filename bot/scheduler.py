"""One scheduler for everything that falls due with time: its sources say what is due.

A source is anything with a `name` and `due(now) -> list[Notice]` (the `Source`
protocol). `due` must claim and mark what it returns inside a short write
transaction (BEGIN IMMEDIATE, with an update guarded by the row's state as read:
`UPDATE ... WHERE id = ? AND due_at = ? AND version = ?`), so of several processes
sharing one database exactly one gets each notice, and a notice is never handed out
twice, not even after a restart. The game clocks (bot/clocks.py `ClockSource`) are
the first source; adding another is one line:

    service.scheduler.add(MySource(store))        # or Scheduler(store, clock, [a, b])

Transports run `Scheduler.due()` and deliver the notices: the Discord cog every
minute (bot/discord/scheduler.py, in a worker thread), the console after each command.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from bot.clock import Clock
from bot.replies import Button
from bot.store import GameStore

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Notice:
    """One message to post because something fell due.

    `channel_id` is where it goes; with `user_id` set it goes to that user by direct
    message instead (`channel_id` then names the game's channel, should the DM fail).
    `mention` is the one user the message may ping. `text` is worded already.
    """

    text: str
    channel_id: str | None = None
    user_id: str | None = None
    buttons: tuple[Button, ...] = ()
    mention: str | None = None
    game_id: int | None = None


class Source(Protocol):
    """Something that knows what has fallen due (see the module docstring)."""

    name: str

    def due(self, now: datetime) -> list[Notice]: ...


class Scheduler:
    """Asks every source what is due now; a failing source does not stop the others."""

    def __init__(self, store: GameStore, clock: Clock, sources: Iterable[Source] = ()) -> None:
        self.store = store
        self.clock = clock
        self.sources: dict[str, Source] = {}
        for source in sources:
            self.add(source)

    def add(self, source: Source) -> None:
        """Register a source (one per name: adding a name again replaces it)."""
        self.sources[source.name] = source

    def due(self) -> list[Notice]:
        """Return every notice due now, claimed so no other process sends it."""
        now = self.clock.now()
        notices: list[Notice] = []
        for source in self.sources.values():
            try:
                notices.extend(source.due(now))
            except Exception:
                log.exception("scheduler source %s failed", source.name)
        return notices


__all__ = ["Notice", "Scheduler", "Source"]
