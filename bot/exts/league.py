"""/league: group a server's games for turn tracking and standings."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import BanneretBot
from bot.discord_io import completer, describe, description, run_command


class LeagueCommands(commands.GroupCog, group_name="league",
                     group_description="Track a league's games"):
    """The /league group."""

    @app_commands.command(name="create", description=description("league create"))
    @app_commands.describe(**describe("league create"))
    async def create(self, interaction: discord.Interaction[BanneretBot], name: str) -> None:
        await run_command(interaction, "league create", name=name)

    @app_commands.command(name="add", description=description("league add"))
    @app_commands.describe(**describe("league add"))
    @app_commands.autocomplete(league=completer("league add", "league"))
    async def add(self, interaction: discord.Interaction[BanneretBot], league: str) -> None:
        await run_command(interaction, "league add", league=league)

    @app_commands.command(name="turns", description=description("league turns"))
    @app_commands.describe(**describe("league turns"))
    @app_commands.autocomplete(league=completer("league turns", "league"))
    async def turns(self, interaction: discord.Interaction[BanneretBot], league: str) -> None:
        await run_command(interaction, "league turns", league=league)

    @app_commands.command(name="table", description=description("league table"))
    @app_commands.describe(**describe("league table"))
    @app_commands.autocomplete(league=completer("league table", "league"))
    async def table(self, interaction: discord.Interaction[BanneretBot], league: str) -> None:
        await run_command(interaction, "league table", league=league)


async def setup(bot: BanneretBot) -> None:
    """Load the extension."""
    await bot.add_cog(LeagueCommands())
