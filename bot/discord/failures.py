"""The one error handler: a player's mistake answered with its rule, our own errors logged
with a reference and the game, and the player told the action was not applied."""

from __future__ import annotations

import io
import logging
import uuid
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.discord.components import reply_view
from bot.discord.messages import COLOURS, NO_MENTIONS, drop_thinking
from bot.errors import PlayerError, bad_input
from bot.paging import WHOLE_FILE, clipped
from bot.replies import MAX_REPLY, Reply
from bot.service.rulebook import cite, rule_button
from bot.store.faults import StoreError
from bot.text import Words, pick_language

log = logging.getLogger(__name__)


async def _refused_in_place(interaction: discord.Interaction[Any], embed: discord.Embed,
                            rule: discord.ui.View | None, whole: bytes | None) -> bool:
    """Show a refusal in the private message whose control was used (a player's controls,
    bot/service/panels.py): above what it showed, its controls kept, the rule's button
    added where a row has room. Say whether it was shown so."""
    message = interaction.message
    usable = (discord.InteractionType.component, discord.InteractionType.modal_submit)
    if (interaction.type not in usable or message is None or not message.flags.ephemeral
            or whole is not None):
        return False
    view = discord.ui.View.from_message(message, timeout=None)
    for item in (rule.children if rule is not None else []):
        try:
            view.add_item(item)
        except ValueError:
            break  # five full rows: the refusal names the rule all the same
    kept = [e for e in message.embeds if e.colour != discord.Colour(COLOURS["refused"])][-1:]
    try:
        if interaction.response.is_done():
            await interaction.edit_original_response(embeds=[embed, *kept], view=view)
        else:
            await interaction.response.edit_message(embeds=[embed, *kept], view=view)
    except discord.HTTPException:
        return False
    return True


def running(interaction: discord.Interaction[Any]) -> str:
    """Say what an interaction was doing, for the log: a slash command or a button."""
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: Mapping[str, Any] = interaction.data or {}
    custom_id = data.get("custom_id")
    if custom_id:
        return f"button {custom_id}"
    return f"interaction of type {interaction.type.name}"


async def report_error(
    interaction: discord.Interaction[Any], error: BaseException, what: str | None = None
) -> None:
    """Answer any failure: refusals politely with their rule; our errors logged, no traceback."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    locale = str(interaction.locale) if interaction.locale else None
    if isinstance(error, app_commands.TransformerError | app_commands.CheckFailure):
        error = bad_input("input-invalid", field=str(getattr(error, "value", "")) or "?")
    view: discord.ui.View | None = None
    if isinstance(error, PlayerError):
        words = Words.of(error.language or pick_language(locale), error.system)
        lines = [words.message(error.message())]
        if error.rule is not None:
            # Short: what was wrong and the rule's id and title; its statement is one
            # click away (an ephemeral answer), not pasted into every refusal.
            title, _ = cite(words, error.rule)
            lines.append(title)
            view = reply_view(Reply(text="", buttons=[rule_button(words, error.rule)]))
        colour = COLOURS["refused"]
    elif isinstance(error, StoreError):
        # The database, not the player: the operator's line goes to the log.
        ref = uuid.uuid4().hex[:8]
        log.error("storage failure (ref %s) in channel %s running %s: %s", ref,
                  interaction.channel_id, what or running(interaction),
                  Words.of(None).message(error.message))
        lines = [Words.of(locale)("error-store", ref=ref)]
        colour = COLOURS["refused"]
    else:
        ref = uuid.uuid4().hex[:8]
        options = interaction.data.get("options") if interaction.data else None
        log.error(
            "unexpected error (ref %s) in channel %s by user %s running %s with options %s",
            ref,
            interaction.channel_id,
            interaction.user.id,
            what or running(interaction),
            options,
            exc_info=error,
        )
        lines = [Words.of(locale)("error-internal", game="?", ref=ref)]
        colour = COLOURS["refused"]
    # A refusal is short; should one not be, it says what it left out and carries it whole.
    text, whole = clipped("\n".join(lines), Words.of(pick_language(locale)), MAX_REPLY)
    embed = discord.Embed(description=text, colour=colour)
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    if whole is not None:
        extra["file"] = discord.File(io.BytesIO(whole), filename=WHOLE_FILE)
    if not await _refused_in_place(interaction, embed, view, whole):
        await _deliver(interaction, embed, extra)


async def _deliver(interaction: discord.Interaction[Any], embed: discord.Embed,
                   extra: dict[str, Any]) -> None:
    """Send a failure's answer as a new private message (a follow-up once answered)."""
    try:
        if interaction.response.is_done():
            await drop_thinking(interaction)
            await interaction.followup.send(
                embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS, **extra
            )
        else:
            await interaction.response.send_message(
                embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS, **extra
            )
    except discord.HTTPException:
        log.warning("could not deliver an error reply in channel %s", interaction.channel_id)
