"""A reply as a Discord message: its embed, colours, files, the ping, and the "thinking…"
placeholder a deferred command shows."""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from bot.discord.components import reply_view
from bot.discord.live import board_file
from bot.paging import WHOLE_FILE, clipped
from bot.replies import MAX_REPLY, Reply
from bot.text import Words, pick_language

log = logging.getLogger(__name__)

COLOURS = {"ok": 0x2C6FBB, "refused": 0xC0392B, "private": 0x7F8C8D}
NO_MENTIONS = discord.AllowedMentions.none()


def reply_embed(
    reply: Reply, colour: int = COLOURS["ok"], lines: list[str] | None = None,
    footer: bool = True, language: str | None = None,
) -> discord.Embed:
    """Build the text of a reply (the board goes beside it as a full-width attachment).

    The service's replies fit one message (bot/paging.py); should one not, it is
    cut at a line and says how many lines it left out and where they are: the attached
    reply.txt (`message_parts`), else the game's log (a turn message edited in place).
    """
    text, _ = shown_text(reply, lines, language, "paging-where-log")
    return _embed(reply, colour, text, footer)


def shown_text(reply: Reply, lines: list[str] | None, language: str | None,
               where: str = "paging-where-file") -> tuple[str, bytes | None]:
    """Return the text a message shows of a reply, and its whole text if it had to be cut."""
    body = "\n".join(lines if lines is not None else [reply.text, *reply.lines]).strip()
    return clipped(body, Words.of(pick_language(language)), MAX_REPLY, where)


def _embed(reply: Reply, colour: int, text: str, footer: bool) -> discord.Embed:
    embed = discord.Embed(title=(reply.title or "")[:256] or None, description=text,
                          colour=colour)
    if reply.footer and footer:
        embed.set_footer(text=reply.footer)
    return embed


def message_parts(reply: Reply, lines: list[str] | None = None,
                  language: str | None = None) -> dict[str, Any]:
    """Return what a message showing a reply is sent with: the ping, text, files, buttons
    (`language`: the reader's, for a line the transport adds itself)."""
    files = []
    board = board_file(reply)
    if board is not None:
        files.append(board)
    text, whole = shown_text(reply, lines, language)
    shown = [*reply.files, *([(WHOLE_FILE, whole)] if whole is not None else [])]
    for name, data in shown:
        files.append(discord.File(io.BytesIO(data), filename=name))
    mentions = NO_MENTIONS
    content = None
    if reply.mention and not reply.ephemeral:
        # Only the player who must act next is pinged; nothing else in the text can ping.
        content = f"<@{reply.mention}>"
        mentions = discord.AllowedMentions(
            everyone=False,
            roles=False,
            replied_user=False,
            users=[discord.Object(id=int(reply.mention))],
        )
    colour = COLOURS["private"] if reply.ephemeral else COLOURS["ok"]
    kwargs: dict[str, Any] = {
        "content": content,
        "embed": _embed(reply, colour, text, True),
        "files": files,
        "allowed_mentions": mentions,
    }
    view = reply_view(reply)
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def drop_thinking(interaction: discord.Interaction[Any]) -> None:
    """Remove a public 'thinking…' placeholder before an ephemeral answer.

    Only a deferred slash command has one: the original response of a deferred button
    is the message the button is on, which must stay.
    """
    if interaction.response.type != discord.InteractionResponseType.deferred_channel_message:
        return
    try:
        await interaction.delete_original_response()
    except discord.HTTPException:
        log.debug("no original response to remove")
