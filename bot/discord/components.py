"""Buttons on Discord: the service's buttons as persistent components (they survive restarts)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord.host import host_of
from bot.replies import Button, Reply


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"bn:(?P<rest>.+)"):
    """A button made by the service; survives restarts because its id says everything."""

    def __init__(self, custom_id: str, label: str = "…", style: str = "primary") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                custom_id=custom_id,
                style=getattr(discord.ButtonStyle, style, discord.ButtonStyle.primary),
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GameButton:
        """Rebuild the button from a click (its label is not needed to act)."""
        return cls(f"bn:{match['rest']}")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Press the button: the bot answers it through the service."""
        await host_of(interaction).press_button(interaction, self.custom_id)


def reply_view(reply: Reply) -> discord.ui.View | None:
    """Build the buttons under a reply (persistent: no timeout)."""
    return buttons_view(reply.buttons)


def buttons_view(buttons: Sequence[Button]) -> discord.ui.View | None:
    """Build a persistent view of game buttons (at most Discord's 25); None for none."""
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for button in buttons[:25]:
        view.add_item(GameButton(button.custom_id, button.label, button.style))
    return view
