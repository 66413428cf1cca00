"""The discord.py client: settings, start-up, extensions, command sync, the error handler."""

from __future__ import annotations

import logging
import pkgutil
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.ext import commands

import bot.exts
from bot.config import Settings
from bot.discord_io import GameButton, report_error
from bot.service import GameService

log = logging.getLogger(__name__)


def extension_names() -> list[str]:
    """Return every extension module under bot/exts (private modules start with _)."""
    return sorted(
        f"bot.exts.{m.name}"
        for m in pkgutil.iter_modules(bot.exts.__path__)
        if not m.name.startswith("_")
    )


def point_at(api_base: str | None, gateway_url: str | None) -> None:
    """Send discord.py's REST and gateway traffic elsewhere (our loopback test server)."""
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


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


class BanneretBot(commands.Bot):
    """Banneret on Discord: slash commands and buttons over a GameService."""

    def __init__(self, service: GameService, settings: Settings) -> None:
        # No privileged intents: slash commands and buttons need none. Guilds (not
        # privileged) keeps discord.py's channel state sound.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=BanneretTree,
            help_command=None,
        )
        self.service = service
        self.settings = settings

    async def setup_hook(self) -> None:
        """Load every extension, register persistent buttons, sync commands."""
        for name in extension_names():
            await self.load_extension(name)
        self.add_dynamic_items(GameButton)
        if self.settings.discord_dev_guild:
            guild = discord.Object(id=self.settings.discord_dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        """Log errors outside commands with what was happening."""
        log.exception("error in %s", event_method)


def run_bot(settings: Settings) -> int:
    """Start the bot with the token from the settings; return an exit status."""
    from bot.cli import make_service

    assert settings.discord_token is not None
    point_at(settings.api_base, settings.gateway_url)
    client = BanneretBot(make_service(settings.db), settings)
    client.run(settings.discord_token.get_secret_value(), log_handler=None)
    return 0
