"""The gateway: one websocket session per bot connection, and what the server does with
what a bot sends on it (heartbeats, IDENTIFY, RESUME, presence, member requests)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from typing import Any

import aiohttp
from aiohttp import web

from fakediscord.constants import API_VERSION, PRIVILEGED_INTENTS
from fakediscord.sessions import _GatewaySession
from fakediscord.state import ServerState


class GatewayEndpoint(ServerState):
    """The gateway websocket at /gateway: sessions, IDENTIFY and RESUME, member chunks."""

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = _GatewaySession(ws)
        self._sessions.append(session)
        writer = asyncio.create_task(session.writer(), name="fakediscord-gateway-writer")
        session.send_op(10, {"heartbeat_interval": 41250})
        try:
            async for msg in ws:
                if msg.type is aiohttp.WSMsgType.TEXT:
                    await self._on_gateway_message(session, json.loads(msg.data))
                elif msg.type is aiohttp.WSMsgType.ERROR:
                    break
        finally:
            session.closed = True
            session.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await writer
            self._sessions.remove(session)
            if not self._live_sessions():
                self.identified.clear()
            self._notify()
        return ws

    async def _on_gateway_message(self, session: _GatewaySession, msg: dict[str, Any]) -> None:
        op, d = msg.get("op"), msg.get("d")
        if op == 1:
            session.send_op(11, None)
        elif op == 2:
            await self._on_identify(session, d or {})
        elif op == 6:
            sid = (d or {}).get("session_id")
            if (d or {}).get("token") == self.token and sid in self._known_sessions:
                session.session_id = sid
                session.identify = self._known_sessions[sid]
                session.identified = True
                session.dispatch("RESUMED", {})
                self.identified.set()
                self._notify()
            else:
                session.send_op(9, False)
        elif op == 3:
            self.presence_updates.append(d or {})
        elif op == 8:
            self._on_request_members(session, d or {})

    async def _on_identify(self, session: _GatewaySession, d: dict[str, Any]) -> None:
        if d.get("token") != self.token:
            await session.ws.close(code=4004, message=b"Authentication failed.")
            return
        intents = int(d.get("intents", 0))
        if intents & PRIVILEGED_INTENTS & ~self.allowed_privileged_intents:
            await session.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        shard = d.get("shard")
        if shard is not None and not _valid_shard(shard):
            await session.ws.close(code=4010, message=b"Invalid shard.")
            return
        if shard is None and self.shard_count > 1:
            await session.ws.close(code=4011, message=b"Sharding required.")
            return
        self.identify_payloads.append(d)
        session.identify = d
        session.session_id = secrets.token_hex(16)
        self._known_sessions[session.session_id] = d
        served = [g for g in self.guilds if session.serves(g.id)]
        ready: dict[str, Any] = {
            "v": API_VERSION,
            "user": self.bot_user.to_payload()
            | {"verified": True, "mfa_enabled": False, "flags": 0, "email": None},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in served],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": [],
            "guild_join_requests": [],
        }
        if "shard" in d:
            ready["shard"] = d["shard"]
        session.dispatch("READY", ready)
        for guild in served:
            session.dispatch("GUILD_CREATE", self._guild_create_payload(guild))
        session.identified = True
        self._identify_count += 1
        self.identified.set()
        self._notify()

    def _on_request_members(self, session: _GatewaySession, d: dict[str, Any]) -> None:
        guild_ids = d.get("guild_id")
        for gid in guild_ids if isinstance(guild_ids, list) else [guild_ids]:
            guild = next((g for g in self.guilds if str(g.id) == str(gid)), None)
            if guild is None:
                continue
            members = [u.member_payload(guild) for u in self._members_of(guild)]
            chunk: dict[str, Any] = {
                "guild_id": str(guild.id),
                "members": members,
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [],
            }
            if d.get("nonce") is not None:
                chunk["nonce"] = d["nonce"]
            session.dispatch("GUILD_MEMBERS_CHUNK", chunk)


def _valid_shard(shard: Any) -> bool:
    """Say whether IDENTIFY's shard is [id, count] with 0 <= id < count."""
    return (
        isinstance(shard, list) and len(shard) == 2
        and all(isinstance(n, int) for n in shard) and 0 <= shard[0] < shard[1]
    )
