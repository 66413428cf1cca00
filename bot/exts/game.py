"""/game: start, join, show, undo, resign, end, export, verify and configure a game."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import BanneretBot
from bot.discord_io import completer, describe, description, run_command

Language = Literal["en", "pt-BR"]
Reports = Literal["trust", "confirm", "referee"]


class GameCommands(commands.GroupCog, group_name="game", group_description="Play a game here"):
    """The /game group."""

    @app_commands.command(name="new", description=description("game new"))
    @app_commands.describe(**describe("game new"))
    @app_commands.autocomplete(
        system=completer("game new", "system"),
        scenario=completer("game new", "scenario"),
        seat=completer("game new", "seat"),
    )
    async def new(
        self,
        interaction: discord.Interaction[BanneretBot],
        system: str,
        scenario: str,
        opponent: discord.User | None = None,
        seat: str | None = None,
        language: Language | None = None,
    ) -> None:
        await run_command(
            interaction,
            "game new",
            system=system,
            scenario=scenario,
            opponent=opponent,
            seat=seat,
            language=language,
        )

    @app_commands.command(name="join", description=description("game join"))
    @app_commands.describe(**describe("game join"))
    @app_commands.autocomplete(seat=completer("game join", "seat"))
    async def join(
        self, interaction: discord.Interaction[BanneretBot], seat: str | None = None
    ) -> None:
        await run_command(interaction, "game join", seat=seat)

    @app_commands.command(name="status", description=description("game status"))
    async def status(self, interaction: discord.Interaction[BanneretBot]) -> None:
        await run_command(interaction, "game status")

    @app_commands.command(name="hand", description=description("game hand"))
    async def hand(self, interaction: discord.Interaction[BanneretBot]) -> None:
        await run_command(interaction, "game hand")

    @app_commands.command(name="log", description=description("game log"))
    @app_commands.describe(**describe("game log"))
    async def log(
        self,
        interaction: discord.Interaction[BanneretBot],
        last: app_commands.Range[int, 1, 50] | None = None,
    ) -> None:
        await run_command(interaction, "game log", last=last)

    @app_commands.command(name="undo", description=description("game undo"))
    async def undo(self, interaction: discord.Interaction[BanneretBot]) -> None:
        await run_command(interaction, "game undo")

    @app_commands.command(name="answer", description=description("game answer"))
    @app_commands.describe(**describe("game answer"))
    async def answer(self, interaction: discord.Interaction[BanneretBot], agree: bool) -> None:
        await run_command(interaction, "game answer", agree=agree)

    @app_commands.command(name="resign", description=description("game resign"))
    async def resign(self, interaction: discord.Interaction[BanneretBot]) -> None:
        await run_command(interaction, "game resign")

    @app_commands.command(name="end", description=description("game end"))
    async def end(self, interaction: discord.Interaction[BanneretBot]) -> None:
        await run_command(interaction, "game end")

    @app_commands.command(name="export", description=description("game export"))
    async def export(self, interaction: discord.Interaction[BanneretBot]) -> None:
        await run_command(interaction, "game export")

    @app_commands.command(name="verify", description=description("game verify"))
    async def verify(self, interaction: discord.Interaction[BanneretBot]) -> None:
        await run_command(interaction, "game verify")

    @app_commands.command(name="settings", description=description("game settings"))
    @app_commands.describe(**describe("game settings"))
    async def settings(
        self,
        interaction: discord.Interaction[BanneretBot],
        language: Language | None = None,
        deadline_hours: app_commands.Range[int, 0, 336] | None = None,
        reports: Reports | None = None,
    ) -> None:
        await run_command(
            interaction,
            "game settings",
            language=language,
            deadline_hours=deadline_hours,
            reports=reports,
        )


async def setup(bot: BanneretBot) -> None:
    """Load the extension."""
    await bot.add_cog(GameCommands())
