"""The whole surface, assembled from its areas; commands run and options completed by path."""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.errors import GuildOnly, bad_input
from bot.paging import fitted
from bot.replies import Reply
from bot.service.gameservice import GameService
from bot.surface.entries import ANYWHERE, NO_GUILD, Context, Entry, Handler, Surface
from bot.surface.game_commands import declare_game
from bot.surface.league_commands import declare_league
from bot.surface.options import check
from bot.surface.rules_commands import declare_rules
from bot.surface.stats_commands import declare_stats
from bot.surface.system_commands import declare_systems
from bot.surface.web_commands import declare_web
from bot.text import Words, pick_language
from rules.core.commands import Command, Option
from rules.core.system import available


def _core(s: Surface) -> None:
    """Declare Banneret's own commands: /game, /rules, /league, /stats and /web."""

    def add(group: str, name: str, handler: Handler, *options: Option,
            private: bool = False) -> None:
        s.add(Entry(group, Command(name=name, options=options, private=private), handler))

    declare_game(add)
    declare_rules(add)
    declare_league(add)
    declare_stats(add)
    declare_web(add)


def surface() -> Surface:
    """Return every command Banneret offers, for the systems registered now."""
    return build(tuple(available()))


@cache
def build(system_ids: tuple[str, ...]) -> Surface:
    """Return Banneret's own commands and those of the given systems (built once)."""
    s = Surface()
    _core(s)
    declare_systems(s, system_ids)
    return s


def run(service: GameService, ctx: Context, path: str, options: dict[str, Any]) -> Reply:
    """Run a command by path with already-typed options."""
    entry = surface().entries.get(path)
    if entry is None:
        raise bad_input("input-no-such-command", command=path, near="none").where(
            pick_language(ctx.caller.locale))
    if ctx.guild_id == NO_GUILD and entry.group not in ANYWHERE:
        # Games, seats and leagues belong to a server's channels; a DM has none.
        raise GuildOnly().where(pick_language(ctx.caller.locale))
    check(entry, options, pick_language(ctx.caller.locale))  # what Discord's checks skipped
    reply = entry.handler(service, ctx, options)
    if entry.command.private:
        reply.ephemeral = True
    # Long lists come in pages already (bot/paging.py); anything else too long for
    # one message keeps what fits, says how much it left out, and carries the whole as a file.
    return fitted(reply, Words.of(pick_language(ctx.caller.locale)))


def autocomplete(
    service: GameService,
    ctx: Context,
    path: str,
    option: str,
    text: str,
    options: dict[str, Any],
) -> list[tuple[str, str]]:
    """Return (name, value) completions for an option, best first, at most 25."""
    entry = surface().entries.get(path)
    spec = next((o for o in entry.options if o.name == option), None) if entry else None
    if spec is None or spec.autocomplete is None or entry is None:
        return []
    if ctx.guild_id == NO_GUILD and entry.group not in ANYWHERE:
        return []
    others = {k: v for k, v in options.items() if k != option}
    # What is typed is completed no further than the option's cap (a forged one is longer).
    typed = text[:spec.max_length] if spec.max_length is not None else text
    return service.complete(ctx.channel_id, ctx.guild_id, ctx.caller, spec.autocomplete, typed,
                            others)


def help_lines(language: str = "en", system_ids: tuple[str, ...] | None = None) -> list[str]:
    """Return one line per command (of the given systems, else all), for help and the docs."""
    lines = []
    chosen = surface() if system_ids is None else build(system_ids)
    for entry in chosen.entries.values():
        opts = " ".join(f"{o.name}:" if o.required else f"[{o.name}:]" for o in entry.options)
        lines.append(f"/{entry.path} {opts}".rstrip() + f" — {entry.description(language)}")
    return lines
