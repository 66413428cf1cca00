"""What the rest of the Discord transport needs of the bot (`BanneretBot` in client.py has it).

Declared here, below every module that uses it, so that none of them imports the client:
the client imports them.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import discord

from bot.config import Settings
from bot.discord.live import LiveTurns
from bot.service.gameservice import GameService


class Host(Protocol):
    """The running bot, as its commands, buttons and scheduled notices see it."""

    service: GameService
    settings: Settings
    live: LiveTurns

    async def press_button(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        """Answer a click on one of the service's buttons."""

    async def choose(self, interaction: discord.Interaction[Any], custom_id: str,
                     values: dict[str, str]) -> None:
        """Answer a pick list's choice or a form's typed values (a player's controls)."""

    async def fetch_user(self, user_id: int, /) -> discord.User:
        """Fetch a user (to send a direct message)."""

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None
                                ) -> discord.PartialMessageable:
        """Return a channel to post in without fetching it."""

    async def wait_until_ready(self) -> None:
        """Wait until the gateway is ready."""


def host_of(interaction: discord.Interaction[Any]) -> Host:
    """Return the bot an interaction came to."""
    return cast(Host, interaction.client)
