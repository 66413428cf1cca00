"""/rules: look rules up and get rulings on the channel's live game."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import BanneretBot
from bot.discord_io import completer, describe, description, run_command


class RulesCommands(
    commands.GroupCog, group_name="rules", group_description="Look up rules and get rulings"
):
    """The /rules group."""

    @app_commands.command(name="search", description=description("rules search"))
    @app_commands.describe(**describe("rules search"))
    @app_commands.autocomplete(
        keyword=completer("rules search", "keyword"),
        system=completer("rules search", "system"),
    )
    async def search(
        self,
        interaction: discord.Interaction[BanneretBot],
        keyword: str,
        system: str | None = None,
        public: bool | None = None,
    ) -> None:
        await run_command(
            interaction, "rules search", keyword=keyword, system=system, public=public
        )

    @app_commands.command(name="show", description=description("rules show"))
    @app_commands.describe(**describe("rules show"))
    @app_commands.autocomplete(rule=completer("rules show", "rule"))
    async def show(self, interaction: discord.Interaction[BanneretBot], rule: str) -> None:
        await run_command(interaction, "rules show", rule=rule)

    @app_commands.command(name="ruling", description=description("rules ruling"))
    @app_commands.describe(**describe("rules ruling"))
    @app_commands.autocomplete(seat=completer("rules ruling", "seat"))
    async def ruling(
        self, interaction: discord.Interaction[BanneretBot], action: str, seat: str | None = None
    ) -> None:
        await run_command(interaction, "rules ruling", action=action, seat=seat)


async def setup(bot: BanneretBot) -> None:
    """Load the extension."""
    await bot.add_cog(RulesCommands())
