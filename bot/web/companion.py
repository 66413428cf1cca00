"""What every page handler shares: the service (its store and board cache), the site's
secret, the settings, and the thread pool the store is read in.

Reads run in worker threads (`Companion.read`), never on the event loop, exactly as the
Discord transport runs its commands; the board PNGs come from the service's own board
cache (bot/service/boards.py), so the bot and its web pages draw a position once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from aiohttp import web

from bot.config import Settings
from bot.service.gameservice import GameService
from bot.store.transaction import Transaction
from bot.web.addresses import Ref, marked, ref

T = TypeVar("T")


@dataclass
class Companion:
    """The web companion's shared parts (one per process)."""

    service: GameService
    settings: Settings
    secret: str = field(default="")

    def __post_init__(self) -> None:
        if not self.secret:
            with self.service.store.transaction() as tx:
                self.secret = tx.site_secret()

    async def read(self, job: Callable[[Transaction], T]) -> T:
        """Run `job` in a read transaction, in a worker thread."""

        def run() -> T:
            with self.service.store.reading() as tx:
                return job(tx)

        return await asyncio.to_thread(run)

    async def work(self, job: Callable[[], T]) -> T:
        """Run `job` (drawing, replaying) in a worker thread."""
        return await asyncio.to_thread(job)

    def ref(self, kind: str, number: int | str) -> str:
        """Return a page's marked reference (`<number>-<mark>`)."""
        return ref(self.secret, kind, number)

    def opens(self, kind: str, given: Ref, public: bool) -> bool:
        """Say whether a reference opens its page: the right mark, or a public server's number."""
        return marked(self.secret, kind, given) or (public and given.mark is None)

    def link(self, path: str) -> str:
        """Return the full address players follow to a page (BANNERET_PUBLIC_URL)."""
        return self.settings.web_address + path


# Where the application keeps its companion (`request.app[COMPANION]`).
COMPANION: web.AppKey[Companion] = web.AppKey("companion", Companion)

__all__ = ["COMPANION", "Companion"]
