"""/wh40k: the Warhammer 40,000 battle tracker (rosters, phases, Battle-shock, Stratagems)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import BanneretBot
from bot.discord_io import completer, describe, description, run_command

Inches60 = app_commands.Range[float, 0, 60]
Inches44 = app_commands.Range[float, 0, 44]
Models = app_commands.Range[int, 1, 100]
Wounds = app_commands.Range[int, 1, 100]
OC = app_commands.Range[int, 0, 20]


def _c(name: str, option: str) -> app_commands.commands.AutocompleteCallback:  # type: ignore[type-arg]
    return completer(f"wh40k {name}", option)


Interaction = discord.Interaction[BanneretBot]


class Wh40kCommands(commands.GroupCog, group_name="wh40k",
                    group_description="Warhammer 40,000 battle tracker"):
    """The /wh40k group."""

    @app_commands.command(name="start", description=description("wh40k start"))
    @app_commands.describe(**describe("wh40k start"))
    async def start(
        self, interaction: Interaction,
        first: Literal["attacker", "defender", "roll-off"] | None = None,
    ) -> None:
        await run_command(interaction, "wh40k start", first=first)

    @app_commands.command(name="next", description=description("wh40k next"))
    async def next(self, interaction: Interaction) -> None:
        await run_command(interaction, "wh40k next")

    @app_commands.command(name="roster", description=description("wh40k roster"))
    @app_commands.describe(**describe("wh40k roster"))
    async def roster(self, interaction: Interaction, text: discord.Attachment) -> None:
        await run_command(interaction, "wh40k roster", text=text)

    @app_commands.command(name="addunit", description=description("wh40k addunit"))
    @app_commands.describe(**describe("wh40k addunit"))
    async def addunit(
        self, interaction: Interaction, name: str, models: Models, wounds: Wounds,
        leadership: str, oc: OC, keywords: str | None = None, reserves: bool | None = None,
    ) -> None:
        await run_command(interaction, "wh40k addunit", name=name, models=models, wounds=wounds,
                          leadership=leadership, oc=oc, keywords=keywords, reserves=reserves)

    @app_commands.command(name="editunit", description=description("wh40k editunit"))
    @app_commands.describe(**describe("wh40k editunit"))
    @app_commands.autocomplete(unit=_c("editunit", "unit"))
    async def editunit(
        self, interaction: Interaction, unit: str, name: str | None = None,
        models: Models | None = None, wounds: Wounds | None = None,
        leadership: str | None = None, oc: OC | None = None, keywords: str | None = None,
        reserves: bool | None = None,
    ) -> None:
        await run_command(interaction, "wh40k editunit", unit=unit, name=name, models=models,
                          wounds=wounds, leadership=leadership, oc=oc, keywords=keywords,
                          reserves=reserves)

    @app_commands.command(name="removeunit", description=description("wh40k removeunit"))
    @app_commands.describe(**describe("wh40k removeunit"))
    @app_commands.autocomplete(unit=_c("removeunit", "unit"))
    async def removeunit(self, interaction: Interaction, unit: str) -> None:
        await run_command(interaction, "wh40k removeunit", unit=unit)

    @app_commands.command(name="attach", description=description("wh40k attach"))
    @app_commands.describe(**describe("wh40k attach"))
    @app_commands.autocomplete(leader=_c("attach", "leader"),
                               bodyguard=_c("attach", "bodyguard"))
    async def attach(self, interaction: Interaction, leader: str, bodyguard: str) -> None:
        await run_command(interaction, "wh40k attach", leader=leader, bodyguard=bodyguard)

    @app_commands.command(name="detach", description=description("wh40k detach"))
    @app_commands.describe(**describe("wh40k detach"))
    @app_commands.autocomplete(leader=_c("detach", "leader"))
    async def detach(self, interaction: Interaction, leader: str) -> None:
        await run_command(interaction, "wh40k detach", leader=leader)

    @app_commands.command(name="move", description=description("wh40k move"))
    @app_commands.describe(**describe("wh40k move"))
    @app_commands.autocomplete(unit=_c("move", "unit"))
    async def move(self, interaction: Interaction, unit: str, x: Inches60, y: Inches44) -> None:
        await run_command(interaction, "wh40k move", unit=unit, x=x, y=y)

    @app_commands.command(name="fallback", description=description("wh40k fallback"))
    @app_commands.describe(**describe("wh40k fallback"))
    @app_commands.autocomplete(unit=_c("fallback", "unit"))
    async def fallback(
        self, interaction: Interaction, unit: str, x: Inches60 | None = None,
        y: Inches44 | None = None, first: Literal["bodyguard", "leader"] | None = None,
    ) -> None:
        await run_command(interaction, "wh40k fallback", unit=unit, x=x, y=y, first=first)

    @app_commands.command(name="casualties", description=description("wh40k casualties"))
    @app_commands.describe(**describe("wh40k casualties"))
    @app_commands.autocomplete(unit=_c("casualties", "unit"))
    async def casualties(
        self, interaction: Interaction, unit: str,
        models: app_commands.Range[int, 0, 100] | None = None,
        wounds: app_commands.Range[int, 0, 1000] | None = None,
    ) -> None:
        await run_command(interaction, "wh40k casualties", unit=unit, models=models,
                          wounds=wounds)

    @app_commands.command(name="restore", description=description("wh40k restore"))
    @app_commands.describe(**describe("wh40k restore"))
    @app_commands.autocomplete(unit=_c("restore", "unit"))
    async def restore(
        self, interaction: Interaction, unit: str,
        models: app_commands.Range[int, 0, 100] | None = None,
        wounds: app_commands.Range[int, 0, 1000] | None = None,
    ) -> None:
        await run_command(interaction, "wh40k restore", unit=unit, models=models, wounds=wounds)

    @app_commands.command(name="shocktest", description=description("wh40k shocktest"))
    @app_commands.describe(**describe("wh40k shocktest"))
    @app_commands.autocomplete(unit=_c("shocktest", "unit"))
    async def shocktest(self, interaction: Interaction, unit: str) -> None:
        await run_command(interaction, "wh40k shocktest", unit=unit)

    @app_commands.command(name="stratagem", description=description("wh40k stratagem"))
    @app_commands.describe(**describe("wh40k stratagem"))
    @app_commands.autocomplete(name=_c("stratagem", "name"), unit=_c("stratagem", "unit"))
    async def stratagem(self, interaction: Interaction, name: str, unit: str | None = None) -> None:
        await run_command(interaction, "wh40k stratagem", name=name, unit=unit)

    @app_commands.command(name="gaincp", description=description("wh40k gaincp"))
    @app_commands.describe(**describe("wh40k gaincp"))
    async def gaincp(
        self, interaction: Interaction, amount: app_commands.Range[int, 1, 5] | None = None,
        source: str | None = None,
    ) -> None:
        await run_command(interaction, "wh40k gaincp", amount=amount, source=source)

    @app_commands.command(name="score", description=description("wh40k score"))
    @app_commands.describe(**describe("wh40k score"))
    async def score(
        self, interaction: Interaction,
        primary: app_commands.Range[int, -50, 50] | None = None,
        secondary: app_commands.Range[int, -40, 40] | None = None,
    ) -> None:
        await run_command(interaction, "wh40k score", primary=primary, secondary=secondary)

    @app_commands.command(name="adjustcp", description=description("wh40k adjustcp"))
    @app_commands.describe(**describe("wh40k adjustcp"))
    @app_commands.autocomplete(side=_c("adjustcp", "side"))
    async def adjustcp(
        self, interaction: Interaction, side: str, cp: app_commands.Range[int, 0, 99]
    ) -> None:
        await run_command(interaction, "wh40k adjustcp", side=side, cp=cp)


async def setup(bot: BanneretBot) -> None:
    """Load the extension."""
    await bot.add_cog(Wh40kCommands())
