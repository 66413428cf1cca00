"""Post what falls due with time (reminders, expiries: service/scheduler.py), checked every minute
(`BANNERET_SCHEDULER_EVERY` seconds).

The first check runs as soon as the bot is ready, so what fell due while it was down
is handled once at start-up. Each check runs the service's scheduler in a worker
thread (SQLite never blocks the event loop); the scheduler has already claimed every
notice it returns and keeps it until `delivered` is called after its post. A notice
Discord refuses is logged and not tried again; one this process never got to post
(it died) is posted by the next check of any process, under the same nonce.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord
from discord.ext import commands, tasks

from bot.discord.components import buttons_view
from bot.discord.host import Host
from bot.paging import WHOLE_FILE, clipped
from bot.service.scheduler import Notice
from bot.text import Words

log = logging.getLogger(__name__)

# Discord shows at most this many characters of a plain message.
CONTENT = 2000


def _mentions(notice: Notice) -> discord.AllowedMentions:
    """Let a notice ping its one user and nobody else."""
    users = [discord.Object(id=int(notice.mention))] if notice.mention else []
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=users)


async def _post(target: discord.abc.Messageable, notice: Notice) -> None:
    # The nonce makes a second try of the same notice (its first process died before it
    # was marked posted) return the first message instead of posting another.
    options: dict[str, Any] = {"allowed_mentions": _mentions(notice)}
    if notice.nonce is not None:
        options["nonce"] = notice.nonce
    view = buttons_view(notice.buttons)  # handled like every other game button
    if view is not None:
        options["view"] = view
    # A notice fits a plain message (bot/paging.py NOTICE_ROOM); should one not, it
    # says what it left out and carries the whole text.
    text, whole = clipped(notice.text, Words.of(notice.language), CONTENT)
    if whole is not None:
        options["file"] = discord.File(io.BytesIO(whole), filename=WHOLE_FILE)
    await target.send(text, **options)


class Scheduled(commands.Cog):
    """A background check; it sends messages, it adds no commands."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.check.change_interval(seconds=bot.settings.scheduler_every)
        self.check.start()

    async def cog_unload(self) -> None:
        """Stop the loop with the extension."""
        self.check.cancel()

    @tasks.loop(minutes=1)
    async def check(self) -> None:
        """Run one check (a failure is logged and the loop goes on)."""
        try:
            await self.tick()
        except Exception:
            log.exception("the scheduler check failed")

    async def tick(self) -> list[Notice]:
        """Claim what is due now and post it; return the notices (tests call this)."""
        scheduler = self.bot.service.scheduler
        notices = await asyncio.to_thread(scheduler.due, True)
        for notice in notices:
            await self.send(notice)
            await asyncio.to_thread(scheduler.delivered, notice)
        return notices

    async def send(self, notice: Notice) -> None:
        """Post one notice: by DM to its user, else (or if the DM fails) in its channel."""
        if notice.user_id:
            try:
                user = await self.bot.fetch_user(int(notice.user_id))
                await _post(user, notice)
                return
            except discord.HTTPException:
                log.warning("could not DM user %s about game %s; posting in its channel",
                            notice.user_id, notice.game_id)
        if not notice.channel_id:
            return
        channel = self.bot.get_partial_messageable(int(notice.channel_id))
        try:
            await _post(channel, notice)
        except discord.HTTPException:
            log.warning("could not post a notice of game %s in channel %s", notice.game_id,
                        notice.channel_id)

    @check.before_loop
    async def before_check(self) -> None:
        """Wait for the connection before the first check."""
        await self.bot.wait_until_ready()
