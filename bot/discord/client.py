"""The discord.py client: settings, start-up, extensions, command sync, the error handler."""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import threading
from typing import Any, cast

import discord
import yarl
from aiohttp import web
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.discord.callers import context_of
from bot.discord.commands import CatalogueTranslator, build_groups
from bot.discord.components import GameButton, GamePick
from bot.discord.failures import report_error
from bot.discord.live import LiveTurns
from bot.discord.notices import Scheduled
from bot.discord.responses import respond_with
from bot.service.gameservice import GameService
from bot.service.rulesearch import warm
from bot.surface.dispatch import surface

log = logging.getLogger(__name__)


def point_at(api_base: str | None, gateway_url: str | None) -> None:
    """Send discord.py's REST and gateway traffic elsewhere (our loopback test server)."""
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def settle_heap() -> None:
    """Put what start-up made out of the garbage collector's sight (gc.freeze).

    Start-up leaves a few hundred thousand long-lived objects (modules, pydantic's
    schemas, the catalogues, the rules index) that are never freed. Left in the
    collector's oldest generation, every full collection walks all of them: 30-220 ms
    with the GIL held, measured, in whichever thread it happened to start; the event
    loop stood still meanwhile (`python -m bench loop`: its longest stalls were these).
    Frozen, a full collection walks only what the bot made since. Called when the
    commands are set up and again once the rules index is built. Nothing is collected
    first (that would be one such pause): start-up's little garbage stays.
    """
    gc.freeze()


# How long a thread may hold the GIL while another waits for it (Python's default: 5 ms).
# The event loop shares the GIL with the worker threads that run commands (the store, the
# rules, the words); each time it wakes while one of them runs Python it waits up to this
# long, so a 1 kHz loop-lag probe saw about 0.85 of the workers' running time as the loop
# blocked at 5 ms and 0.55 at 1 ms. Real demo turns in a worker thread (no Discord, the
# intervals alternated turn by turn): the loop was blocked 6.0-7.0 ms a turn at 1 ms,
# 3.6-3.8 ms at 0.2 ms, no less at 0.1 or 0.05 ms (what is left is calls that keep the
# GIL whole, such as json, and the machine). The switch costs microseconds and happens
# only when another thread is waiting; turns a second at ten channels did not move
# beyond this machine's noise.
SWITCH_INTERVAL = 0.0002


class BanneretTree(app_commands.CommandTree["BanneretBot"]):
    """The command tree, with the one error handler every command shares."""

    async def on_error(
        self, interaction: discord.Interaction[BanneretBot], error: app_commands.AppCommandError
    ) -> None:
        """Answer the failure politely; log our own errors."""
        await report_error(interaction, error)


# Banneret never joins voice channels: silence discord.py's notice about voice libraries.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False


class BanneretBot(commands.AutoShardedBot):
    """Banneret on Discord: slash commands and buttons over a GameService.

    discord.py's own sharding: with `BANNERET_SHARDS` unset the process runs every shard
    Discord recommends; set (`0-3/16`) it runs those shards of that many, so several
    processes split the gateway between them.
    """

    def __init__(self, service: GameService, settings: Settings) -> None:
        shards = settings.shard_plan
        # No privileged intents: slash commands and buttons need none. Guilds (not
        # privileged) keeps discord.py's channel state sound.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=BanneretTree,
            help_command=None,
            # None (discord.py's default): every shard, as many as Discord recommends.
            shard_ids=cast(list[int], list(shards.ids) if shards else None),
            shard_count=shards.count if shards else None,
        )
        self.service = service
        self.settings = settings
        # The live message of each game's turn (bot/discord/live.py).
        self.live = LiveTurns()
        # Start-up's freezing of the heap and closing's thawing never cross (settle_heap).
        self._heap_lock = threading.Lock()
        self._closing = False
        # The web companion this process serves (BANNERET_WEB_PORT), on the bot's own loop.
        self._web: web.AppRunner | None = None

    async def setup_hook(self) -> None:
        """Add the slash commands of the surface and the scheduler's check; sync commands."""
        sys.setswitchinterval(SWITCH_INTERVAL)  # the loop waits less for the GIL
        await self.tree.set_translator(CatalogueTranslator())
        for group in build_groups(surface()):
            self.tree.add_command(group)
        await self.add_cog(Scheduled(self))
        self.add_dynamic_items(GameButton, GamePick)
        settle_heap()
        # The rules index (about a second to build) is made now, off the event loop,
        # rather than by the first player to ask a rules question; then what start-up
        # made is put out of the garbage collector's sight (`settle_heap`).
        self._warm_up = asyncio.create_task(asyncio.to_thread(self._start_up_work))
        if self.settings.web_on:  # the turn message and /game status link each game's page
            self.service.pages.address = self.settings.web_address
        if self.settings.web_port is not None:
            from bot.web.server import start

            self._web = await start(self.service, self.settings)
        if self.settings.discord_dev_guild:
            guild = discord.Object(id=self.settings.discord_dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))

    def _start_up_work(self) -> None:
        """Build the rules index, then freeze what it made too (unless closing meanwhile)."""
        warm()
        with self._heap_lock:
            if not self._closing:
                settle_heap()

    async def close(self) -> None:
        """Close the connection; hand what start-up froze back to the collector (a process
        that starts bots one after another, as the tests do, frees each one's leftovers)."""
        with self._heap_lock:
            self._closing = True
        try:
            if self._web is not None:
                await self._web.cleanup()
                self._web = None
            await super().close()
        finally:
            gc.unfreeze()

    async def press_button(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        """Press one of the service's buttons (in a worker thread) and answer the click."""
        ctx = context_of(interaction)
        await respond_with(
            interaction,
            lambda: asyncio.to_thread(self.service.press, ctx.channel_id, ctx.caller, custom_id),
            what=f"button {custom_id}",
        )

    async def choose(self, interaction: discord.Interaction[Any], custom_id: str,
                     values: dict[str, str]) -> None:
        """Answer a choice in a player's controls (in a worker thread), like a button."""
        ctx = context_of(interaction)
        await respond_with(
            interaction,
            lambda: asyncio.to_thread(self.service.choose, ctx.channel_id, ctx.caller,
                                      custom_id, values),
            what=f"control {custom_id}",
        )

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Space the shards' IDENTIFYs as Discord requires (`identify_gap`, 5 s by default)."""
        if not initial:
            await asyncio.sleep(self.settings.identify_gap)

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        """Log errors outside commands with what was happening."""
        log.exception("error in %s", event_method)


def run_bot(settings: Settings, service: GameService) -> int:
    """Start the bot with the token from the settings; return an exit status."""
    assert settings.discord_token is not None
    point_at(settings.api_base, settings.gateway_url)
    client = BanneretBot(service, settings)
    client.run(settings.discord_token.get_secret_value(), log_handler=None)
    return 0
