"""The Discord commands and the console expose exactly the same commands and options."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.client import BanneretBot, extension_names
from bot.commands import SURFACE, help_lines
from bot.config import Settings
from bot.service import GameService
from bot.store import Store

KIND = {
    discord.AppCommandOptionType.string: "str",
    discord.AppCommandOptionType.integer: "int",
    discord.AppCommandOptionType.boolean: "bool",
    discord.AppCommandOptionType.user: "user",
    discord.AppCommandOptionType.number: "float",
    discord.AppCommandOptionType.attachment: "file",
}


def _discord_tree(tmp: Path) -> dict[str, dict[str, Any]]:
    async def load() -> dict[str, dict[str, Any]]:
        bot = BanneretBot(GameService(Store(tmp / "s.db")), Settings())
        for name in extension_names():
            await bot.load_extension(name)
        out: dict[str, dict[str, Any]] = {}
        for group in bot.tree.get_commands():
            assert isinstance(group, app_commands.Group)
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
        await bot.close()
        return out

    return asyncio.run(load())


def test_discord_exposes_the_declared_surface(tmp_path: Path) -> None:
    tree = _discord_tree(tmp_path)
    assert set(tree) == set(SURFACE.commands)
    for path, command in SURFACE.commands.items():
        assert tree[path]["description"] == command.description, path
        declared = [
            (
                o.name,
                o.description,
                o.kind,
                o.required,
                o.choices,
                o.min_value,
                o.max_value,
                o.autocomplete is not None,
            )
            for o in command.options
        ]
        assert tree[path]["options"] == declared, path


def test_every_option_is_described_and_help_lists_every_command() -> None:
    for command in SURFACE.commands.values():
        assert command.description and len(command.description) <= 100
        for option in command.options:
            assert option.description and len(option.description) <= 100
    assert len(help_lines()) == len(SURFACE.commands)
