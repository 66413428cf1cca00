"""Every game system's commands: each declared next to its system, each applies one action."""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.replies import Reply
from bot.service.gameservice import GameService
from bot.surface.entries import Context, Entry, Handler, Surface
from rules.core.commands import Command, Option
from rules.core.system import system


def act(action: str) -> Handler:
    """Return the handler of a command that applies one action type (options = its fields)."""

    def handler(service: GameService, ctx: Context, o: dict[str, Any]) -> Reply:
        data = {"type": action, **{k: v for k, v in o.items() if v is not None}}
        return service.act(ctx.channel_id, ctx.caller, data)

    return handler


def offer(action: str) -> Handler:
    """Return the handler of a `preview` command: show its action first (importreview.py)."""

    def handler(service: GameService, ctx: Context, o: dict[str, Any]) -> Reply:
        data = {"type": action, **{k: v for k, v in o.items() if v is not None}}
        return service.offer(ctx.channel_id, ctx.caller, data)

    return handler


def declare_systems(s: Surface, system_ids: tuple[str, ...]) -> None:
    """Declare every game system's commands under its own group."""
    for system_id in system_ids:
        sys = system(system_id)
        group = sys.command_group or system_id
        s.groups[system_id] = group
        for command in sys.commands:
            assert command.action is not None, f"{group} {command.name} applies no action"
            run_it = offer if command.preview else act
            s.add(Entry(group, command, run_it(command.action), system_id))
        if sys.uploads_scenarios:
            s.add(Entry(group, Command(name="scenario", options=(
                Option(name="upload", kind="file"),), private=True),
                upload(system_id), system_id))
        if sys.uploads_datasheets:
            s.add(Entry(group, Command(name="datasheets", options=(
                Option(name="upload", kind="file", required=False),
                Option(name="remove", required=False, max_length=100,
                       autocomplete="datasheets")), private=True),
                datasheets(system_id), system_id))


def upload(system_id: str) -> Handler:
    """Return the handler of `/<system> scenario upload:<file>`: a preview of its map."""

    def handler(service: GameService, ctx: Context, o: dict[str, Any]) -> Reply:
        return service.upload_scenario(ctx.guild_id, ctx.caller, system_id, o["upload"])

    return handler


def datasheets(system_id: str) -> Handler:
    """Return the handler of `/<system> datasheets [upload:<file>] [remove:<name>]`."""

    def handler(service: GameService, ctx: Context, o: dict[str, Any]) -> Reply:
        return service.datasheets_command(ctx.guild_id, ctx.caller, system_id,
                                          o.get("upload"), o.get("remove"))

    return handler


@cache
def system_surface(system_id: str) -> Surface:
    """Return one system's commands alone (to read a typed action of its game)."""
    s = Surface()
    declare_systems(s, (system_id,))
    return s
