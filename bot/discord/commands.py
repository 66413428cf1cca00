"""Slash commands built from the command surface: one group per surface group.

Nothing here names a command or a game system. Each declared command becomes an
`app_commands.Command` whose parameters come from its options (types, choices,
ranges, autocomplete), whose callback runs it through the surface, and whose
descriptions are catalogue messages, localized for Discord by `CatalogueTranslator`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine
from typing import Any, Literal

import discord
from discord import app_commands

from bot.discord.io import completer, run_command
from bot.surface.declared import ANYWHERE, Entry, Surface
from bot.text import DEFAULT, Words, languages

_KINDS: dict[str, Any] = {
    "str": str,
    "int": int,
    "float": float,
    "bool": bool,
    "user": discord.User,
    "file": discord.Attachment,
}


def _annotation(entry: Entry, name: str) -> Any:
    option = next(o for o in entry.options if o.name == name)
    base: Any = _KINDS[option.kind]
    if option.choices:
        base = Literal.__getitem__(tuple(option.choices))
    elif option.kind in ("int", "float") and (
        option.min_value is not None or option.max_value is not None
    ):
        kind = int if option.kind == "int" else float
        low = kind(option.min_value) if option.min_value is not None else None
        high = kind(option.max_value) if option.max_value is not None else None
        base = app_commands.Range[kind, low, high]
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
