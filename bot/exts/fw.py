"""/fw: Fantasy Warriors combination orders (battle plans, reports, automatic switching)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import BanneretBot
from bot.discord_io import completer, describe, description, run_command

Interaction = discord.Interaction[BanneretBot]
X = app_commands.Range[float, 0, 72]
Y = app_commands.Range[float, 0, 48]


def _c(name: str, option: str) -> app_commands.commands.AutocompleteCallback:  # type: ignore[type-arg]
    return completer(f"fw {name}", option)


class FantasyWarriorsCommands(commands.GroupCog, group_name="fw",
                              group_description="Fantasy Warriors combination orders"):
    """The /fw group."""

    @app_commands.command(name="order", description=description("fw order"))
    @app_commands.describe(**describe("fw order"))
    @app_commands.autocomplete(command=_c("order", "command"), order=_c("order", "order"),
                               objective=_c("order", "objective"), target=_c("order", "target"))
    async def order(
        self, interaction: Interaction, command: str, order: str,
        objective: str | None = None, target: str | None = None,
        target_side: Literal["enemy", "friendly"] | None = None,
        approach: Literal["contact", "enter", "stand over"] | None = None,
        passed_test: bool | None = None,
    ) -> None:
        await run_command(interaction, "fw order", command=command, order=order,
                          objective=objective, target=target, target_side=target_side,
                          approach=approach, passed_test=passed_test)

    @app_commands.command(name="ready", description=description("fw ready"))
    async def ready(self, interaction: Interaction) -> None:
        await run_command(interaction, "fw ready")

    @app_commands.command(name="move", description=description("fw move"))
    @app_commands.describe(**describe("fw move"))
    @app_commands.autocomplete(unit=_c("move", "unit"))
    async def move(
        self, interaction: Interaction, unit: str, x: X, y: Y,
        make_room: bool | None = None, forced: bool | None = None,
    ) -> None:
        await run_command(interaction, "fw move", unit=unit, x=x, y=y, make_room=make_room,
                          forced=forced)

    @app_commands.command(name="contact", description=description("fw contact"))
    @app_commands.describe(**describe("fw contact"))
    @app_commands.autocomplete(unit=_c("contact", "unit"), enemy=_c("contact", "enemy"))
    async def contact(self, interaction: Interaction, unit: str, enemy: str) -> None:
        await run_command(interaction, "fw contact", unit=unit, enemy=enemy)

    @app_commands.command(name="engaged", description=description("fw engaged"))
    @app_commands.describe(**describe("fw engaged"))
    @app_commands.autocomplete(unit=_c("engaged", "unit"))
    async def engaged(self, interaction: Interaction, unit: str) -> None:
        await run_command(interaction, "fw engaged", unit=unit)

    @app_commands.command(name="disengaged", description=description("fw disengaged"))
    @app_commands.describe(**describe("fw disengaged"))
    @app_commands.autocomplete(unit=_c("disengaged", "unit"))
    async def disengaged(self, interaction: Interaction, unit: str) -> None:
        await run_command(interaction, "fw disengaged", unit=unit)

    @app_commands.command(name="destroyed", description=description("fw destroyed"))
    @app_commands.describe(**describe("fw destroyed"))
    @app_commands.autocomplete(unit=_c("destroyed", "unit"))
    async def destroyed(self, interaction: Interaction, unit: str) -> None:
        await run_command(interaction, "fw destroyed", unit=unit)

    @app_commands.command(name="left", description=description("fw left"))
    @app_commands.describe(**describe("fw left"))
    @app_commands.autocomplete(unit=_c("left", "unit"))
    async def left(self, interaction: Interaction, unit: str) -> None:
        await run_command(interaction, "fw left", unit=unit)

    @app_commands.command(name="sight", description=description("fw sight"))
    @app_commands.describe(**describe("fw sight"))
    @app_commands.autocomplete(unit=_c("sight", "unit"))
    async def sight(self, interaction: Interaction, unit: str, visible: bool) -> None:
        await run_command(interaction, "fw sight", unit=unit, visible=visible)

    @app_commands.command(name="combat", description=description("fw combat"))
    @app_commands.describe(**describe("fw combat"))
    @app_commands.autocomplete(unit=_c("combat", "unit"))
    async def combat(
        self, interaction: Interaction, unit: str,
        dice: app_commands.Range[int, 1, 200] | None = None, roll: bool | None = None,
    ) -> None:
        await run_command(interaction, "fw combat", unit=unit, dice=dice, roll=roll)

    @app_commands.command(name="endturn", description=description("fw endturn"))
    async def endturn(self, interaction: Interaction) -> None:
        await run_command(interaction, "fw endturn")

    @app_commands.command(name="adjust", description=description("fw adjust"))
    @app_commands.describe(**describe("fw adjust"))
    @app_commands.autocomplete(unit=_c("adjust", "unit"), command=_c("adjust", "command"),
                               order=_c("adjust", "order"), objective=_c("adjust", "objective"),
                               target=_c("adjust", "target"))
    async def adjust(
        self, interaction: Interaction, unit: str | None = None, x: X | None = None,
        y: Y | None = None, status: Literal["in-play", "destroyed", "left"] | None = None,
        engaged: bool | None = None, visible: bool | None = None, command: str | None = None,
        order: str | None = None, objective: str | None = None, target: str | None = None,
        stage: Literal["first", "second", "fallback"] | None = None,
    ) -> None:
        await run_command(interaction, "fw adjust", unit=unit, x=x, y=y, status=status,
                          engaged=engaged, visible=visible, command=command, order=order,
                          objective=objective, target=target, stage=stage)


async def setup(bot: BanneretBot) -> None:
    """Load the extension."""
    await bot.add_cog(FantasyWarriorsCommands())
