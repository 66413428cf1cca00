"""/samurai: Command & Colors: Samurai Battles actions (cards, orders, moves, battles)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import BanneretBot
from bot.discord_io import completer, describe, description, run_command


def _c(name: str, option: str) -> app_commands.commands.AutocompleteCallback:  # type: ignore[type-arg]
    return completer(f"samurai {name}", option)


class SamuraiCommands(
    commands.GroupCog, group_name="samurai", group_description="Command & Colors: Samurai Battles"
):
    """The /samurai group."""

    @app_commands.command(name="play", description=description("samurai play"))
    @app_commands.describe(**describe("samurai play"))
    @app_commands.autocomplete(card=_c("play", "card"))
    async def play(self, interaction: discord.Interaction[BanneretBot], card: str) -> None:
        await run_command(interaction, "samurai play", card=card)

    @app_commands.command(name="order", description=description("samurai order"))
    @app_commands.describe(**describe("samurai order"))
    @app_commands.autocomplete(pieces=_c("order", "pieces"))
    async def order(self, interaction: discord.Interaction[BanneretBot], pieces: str) -> None:
        await run_command(interaction, "samurai order", pieces=pieces)

    @app_commands.command(name="move", description=description("samurai move"))
    @app_commands.describe(**describe("samurai move"))
    @app_commands.autocomplete(piece=_c("move", "piece"), to=_c("move", "to"))
    async def move(
        self, interaction: discord.Interaction[BanneretBot], piece: str, to: str
    ) -> None:
        await run_command(interaction, "samurai move", piece=piece, to=to)

    @app_commands.command(name="battle", description=description("samurai battle"))
    @app_commands.describe(**describe("samurai battle"))
    @app_commands.autocomplete(piece=_c("battle", "piece"), target=_c("battle", "target"))
    async def battle(
        self, interaction: discord.Interaction[BanneretBot], piece: str, target: str
    ) -> None:
        await run_command(interaction, "samurai battle", piece=piece, target=target)

    @app_commands.command(name="retreat", description=description("samurai retreat"))
    @app_commands.describe(**describe("samurai retreat"))
    @app_commands.autocomplete(to=_c("retreat", "to"))
    async def retreat(self, interaction: discord.Interaction[BanneretBot], to: str) -> None:
        await run_command(interaction, "samurai retreat", to=to)

    @app_commands.command(name="keep", description=description("samurai keep"))
    @app_commands.describe(**describe("samurai keep"))
    @app_commands.autocomplete(card=_c("keep", "card"))
    async def keep(self, interaction: discord.Interaction[BanneretBot], card: str) -> None:
        await run_command(interaction, "samurai keep", card=card)

    @app_commands.command(name="endturn", description=description("samurai endturn"))
    async def endturn(self, interaction: discord.Interaction[BanneretBot]) -> None:
        await run_command(interaction, "samurai endturn")

    @app_commands.command(name="adjust", description=description("samurai adjust"))
    @app_commands.describe(**describe("samurai adjust"))
    @app_commands.autocomplete(
        piece=_c("adjust", "piece"), to=_c("adjust", "to"), banner=_c("adjust", "banner")
    )
    async def adjust(
        self,
        interaction: discord.Interaction[BanneretBot],
        piece: str | None = None,
        figures: app_commands.Range[int, -10, 10] | None = None,
        to: str | None = None,
        banner: str | None = None,
        tokens: app_commands.Range[int, -10, 10] | None = None,
        note: str | None = None,
    ) -> None:
        await run_command(
            interaction,
            "samurai adjust",
            piece=piece,
            figures=figures,
            to=to,
            banner=banner,
            tokens=tokens,
            note=note,
        )


async def setup(bot: BanneretBot) -> None:
    """Load the extension."""
    await bot.add_cog(SamuraiCommands())
