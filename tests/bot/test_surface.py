"""The Discord commands are built from the surface: the same commands and options as the console."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord.commands import CatalogueTranslator, build_groups
from bot.errors import GuildOnly
from bot.service.gameservice import GameService
from bot.surface.dispatch import autocomplete, help_lines, run, surface
from bot.surface.entries import NO_GUILD, Context
from bot.text import languages
from tests.bot.conftest import ALICE, BOB

KIND = {
    discord.AppCommandOptionType.string: "str",
    discord.AppCommandOptionType.integer: "int",
    discord.AppCommandOptionType.boolean: "bool",
    discord.AppCommandOptionType.user: "user",
    discord.AppCommandOptionType.number: "float",
    discord.AppCommandOptionType.attachment: "file",
}


def _discord_tree() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for group in build_groups(surface()):
        for command in group.commands:
            assert isinstance(command, app_commands.Command)
            out[f"{group.name} {command.name}"] = {
                "description": command.description,
                "options": [
                    (
                        p.name,
                        p.description,
                        KIND[p.type],
                        p.required,
                        tuple(c.value for c in p.choices),
                        p.min_value,
                        p.max_value,
                        p.autocomplete,
                    )
                    for p in command.parameters
                ],
            }
    return out


def test_discord_exposes_the_declared_surface() -> None:
    tree = _discord_tree()
    assert set(tree) == set(surface().entries)
    for path, entry in surface().entries.items():
        assert tree[path]["description"] == entry.description("en"), path
        declared = [
            (
                o.name,
                entry.description("en", o.name),
                o.kind,
                o.required,
                o.choices,
                o.min_value,
                # Discord keeps a string's length cap where a number keeps its maximum.
                o.max_length if o.kind == "str" and not o.choices else o.max_value,
                o.autocomplete is not None,
            )
            for o in entry.options
        ]
        assert tree[path]["options"] == declared, path


def test_every_command_and_option_is_described_in_every_language() -> None:
    for entry in surface().entries.values():
        for language in languages():
            for option in (None, *(o.name for o in entry.options)):
                text = entry.description(language, option)
                assert text and len(text) <= 100, (entry.path, option, language, text)
                assert not text.startswith("command-"), (entry.path, option, language)
    assert len(help_lines()) == len(surface().entries)


def test_discord_gets_the_descriptions_in_portuguese() -> None:
    async def translated() -> str | None:
        group = next(g for g in build_groups(surface()) if g.name == "game")
        new = next(c for c in group.commands if c.name == "new")
        assert isinstance(new, app_commands.Command)
        return await CatalogueTranslator().translate(
            new._locale_description or app_commands.locale_str(new.description),
            discord.Locale.brazil_portuguese, None,  # type: ignore[arg-type]
        )

    assert asyncio.run(translated()) == (
        "Comece uma partida neste canal (uma por canal; use um tópico para outra)"
    )


def test_a_game_command_from_outside_a_server_is_refused_politely(
    service: GameService,
) -> None:
    dm = Context(channel_id="dm-alice", guild_id=NO_GUILD, caller=ALICE)
    with pytest.raises(GuildOnly):
        run(service, dm, "game new", {"system": "race", "scenario": "short", "opponent": BOB})
    with pytest.raises(GuildOnly):
        run(service, dm, "league standings", {"league": "x"})
    assert autocomplete(service, dm, "league standings", "league", "", {}) == []
    found = run(service, dm, "rules search", {"keyword": "leader"})
    assert found.lines
