"""One websocket session of a bot on the gateway, and which shard a guild's events go to.

It sits below the gateway, the server state and the bot driver, which all hold sessions.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import web


class _GatewaySession:
    """One websocket connection from a bot."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.seq = 0
        self.session_id: str | None = None
        self.identify: dict[str, Any] | None = None
        self.identified = False
        self.closed = False

    @property
    def intents(self) -> int:
        return int((self.identify or {}).get("intents", 0))

    @property
    def shard(self) -> tuple[int, int]:
        """The (shard id, shard count) this session identified with; (0, 1) unsharded."""
        found = (self.identify or {}).get("shard") or [0, 1]
        return int(found[0]), int(found[1])

    def serves(self, guild_id: int | None) -> bool:
        """Say whether this session receives a guild's events (DMs go to shard 0)."""
        shard, count = self.shard
        if guild_id is None:
            return shard == 0
        return shard_of(guild_id, count) == shard

    def send_op(self, op: int, d: Any) -> None:
        self.queue.put_nowait({"op": op, "d": d})

    def dispatch(self, event: str, d: Any) -> None:
        self.queue.put_nowait({"op": 0, "t": event, "d": d})

    async def writer(self) -> None:
        while (item := await self.queue.get()) is not None:
            if item["op"] == 0:
                self.seq += 1
                item["s"] = self.seq
            else:
                item.setdefault("s", None)
                item.setdefault("t", None)
            if self.ws.closed:
                return
            try:
                await self.ws.send_str(json.dumps(item))
            except ConnectionError:
                return


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives a guild's events: (guild_id >> 22) % shard_count, as Discord."""
    return (guild_id >> 22) % shard_count
