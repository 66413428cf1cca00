"""Acting as Discord users: slash commands, autocomplete, clicks, selects and modals,
built into the INTERACTION_CREATE payloads a Discord client would cause, sent on the
gateway, and waited on until the bot's answer has settled."""

from __future__ import annotations

import asyncio
import contextlib
import mimetypes
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from fakediscord.constants import (
    ALL_PERMISSIONS,
    C_BUTTON,
    C_ROW,
    C_STRING_SELECT,
    C_TEXT_INPUT,
    CB_DEFERRED_MESSAGE,
    IT_AUTOCOMPLETE,
    IT_COMMAND,
    IT_COMPONENT,
    IT_MODAL_SUBMIT,
    OPT_ATTACHMENT,
    OPT_BOOLEAN,
    OPT_CHANNEL,
    OPT_GROUP,
    OPT_INTEGER,
    OPT_MENTIONABLE,
    OPT_NUMBER,
    OPT_ROLE,
    OPT_STRING,
    OPT_SUBCOMMAND,
    OPT_USER,
    SELECT_TYPES,
)
from fakediscord.errors import ImpossibleAction, InteractionTimeout
from fakediscord.ids import new_snowflake
from fakediscord.models import (
    Attachment,
    FakeChannel,
    FakeGuild,
    FakeRole,
    FakeUser,
    InteractionResult,
    Message,
    _attachment_payload,
    _Interaction,
)
from fakediscord.state import ServerState


class UserActions(ServerState):
    """Discord users acting through the fake: what a test calls to use the bot."""

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
        guild = record.channel.guild
        session = self._target_session(guild.id if guild is not None else None)
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
