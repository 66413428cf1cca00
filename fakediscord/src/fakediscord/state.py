"""The server's state: its world (users, guilds, channels, synced commands), everything
the bot sent, the connected sessions, and waiting until the bot is done."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from typing import Any

import discord
from aiohttp import web

from fakediscord.constants import (
    API_VERSION,
    BOT_PERMISSIONS,
    CH_DM,
    DEFAULT_TOKEN,
    EVERYONE_PERMISSIONS,
    INTENT_GUILD_MEMBERS,
    OPT_GROUP,
    OPT_SUBCOMMAND,
    PRIVILEGED_INTENTS,
    _perm_value,
)
from fakediscord.errorlog import ErrorLog
from fakediscord.errors import InteractionTimeout, Rejection
from fakediscord.ids import _iso, _now, new_snowflake, stable_snowflake
from fakediscord.models import (
    Attachment,
    FakeChannel,
    FakeGuild,
    FakeRole,
    FakeUser,
    Message,
    _Interaction,
)
from fakediscord.sessions import _GatewaySession


class ServerState:
    """The fake's world and what the bot did in it; the base of `FakeDiscord`.

    Users, guilds, channels and the commands the bot synced; every message,
    interaction, rejection and request; the connected gateway sessions; and the
    waiting on all of it (`wait_for`, `settle`). The gateway, the REST API and the
    fake users (gateway.py, rest.py, users.py) build on it.
    """

    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        bot_name: str = "Banneret",
        guild_name: str = "Test Guild",
        response_deadline: float | None = 3.0,
        quiet: float = 0.05,
        timeout: float = 5.0,
        attachment_size_limit: int = 10 * 1024 * 1024,
        allowed_privileged_intents: int = PRIVILEGED_INTENTS,
        shard_count: int = 1,
    ) -> None:
        """Configure the fake; nothing listens until `start()`.

        `shard_count` is what `GET /gateway/bot` recommends; above 1 a bot must IDENTIFY
        with a shard, and each guild's events go only to the session of its shard
        (`shard_of`), as Discord does.
        """
        if shard_count < 1:
            raise ValueError("shard_count must be at least 1")
        self.shard_count = shard_count
        self.token = token
        self.response_deadline = response_deadline
        self.quiet = quiet
        self.timeout = timeout
        self.attachment_size_limit = attachment_size_limit
        self.allowed_privileged_intents = allowed_privileged_intents
        self.bot_permissions = BOT_PERMISSIONS

        self.bot_user = FakeUser(id=stable_snowflake("bot", bot_name), name=bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.owner = FakeUser(id=stable_snowflake("user", "guild-owner"), name="guild-owner")

        self.users: dict[str, FakeUser] = {}
        self.guilds: list[FakeGuild] = []
        self.channels: dict[int, FakeChannel] = {}
        self.messages: list[Message] = []
        # (channel id, nonce) -> the message it made, for `enforce_nonce` (a retry
        # with the same nonce returns that message instead of posting another).
        self.nonced: dict[tuple[int, str], Message] = {}
        self.interactions: list[_Interaction] = []
        self.rejections: list[Rejection] = []
        self.server_errors: list[str] = []
        self.unhandled_requests: list[str] = []
        self.request_log: list[tuple[str, str, int]] = []
        self.identify_payloads: list[dict[str, Any]] = []
        self.presence_updates: list[dict[str, Any]] = []
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.sync_count = 0
        self.error_log = ErrorLog()
        self.identified = asyncio.Event()

        self._attachments: dict[int, Attachment] = {}
        self._tokens: dict[str, _Interaction] = {}
        self._by_id: dict[int, _Interaction] = {}
        self._sessions: list[_GatewaySession] = []
        self._known_sessions: dict[str, dict[str, Any]] = {}
        self._identify_count = 0
        # Who waits for what (`wait_for`): each predicate is checked at every change, and
        # only a waiter whose predicate holds is woken (not every waiter at every change:
        # a hundred channels waiting at once made each change wake a hundred tasks).
        self._waiters: list[tuple[Callable[[], bool], asyncio.Future[None]]] = []
        self._activity = 0
        self._last_activity = 0.0
        self._inflight = 0
        self._runner: web.AppRunner | None = None
        self._port: int | None = None
        self._restore: Callable[[], None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.error_log.listener = self._notify_threadsafe

        self.guild = self.create_guild(guild_name)
        self.channel = self.guild.channel("general")
        bot_role = self.guild.role(bot_name, self.bot_permissions)
        bot_role.managed = True
        self.bot_user.roles.append(bot_role)

    # ------------------------------------------------------------ addresses

    @property
    def origin(self) -> str:
        """Return http://127.0.0.1:PORT."""
        if self._port is None:
            raise RuntimeError("FakeDiscord is not started")
        return f"http://127.0.0.1:{self._port}"

    @property
    def base_url(self) -> str:
        """Return the REST base, to be used as discord.http.Route.BASE."""
        return f"{self.origin}/api/v{API_VERSION}"

    @property
    def gateway_url(self) -> str:
        """Return the gateway websocket URL."""
        return f"ws://127.0.0.1:{self._port}/gateway"

    # ------------------------------------------------------------ factories

    def user(
        self,
        name: str,
        *,
        permissions: int | discord.Permissions | None = None,
        roles: Sequence[FakeRole] = (),
        admin: bool = False,
        locale: str = "en-US",
    ) -> FakeUser:
        """Return the user with this name (stable id), creating it on first use."""
        extra = _perm_value(permissions)
        if admin:
            extra |= discord.Permissions(administrator=True).value
        existing = self.users.get(name)
        if existing is not None:
            configured = permissions is not None or admin or bool(roles)
            if configured and (existing.permissions, existing.roles) != (extra, list(roles)):
                raise ValueError(f"user {name!r} already exists with other permissions/roles")
            return existing
        user = FakeUser(
            id=stable_snowflake("user", name),
            name=name,
            global_name=name.title(),
            permissions=extra,
            roles=list(roles),
            locale=locale,
        )
        self.users[name] = user
        if self._live_sessions():
            for guild in self.guilds:
                payload = user.member_payload(guild) | {"guild_id": str(guild.id)}
                self._broadcast("GUILD_MEMBER_ADD", payload, intent=INTENT_GUILD_MEMBERS,
                                guild_id=guild.id)
        return user

    def moderator(self, name: str) -> FakeUser:
        """Return a user with Manage Channels/Messages in every guild."""
        return self.user(
            name, permissions=discord.Permissions(manage_channels=True, manage_messages=True)
        )

    def text_channel(self, name: str) -> FakeChannel:
        """Return a text channel of the default guild, creating it if needed."""
        return self.guild.channel(name)

    def create_guild(self, name: str) -> FakeGuild:
        """Create another guild (the bot is a member of every guild)."""
        guild_id = stable_snowflake("guild", name)
        guild = FakeGuild(id=guild_id, name=name, owner_id=self.owner.id)
        guild.roles.append(
            FakeRole(
                id=guild_id,
                guild_id=guild_id,
                name="@everyone",
                permissions=EVERYONE_PERMISSIONS,
                position=0,
            )
        )
        self.guilds.append(guild)
        guild._fake = self
        if self._live_sessions():
            self._broadcast("GUILD_CREATE", self._guild_create_payload(guild), guild_id=guild.id)
        return guild

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """Return the DM channel between the bot and a user."""
        for channel in self.channels.values():
            if channel.is_dm and channel.recipient is user:
                return channel
        channel = FakeChannel(
            id=stable_snowflake("dm", user.name),
            type=CH_DM,
            name=f"dm-{user.name}",
            recipient=user,
        )
        self._register_channel(channel)
        return channel

    def _register_channel(self, channel: FakeChannel, *, announce: str | None = None) -> None:
        self.channels[channel.id] = channel
        if announce and channel.guild is not None:
            self._broadcast(announce, channel.to_payload(self.bot_user),
                            guild_id=channel.guild.id)

    # ------------------------------------------------------------ queries

    def synced_commands(self, guild: FakeGuild | None = None) -> list[dict[str, Any]]:
        """Return the command definitions the bot synced (globally, or to a guild)."""
        if guild is None:
            return list(self.global_commands)
        return list(self.guild_commands.get(guild.id, []))

    def command_names(self, guild: FakeGuild | None = None) -> set[str]:
        """Return qualified names ("game new") of synced chat-input commands."""
        names: set[str] = set()

        def walk(prefix: str, options: list[dict[str, Any]]) -> bool:
            found = False
            for opt in options:
                if opt.get("type") in (OPT_SUBCOMMAND, OPT_GROUP):
                    found = True
                    name = f"{prefix} {opt['name']}"
                    if not walk(name, opt.get("options") or []):
                        names.add(name)
            return found

        for cmd in self.synced_commands(guild):
            if cmd.get("type", 1) == 1 and not walk(cmd["name"], cmd.get("options") or []):
                names.add(cmd["name"])
        return names

    def install_commands(
        self, tree: discord.app_commands.CommandTree[Any], guild: FakeGuild | None = None
    ) -> None:
        """Register a tree's commands as if the bot had synced them (no HTTP involved)."""
        target = discord.Object(guild.id) if guild is not None else None
        payload = [cmd.to_dict(tree) for cmd in tree.get_commands(guild=target)]
        self._store_commands(payload, guild.id if guild is not None else None)

    def public_messages(self) -> list[Message]:
        """Return every message anyone in a guild channel could have seen."""
        return [m for m in self.messages if m.public]

    def public_text(self) -> str:
        """Return the text of every revision of every public message."""
        return "\n".join(m.all_text for m in self.public_messages())

    def visible_to(self, user: FakeUser) -> list[Message]:
        """Return messages this user could see (public ones plus their private ones)."""
        return [m for m in self.messages if m.visible_to in (None, user.id)]

    def messages_in(self, channel: FakeChannel) -> list[Message]:
        """Return messages (not deleted) in a channel, oldest first."""
        return [m for m in self.messages if m.channel_id == channel.id and not m.deleted]

    def get_message(self, message_id: int) -> Message:
        """Return a message by id."""
        for msg in self.messages:
            if msg.id == message_id:
                return msg
        raise KeyError(message_id)

    def _store_commands(
        self, payload: list[dict[str, Any]], gid: int | None
    ) -> list[dict[str, Any]]:
        old = self.global_commands if gid is None else self.guild_commands.get(gid, [])
        old_ids = {(c["name"], c.get("type", 1)): c["id"] for c in old}
        stored: list[dict[str, Any]] = []
        for cmd in payload:
            ctype = cmd.get("type", 1)
            entry = dict(cmd) | {
                "id": old_ids.get((cmd["name"], ctype)) or str(new_snowflake()),
                "application_id": str(self.application_id),
                "version": str(new_snowflake()),
                "type": ctype,
                "description": cmd.get("description", ""),
                "options": cmd.get("options") or [],
                "default_member_permissions": cmd.get("default_member_permissions"),
                "nsfw": cmd.get("nsfw", False),
            }
            if gid is not None:
                entry["guild_id"] = str(gid)
            stored.append(entry)
        if gid is None:
            self.global_commands = stored
        else:
            self.guild_commands[gid] = stored
        return stored

    # ------------------------------------------------------------ waiting

    def _notify(self) -> None:
        waiting, self._waiters = self._waiters, []
        for predicate, woken in waiting:
            if woken.done():  # timed out or cancelled
                continue
            try:
                holds = predicate()
            except Exception as error:  # raised in the waiter, as if it had checked
                woken.set_exception(error)
                continue
            if holds:
                woken.set_result(None)
            else:
                self._waiters.append((predicate, woken))

    def _notify_threadsafe(self) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._notify()
        else:
            loop.call_soon_threadsafe(self._notify)

    def _touch(self) -> None:
        self._activity += 1
        self._last_activity = asyncio.get_running_loop().time()
        self._notify()

    async def wait_for(
        self, predicate: Callable[[], bool], *, timeout: float | None = None, what: str = ""
    ) -> None:
        """Wait until predicate() is true, re-checking on every server event."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (self.timeout if timeout is None else timeout)
        while not predicate():
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise InteractionTimeout(
                    self._diagnose(f"timed out waiting for {what or predicate}")
                )
            woken: asyncio.Future[None] = loop.create_future()
            self._waiters.append((predicate, woken))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(woken, remaining)

    async def settle(self, *, quiet: float | None = None, timeout: float | None = None) -> None:
        """Wait until the bot has made no REST request for `quiet` seconds (confirmed twice)."""
        loop = asyncio.get_running_loop()
        quiet = self.quiet if quiet is None else quiet
        deadline = loop.time() + (self.timeout if timeout is None else timeout)
        while True:
            idle = loop.time() - self._last_activity
            if self._inflight == 0 and idle >= quiet:
                mark = self._activity
                await asyncio.sleep(quiet / 2)
                if mark == self._activity and self._inflight == 0:
                    return
                continue
            if loop.time() > deadline:
                raise InteractionTimeout(self._diagnose("the bot never went quiet"))
            await asyncio.sleep(max(quiet - idle, 0.005))

    async def wait_until_identified(self, *, after: int = 0, timeout: float | None = None) -> None:
        """Wait until more than `after` IDENTIFYs have been answered with READY."""
        await self.wait_for(
            lambda: self._identify_count > after, timeout=timeout, what="the bot to IDENTIFY"
        )

    @property
    def identify_count(self) -> int:
        """Return how many IDENTIFYs were answered with READY."""
        return self._identify_count

    def _diagnose(self, headline: str) -> str:
        lines = [headline]
        if self.rejections:
            lines.append("requests the fake server rejected:")
            lines += [f"  {r}" for r in self.rejections[-10:]]
        if self.server_errors:
            lines.append("fake server errors:")
            lines += [f"  {e}" for e in self.server_errors[-5:]]
        if self.unhandled_requests:
            lines.append("unhandled requests: " + ", ".join(self.unhandled_requests[-10:]))
        if self.error_log.records:
            lines.append("ERROR logs:")
            lines += [f"  {m}" for m in self.error_log.messages[-5:]]
        if not self._live_sessions():
            lines.append("no bot is connected to the gateway")
        return "\n".join(lines)

    # ------------------------------------------------------------ gateway sessions

    def _target_session(self, guild_id: int | None = None) -> _GatewaySession:
        """Return the newest live session that receives a guild's events (None: a DM)."""
        live = self._live_sessions()
        if not live:
            raise RuntimeError(self._diagnose("no bot is connected to FakeDiscord"))
        serving = [s for s in live if s.serves(guild_id)]
        if not serving:
            shard = 0 if guild_id is None else "?"
            raise RuntimeError(self._diagnose(
                f"no connected bot session serves shard {shard} of guild {guild_id}"
            ))
        return serving[-1]

    def _live_sessions(self) -> list[_GatewaySession]:
        return [s for s in self._sessions if s.identified and not s.closed]

    def _broadcast(
        self, event: str, data: dict[str, Any], *, intent: int = 0, guild_id: int | None = None
    ) -> None:
        """Send an event to every live session that wants it (of a guild: its shard's)."""
        for session in self._live_sessions():
            if guild_id is not None and not session.serves(guild_id):
                continue
            if not intent or session.intents & intent:
                session.dispatch(event, data)

    # ------------------------------------------------------------ guild payloads

    def _members_of(self, guild: FakeGuild) -> list[FakeUser]:
        return [self.bot_user, *self.users.values()]

    def _guild_create_payload(self, guild: FakeGuild) -> dict[str, Any]:
        channels = [c.to_payload(self.bot_user) for c in guild.channels if not c.is_thread]
        threads = [c.to_payload(self.bot_user) for c in guild.channels if c.is_thread]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "region": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [r.to_payload() for r in guild.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": str(guild.channels[0].id) if guild.channels else None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "max_members": 500000,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": _iso(_now()),
            "large": False,
            "unavailable": False,
            "member_count": len(self._members_of(guild)),
            "voice_states": [],
            "members": [u.member_payload(guild) for u in self._members_of(guild)],
            "channels": channels,
            "threads": threads,
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }
