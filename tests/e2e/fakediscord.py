"""A loopback Discord: gateway + REST, enough for an unmodified discord.py bot.

`FakeDiscord` is an aiohttp server on 127.0.0.1 that speaks the parts of
Discord's gateway (websocket) and HTTP API that a discord.py 2.7 bot built on
app commands uses.  Tests act as Discord users through it (slash commands,
autocomplete, button clicks, selects, modals) and inspect everything the bot
sent back.

Fidelity rules the server enforces, because a real bot would hit them too:

* an interaction can be acknowledged once; later callbacks get 400/40060;
* the initial callback must arrive within `response_deadline` seconds (3s on
  Discord) or it is rejected with 404/10062 "Unknown interaction";
* the first follow-up after a deferred (type 5) response *replaces* the
  loading message and inherits its ephemerality;
* message limits (2000 chars, 10 embeds, embed field/total limits, 5 action
  rows of 5 buttons, custom_id <= 100 chars and unique, 25 autocomplete
  choices, attachment size) are checked and answered with Discord-shaped
  400s ("Invalid Form Body", code 50035).

Rejected requests are recorded in `FakeDiscord.rejections` and are echoed in
the message of `InteractionTimeout` so a failing test says why.

Settle rule used by `slash`/`click`/`select`/`submit_modal`: an interaction is
settled once (1) the bot sent its initial callback, (2) a deferred
"thinking" response (type 5) has been completed by an edit or the first
follow-up (or deleted), (3) at least `expect_followups` follow-ups exist, and
(4) the bot made no REST request for `quiet` seconds, confirmed by a second
look after another `quiet / 2` seconds (so a bot that briefly blocks the event
loop between two requests is not cut short).  If the bot logs an ERROR and
then goes quiet without answering, the wait fails early with the log in the
message instead of running into the timeout.

Usage (fixtures from tests/e2e/conftest.py)::

    async def test_new_game(fake_discord, bot_runner, bot_errors):
        await bot_runner.start(make_bot())          # any discord.Client / commands.Bot
        alice = fake_discord.user("alice")
        result = await fake_discord.slash(alice, fake_discord.channel, "game new",
                                          system="samurai", scenario="x")
        assert result.embed["title"] == "New game"
        clicked = await fake_discord.click(alice, result, label="Join")
        assert "secret" not in fake_discord.public_text()
        bot_errors.assert_none()
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import json
import logging
import mimetypes
import secrets
import socket
import time
from collections.abc import (
    AsyncIterator,
    Awaitable,
    Callable,
    Iterable,
    Iterator,
    Mapping,
    Sequence,
)
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

import aiohttp
import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import web

__all__ = [
    "Attachment",
    "BotRunner",
    "ErrorLog",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeRole",
    "FakeUser",
    "ImpossibleAction",
    "InteractionResult",
    "InteractionTimeout",
    "Message",
    "Rejection",
    "Revision",
    "point_discord_at",
]

_log = logging.getLogger(__name__)

API_VERSION: Final = 10
DISCORD_EPOCH_MS: Final = 1_420_070_400_000
DEFAULT_TOKEN: Final = "fake-bot-token"

EPHEMERAL: Final = 1 << 6
LOADING: Final = 1 << 7
SUPPRESS_EMBEDS: Final = 1 << 2
COMPONENTS_V2: Final = 1 << 15

# Gateway intents that need a switch in the developer portal.
PRIVILEGED_INTENTS: Final = (1 << 1) | (1 << 8) | (1 << 15)
INTENT_GUILD_MEMBERS: Final = 1 << 1

# Interaction types.
IT_PING, IT_COMMAND, IT_COMPONENT, IT_AUTOCOMPLETE, IT_MODAL_SUBMIT = 1, 2, 3, 4, 5
# Interaction callback types.
CB_PONG = 1
CB_MESSAGE = 4
CB_DEFERRED_MESSAGE = 5
CB_DEFERRED_UPDATE = 6
CB_UPDATE = 7
CB_AUTOCOMPLETE = 8
CB_MODAL = 9

# Application command option types.
OPT_SUBCOMMAND, OPT_GROUP = 1, 2
OPT_STRING, OPT_INTEGER, OPT_BOOLEAN, OPT_USER = 3, 4, 5, 6
OPT_CHANNEL, OPT_ROLE, OPT_MENTIONABLE, OPT_NUMBER, OPT_ATTACHMENT = 7, 8, 9, 10, 11

# Channel types.
CH_TEXT, CH_DM, CH_PUBLIC_THREAD, CH_PRIVATE_THREAD = 0, 1, 11, 12

# Component types.
C_ROW, C_BUTTON, C_STRING_SELECT, C_TEXT_INPUT = 1, 2, 3, 4
C_USER_SELECT, C_ROLE_SELECT, C_MENTIONABLE_SELECT, C_CHANNEL_SELECT = 5, 6, 7, 8
SELECT_TYPES: Final = frozenset({3, 5, 6, 7, 8})
BUTTON_STYLE_LINK, BUTTON_STYLE_PREMIUM = 5, 6

EVERYONE_PERMISSIONS: Final = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    read_message_history=True,
    use_application_commands=True,
    change_nickname=True,
    create_instant_invite=True,
    connect=True,
    speak=True,
).value
BOT_PERMISSIONS: Final = (
    EVERYONE_PERMISSIONS
    | discord.Permissions(
        manage_messages=True,
        manage_threads=True,
        create_private_threads=True,
        mention_everyone=False,
    ).value
)
ALL_PERMISSIONS: Final = discord.Permissions.all().value


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


# --------------------------------------------------------------------------- ids

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


def _perm_value(value: int | discord.Permissions | None) -> int:
    if value is None:
        return 0
    return value.value if isinstance(value, discord.Permissions) else int(value)


# ------------------------------------------------------------------------ errors


class ImpossibleAction(AssertionError):
    """A test asked a fake user to do something the Discord client would not allow."""


class InteractionTimeout(AssertionError):
    """The bot did not finish answering an interaction in time."""


@dataclass(frozen=True)
class Rejection:
    """A request the fake server refused, as the bot saw it."""

    method: str
    path: str
    status: int
    code: int
    message: str
    errors: dict[str, Any] | None = None
    interaction_id: int | None = None

    def __str__(self) -> str:
        detail = f" {json.dumps(self.errors)}" if self.errors else ""
        return f"{self.method} {self.path} -> {self.status} [{self.code}] {self.message}{detail}"


class _ApiError(Exception):
    """Raised inside handlers to answer with a Discord-shaped error body."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors


class _FormErrors:
    """Collect Discord "Invalid Form Body" errors keyed by JSON path."""

    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def add(self, path: Sequence[str | int], code: str, message: str) -> None:
        """Record one error at a JSON path such as ("embeds", 0, "title")."""
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def too_long(self, path: Sequence[str | int], value: str | None, limit: int) -> None:
        """Record an error if a string exceeds a length limit."""
        if value is not None and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def raise_if_any(self) -> None:
        """Raise a 400/50035 if any error was recorded."""
        if self.tree:
            raise _ApiError(400, 50035, "Invalid Form Body", self.tree)


# ------------------------------------------------------------------------ models


@dataclass(eq=False)
class FakeRole:
    """A guild role."""

    id: int
    guild_id: int
    name: str
    permissions: int = 0
    position: int = 1
    color: int = 0
    managed: bool = False

    @property
    def mention(self) -> str:
        """Return the role mention string."""
        return f"<@&{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        """Return the Discord role object."""
        return {
            "id": str(self.id),
            "name": self.name,
            "color": self.color,
            "colors": {
                "primary_color": self.color,
                "secondary_color": None,
                "tertiary_color": None,
            },
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeUser:
    """A Discord user who is a member of every fake guild."""

    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    permissions: int = 0
    roles: list[FakeRole] = field(default_factory=list)
    nick: str | None = None
    locale: str = "en-US"
    joined_at: datetime = field(default_factory=_now)

    @property
    def mention(self) -> str:
        """Return the user mention string."""
        return f"<@{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        """Return the Discord user object."""
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def member_payload(self, guild: FakeGuild, *, permissions: int | None = None) -> dict[str, Any]:
        """Return the guild member object (with computed permissions when given)."""
        payload: dict[str, Any] = {
            "user": self.to_payload(),
            "roles": [str(r.id) for r in self.roles if r.guild_id == guild.id],
            "joined_at": _iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "nick": self.nick,
            "avatar": None,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if permissions is not None:
            payload["permissions"] = str(permissions)
        return payload


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel, thread or DM channel."""

    id: int
    type: int
    name: str
    guild: FakeGuild | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    recipient: FakeUser | None = None
    position: int = 0
    topic: str | None = None
    last_message_id: int | None = None

    @property
    def mention(self) -> str:
        """Return the channel mention string."""
        return f"<#{self.id}>"

    @property
    def is_dm(self) -> bool:
        """Return whether this is a DM channel."""
        return self.type == CH_DM

    @property
    def is_thread(self) -> bool:
        """Return whether this is a thread."""
        return self.type in (CH_PUBLIC_THREAD, CH_PRIVATE_THREAD)

    def to_payload(self, bot_user: FakeUser | None = None) -> dict[str, Any]:
        """Return the Discord channel object."""
        base: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
            "flags": 0,
        }
        if self.is_dm:
            recipients = [self.recipient.to_payload()] if self.recipient else []
            return base | {"recipients": recipients, "name": None}
        assert self.guild is not None
        base |= {
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "rate_limit_per_user": 0,
            "parent_id": str(self.parent_id) if self.parent_id else None,
        }
        if self.is_thread:
            base |= {
                "owner_id": str(self.owner_id or (bot_user.id if bot_user else 0)),
                "member_count": 1,
                "message_count": 0,
                "total_message_sent": 0,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": _iso(_now()),
                    "locked": False,
                    "invitable": True,
                    "create_timestamp": _iso(_now()),
                },
            }
        else:
            base |= {"topic": self.topic, "default_auto_archive_duration": 1440}
        return base


@dataclass(eq=False)
class FakeGuild:
    """A guild with roles and channels; created through `FakeDiscord`."""

    id: int
    name: str
    owner_id: int
    roles: list[FakeRole] = field(default_factory=list)
    channels: list[FakeChannel] = field(default_factory=list)
    _fake: FakeDiscord | None = field(default=None, repr=False)

    @property
    def everyone(self) -> FakeRole:
        """Return the @everyone role."""
        return self.roles[0]

    def channel(self, name: str = "general") -> FakeChannel:
        """Return the text channel with this name, creating it if needed."""
        for channel in self.channels:
            if channel.name == name and not channel.is_thread:
                return channel
        channel = FakeChannel(
            id=stable_snowflake("channel", f"{self.id}/{name}"),
            type=CH_TEXT,
            name=name,
            guild=self,
            position=len(self.channels),
        )
        self.channels.append(channel)
        if self._fake is not None:
            self._fake._register_channel(channel, announce="CHANNEL_CREATE")
        return channel

    def role(self, name: str, permissions: int | discord.Permissions | None = None) -> FakeRole:
        """Return the role with this name, creating it (with permissions) if needed."""
        for role in self.roles:
            if role.name == name:
                return role
        role = FakeRole(
            id=stable_snowflake("role", f"{self.id}/{name}"),
            guild_id=self.id,
            name=name,
            permissions=_perm_value(permissions),
            position=len(self.roles),
        )
        self.roles.append(role)
        if self._fake is not None:
            self._fake._broadcast(
                "GUILD_ROLE_CREATE", {"guild_id": str(self.id), "role": role.to_payload()}
            )
        return role

    def permissions_for(self, user: FakeUser) -> int:
        """Return the user's guild-wide permission bits (owner/admin get everything)."""
        if user.id == self.owner_id:
            return ALL_PERMISSIONS
        value = self.everyone.permissions | user.permissions
        for role in user.roles:
            if role.guild_id == self.id:
                value |= role.permissions
        if value & discord.Permissions(administrator=True).value:
            return ALL_PERMISSIONS
        return value


@dataclass(frozen=True)
class Attachment:
    """A file the bot uploaded, or a user attached to a command option."""

    id: int
    filename: str
    data: bytes = field(repr=False)
    content_type: str = "application/octet-stream"
    description: str | None = None

    @property
    def size(self) -> int:
        """Return the size in bytes."""
        return len(self.data)


@dataclass(frozen=True)
class Revision:
    """One state of a message; a message gets a new revision on every edit."""

    content: str
    embeds: list[dict[str, Any]]
    attachments: list[Attachment]
    components: list[dict[str, Any]]
    flags: int
    allowed_mentions: dict[str, Any] | None
    at: datetime

    @property
    def text(self) -> str:
        """Return all human-readable text of this revision, one piece per line."""
        return "\n".join(_revision_texts(self))


@dataclass(eq=False)
class Message:
    """A message the bot created (interaction response, follow-up or channel post)."""

    id: int
    channel_id: int
    guild_id: int | None
    kind: str  # "response" | "followup" | "channel"
    revisions: list[Revision]
    interaction_id: int | None = None
    visible_to: int | None = None  # user id when ephemeral or in a DM
    tts: bool = False
    message_reference: dict[str, Any] | None = None
    poll: dict[str, Any] | None = None
    deleted: bool = False
    reactions: list[str] = field(default_factory=list)
    created_at: datetime = field(default_factory=_now)
    _interaction_meta: dict[str, Any] | None = field(default=None, repr=False)
    _type: int = 0

    @property
    def current(self) -> Revision:
        """Return the latest revision."""
        return self.revisions[-1]

    @property
    def content(self) -> str:
        """Return the current content."""
        return self.current.content

    @property
    def embeds(self) -> list[dict[str, Any]]:
        """Return the current embeds as raw dicts."""
        return self.current.embeds

    @property
    def embed(self) -> dict[str, Any] | None:
        """Return the first embed, if any."""
        return self.current.embeds[0] if self.current.embeds else None

    @property
    def components(self) -> list[dict[str, Any]]:
        """Return the current raw components."""
        return self.current.components

    @property
    def flags(self) -> int:
        """Return the current message flags."""
        return self.current.flags

    @property
    def ephemeral(self) -> bool:
        """Return whether the message is ephemeral."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Return whether this is a deferred "thinking..." placeholder."""
        return bool(self.flags & LOADING)

    @property
    def allowed_mentions(self) -> dict[str, Any] | None:
        """Return allowed_mentions exactly as the bot sent it."""
        return self.current.allowed_mentions

    @property
    def attachments(self) -> list[tuple[str, bytes]]:
        """Return the current attachments as (filename, bytes) pairs."""
        return [(a.filename, a.data) for a in self.current.attachments]

    @property
    def attachment_records(self) -> list[Attachment]:
        """Return the current attachments with ids, content types and descriptions."""
        return list(self.current.attachments)

    @property
    def edited(self) -> bool:
        """Return whether the message was edited after creation."""
        return len(self.revisions) > 1

    @property
    def public(self) -> bool:
        """Return whether everyone in a guild channel could see this message."""
        return self.visible_to is None and self.guild_id is not None

    @property
    def text(self) -> str:
        """Return the current human-readable text (content, embeds, component labels)."""
        return self.current.text

    @property
    def all_text(self) -> str:
        """Return the text of every revision the message ever had."""
        return "\n".join(r.text for r in self.revisions)

    def custom_ids(self) -> list[str]:
        """Return the custom_ids of all interactive components."""
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def component(
        self, custom_id: str | None = None, *, label: str | None = None
    ) -> dict[str, Any]:
        """Return the component with this custom_id (or button label); raise if absent."""
        for comp in walk_components(self.components):
            if custom_id is not None and comp.get("custom_id") == custom_id:
                return comp
            if label is not None and comp.get("label") == label and "custom_id" in comp:
                return comp
        wanted = f"custom_id={custom_id!r}" if custom_id is not None else f"label={label!r}"
        have = [(c.get("custom_id"), c.get("label")) for c in walk_components(self.components)]
        raise ImpossibleAction(f"message {self.id} has no component {wanted}; it has {have}")

    def to_api(self, bot_user: FakeUser, application_id: int, origin: str) -> dict[str, Any]:
        """Return the Discord message object (attachment URLs under `origin`)."""
        rev = self.current
        payload: dict[str, Any] = {
            "id": str(self.id),
            "type": self._type,
            "channel_id": str(self.channel_id),
            "author": bot_user.to_payload(),
            "content": rev.content,
            "timestamp": _iso(self.created_at),
            "edited_timestamp": _iso(rev.at) if self.edited else None,
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [_attachment_payload(a, self, origin) for a in rev.attachments],
            "embeds": rev.embeds,
            "components": rev.components,
            "flags": rev.flags,
            "pinned": False,
            "reactions": [],
        }
        if self.guild_id is not None:
            payload["guild_id"] = str(self.guild_id)
        if self.kind != "channel":
            payload["webhook_id"] = str(application_id)
            payload["application_id"] = str(application_id)
        if self._interaction_meta is not None:
            payload["interaction_metadata"] = self._interaction_meta
        if self.message_reference is not None:
            payload["message_reference"] = self.message_reference
        if self.poll is not None:
            payload["poll"] = self.poll
        return payload


def _attachment_payload(att: Attachment, msg: Message | None, origin: str) -> dict[str, Any]:
    url = f"{origin}/attachments/{msg.channel_id if msg else 0}/{att.id}/{att.filename}"
    payload: dict[str, Any] = {
        "id": str(att.id),
        "filename": att.filename,
        "size": att.size,
        "url": url,
        "proxy_url": url,
        "content_type": att.content_type,
    }
    if att.description is not None:
        payload["description"] = att.description
    if msg is not None and msg.ephemeral:
        payload["ephemeral"] = True
    return payload


def walk_components(components: Iterable[Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
    """Yield every component, depth first (rows, sections, containers, labels)."""
    for comp in components:
        yield dict(comp)
        yield from walk_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, Mapping):
                yield from walk_components([child])


def _revision_texts(rev: Revision) -> Iterator[str]:
    if rev.content:
        yield rev.content
    for embed in rev.embeds:
        for key in ("title", "description", "url"):
            if embed.get(key):
                yield str(embed[key])
        for sub in ("author", "footer"):
            node = embed.get(sub) or {}
            text = node.get("name") or node.get("text")
            if text:
                yield str(text)
        for fld in embed.get("fields") or []:
            yield f"{fld.get('name', '')}: {fld.get('value', '')}"
    for comp in walk_components(rev.components):
        for key in ("label", "placeholder", "content", "title"):
            if comp.get(key):
                yield str(comp[key])
        for opt in comp.get("options") or []:
            yield str(opt.get("label", ""))
            if opt.get("description"):
                yield str(opt["description"])
    for att in rev.attachments:
        yield f"[attachment {att.filename}]"


# ------------------------------------------------------------------ interactions


@dataclass(eq=False)
class _Interaction:
    """Server-side state of one interaction."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    payload: dict[str, Any]
    label: str
    dispatched_at: float
    source_message: Message | None = None
    callback_type: int | None = None
    acknowledged_at: float | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    rejections: list[Rejection] = field(default_factory=list)
    first_message_index: int = 0


class InteractionResult:
    """What the bot did in answer to one interaction (live view; updates with later edits)."""

    def __init__(self, fake: FakeDiscord, record: _Interaction) -> None:
        """Wrap a server-side interaction record."""
        self._fake = fake
        self._rec = record

    def __repr__(self) -> str:
        return (
            f"<InteractionResult {self._rec.label!r} response_type={self.response_type} "
            f"content={self.content!r} ephemeral={self.ephemeral}>"
        )

    @property
    def interaction_id(self) -> int:
        """Return the interaction id."""
        return self._rec.id

    @property
    def token(self) -> str:
        """Return the interaction token."""
        return self._rec.token

    @property
    def user(self) -> FakeUser:
        """Return the user who triggered the interaction."""
        return self._rec.user

    @property
    def channel(self) -> FakeChannel:
        """Return the channel the interaction happened in."""
        return self._rec.channel

    @property
    def payload(self) -> dict[str, Any]:
        """Return the raw INTERACTION_CREATE payload sent to the bot."""
        return self._rec.payload

    @property
    def response_type(self) -> int | None:
        """Return the interaction callback type the bot used (4, 5, 6, 7, 8, 9)."""
        return self._rec.callback_type

    @property
    def deferred(self) -> bool:
        """Return whether the bot deferred (callback type 5 or 6)."""
        return self._rec.callback_type in (CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE)

    @property
    def message(self) -> Message | None:
        """Return the original response (for component updates: the clicked message)."""
        return self._rec.original

    @property
    def followups(self) -> list[Message]:
        """Return follow-up messages (excluding one that completed a deferred response)."""
        return list(self._rec.followups)

    @property
    def messages(self) -> list[Message]:
        """Return the original response (if any) followed by the follow-ups."""
        first = [self._rec.original] if self._rec.original is not None else []
        return first + self.followups

    @property
    def channel_messages(self) -> list[Message]:
        """Return plain channel posts the bot made since this interaction was dispatched."""
        return [
            m for m in self._fake.messages[self._rec.first_message_index :] if m.kind == "channel"
        ]

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        """Return autocomplete choices, if this was an autocomplete interaction."""
        return self._rec.choices

    @property
    def modal(self) -> dict[str, Any] | None:
        """Return the modal the bot opened, if any."""
        return self._rec.modal

    @property
    def rejections(self) -> list[Rejection]:
        """Return requests for this interaction the server refused."""
        return list(self._rec.rejections)

    @property
    def primary(self) -> Message | None:
        """Return the message the shortcuts read: original response, else first follow-up."""
        if self._rec.original is not None and not self._rec.original.deleted:
            return self._rec.original
        return self._rec.followups[0] if self._rec.followups else None

    @property
    def content(self) -> str | None:
        """Return the primary message's content."""
        return self.primary.content if self.primary else None

    @property
    def embeds(self) -> list[dict[str, Any]]:
        """Return the primary message's embeds."""
        return self.primary.embeds if self.primary else []

    @property
    def embed(self) -> dict[str, Any] | None:
        """Return the primary message's first embed."""
        return self.primary.embed if self.primary else None

    @property
    def ephemeral(self) -> bool:
        """Return whether the primary message is ephemeral."""
        return bool(self.primary and self.primary.ephemeral)

    @property
    def attachments(self) -> list[tuple[str, bytes]]:
        """Return the primary message's attachments as (filename, bytes)."""
        return self.primary.attachments if self.primary else []

    @property
    def components(self) -> list[dict[str, Any]]:
        """Return the primary message's raw components."""
        return self.primary.components if self.primary else []

    @property
    def allowed_mentions(self) -> dict[str, Any] | None:
        """Return the primary message's allowed_mentions as sent."""
        return self.primary.allowed_mentions if self.primary else None

    @property
    def text(self) -> str:
        """Return the text of every message of this result."""
        return "\n".join(m.text for m in self.messages)


# --------------------------------------------------------------------- error log


class ErrorLog(logging.Handler):
    """Collect log records at ERROR or above from every logger."""

    def __init__(self, level: int = logging.ERROR) -> None:
        """Create an uninstalled collector."""
        super().__init__(level)
        self.records: list[logging.LogRecord] = []
        self.listener: Callable[[], None] | None = None
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        """Store the record and wake the listener."""
        self.records.append(record)
        if self.listener is not None:
            self.listener()

    def install(self) -> None:
        """Attach to the root logger."""
        logging.getLogger().addHandler(self)

    def uninstall(self) -> None:
        """Detach from the root logger."""
        logging.getLogger().removeHandler(self)

    @property
    def messages(self) -> list[str]:
        """Return formatted records, with tracebacks."""
        return [self.format(r) for r in self.records]

    def clear(self) -> None:
        """Forget collected records."""
        self.records.clear()

    def assert_none(self) -> None:
        """Fail if any ERROR record was logged."""
        if self.records:
            raise AssertionError("errors were logged:\n" + "\n".join(self.messages))


# ----------------------------------------------------------------------- gateway


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


# -------------------------------------------------------------------- the server


@dataclass(frozen=True)
class _Upload:
    name: str
    filename: str
    data: bytes
    content_type: str


class FakeDiscord:
    """A Discord gateway + REST server on 127.0.0.1 for end-to-end bot tests."""

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
    ) -> None:
        """Configure the fake; nothing listens until `start()`."""
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
        self._changed = asyncio.Event()
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

    # ------------------------------------------------------------ lifecycle

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

    async def start(self) -> None:
        """Listen on 127.0.0.1 with an OS-assigned port."""
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        self._add_routes(app)
        self._runner = web.AppRunner(app, shutdown_timeout=1.0, access_log=None)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self._port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        self._loop = asyncio.get_running_loop()
        self.error_log.install()

    async def stop(self) -> None:
        """Close gateway sessions and stop listening."""
        self.error_log.uninstall()
        for session in list(self._sessions):
            session.queue.put_nowait(None)
            await session.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def redirect_discord(self) -> None:
        """Point discord.py at this server until `stop_redirect()`."""
        if self._restore is None:
            self._restore = point_discord_at(self.base_url, self.gateway_url)

    def stop_redirect(self) -> None:
        """Undo `redirect_discord()`."""
        if self._restore is not None:
            self._restore()
            self._restore = None

    async def __aenter__(self) -> FakeDiscord:
        """Start the server and point discord.py at it."""
        await self.start()
        self.redirect_discord()
        return self

    async def __aexit__(self, *exc: object) -> None:
        """Restore discord.py's URLs and stop the server."""
        self.stop_redirect()
        await self.stop()

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
                self._broadcast("GUILD_MEMBER_ADD", payload, intent=INTENT_GUILD_MEMBERS)
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
            self._broadcast("GUILD_CREATE", self._guild_create_payload(guild))
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
            self._broadcast(announce, channel.to_payload(self.bot_user))

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

    # ------------------------------------------------------------ waiting

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

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
            event = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), remaining)

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

    # ------------------------------------------------------------ acting as users

    async def slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: Mapping[str, Any] | None = None,
        /,
        *,
        timeout: float | None = None,
        expect_followups: int = 0,
        **option_values: Any,
    ) -> InteractionResult:
        """Run "/command sub ..." as a user and return once the bot's answer settled."""
        values = dict(options or {}) | option_values
        data = self._command_data(user, channel, command, values, focused=None)
        record = self._new_interaction(IT_COMMAND, user, channel, data, label=f"/{command}")
        return await self._dispatch_and_settle(record, timeout, expect_followups)

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: Mapping[str, Any] | None = None,
        /,
        *,
        focused: str,
        value: str = "",
        timeout: float | None = None,
        **option_values: Any,
    ) -> list[dict[str, Any]]:
        """Type `value` into option `focused` of a command; return the offered choices."""
        values = dict(options or {}) | option_values
        values[focused] = value
        data = self._command_data(user, channel, command, values, focused=focused)
        record = self._new_interaction(
            IT_AUTOCOMPLETE, user, channel, data, label=f"/{command} [{focused}]"
        )
        self._send_interaction(record)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (self.timeout if timeout is None else timeout)
        await self._await_bot(
            lambda: record.callback_type is not None,
            deadline,
            f"{record.label} by {record.user.name}: autocomplete choices",
        )
        if record.choices is None:
            raise InteractionTimeout(
                self._diagnose(f"{record.label}: bot answered autocomplete without choices")
            )
        return list(record.choices)

    async def click(
        self,
        user: FakeUser,
        message: Message | InteractionResult,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        timeout: float | None = None,
        expect_followups: int = 0,
    ) -> InteractionResult:
        """Click a button (by custom_id or label) on a message the bot sent."""
        if (custom_id is None) == (label is None):
            raise ValueError("pass exactly one of custom_id or label")
        msg = self._message_with(message, custom_id, label)
        comp = msg.component(custom_id, label=label)
        if comp.get("type") != C_BUTTON:
            raise ImpossibleAction(f"{comp.get('custom_id')!r} is not a button")
        if comp.get("disabled"):
            raise ImpossibleAction(f"button {comp.get('custom_id')!r} is disabled")
        data = {"custom_id": comp["custom_id"], "component_type": C_BUTTON}
        return await self._component(user, msg, data, timeout, expect_followups)

    async def select(
        self,
        user: FakeUser,
        message: Message | InteractionResult,
        custom_id: str,
        values: Sequence[Any],
        *,
        timeout: float | None = None,
        expect_followups: int = 0,
    ) -> InteractionResult:
        """Pick values in a select menu (strings, or users/roles/channels for those selects)."""
        msg = self._message_with(message, custom_id, None)
        comp = msg.component(custom_id)
        ctype = comp.get("type")
        if ctype not in SELECT_TYPES:
            raise ImpossibleAction(f"{custom_id!r} is not a select menu")
        if comp.get("disabled"):
            raise ImpossibleAction(f"select {custom_id!r} is disabled")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ImpossibleAction(
                f"select {custom_id!r} takes {lo}..{hi} values, got {len(values)}"
            )
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
        if ctype == C_STRING_SELECT:
            allowed = [o["value"] for o in comp.get("options", [])]
            for v in values:
                if v not in allowed:
                    raise ImpossibleAction(f"{v!r} is not an option of {custom_id!r}: {allowed}")
            data["values"] = list(values)
        else:
            resolved: dict[str, dict[str, Any]] = {}
            data["values"] = [self._resolve_entity(v, resolved, channel=msg) for v in values]
            data["resolved"] = resolved
        return await self._component(user, msg, data, timeout, expect_followups)

    async def submit_modal(
        self,
        user: FakeUser,
        opened_by: InteractionResult,
        values: Mapping[str, str | Sequence[str]],
        *,
        timeout: float | None = None,
        expect_followups: int = 0,
    ) -> InteractionResult:
        """Fill in and submit the modal the bot opened in answer to `opened_by`."""
        modal = opened_by.modal
        if modal is None:
            raise ImpossibleAction(f"{opened_by!r} did not open a modal")
        if user is not opened_by.user:
            raise ImpossibleAction("only the user who opened a modal can submit it")
        remaining = dict(values)

        def fill(comp: dict[str, Any]) -> dict[str, Any] | None:
            ctype = comp.get("type")
            if ctype == C_ROW:
                kids = [k for c in comp.get("components", []) if (k := fill(c)) is not None]
                return {"type": C_ROW, "components": kids}
            if ctype == 18:  # label
                inner = fill(comp["component"])
                return {"type": 18, "component": inner} if inner is not None else None
            cid = comp.get("custom_id")
            if cid is None:
                return None
            if ctype == C_TEXT_INPUT:
                value = str(remaining.pop(cid, comp.get("value") or ""))
                if comp.get("required", True) and not value:
                    raise ImpossibleAction(f"modal field {cid!r} is required")
                return {"type": C_TEXT_INPUT, "custom_id": cid, "value": value}
            picked = remaining.pop(cid, [])
            return {"type": ctype, "custom_id": cid, "values": list(picked)}

        components = [c for comp in modal.get("components", []) if (c := fill(comp)) is not None]
        if remaining:
            raise ImpossibleAction(
                f"modal {modal.get('custom_id')!r} has no fields {list(remaining)}"
            )
        data = {"custom_id": modal["custom_id"], "components": components}
        source = opened_by._rec.source_message
        record = self._new_interaction(
            IT_MODAL_SUBMIT,
            user,
            opened_by.channel,
            data,
            label=f"modal {modal['custom_id']}",
            message=source,
        )
        return await self._dispatch_and_settle(record, timeout, expect_followups)

    async def force_reconnect(self) -> None:
        """Ask every connected bot to reconnect (gateway op 7) and wait for it to resume."""
        sessions = self._live_sessions()
        for session in sessions:
            session.send_op(7, None)
        await self.wait_for(
            lambda: all(s.closed for s in sessions) and bool(self._live_sessions()),
            what="the bot to reconnect",
        )

    # ------------------------------------------------------------ interaction plumbing

    def _message_with(
        self, target: Message | InteractionResult, custom_id: str | None, label: str | None
    ) -> Message:
        if isinstance(target, Message):
            msg = target
        else:
            candidates = [m for m in target.messages if not m.deleted]
            for cand in candidates:
                with contextlib.suppress(ImpossibleAction):
                    cand.component(custom_id, label=label)
                    msg = cand
                    break
            else:
                raise ImpossibleAction(f"no message of {target!r} has {custom_id or label!r}")
        if msg.deleted:
            raise ImpossibleAction(f"message {msg.id} was deleted")
        return msg

    async def _component(
        self,
        user: FakeUser,
        msg: Message,
        data: dict[str, Any],
        timeout: float | None,
        expect_followups: int,
    ) -> InteractionResult:
        if msg.visible_to is not None and msg.visible_to != user.id:
            raise ImpossibleAction(f"{user.name} cannot see message {msg.id}")
        channel = self.channels[msg.channel_id]
        record = self._new_interaction(
            IT_COMPONENT, user, channel, data, label=f"component {data['custom_id']}", message=msg
        )
        return await self._dispatch_and_settle(record, timeout, expect_followups)

    def _new_interaction(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        label: str,
        message: Message | None = None,
    ) -> _Interaction:
        iid = new_snowflake()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "token": token,
            "version": 1,
            "data": data,
            "locale": user.locale,
            "app_permissions": str(self.bot_permissions),
            "entitlements": [],
            "attachment_size_limit": self.attachment_size_limit,
            "channel_id": str(channel.id),
            "channel": channel.to_payload(self.bot_user),
        }
        if channel.guild is not None:
            guild = channel.guild
            payload |= {
                "guild_id": str(guild.id),
                "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
                "guild_locale": "en-US",
                "member": user.member_payload(guild, permissions=guild.permissions_for(user)),
                "authorizing_integration_owners": {"0": str(guild.id)},
                "context": 0,
            }
        else:
            payload |= {
                "user": user.to_payload(),
                "authorizing_integration_owners": {"0": str(self.owner.id)},
                "context": 1,
            }
        if message is not None:
            payload["message"] = message.to_api(self.bot_user, self.application_id, self.origin)
        record = _Interaction(
            id=iid,
            token=token,
            type=itype,
            user=user,
            channel=channel,
            payload=payload,
            label=label,
            dispatched_at=asyncio.get_running_loop().time(),
            source_message=message,
            first_message_index=len(self.messages),
        )
        self.interactions.append(record)
        self._tokens[token] = record
        self._by_id[iid] = record
        return record

    def _send_interaction(self, record: _Interaction) -> None:
        session = self._target_session()
        record.dispatched_at = asyncio.get_running_loop().time()
        session.dispatch("INTERACTION_CREATE", record.payload)

    async def _dispatch_and_settle(
        self, record: _Interaction, timeout: float | None, expect_followups: int
    ) -> InteractionResult:
        self._send_interaction(record)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (self.timeout if timeout is None else timeout)
        who = f"{record.label} by {record.user.name}"
        await self._await_bot(
            lambda: record.callback_type is not None, deadline, f"{who}: an interaction response"
        )
        if record.callback_type == CB_DEFERRED_MESSAGE:
            await self._await_bot(
                lambda: (
                    record.original is None
                    or not record.original.loading
                    or record.original.deleted
                ),
                deadline,
                f"{who}: the deferred response to be completed",
            )
        if expect_followups:
            await self._await_bot(
                lambda: len(record.followups) >= expect_followups,
                deadline,
                f"{who}: {expect_followups} follow-up(s)",
            )
        await self.settle(timeout=max(deadline - loop.time(), 0.0))
        return InteractionResult(self, record)

    async def _await_bot(self, predicate: Callable[[], bool], deadline: float, what: str) -> None:
        """Wait for predicate; give up early if the bot logs an ERROR and then goes quiet."""
        loop = asyncio.get_running_loop()
        errors_before = len(self.error_log.records)
        while True:
            await self.wait_for(
                lambda: predicate() or len(self.error_log.records) > errors_before,
                timeout=max(deadline - loop.time(), 0.0),
                what=what,
            )
            if predicate():
                return
            await self.settle(timeout=max(deadline - loop.time(), 0.0))
            if predicate():
                return
            raise InteractionTimeout(
                self._diagnose(
                    f"gave up waiting for {what}: the bot logged an ERROR and went quiet"
                )
            )

    def _target_session(self) -> _GatewaySession:
        live = self._live_sessions()
        if not live:
            raise RuntimeError(self._diagnose("no bot is connected to FakeDiscord"))
        return live[-1]

    def _live_sessions(self) -> list[_GatewaySession]:
        return [s for s in self._sessions if s.identified and not s.closed]

    def _broadcast(self, event: str, data: dict[str, Any], *, intent: int = 0) -> None:
        for session in self._live_sessions():
            if not intent or session.intents & intent:
                session.dispatch(event, data)

    # ------------------------------------------------------------ command options

    def _find_command(self, channel: FakeChannel, root: str) -> tuple[dict[str, Any], bool]:
        if channel.guild is not None:
            for cmd in self.guild_commands.get(channel.guild.id, []):
                if cmd["name"] == root and cmd.get("type", 1) == 1:
                    return cmd, True
        for cmd in self.global_commands:
            if cmd["name"] == root and cmd.get("type", 1) == 1:
                return cmd, False
        known = sorted(self.command_names()) + sorted(
            self.command_names(channel.guild) if channel.guild else []
        )
        raise ImpossibleAction(
            f"/{root} is not a synced command here (known: {known}); the bot must call "
            "tree.sync() or the test fake.install_commands(tree)"
        )

    def _check_visible(self, user: FakeUser, channel: FakeChannel, cmd: dict[str, Any]) -> None:
        contexts = cmd.get("contexts")
        context = 1 if channel.is_dm else 0
        if contexts is not None and context not in contexts:
            raise ImpossibleAction(f"/{cmd['name']} is not available in this context")
        if channel.is_dm and cmd.get("dm_permission") is False:
            raise ImpossibleAction(f"/{cmd['name']} is guild-only")
        required = cmd.get("default_member_permissions")
        if required is not None and channel.guild is not None:
            have = channel.guild.permissions_for(user)
            need = int(required)
            if have & need != need:
                raise ImpossibleAction(
                    f"{user.name} cannot see /{cmd['name']}: needs permissions {need:#x}"
                )

    def _command_data(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        values: dict[str, Any],
        *,
        focused: str | None,
    ) -> dict[str, Any]:
        path = command.strip().lstrip("/").split()
        if not path:
            raise ValueError("empty command")
        cmd, is_guild = self._find_command(channel, path[0])
        self._check_visible(user, channel, cmd)
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
        if is_guild:
            data["guild_id"] = cmd["guild_id"]
        container: list[dict[str, Any]] = []
        data["options"] = container
        node = cmd
        for token in path[1:]:
            sub = next(
                (
                    o
                    for o in node.get("options") or []
                    if o["name"] == token and o["type"] in (OPT_SUBCOMMAND, OPT_GROUP)
                ),
                None,
            )
            if sub is None:
                raise ImpossibleAction(
                    f"/{command}: {token!r} is not a subcommand of {node['name']!r}"
                )
            nested: dict[str, Any] = {"type": sub["type"], "name": token, "options": []}
            container.append(nested)
            container = nested["options"]
            node = sub
        params = node.get("options") or []
        if any(o["type"] in (OPT_SUBCOMMAND, OPT_GROUP) for o in params):
            subs = [o["name"] for o in params]
            raise ImpossibleAction(f"/{command} needs a subcommand: one of {subs}")
        resolved: dict[str, dict[str, Any]] = {}
        by_name = {o["name"]: o for o in params}
        given: dict[str, Any] = {}
        for key, value in values.items():
            name = key if key in by_name else key.replace("_", "-")
            if name not in by_name:
                raise ImpossibleAction(
                    f"/{command} has no option {key!r}; options: {list(by_name)}"
                )
            given[name] = value
        for opt in params:
            name = opt["name"]
            if name not in given:
                if opt.get("required") and focused is None:
                    raise ImpossibleAction(f"/{command}: option {name!r} is required")
                continue
            is_focused = name == focused
            entry: dict[str, Any] = {"type": opt["type"], "name": name}
            if is_focused:
                entry["value"] = str(given[name])
                entry["focused"] = True
            else:
                entry["value"] = self._coerce_option(command, opt, given[name], resolved, channel)
            container.append(entry)
        if resolved:
            data["resolved"] = resolved
        return data

    def _coerce_option(
        self,
        command: str,
        opt: dict[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
        channel: FakeChannel,
    ) -> Any:
        otype, name = opt["type"], opt["name"]
        where = f"/{command} {name}"
        if otype == OPT_STRING:
            if not isinstance(value, str):
                raise ImpossibleAction(f"{where}: expected a string, got {value!r}")
            if len(value) < opt.get("min_length", 0) or len(value) > opt.get("max_length", 6000):
                raise ImpossibleAction(f"{where}: length of {value!r} is out of range")
        elif otype == OPT_INTEGER:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ImpossibleAction(f"{where}: expected an integer, got {value!r}")
        elif otype == OPT_NUMBER:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ImpossibleAction(f"{where}: expected a number, got {value!r}")
        elif otype == OPT_BOOLEAN:
            if not isinstance(value, bool):
                raise ImpossibleAction(f"{where}: expected a boolean, got {value!r}")
        elif otype == OPT_ATTACHMENT:
            return self._resolve_upload(value, resolved)
        elif otype in (OPT_USER, OPT_CHANNEL, OPT_ROLE, OPT_MENTIONABLE):
            expected: dict[int, tuple[type, ...]] = {
                OPT_USER: (FakeUser,),
                OPT_CHANNEL: (FakeChannel,),
                OPT_ROLE: (FakeRole,),
                OPT_MENTIONABLE: (FakeUser, FakeRole),
            }
            if not isinstance(value, expected[otype]):
                raise ImpossibleAction(f"{where}: expected {expected[otype]}, got {value!r}")
            if isinstance(value, FakeChannel) and opt.get("channel_types"):
                if value.type not in opt["channel_types"]:
                    raise ImpossibleAction(f"{where}: channel type {value.type} not allowed")
            return self._resolve_entity(value, resolved, channel=channel)
        if otype in (OPT_INTEGER, OPT_NUMBER):
            if "min_value" in opt and opt["min_value"] is not None and value < opt["min_value"]:
                raise ImpossibleAction(f"{where}: {value} < min_value {opt['min_value']}")
            if "max_value" in opt and opt["max_value"] is not None and value > opt["max_value"]:
                raise ImpossibleAction(f"{where}: {value} > max_value {opt['max_value']}")
        choices = opt.get("choices") or []
        if choices and value not in [c["value"] for c in choices]:
            raise ImpossibleAction(
                f"{where}: {value!r} is not one of {[c['value'] for c in choices]}"
            )
        return value

    def _resolve_entity(
        self, value: Any, resolved: dict[str, dict[str, Any]], *, channel: FakeChannel | Message
    ) -> str:
        guild = self._guild_of(channel)
        if isinstance(value, FakeUser):
            resolved.setdefault("users", {})[str(value.id)] = value.to_payload()
            if guild is not None:
                member = value.member_payload(guild, permissions=guild.permissions_for(value))
                member.pop("user")
                resolved.setdefault("members", {})[str(value.id)] = member
            return str(value.id)
        if isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = value.to_payload()
            return str(value.id)
        if isinstance(value, FakeChannel):
            payload = value.to_payload(self.bot_user)
            payload["permissions"] = str(ALL_PERMISSIONS)
            resolved.setdefault("channels", {})[str(value.id)] = payload
            return str(value.id)
        raise ImpossibleAction(f"cannot pick {value!r}: pass a FakeUser, FakeRole or FakeChannel")

    def _guild_of(self, where: FakeChannel | Message) -> FakeGuild | None:
        if isinstance(where, FakeChannel):
            return where.guild
        return next((g for g in self.guilds if g.id == where.guild_id), None)

    def _resolve_upload(self, value: Any, resolved: dict[str, dict[str, Any]]) -> str:
        if isinstance(value, Attachment):
            att = value
        elif isinstance(value, tuple) and len(value) == 2:
            filename, data = value
            ctype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
            att = Attachment(
                id=new_snowflake(), filename=filename, data=bytes(data), content_type=ctype
            )
        else:
            raise ImpossibleAction(f"attachment options take (filename, bytes), got {value!r}")
        self._attachments[att.id] = att
        resolved.setdefault("attachments", {})[str(att.id)] = _attachment_payload(
            att, None, self.origin
        )
        return str(att.id)

    # ------------------------------------------------------------ HTTP plumbing

    def _add_routes(self, app: web.Application) -> None:
        api = f"/api/v{API_VERSION}"
        r = app.router
        r.add_get("/gateway", self._gateway)
        r.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._get_attachment)
        routes: list[tuple[str, str, Callable[[web.Request], Awaitable[web.StreamResponse]]]] = [
            ("GET", "/users/@me", self._get_me),
            ("POST", "/users/@me/channels", self._create_dm),
            ("GET", "/users/{user_id}", self._get_user),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("GET", "/applications/@me", self._get_application),
            ("GET", "/gateway", self._get_gateway),
            ("GET", "/gateway/bot", self._get_gateway_bot),
            ("GET", "/applications/{app_id}/commands", self._get_commands),
            ("PUT", "/applications/{app_id}/commands", self._put_commands),
            ("GET", "/applications/{app_id}/guilds/{guild_id}/commands", self._get_commands),
            ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", self._put_commands),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self._callback),
            ("POST", "/webhooks/{app_id}/{token}", self._followup),
            ("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", self._get_webhook_msg),
            ("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", self._edit_webhook_msg),
            ("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}", self._del_webhook_msg),
            ("GET", "/channels/{channel_id}", self._get_channel),
            ("GET", "/channels/{channel_id}/messages", self._list_channel_msgs),
            ("POST", "/channels/{channel_id}/messages", self._post_channel_msg),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self._get_channel_msg),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._edit_channel_msg),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._del_channel_msg),
            ("POST", "/channels/{channel_id}/typing", self._no_content),
            ("POST", "/channels/{channel_id}/threads", self._create_thread),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self._create_thread),
            (
                "PUT",
                "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                self._add_reaction,
            ),
            ("GET", "/guilds/{guild_id}", self._get_guild),
            ("GET", "/guilds/{guild_id}/channels", self._get_guild_channels),
            ("GET", "/guilds/{guild_id}/roles", self._get_guild_roles),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._get_member),
        ]
        for method, path, handler in routes:
            r.add_route(method, api + path, handler)
        r.add_route("*", "/{tail:.*}", self._unhandled)

    @web.middleware
    async def _middleware(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
    ) -> web.StreamResponse:
        if request.path == "/gateway" or request.path.startswith("/attachments/"):
            return await handler(request)
        self._inflight += 1
        self._touch()
        status = 500
        try:
            if not self._authorized(request):
                raise _ApiError(401, 0, "401: Unauthorized")
            response = await handler(request)
            status = response.status
            return response
        except _ApiError as exc:
            status = exc.status
            self._reject(request, exc)
            body: dict[str, Any] = {"message": exc.message, "code": exc.code}
            if exc.errors:
                body["errors"] = exc.errors
            return _json(body, status=exc.status)
        except Exception as exc:  # a bug in the fake: tell the bot 400 (not 5xx: no retries)
            _log.exception("fake discord handler crashed")
            self.server_errors.append(f"{request.method} {request.path}: {exc!r}")
            status = 400
            return _json({"message": f"fake server error: {exc!r}", "code": 0}, status=400)
        finally:
            self.request_log.append((request.method, request.path, status))
            self._inflight -= 1
            self._touch()

    def _authorized(self, request: web.Request) -> bool:
        path = request.path.removeprefix(f"/api/v{API_VERSION}")
        if path.startswith(("/interactions/", "/webhooks/")):
            return True
        if not request.path.startswith("/api/"):
            return True
        return request.headers.get("Authorization") == f"Bot {self.token}"

    def _reject(self, request: web.Request, exc: _ApiError) -> None:
        token = request.match_info.get("token")
        record = self._tokens.get(token) if token else None
        rejection = Rejection(
            method=request.method,
            path=request.path,
            status=exc.status,
            code=exc.code,
            message=exc.message,
            errors=exc.errors,
            interaction_id=record.id if record else None,
        )
        self.rejections.append(rejection)
        if record is not None:
            record.rejections.append(rejection)

    async def _unhandled(self, request: web.Request) -> web.StreamResponse:
        self.unhandled_requests.append(f"{request.method} {request.path}")
        raise _ApiError(404, 0, "404: Not Found")

    async def _no_content(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=204)

    async def _read_body(self, request: web.Request) -> tuple[Any, list[_Upload]]:
        if request.content_type.startswith("multipart/"):
            payload: Any = {}
            uploads: list[_Upload] = []
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                if not isinstance(part, aiohttp.BodyPartReader):
                    continue
                if part.name == "payload_json":
                    payload = json.loads(await part.text())
                else:
                    data = bytes(await part.read(decode=False))
                    filename = part.filename or part.name or "file"
                    ctype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
                    uploads.append(_Upload(part.name or "", filename, data, ctype))
            return payload, uploads
        raw = await request.read()
        return (json.loads(raw) if raw else {}), []

    # ------------------------------------------------------------ gateway

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
        self.identify_payloads.append(d)
        session.identify = d
        session.session_id = secrets.token_hex(16)
        self._known_sessions[session.session_id] = d
        ready: dict[str, Any] = {
            "v": API_VERSION,
            "user": self.bot_user.to_payload()
            | {"verified": True, "mfa_enabled": False, "flags": 0, "email": None},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in self.guilds],
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
        for guild in self.guilds:
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

    # ------------------------------------------------------------ REST: identity

    async def _get_me(self, request: web.Request) -> web.StreamResponse:
        return _json(
            self.bot_user.to_payload()
            | {"verified": True, "mfa_enabled": False, "flags": 0, "email": None, "locale": "en-US"}
        )

    async def _get_user(self, request: web.Request) -> web.StreamResponse:
        uid = int(request.match_info["user_id"])
        for user in [self.bot_user, self.owner, *self.users.values()]:
            if user.id == uid:
                return _json(user.to_payload())
        raise _ApiError(404, 10013, "Unknown User")

    async def _get_application(self, request: web.Request) -> web.StreamResponse:
        return _json(
            {
                "id": str(self.application_id),
                "name": self.bot_user.name,
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.owner.to_payload(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "summary": "",
                "rpc_origins": [],
                "interactions_endpoint_url": None,
                "bot": self.bot_user.to_payload(),
            }
        )

    async def _get_gateway(self, request: web.Request) -> web.StreamResponse:
        return _json({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request) -> web.StreamResponse:
        return _json(
            {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    # ------------------------------------------------------------ REST: commands

    def _command_list(self, request: web.Request) -> tuple[int | None, list[dict[str, Any]]]:
        if int(request.match_info["app_id"]) != self.application_id:
            raise _ApiError(403, 50001, "Missing Access")
        gid = request.match_info.get("guild_id")
        if gid is None:
            return None, self.global_commands
        if not any(str(g.id) == gid for g in self.guilds):
            raise _ApiError(403, 50001, "Missing Access")
        return int(gid), self.guild_commands.setdefault(int(gid), [])

    async def _get_commands(self, request: web.Request) -> web.StreamResponse:
        _, commands = self._command_list(request)
        return _json(commands)

    async def _put_commands(self, request: web.Request) -> web.StreamResponse:
        gid, _ = self._command_list(request)
        payload, _ = await self._read_body(request)
        if not isinstance(payload, list):
            raise _ApiError(400, 50035, "Invalid Form Body")
        _validate_commands(payload)
        self.sync_count += 1
        return _json(self._store_commands(payload, gid))

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

    # ------------------------------------------------------------ REST: interactions

    def _record_for(self, request: web.Request) -> _Interaction:
        record = self._tokens.get(request.match_info["token"])
        if record is None:
            raise _ApiError(404, 10015, "Unknown Webhook")
        return record

    async def _callback(self, request: web.Request) -> web.StreamResponse:
        record = self._by_id.get(int(request.match_info["interaction_id"]))
        if record is None or record.token != request.match_info["token"]:
            raise _ApiError(404, 10062, "Unknown interaction")
        loop = asyncio.get_running_loop()
        late = loop.time() - record.dispatched_at
        if self.response_deadline is not None and late > self.response_deadline:
            raise _ApiError(404, 10062, f"Unknown interaction (answered after {late:.2f}s)")
        body, uploads = await self._read_body(request)
        # No await between this check and setting callback_type: concurrent callbacks lose.
        if record.callback_type is not None:
            raise _ApiError(400, 40060, "Interaction has already been acknowledged.")
        ctype = body.get("type")
        data = body.get("data") or {}
        meta = {"id": str(record.id), "type": record.type}
        result: dict[str, Any] = {"interaction": meta}
        if ctype in (CB_MESSAGE, CB_DEFERRED_MESSAGE):
            if record.type == IT_AUTOCOMPLETE:
                raise _ApiError(400, 50035, "Invalid Form Body: autocomplete needs type 8")
            if ctype == CB_MESSAGE:
                rev = self._new_revision(data, uploads, allow_ephemeral=True)
            else:
                flags = int(data.get("flags", 0)) & EPHEMERAL
                rev = Revision("", [], [], [], flags | LOADING, None, _now())
            msg = self._create_message(record.channel, rev, kind="response", record=record)
            record.original = msg
            meta |= {
                "response_message_id": str(msg.id),
                "response_message_loading": ctype == CB_DEFERRED_MESSAGE,
                "response_message_ephemeral": msg.ephemeral,
            }
            result["resource"] = {
                "type": ctype,
                "message": msg.to_api(self.bot_user, self.application_id, self.origin),
            }
        elif ctype in (CB_DEFERRED_UPDATE, CB_UPDATE):
            source = record.source_message
            if record.type not in (IT_COMPONENT, IT_MODAL_SUBMIT) or source is None:
                raise _ApiError(400, 40043, "This interaction cannot update a message")
            if ctype == CB_UPDATE:
                self._apply_edit(source, data, uploads)
            record.original = source
            meta |= {
                "response_message_id": str(source.id),
                "response_message_loading": False,
                "response_message_ephemeral": source.ephemeral,
            }
            resource: dict[str, Any] = {"type": ctype}
            if ctype == CB_UPDATE:
                resource["message"] = source.to_api(self.bot_user, self.application_id, self.origin)
            result["resource"] = resource
        elif ctype == CB_AUTOCOMPLETE:
            if record.type != IT_AUTOCOMPLETE:
                raise _ApiError(400, 50035, "Invalid Form Body: not an autocomplete interaction")
            choices = list(data.get("choices") or [])
            _validate_choices(choices)
            record.choices = choices
        elif ctype == CB_MODAL:
            if record.type in (IT_AUTOCOMPLETE, IT_MODAL_SUBMIT):
                raise _ApiError(400, 50035, "Invalid Form Body: cannot open a modal here")
            record.modal = data
        elif ctype == CB_PONG and record.type == IT_PING:
            pass
        else:
            raise _ApiError(400, 50035, f"Invalid Form Body: bad callback type {ctype!r}")
        record.callback_type = ctype
        record.acknowledged_at = loop.time()
        return _json(result)

    async def _followup(self, request: web.Request) -> web.StreamResponse:
        record = self._record_for(request)
        if record.callback_type is None or record.callback_type in (CB_AUTOCOMPLETE, CB_MODAL):
            raise _ApiError(404, 10015, "Unknown Webhook")
        body, uploads = await self._read_body(request)
        original = record.original
        if (
            record.callback_type == CB_DEFERRED_MESSAGE
            and original is not None
            and original.loading
            and not original.deleted
        ):
            # The first follow-up after a "thinking" defer replaces the placeholder.
            body = dict(body)
            body["flags"] = (int(body.get("flags", 0)) & ~EPHEMERAL) | (original.flags & EPHEMERAL)
            self._apply_edit(original, body, uploads)
            msg = original
        else:
            rev = self._new_revision(body, uploads, allow_ephemeral=True)
            msg = self._create_message(record.channel, rev, kind="followup", record=record)
            record.followups.append(msg)
        if request.query.get("wait", "false").lower() not in ("1", "true"):
            return web.Response(status=204)
        return _json(msg.to_api(self.bot_user, self.application_id, self.origin))

    def _webhook_message(self, request: web.Request) -> tuple[_Interaction, Message]:
        record = self._record_for(request)
        mid = request.match_info["message_id"]
        if mid == "@original":
            if record.original is None or record.original.deleted:
                raise _ApiError(404, 10008, "Unknown Message")
            return record, record.original
        for msg in [record.original, *record.followups]:
            if msg is not None and str(msg.id) == mid and not msg.deleted:
                return record, msg
        raise _ApiError(404, 10008, "Unknown Message")

    async def _get_webhook_msg(self, request: web.Request) -> web.StreamResponse:
        _, msg = self._webhook_message(request)
        return _json(msg.to_api(self.bot_user, self.application_id, self.origin))

    async def _edit_webhook_msg(self, request: web.Request) -> web.StreamResponse:
        _, msg = self._webhook_message(request)
        body, uploads = await self._read_body(request)
        self._apply_edit(msg, body, uploads)
        return _json(msg.to_api(self.bot_user, self.application_id, self.origin))

    async def _del_webhook_msg(self, request: web.Request) -> web.StreamResponse:
        _, msg = self._webhook_message(request)
        msg.deleted = True
        return web.Response(status=204)

    # ------------------------------------------------------------ REST: channels

    def _channel(self, request: web.Request) -> FakeChannel:
        channel = self.channels.get(int(request.match_info["channel_id"]))
        if channel is None:
            raise _ApiError(404, 10003, "Unknown Channel")
        return channel

    def _channel_message(self, request: web.Request) -> Message:
        channel = self._channel(request)
        mid = int(request.match_info["message_id"])
        for msg in self.messages:
            if msg.id == mid and msg.channel_id == channel.id and not msg.deleted:
                if msg.ephemeral:
                    break
                return msg
        raise _ApiError(404, 10008, "Unknown Message")

    def _require(self, channel: FakeChannel, permission: str) -> None:
        if channel.guild is None:
            return
        perms = discord.Permissions(self.bot_permissions)
        if not getattr(perms, permission):
            raise _ApiError(403, 50013, "Missing Permissions")

    async def _get_channel(self, request: web.Request) -> web.StreamResponse:
        return _json(self._channel(request).to_payload(self.bot_user))

    async def _list_channel_msgs(self, request: web.Request) -> web.StreamResponse:
        channel = self._channel(request)
        limit = int(request.query.get("limit", "50"))
        visible = [m for m in self.messages_in(channel) if not m.ephemeral]
        newest_first = list(reversed(visible))[:limit]
        return _json(
            [m.to_api(self.bot_user, self.application_id, self.origin) for m in newest_first]
        )

    async def _post_channel_msg(self, request: web.Request) -> web.StreamResponse:
        channel = self._channel(request)
        self._require(channel, "send_messages")
        body, uploads = await self._read_body(request)
        if uploads:
            self._require(channel, "attach_files")
        rev = self._new_revision(body, uploads, allow_ephemeral=False)
        msg = self._create_message(channel, rev, kind="channel", record=None)
        msg.tts = bool(body.get("tts"))
        msg.message_reference = body.get("message_reference")
        msg.poll = body.get("poll")
        return _json(msg.to_api(self.bot_user, self.application_id, self.origin))

    async def _get_channel_msg(self, request: web.Request) -> web.StreamResponse:
        return _json(
            self._channel_message(request).to_api(self.bot_user, self.application_id, self.origin)
        )

    async def _edit_channel_msg(self, request: web.Request) -> web.StreamResponse:
        msg = self._channel_message(request)
        body, uploads = await self._read_body(request)
        self._apply_edit(msg, body, uploads)
        return _json(msg.to_api(self.bot_user, self.application_id, self.origin))

    async def _del_channel_msg(self, request: web.Request) -> web.StreamResponse:
        self._channel_message(request).deleted = True
        return web.Response(status=204)

    async def _add_reaction(self, request: web.Request) -> web.StreamResponse:
        self._channel_message(request).reactions.append(request.match_info["emoji"])
        return web.Response(status=204)

    async def _create_thread(self, request: web.Request) -> web.StreamResponse:
        parent = self._channel(request)
        if parent.guild is None or parent.is_thread:
            raise _ApiError(400, 50024, "Cannot execute action on this channel type")
        body, _ = await self._read_body(request)
        from_message = "message_id" in request.match_info
        if from_message:
            self._channel_message(request)
        ttype = CH_PUBLIC_THREAD if from_message else int(body.get("type", CH_PRIVATE_THREAD))
        thread = FakeChannel(
            id=int(request.match_info["message_id"]) if from_message else new_snowflake(),
            type=ttype,
            name=str(body.get("name", "thread")),
            guild=parent.guild,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
        )
        parent.guild.channels.append(thread)
        self._register_channel(thread)
        payload = thread.to_payload(self.bot_user)
        self._broadcast("THREAD_CREATE", payload | {"newly_created": True})
        return _json(payload, status=201)

    async def _create_dm(self, request: web.Request) -> web.StreamResponse:
        body, _ = await self._read_body(request)
        rid = int(body.get("recipient_id", 0))
        user = next((u for u in self.users.values() if u.id == rid), None)
        if user is None:
            raise _ApiError(400, 50007, "Cannot send messages to this user")
        return _json(self.dm_channel(user).to_payload(self.bot_user))

    # ------------------------------------------------------------ REST: guilds

    def _guild(self, request: web.Request) -> FakeGuild:
        gid = int(request.match_info["guild_id"])
        for guild in self.guilds:
            if guild.id == gid:
                return guild
        raise _ApiError(404, 10004, "Unknown Guild")

    async def _get_guild(self, request: web.Request) -> web.StreamResponse:
        payload = self._guild_create_payload(self._guild(request))
        for key in ("members", "channels", "threads", "voice_states", "presences", "joined_at"):
            payload.pop(key, None)
        return _json(payload)

    async def _get_guild_channels(self, request: web.Request) -> web.StreamResponse:
        guild = self._guild(request)
        return _json([c.to_payload(self.bot_user) for c in guild.channels if not c.is_thread])

    async def _get_guild_roles(self, request: web.Request) -> web.StreamResponse:
        return _json([r.to_payload() for r in self._guild(request).roles])

    async def _get_member(self, request: web.Request) -> web.StreamResponse:
        guild = self._guild(request)
        uid = int(request.match_info["user_id"])
        for user in self._members_of(guild):
            if user.id == uid:
                return _json(user.member_payload(guild))
        raise _ApiError(404, 10007, "Unknown Member")

    async def _get_attachment(self, request: web.Request) -> web.StreamResponse:
        att = self._attachments.get(int(request.match_info["attachment_id"]))
        if att is None:
            return web.Response(status=404)
        return web.Response(body=att.data, headers={"Content-Type": att.content_type})

    # ------------------------------------------------------------ messages

    def _store_attachment(
        self, upload: _Upload, description: str | None, filename: str | None = None
    ) -> Attachment:
        if len(upload.data) > self.attachment_size_limit:
            raise _ApiError(413, 40005, "Request entity too large")
        att = Attachment(
            id=new_snowflake(),
            filename=filename or upload.filename,
            data=upload.data,
            content_type=upload.content_type,
            description=description,
        )
        self._attachments[att.id] = att
        return att

    def _attachments_from(
        self, body: Mapping[str, Any], uploads: list[_Upload], existing: list[Attachment]
    ) -> list[Attachment]:
        by_index = {}
        for position, upload in enumerate(uploads):
            index = upload.name.removeprefix("files[").removesuffix("]")
            by_index[index if index.isdigit() else str(position)] = upload
        if "attachments" not in body:
            return existing + [self._store_attachment(u, None) for u in uploads]
        keep = {str(a.id): a for a in existing}
        result: list[Attachment] = []
        for entry in body.get("attachments") or []:
            key = str(entry.get("id"))
            if key in keep:
                result.append(keep[key])
            elif key in by_index:
                result.append(
                    self._store_attachment(
                        by_index[key], entry.get("description"), entry.get("filename")
                    )
                )
            else:
                raise _ApiError(
                    400,
                    50035,
                    "Invalid Form Body",
                    {
                        "attachments": {
                            "_errors": [
                                {"code": "ATTACHMENT_NOT_FOUND", "message": f"Unknown {key}"}
                            ]
                        }
                    },
                )
        return result

    def _new_revision(
        self, body: Mapping[str, Any], uploads: list[_Upload], *, allow_ephemeral: bool
    ) -> Revision:
        flags = int(body.get("flags") or 0)
        if not allow_ephemeral:
            flags &= ~EPHEMERAL
        rev = Revision(
            content=str(body.get("content") or ""),
            embeds=list(body.get("embeds") or []),
            attachments=self._attachments_from(body, uploads, []),
            components=list(body.get("components") or []),
            flags=flags,
            allowed_mentions=body.get("allowed_mentions"),
            at=_now(),
        )
        _validate_revision(rev, poll=body.get("poll") is not None)
        return rev

    def _apply_edit(self, msg: Message, body: Mapping[str, Any], uploads: list[_Upload]) -> None:
        old = msg.current
        flags = old.flags & ~LOADING
        if "flags" in body and body["flags"] is not None:
            keep = old.flags & (EPHEMERAL | COMPONENTS_V2)
            flags = (int(body["flags"]) & ~(EPHEMERAL | LOADING)) | keep
        rev = Revision(
            content=str(body.get("content") or "") if "content" in body else old.content,
            embeds=list(body.get("embeds") or []) if "embeds" in body else old.embeds,
            attachments=self._attachments_from(body, uploads, list(old.attachments)),
            components=(
                list(body.get("components") or []) if "components" in body else old.components
            ),
            flags=flags,
            allowed_mentions=(
                body.get("allowed_mentions") if "allowed_mentions" in body else old.allowed_mentions
            ),
            at=_now(),
        )
        _validate_revision(rev, poll=msg.poll is not None)
        msg.revisions.append(rev)

    def _create_message(
        self, channel: FakeChannel, rev: Revision, *, kind: str, record: _Interaction | None
    ) -> Message:
        visible_to: int | None = None
        if rev.flags & EPHEMERAL and record is not None:
            visible_to = record.user.id
        elif channel.is_dm and channel.recipient is not None:
            visible_to = channel.recipient.id
        msg = Message(
            id=new_snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild.id if channel.guild else None,
            kind=kind,
            revisions=[rev],
            interaction_id=record.id if record else None,
            visible_to=visible_to,
        )
        if record is not None:
            msg._type = 20 if record.type == IT_COMMAND else 0
            msg._interaction_meta = {
                "id": str(record.id),
                "type": record.type,
                "user": record.user.to_payload(),
                "authorizing_integration_owners": record.payload["authorizing_integration_owners"],
            }
        channel.last_message_id = msg.id
        self.messages.append(msg)
        return msg


# ---------------------------------------------------------------- validation


def _validate_revision(rev: Revision, *, poll: bool = False) -> None:
    errors = _FormErrors()
    errors.too_long(("content",), rev.content, 2000)
    v2 = bool(rev.flags & COMPONENTS_V2)
    if v2 and (rev.content or rev.embeds):
        errors.add(
            ("content",),
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
            "The 'content' and 'embeds' fields cannot be used with components v2",
        )
    if len(rev.embeds) > 10:
        errors.add(("embeds",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for i, embed in enumerate(rev.embeds):
        path: tuple[str | int, ...] = ("embeds", i)
        for key, limit in (("title", 256), ("description", 4096)):
            errors.too_long((*path, key), embed.get(key), limit)
            total += len(embed.get(key) or "")
        errors.too_long((*path, "footer", "text"), (embed.get("footer") or {}).get("text"), 2048)
        errors.too_long((*path, "author", "name"), (embed.get("author") or {}).get("name"), 256)
        total += len((embed.get("footer") or {}).get("text") or "")
        total += len((embed.get("author") or {}).get("name") or "")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.add((*path, "fields"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, fld in enumerate(fields):
            for key, limit in (("name", 256), ("value", 1024)):
                text = fld.get(key)
                if not text:
                    errors.add(
                        (*path, "fields", j, key), "BASE_TYPE_REQUIRED", "This field is required"
                    )
                errors.too_long((*path, "fields", j, key), text, limit)
                total += len(text or "")
    if total > 6000:
        errors.add(
            ("embeds",), "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
        )
    _validate_components(rev.components, errors, v2=v2)
    errors.raise_if_any()
    if not (
        rev.content
        or rev.embeds
        or rev.attachments
        or rev.components
        or poll
        or rev.flags & LOADING
    ):
        raise _ApiError(400, 50006, "Cannot send an empty message")


def _validate_components(
    components: list[dict[str, Any]], errors: _FormErrors, *, v2: bool
) -> None:
    seen: set[str] = set()
    for comp in walk_components(components):
        cid = comp.get("custom_id")
        if cid is not None:
            if len(cid) > 100:
                errors.add(
                    ("components",),
                    "BASE_TYPE_MAX_LENGTH",
                    f"custom_id {cid[:20]!r}... must be 100 or fewer in length.",
                )
            if cid in seen:
                errors.add(
                    ("components",),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    f"Component custom id {cid!r} cannot be duplicated",
                )
            seen.add(cid)
        if comp.get("type") == C_BUTTON:
            errors.too_long(("components", "label"), comp.get("label"), 80)
            style = comp.get("style")
            if style == BUTTON_STYLE_LINK and not comp.get("url"):
                errors.add(("components",), "BASE_TYPE_REQUIRED", "Link buttons need a url")
            if style not in (BUTTON_STYLE_LINK, BUTTON_STYLE_PREMIUM) and cid is None:
                errors.add(("components",), "BASE_TYPE_REQUIRED", "Buttons need a custom_id")
        if comp.get("type") == C_STRING_SELECT:
            options = comp.get("options") or []
            if not 1 <= len(options) <= 25:
                errors.add(
                    ("components", "options"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 25 in length.",
                )
            for opt in options:
                errors.too_long(("components", "options", "label"), opt.get("label"), 100)
                errors.too_long(("components", "options", "value"), opt.get("value"), 100)
                errors.too_long(
                    ("components", "options", "description"), opt.get("description"), 100
                )
        if comp.get("type") in SELECT_TYPES:
            errors.too_long(("components", "placeholder"), comp.get("placeholder"), 150)
    if v2:
        return
    if len(components) > 5:
        errors.add(("components",), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    for i, row in enumerate(components):
        if row.get("type") != C_ROW:
            errors.add(
                ("components", i),
                "UNION_TYPE_CHOICES",
                "Top-level components must be action rows without components v2",
            )
            continue
        kids = row.get("components") or []
        selects = [k for k in kids if k.get("type") in SELECT_TYPES]
        if not kids or len(kids) > 5 or (selects and len(kids) > 1):
            errors.add(
                ("components", i, "components"),
                "BASE_TYPE_BAD_LENGTH",
                "An action row holds 1-5 buttons or a single select",
            )


def _validate_choices(choices: list[dict[str, Any]]) -> None:
    errors = _FormErrors()
    if len(choices) > 25:
        errors.add(("choices",), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for i, choice in enumerate(choices):
        name = choice.get("name") or ""
        if not 1 <= len(name) <= 100:
            errors.add(
                ("choices", i, "name"),
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 100 in length.",
            )
        value = choice.get("value")
        if isinstance(value, str):
            errors.too_long(("choices", i, "value"), value, 100)
    errors.raise_if_any()


_NAME_OK = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_")


def _validate_commands(commands: list[dict[str, Any]]) -> None:
    errors = _FormErrors()
    if len([c for c in commands if c.get("type", 1) == 1]) > 100:
        errors.add(("_",), "APPLICATION_COMMANDS_TOO_MANY", "Max 100 chat input commands")

    def check_options(path: tuple[str | int, ...], options: list[dict[str, Any]]) -> None:
        if len(options) > 25:
            errors.add((*path, "options"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        seen_optional = False
        names: set[str] = set()
        for j, opt in enumerate(options):
            opath = (*path, "options", j)
            check_name(opath, opt.get("name", ""))
            if opt.get("name") in names:
                errors.add(
                    (*opath, "name"),
                    "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                )
            names.add(opt.get("name", ""))
            desc = opt.get("description") or ""
            if not 1 <= len(desc) <= 100:
                errors.add(
                    (*opath, "description"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                )
            if opt.get("type") in (OPT_SUBCOMMAND, OPT_GROUP):
                check_options(opath, opt.get("options") or [])
                continue
            if opt.get("required"):
                if seen_optional:
                    errors.add(
                        (*opath, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
            else:
                seen_optional = True
            if len(opt.get("choices") or []) > 25:
                errors.add(
                    (*opath, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
                )
            if opt.get("choices") and opt.get("autocomplete"):
                errors.add(
                    (*opath, "autocomplete"),
                    "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES",
                    "Autocomplete cannot be set with choices",
                )

    def check_name(path: tuple[str | int, ...], name: str) -> None:
        if not 1 <= len(name) <= 32 or not set(name) <= _NAME_OK:
            errors.add(
                (*path, "name"),
                "APPLICATION_COMMAND_INVALID_NAME",
                f"Command name {name!r} is invalid",
            )

    for i, cmd in enumerate(commands):
        if cmd.get("type", 1) != 1:
            continue
        check_name((i,), cmd.get("name", ""))
        desc = cmd.get("description") or ""
        if not 1 <= len(desc) <= 100:
            errors.add(
                (i, "description"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
            )
        check_options((i,), cmd.get("options") or [])
    errors.raise_if_any()


def _json(data: Any, *, status: int = 200) -> web.Response:
    return web.Response(
        status=status,
        body=json.dumps(data).encode(),
        headers={"Content-Type": "application/json"},
    )


# ---------------------------------------------------------------- bot runner


class BotRunner:
    """Start and stop discord.py clients against a `FakeDiscord` in the current loop."""

    def __init__(self, fake: FakeDiscord) -> None:
        """Bind to a started fake (discord.py must already point at it)."""
        self.fake = fake
        self._tasks: dict[discord.Client, asyncio.Task[None]] = {}
        self._sessions: dict[discord.Client, _GatewaySession] = {}
        self._counter = itertools.count(1)

    async def start(
        self, bot: discord.Client, *, token: str | None = None, timeout: float = 10.0
    ) -> discord.Client:
        """Run bot.start(token) as a task; return once it identified (or raise its error)."""
        if discord.http.Route.BASE != self.fake.base_url:
            raise RuntimeError("discord.py is not pointed at this FakeDiscord (redirect_discord())")
        before = self.fake.identify_count
        task = asyncio.create_task(
            bot.start(token or self.fake.token), name=f"fakediscord-bot-{next(self._counter)}"
        )
        self._tasks[bot] = task
        waiter = asyncio.create_task(self.fake.wait_until_identified(after=before, timeout=timeout))
        done, _ = await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if waiter in done:
            try:
                await waiter
            except InteractionTimeout:
                await self.stop(bot)
                raise
            self._sessions[bot] = self.fake._live_sessions()[-1]
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
        session = self._sessions.pop(bot, None)
        if session is not None:
            # Let the gateway handler notice the closed socket before anything else runs.
            await self.fake.wait_for(
                lambda: session.closed, timeout=timeout, what="the gateway session to close"
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
