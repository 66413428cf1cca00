"""One message per turn: the live turn message, edited as a player acts.

A move's reply names its turn message (`Reply.turn`, see bot/service/turnlog.py). When the
turn passes, the bot posts a fresh message that pings the next player; their moves
then edit that message (its log growing, the board redrawn, the buttons renewed)
instead of posting new ones. The message the turn leaves behind is edited one last
time to its whole log, without buttons, so no stale button is left to press.

What a move did is still told to the player who made it: a slash command gets a
short private answer (the message it changed is above), a button on the turn message
changes that message in place, and any other button is acknowledged silently.

Which message is live is kept per game in memory (a few thousand games, the oldest
forgotten first). After a restart nothing is known, and the next move simply opens a
new turn message: nothing is lost, the channel gets one message more.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import discord

from bot.replies import Reply, TurnMark

log = logging.getLogger(__name__)

# Games whose live message is remembered (each entry is four integers).
REMEMBERED = 4096
# Edits of one game are made one at a time; games share this many locks.
LOCKS = 64


@dataclass
class Shown:
    """The live message of a game's turn: which stretch it shows, where, at which position."""

    since: int
    channel_id: int
    message_id: int
    version: int


class LiveTurns:
    """The live turn message of each recent game (a cache of message ids, never a record)."""

    def __init__(self, size: int = REMEMBERED) -> None:
        self._size = size
        self._shown: OrderedDict[int, Shown] = OrderedDict()
        self._locks = [asyncio.Lock() for _ in range(LOCKS)]

    def lock(self, game_id: int) -> asyncio.Lock:
        """Return the lock that orders the edits of a game's messages."""
        return self._locks[game_id % LOCKS]

    def get(self, game_id: int) -> Shown | None:
        """Return the live message of a game, if one is remembered."""
        return self._shown.get(game_id)

    def put(self, game_id: int, shown: Shown) -> None:
        """Remember a game's live message (forgetting the oldest beyond the size)."""
        self._shown[game_id] = shown
        self._shown.move_to_end(game_id)
        while len(self._shown) > self._size:
            self._shown.popitem(last=False)


def turn_lines(reply: Reply, mark: TurnMark) -> list[str]:
    """Return what the live message says after a move: the stretch's log, then the board."""
    return [*(mark.log or mark.said), *mark.status] or [reply.text, *reply.lines]


def fresh_lines(reply: Reply, mark: TurnMark) -> list[str]:
    """Return what a new turn message says: what the player missed, the move, the board."""
    if mark.recap:
        return [*mark.recap, *mark.said, *mark.status]
    return [reply.text, *reply.lines]


def board_file(reply: Reply) -> discord.File | None:
    """Return the board of a reply as a file to attach (shown full width by Discord)."""
    if reply.image is None:
        return None
    return discord.File(io.BytesIO(reply.image), filename=reply.image_name)


async def edit_message(
    interaction: discord.Interaction[Any], shown: Shown, **changes: Any
) -> bool:
    """Edit a game's live message: in place when its own button was pressed, else by id.

    Return False if the message is gone (deleted by a moderator), so a new one is posted.
    """
    pressed = interaction.message is not None and interaction.message.id == shown.message_id
    try:
        if pressed and not interaction.response.is_done():
            await interaction.response.edit_message(**changes)
        elif pressed and interaction.response.type == (
            discord.InteractionResponseType.deferred_message_update
        ):
            await interaction.edit_original_response(**changes)
        else:
            channel = interaction.client.get_partial_messageable(shown.channel_id)
            await channel.get_partial_message(shown.message_id).edit(**changes)
    except discord.NotFound:
        log.info("turn message %s of channel %s is gone; posting a new one",
                 shown.message_id, shown.channel_id)
        return False
    return True


__all__ = ["LiveTurns", "Shown", "board_file", "edit_message", "fresh_lines", "turn_lines"]
