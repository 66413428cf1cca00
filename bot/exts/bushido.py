"""/bushido: Bushido, a Batalha de Sekigahara (moves, attacks, a commander's flight)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import BanneretBot
from bot.discord_io import completer, describe, description, run_command

Interaction = discord.Interaction[BanneretBot]


def _c(name: str, option: str) -> app_commands.commands.AutocompleteCallback:  # type: ignore[type-arg]
    return completer(f"bushido {name}", option)


class BushidoCommands(commands.GroupCog, group_name="bushido",
                      group_description="Bushido: the Battle of Sekigahara"):
    """The /bushido group."""

    @app_commands.command(name="move", description=description("bushido move"))
    @app_commands.describe(**describe("bushido move"))
    @app_commands.autocomplete(piece=_c("move", "piece"), to=_c("move", "to"))
    async def move(self, interaction: Interaction, piece: str, to: str) -> None:
        await run_command(interaction, "bushido move", piece=piece, to=to)

    @app_commands.command(name="attack", description=description("bushido attack"))
    @app_commands.describe(**describe("bushido attack"))
    @app_commands.autocomplete(piece=_c("attack", "piece"), target=_c("attack", "target"))
    async def attack(self, interaction: Interaction, piece: str, target: str) -> None:
        await run_command(interaction, "bushido attack", piece=piece, target=target)

    @app_commands.command(name="flee", description=description("bushido flee"))
    @app_commands.describe(**describe("bushido flee"))
    @app_commands.autocomplete(to=_c("flee", "to"))
    async def flee(self, interaction: Interaction, to: str) -> None:
        await run_command(interaction, "bushido flee", to=to)

    @app_commands.command(name="counter", description=description("bushido counter"))
    async def counter(self, interaction: Interaction) -> None:
        await run_command(interaction, "bushido counter")

    @app_commands.command(name="hold", description=description("bushido hold"))
    async def hold(self, interaction: Interaction) -> None:
        await run_command(interaction, "bushido hold")

    @app_commands.command(name="adjust", description=description("bushido adjust"))
    @app_commands.describe(**describe("bushido adjust"))
    @app_commands.autocomplete(piece=_c("adjust", "piece"), to=_c("adjust", "to"))
    async def adjust(
        self, interaction: Interaction, piece: str, to: str | None = None,
        remove: bool | None = None, reveal: bool | None = None, note: str | None = None,
    ) -> None:
        await run_command(interaction, "bushido adjust", piece=piece, to=to, remove=remove,
                          reveal=reveal, note=note)


async def setup(bot: BanneretBot) -> None:
    """Load the extension."""
    await bot.add_cog(BushidoCommands())
