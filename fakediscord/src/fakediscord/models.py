"""The fake's world and what the bot sent into it: roles, users, channels, guilds,
attachments, messages and their revisions, and interactions with the live view of
their results."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

import discord

from fakediscord.constants import (
    ALL_PERMISSIONS,
    CB_DEFERRED_MESSAGE,
    CB_DEFERRED_UPDATE,
    CH_DM,
    CH_PRIVATE_THREAD,
    CH_PUBLIC_THREAD,
    CH_TEXT,
    EPHEMERAL,
    LOADING,
    _perm_value,
)
from fakediscord.errors import ImpossibleAction, Rejection
from fakediscord.ids import _iso, _now, stable_snowflake


class World(Protocol):
    """What a model asks of the server state it belongs to (state.ServerState is one).

    Declared here, below the state, so that the models never import the state that holds them.
    """

    messages: list[Message]

    def _register_channel(self, channel: FakeChannel, *, announce: str | None = None) -> None:
        """Add a channel to the world and announce it on the gateway."""

    def _broadcast(
        self, event: str, data: dict[str, Any], *, intent: int = 0, guild_id: int | None = None
    ) -> None:
        """Send an event to every live session that wants it."""


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
    _fake: World | None = field(default=None, repr=False)

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
                "GUILD_ROLE_CREATE", {"guild_id": str(self.id), "role": role.to_payload()},
                guild_id=self.id,
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

    def __init__(self, fake: World, record: _Interaction) -> None:
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
