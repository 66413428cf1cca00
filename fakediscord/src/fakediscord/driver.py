"""Driving discord.py against the fake: pointing it at the server, and starting and stopping
bots (the ERROR logs of a run are collected by errorlog.py)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl

from fakediscord.errors import InteractionTimeout
from fakediscord.sessions import _GatewaySession
from fakediscord.state import ServerState

_log = logging.getLogger(__name__)


def point_discord_at(base_url: str, gateway_url: str) -> Callable[[], None]:
    """Point discord.py's REST base and gateway at other URLs; return an undo function."""
    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = base_url
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)

    def restore() -> None:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    return restore


class BotRunner:
    """Start and stop discord.py clients against a `FakeDiscord` in the current loop."""

    def __init__(self, fake: ServerState) -> None:
        """Bind to a started fake (discord.py must already point at it)."""
        self.fake = fake
        self._tasks: dict[discord.Client, asyncio.Task[None]] = {}
        self._sessions: dict[discord.Client, list[_GatewaySession]] = {}
        self._counter = itertools.count(1)

    async def start(
        self, bot: discord.Client, *, token: str | None = None, timeout: float = 10.0,
        shards: int = 1,
    ) -> discord.Client:
        """Run bot.start(token) as a task; return once it identified (or raise its error).

        A sharded bot (discord.py's AutoShardedClient) identifies once per shard it runs:
        pass how many, and this returns once every one of them is connected.
        """
        if discord.http.Route.BASE != self.fake.base_url:
            raise RuntimeError("discord.py is not pointed at this FakeDiscord (redirect_discord())")
        before = self.fake.identify_count
        task = asyncio.create_task(
            bot.start(token or self.fake.token), name=f"fakediscord-bot-{next(self._counter)}"
        )
        self._tasks[bot] = task
        waiter = asyncio.create_task(
            self.fake.wait_until_identified(after=before + shards - 1, timeout=timeout)
        )
        done, _ = await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if waiter in done:
            try:
                await waiter
            except InteractionTimeout:
                await self.stop(bot)
                raise
            self._sessions[bot] = self.fake._live_sessions()[-shards:]
            return bot
        waiter.cancel()
        with contextlib.suppress(asyncio.CancelledError, InteractionTimeout):
            await waiter
        self._tasks.pop(bot, None)
        await self._cleanup(bot)
        exc = task.exception()
        if exc is not None:
            raise exc
        raise RuntimeError("bot.start() returned before identifying")

    async def stop(self, bot: discord.Client, *, timeout: float = 5.0) -> None:
        """Close the bot and wait for its start() task to finish."""
        task = self._tasks.pop(bot, None)
        await bot.close()
        if task is not None:
            try:
                await asyncio.wait_for(task, timeout)
            except (TimeoutError, asyncio.CancelledError):
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
            except Exception:
                _log.debug("bot task ended with an error", exc_info=True)
        await self._cleanup(bot)
        sessions = self._sessions.pop(bot, [])
        if sessions:
            # Let the gateway handler notice the closed sockets before anything else runs.
            await self.fake.wait_for(
                lambda: all(s.closed for s in sessions), timeout=timeout,
                what="the gateway sessions to close",
            )

    async def _cleanup(self, bot: discord.Client) -> None:
        """Cancel discord.py background work that close() leaves behind."""
        if not bot.is_closed():
            await bot.close()
        state = bot._connection
        pending: list[asyncio.Task[Any]] = []
        ready_task = getattr(state, "_ready_task", None)
        if ready_task is not None and not ready_task.done():
            ready_task.cancel()
            pending.append(ready_task)
        store = getattr(state, "_view_store", None)
        items = getattr(store, "_views", {}) if store is not None else {}
        for by_key in list(items.values()):
            for item in list(by_key.values()):
                view = getattr(item, "view", None)
                if view is not None and not view.is_finished():
                    view.stop()
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)

    @contextlib.asynccontextmanager
    async def running(
        self, bot: discord.Client, *, token: str | None = None
    ) -> AsyncIterator[discord.Client]:
        """Run a bot for the duration of an ``async with`` block."""
        await self.start(bot, token=token)
        try:
            yield bot
        finally:
            await self.stop(bot)

    async def aclose(self) -> None:
        """Stop every bot this runner started."""
        for bot in list(self._tasks):
            await self.stop(bot)
