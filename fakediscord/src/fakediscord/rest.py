"""The HTTP side: the route table, the middleware (authorisation, rejections, activity)
and the REST handlers for identity, commands, interactions, channels, guilds and
messages, with the storing of messages and their attachments."""

from __future__ import annotations

import asyncio
import json
import logging
import mimetypes
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
from aiohttp import web

from fakediscord.constants import (
    API_VERSION,
    CB_AUTOCOMPLETE,
    CB_DEFERRED_MESSAGE,
    CB_DEFERRED_UPDATE,
    CB_MESSAGE,
    CB_MODAL,
    CB_PONG,
    CB_UPDATE,
    CH_PRIVATE_THREAD,
    CH_PUBLIC_THREAD,
    COMPONENTS_V2,
    EPHEMERAL,
    IT_AUTOCOMPLETE,
    IT_COMMAND,
    IT_COMPONENT,
    IT_MODAL_SUBMIT,
    IT_PING,
    LOADING,
)
from fakediscord.errors import Rejection, _ApiError
from fakediscord.gateway import GatewayEndpoint
from fakediscord.ids import _now, new_snowflake
from fakediscord.limits import (
    _validate_choices,
    _validate_commands,
    _validate_modal,
    _validate_revision,
)
from fakediscord.models import Attachment, FakeChannel, FakeGuild, Message, Revision, _Interaction

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Upload:
    name: str
    filename: str
    data: bytes
    content_type: str


class RestApi(GatewayEndpoint):
    """The HTTP application: routes, middleware and the REST API a discord.py bot calls."""

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
                "shards": self.shard_count,
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
            _validate_modal(data)
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
        nonce = body.get("nonce")
        key = (channel.id, str(nonce))
        if nonce is not None and body.get("enforce_nonce") and key in self.nonced:
            # As Discord: the same author, channel and nonce again returns the first message.
            return _json(self.nonced[key].to_api(self.bot_user, self.application_id,
                                                 self.origin))
        rev = self._new_revision(body, uploads, allow_ephemeral=False)
        msg = self._create_message(channel, rev, kind="channel", record=None)
        if nonce is not None and body.get("enforce_nonce"):
            self.nonced[key] = msg
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
        self._broadcast("THREAD_CREATE", payload | {"newly_created": True},
                        guild_id=parent.guild.id)
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


def _json(data: Any, *, status: int = 200) -> web.Response:
    return web.Response(
        status=status,
        body=json.dumps(data).encode(),
        headers={"Content-Type": "application/json"},
    )
