"""Who and where an interaction comes from: the caller (moderators may referee) and the channel."""

from __future__ import annotations

from typing import Any

import discord

from bot.service.context import Caller
from bot.surface.entries import NO_GUILD, Context


def caller_of(interaction: discord.Interaction[Any]) -> Caller:
    """Describe the user behind an interaction (moderators may referee)."""
    user = interaction.user
    # The permissions Discord resolved for this channel, sent with the interaction.
    # Member.guild_permissions would read roles from the guild cache, which is empty
    # because the bot asks for no intents, so moderators would never be recognised.
    perms = interaction.permissions
    moderator = bool(interaction.guild_id and (perms.manage_channels or perms.manage_guild))
    return Caller(
        user_id=str(user.id),
        name=user.display_name,
        moderator=moderator,
        locale=str(interaction.locale) if interaction.locale else None,
    )


def context_of(interaction: discord.Interaction[Any]) -> Context:
    """Describe where an interaction happened."""
    return Context(
        channel_id=str(interaction.channel_id),
        guild_id=str(interaction.guild_id or NO_GUILD),
        caller=caller_of(interaction),
    )
