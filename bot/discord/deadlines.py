"""Remind players whose turn has waited past their game's deadline (checked every few minutes)."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.deadlines import overdue

if TYPE_CHECKING:
    from bot.discord.client import BanneretBot

log = logging.getLogger(__name__)


class Deadlines(commands.Cog):
    """A background check; it sends messages, it adds no commands."""

    def __init__(self, bot: BanneretBot) -> None:
        self.bot = bot
        self.check.start()

    async def cog_unload(self) -> None:
        """Stop the loop with the extension."""
        self.check.cancel()

    @tasks.loop(minutes=5)
    async def check(self) -> None:
        """Ping each player whose turn is overdue, once per position."""
        for reminder in await asyncio.to_thread(overdue, self.bot.service.store):
            channel = self.bot.get_partial_messageable(int(reminder.channel_id))
            try:
                await channel.send(
                    reminder.text,
                    allowed_mentions=discord.AllowedMentions(
                        everyone=False, roles=False,
                        users=[discord.Object(id=int(reminder.user_id))],
                    ),
                )
            except discord.HTTPException:
                log.warning("could not remind game %s in channel %s", reminder.game_id,
                            reminder.channel_id)

    @check.before_loop
    async def before_check(self) -> None:
        """Wait for the connection before the first check."""
        await self.bot.wait_until_ready()
