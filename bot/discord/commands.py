"""Slash commands built from the command surface: one group per surface group.

Nothing here names a command or a game system. Each declared command becomes an
`app_commands.Command` whose parameters come from its options (types, choices,
ranges, autocomplete), whose callback runs it through the surface, and whose
descriptions are catalogue messages, localized for Discord by `CatalogueTranslator`.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Callable, Coroutine
from typing import Any, Literal

import discord
from discord import app_commands

from bot import progress, uploads
from bot.discord.callers import context_of
from bot.discord.host import host_of
from bot.discord.responses import ProgressNotes, respond_with
from bot.replies import Reply
from bot.service.context import Caller
from bot.surface.dispatch import autocomplete, run
from bot.surface.entries import ANYWHERE, Entry, Surface
from bot.text import DEFAULT, Words, languages, pick_language

log = logging.getLogger(__name__)

_KINDS: dict[str, Any] = {
    "str": str,
    "int": int,
    "float": float,
    "bool": bool,
    "user": discord.User,
    "file": discord.Attachment,
}


def _annotation(entry: Entry, name: str) -> Any:
    """Type one parameter from its declaration: choices, or the option's range or length cap
    (every number option has a range and every text option a cap: rules/core/commands.py)."""
    option = next(o for o in entry.options if o.name == name)
    base: Any = _KINDS[option.kind]
    if option.choices:
        base = Literal.__getitem__(tuple(option.choices))
    elif option.kind in ("int", "float"):
        kind = int if option.kind == "int" else float
        low = kind(option.min_value) if option.min_value is not None else None
        high = kind(option.max_value) if option.max_value is not None else None
        base = app_commands.Range[kind, low, high]
    elif option.kind == "str" and option.max_length is not None:
        base = app_commands.Range[str, None, option.max_length]
    return base if option.required else base | None


def _text(entry: Entry, option: str | None = None) -> app_commands.locale_str:
    key = f"command-{entry.group}-{entry.name}" + (f"-{option}" if option else "")
    return app_commands.locale_str(entry.description(DEFAULT, option)[:100], key=key,
                                   system=entry.system_id)


def build_command(entry: Entry) -> app_commands.Command[Any, ..., None]:
    """Build one slash command from its declaration."""
    path = entry.path

    async def callback(interaction: discord.Interaction[Any], **options: Any) -> None:
        await run_command(interaction, path, **options)

    parameters = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          annotation=discord.Interaction),
    ]
    for option in entry.options:
        parameters.append(inspect.Parameter(
            option.name, inspect.Parameter.KEYWORD_ONLY, annotation=_annotation(entry, option.name),
            default=inspect.Parameter.empty if option.required else None,
        ))
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    func: Callable[..., Coroutine[Any, Any, None]] = callback
    if entry.options:
        func = app_commands.describe(**{o.name: _text(entry, o.name) for o in entry.options})(func)
    completions = {o.name: completer(path, o.name) for o in entry.options if o.autocomplete}
    if completions:
        func = app_commands.autocomplete(**completions)(func)
    return app_commands.Command(name=entry.name, description=_text(entry), callback=func)


def build_groups(surface: Surface) -> list[app_commands.Group]:
    """Build one slash command group per surface group (/game, /rules, /samurai...)."""
    groups: list[app_commands.Group] = []
    for name in surface.group_names():
        entries = [e for e in surface.entries.values() if e.group == name]
        first = entries[0]
        description = app_commands.locale_str(
            surface.group_description(name, DEFAULT)[:100], key=f"command-{name}",
            system=first.system_id)
        # Games live in server channels: a DM has nobody to invite and no moderators,
        # so the commands are offered in servers only (dm_permission false, contexts).
        anywhere = name in ANYWHERE
        group = app_commands.Group(
            name=name, description=description, guild_only=not anywhere,
            allowed_contexts=app_commands.AppCommandContext(
                guild=True, dm_channel=anywhere, private_channel=anywhere),
        )
        for entry in entries:
            group.add_command(build_command(entry))
        groups.append(group)
    return groups


class CatalogueTranslator(app_commands.Translator):
    """Give Discord each description in every language we have a catalogue for."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """Return a description in a Discord locale, or None to keep the English."""
        key = string.extras.get("key")
        language = str(locale.value)
        if not key or language not in languages():
            return None
        if language == DEFAULT:
            return None
        words = Words.of(language, string.extras.get("system"))
        if not words.has(key):
            return None
        return words(key)[:100]


__all__ = ["CatalogueTranslator", "build_command", "build_groups"]


async def run_command(interaction: discord.Interaction[Any], path: str, **options: Any) -> None:
    """Run a surface command from a slash command's typed options."""
    ctx = context_of(interaction)
    service = host_of(interaction).service
    notes = ProgressNotes(interaction)

    async def work() -> Reply:
        # Attachments are downloaded here, inside the time respond_with watches, so a
        # slow download is deferred like slow rendering instead of missing the deadline.
        typed: dict[str, Any] = {}
        for name, value in options.items():
            if value is None:
                continue
            if isinstance(value, discord.User | discord.Member):
                value = Caller(user_id=str(value.id), name=value.display_name, bot=value.bot)
            elif isinstance(value, discord.Attachment):
                value = await read_text(value, ctx.caller.locale)
            typed[name] = value
        with progress.reporting_to(notes.report):  # to_thread carries it into the worker
            return await asyncio.to_thread(run, service, ctx, path, typed)

    await respond_with(interaction, work, what=f"/{path}", notes=notes)


async def read_text(attachment: discord.Attachment, locale: str | None) -> str | bytes:
    """Read a small file attached to a command, such as a roster (size-checked first): text,
    or bytes for a zipped list-builder roster (.rosz)."""
    language = pick_language(locale)
    uploads.check_size(attachment.filename, attachment.size, language)
    return uploads.decode(attachment.filename, await attachment.read(), language)


def completer(path: str, option: str) -> Callable[..., Any]:
    """Make an autocomplete callback for one option, fed by the channel's live game."""

    async def complete(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        service = host_of(interaction).service
        ctx = context_of(interaction)
        namespace = {k: v for k, v in interaction.namespace.__dict__.items() if v is not None}
        try:
            found = await asyncio.to_thread(
                autocomplete, service, ctx, path, option, current, namespace
            )
        except Exception:  # noqa: BLE001 - an autocomplete failure must not break typing
            log.exception("autocomplete %s/%s failed in channel %s", path, option, ctx.channel_id)
            return []
        return [
            app_commands.Choice(name=name[:100], value=value[:100]) for name, value in found[:25]
        ]

    return complete
