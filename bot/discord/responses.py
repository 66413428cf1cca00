"""Answering an interaction: the work run off the event loop and answered in time (deferred when
slow), a move shown in its turn message, a thread opened when a reply asks for one.

Every command goes the same way: run the surface command in a worker thread (SQLite and
rendering never block the event loop), answer within the interaction deadline (deferring
when the work is slow), and show refusals ephemerally with the rule they rest on.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord.components import GameForm, reply_view
from bot.discord.failures import report_error
from bot.discord.live import LiveTurns, Shown, board_file, edit_message, fresh_lines, turn_lines
from bot.discord.messages import COLOURS, drop_thinking, message_parts, reply_embed
from bot.errors import LeagueNoThread
from bot.replies import Reply, ThreadRequest, TurnMark
from bot.text import pick_language

log = logging.getLogger(__name__)

# Answer directly when the work is done this fast; otherwise defer and follow up.
DIRECT_ANSWER_SECONDS = 1.5
# Slow work that reports progress edits its "thinking…" reply at most this often.
PROGRESS_SECONDS = 1.0


async def send_reply(interaction: discord.Interaction[Any], reply: Reply) -> None:
    """Answer an interaction with a service reply; a move goes to its turn message.

    A player's private controls (bot/service/panels.py) are shown in the private message
    they were used in: a form opens instead of an answer, a move made from them renews
    them there first (the one answer an interaction has), then edits the turn message.
    """
    if reply.form is not None:
        if interaction.response.is_done():
            # Deferred (slow work): Discord opens a form only as the first answer. The
            # controls stay as they were, and the next tap opens it.
            log.info("form %s not opened: the interaction was already answered",
                     reply.form.custom_id)
            return
        await interaction.response.send_modal(GameForm(reply.form))
        return
    if reply.private is not None:
        await show_in_place(interaction, reply.private)
    elif reply.in_place:
        await show_in_place(interaction, reply)
        return
    live: LiveTurns | None = getattr(interaction.client, "live", None)
    if reply.turn is not None and live is not None and not reply.ephemeral:
        await send_turn(interaction, reply, reply.turn, live)
        return
    await post_reply(interaction, reply)


async def post_reply(
    interaction: discord.Interaction[Any], reply: Reply, lines: list[str] | None = None
) -> int | None:
    """Send a reply as a new message (the answer, or a follow-up when deferred); return its id.

    `lines` replaces the reply's text and lines (a turn message words a move its own way).
    """
    kwargs = message_parts(reply, lines, _locale(interaction))
    kwargs["ephemeral"] = reply.ephemeral
    content = kwargs["content"]
    if interaction.response.is_done():
        # The first follow-up completes the public "thinking…" placeholder by editing
        # it: an ephemeral answer would then be public, and Discord never pings on an
        # edit, so the next player would not be called. Send a new message instead.
        if (reply.ephemeral or content) and not interaction.is_expired():
            await drop_thinking(interaction)
        sent = await interaction.followup.send(wait=True, **kwargs)
        return sent.id
    answer = await interaction.response.send_message(**kwargs)
    return answer.message_id


async def show_in_place(interaction: discord.Interaction[Any], reply: Reply) -> None:
    """Show a reply in the message whose control was used (a player's private controls);
    anything else (a slash command) gets it as a new private message."""
    usable = (discord.InteractionType.component, discord.InteractionType.modal_submit)
    if interaction.message is None or interaction.type not in usable:
        await post_reply(interaction, reply)
        return
    changes: dict[str, Any] = {
        "embed": reply_embed(reply, colour=COLOURS["private"], language=_locale(interaction)),
        "view": reply_view(reply), "attachments": []}
    if interaction.response.is_done():
        await interaction.edit_original_response(**changes)
    else:
        await interaction.response.edit_message(**changes)


def _locale(interaction: discord.Interaction[Any]) -> str | None:
    """Return the language the person behind an interaction reads."""
    return str(interaction.locale) if interaction.locale else None


async def open_thread(
    interaction: discord.Interaction[Any], request: ThreadRequest, what: str
) -> None:
    """Open the thread a reply asks for (a league fixture's), let the service go on in it
    (in a worker thread: it writes), and post what it answers there."""
    channel: Any = interaction.channel
    if not hasattr(channel, "create_thread") and interaction.channel_id is not None:
        channel = await interaction.client.fetch_channel(interaction.channel_id)
    try:
        thread = await channel.create_thread(name=request.name,
                                             type=discord.ChannelType.public_thread)
    except (discord.HTTPException, AttributeError):
        log.warning("could not open a thread in channel %s for %s", interaction.channel_id,
                    what)
        await report_error(interaction, LeagueNoThread().where(
            pick_language(str(interaction.locale) if interaction.locale else None)), what)
        return
    try:
        reply = await asyncio.to_thread(request.then, str(thread.id))
    except Exception as error:  # noqa: BLE001 - every failure gets an answer
        await report_error(interaction, error, what)
        return
    await thread.send(**message_parts(reply, language=_locale(interaction)))


async def send_turn(
    interaction: discord.Interaction[Any], reply: Reply, mark: TurnMark, live: LiveTurns
) -> None:
    """Show a move in its turn message (see bot/discord/live.py).

    A move within the turn edits the live message and answers the player briefly; a
    move that passes the turn closes the old message and posts the next one, pinging
    the player to act. Edits of one game are made in order, and an edit older than
    the position already shown is skipped.
    """
    version = reply.version or 0
    async with live.lock(mark.game_id):
        shown = live.get(mark.game_id)
        if not mark.fresh:
            shown = await _adopt(interaction, mark, live, shown)
        if not mark.fresh and shown is not None and shown.since == mark.since:
            if version > shown.version:
                lines = turn_lines(reply, mark)
                changes: dict[str, Any] = {"embed": reply_embed(reply, lines=lines),
                                           "view": reply_view(reply)}
                board = board_file(reply)
                if board is not None:
                    changes["attachments"] = [board]
                if not await edit_message(interaction, shown, **changes):
                    await _open_turn(interaction, reply, mark, live, turn_lines(reply, mark))
                    return
                shown.version = version
            await _acknowledge(interaction, reply, shown)
            return
        if mark.fresh and shown is not None and shown.since == mark.closed and mark.closing:
            # The turn it showed is over: its whole log, and no buttons left to press.
            await edit_message(interaction, shown,
                               embed=reply_embed(reply, lines=list(mark.closing), footer=False),
                               view=None)
        lines = fresh_lines(reply, mark) if mark.fresh else turn_lines(reply, mark)
        await _open_turn(interaction, reply, mark, live, lines)


async def _adopt(
    interaction: discord.Interaction[Any], mark: TurnMark, live: LiveTurns, shown: Shown | None
) -> Shown | None:
    """Make the board a player pressed a button on the turn's message, if it is another one.

    A player whose turn message has scrolled away asks for `/game status` and plays from
    there: that board becomes the turn message (the old one loses its buttons), so the
    move shows where they are looking and the channel still has one live message.
    """
    pressed = interaction.message
    if (interaction.type != discord.InteractionType.component or pressed is None
            or pressed.flags.ephemeral or not pressed.attachments
            or interaction.channel_id is None):
        return shown
    if shown is not None and (shown.message_id == pressed.id or shown.since != mark.since):
        return shown
    if shown is not None:
        await edit_message(interaction, shown, view=None)
    adopted = Shown(mark.since, interaction.channel_id, pressed.id,
                    shown.version if shown is not None else 0)
    live.put(mark.game_id, adopted)
    return adopted


async def _open_turn(
    interaction: discord.Interaction[Any], reply: Reply, mark: TurnMark, live: LiveTurns,
    lines: list[str],
) -> None:
    """Post a new turn message and remember it as the game's live one."""
    message_id = await post_reply(interaction, reply, lines)
    if message_id is not None and interaction.channel_id is not None:
        live.put(mark.game_id, Shown(mark.since, interaction.channel_id, message_id,
                                     reply.version or 0))


async def _acknowledge(
    interaction: discord.Interaction[Any], reply: Reply, shown: Shown | None
) -> None:
    """Answer an interaction whose move was shown by editing the turn message.

    A slash command gets a short private note of what it did, without the board. A
    button elsewhere (a claim's Agree, an older board's choice) loses its buttons, now
    stale; a message without a board (a claim, a request) says how it was answered.
    """
    if reply.private is not None:
        return  # the controls it was made from show it, renewed (show_in_place)
    if interaction.type != discord.InteractionType.component:
        note = Reply(text=reply.text, lines=list(reply.lines), ephemeral=True,
                     game_id=reply.game_id, version=reply.version)
        await post_reply(interaction, note)
        return
    message = interaction.message
    edit: Callable[..., Awaitable[object]] = interaction.response.edit_message
    if interaction.response.is_done():
        # Slow work answered late: the button's message is the deferred answer's
        # original, unless it is the turn message itself, already edited with the move.
        deferred = (interaction.response.type
                    == discord.InteractionResponseType.deferred_message_update)
        if not deferred or message is None or (shown is not None
                                               and message.id == shown.message_id):
            return
        edit = interaction.edit_original_response
    if message is not None and not message.attachments:
        await edit(embed=reply_embed(reply, footer=False), view=None)
    else:
        await edit(view=None)


class ProgressNotes:
    """Show how far slow work has got by editing its deferred "thinking…" reply.

    `report` is called from the worker thread (see bot/progress.py); the edits run on
    the event loop, at most one every PROGRESS_SECONDS, and only once the reply is
    deferred (work that answers at once shows none). When the work is done, `settle`
    waits for edits in flight; the edited placeholder is then removed and the answer
    sent as a new message, so no progress line is left above it.
    """

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self.interaction = interaction
        self.loop = asyncio.get_running_loop()
        self.shown = False
        self._last = 0.0
        self._pending: list[concurrent.futures.Future[None]] = []
        self._lock = threading.Lock()

    def report(self, text: str) -> None:
        """Note progress (from the worker thread); drop it if an edit was made just now."""
        now = time.monotonic()
        with self._lock:
            if now - self._last < PROGRESS_SECONDS:
                return
            self._last = now
            self._pending.append(asyncio.run_coroutine_threadsafe(self._show(text), self.loop))

    async def _show(self, text: str) -> None:
        if not self.interaction.response.is_done() or self.interaction.is_expired():
            return
        try:
            await self.interaction.edit_original_response(content=text[:2000])
            self.shown = True
        except discord.HTTPException:
            log.debug("could not show progress in channel %s", self.interaction.channel_id)

    async def settle(self) -> bool:
        """Wait for the edits in flight; say whether any progress was shown."""
        with self._lock:
            pending = list(self._pending)
        await asyncio.gather(*(asyncio.wrap_future(f) for f in pending))
        return self.shown


async def respond_with(
    interaction: discord.Interaction[Any], work: Callable[[], Awaitable[Reply]], what: str,
    notes: ProgressNotes | None = None,
) -> None:
    """Do the work (service calls run in a worker thread) and answer; defer if it is slow."""
    task = asyncio.ensure_future(work())
    done, _ = await asyncio.wait({task}, timeout=DIRECT_ANSWER_SECONDS)
    if not done:
        # A slash command shows "thinking…"; a button or a form keeps its message as it
        # is, so a move can still change that message in place when it is done.
        await interaction.response.defer(
            thinking=interaction.type == discord.InteractionType.application_command)
    try:
        reply = await task
    except Exception as error:  # noqa: BLE001 - every failure gets an answer
        if notes is not None:
            await notes.settle()
        await report_error(interaction, error, what)
        return
    if notes is not None and await notes.settle():
        await drop_thinking(interaction)
    try:
        await send_reply(interaction, reply)
        if reply.thread is not None:
            await open_thread(interaction, reply.thread, what)
    except discord.HTTPException:
        # The work is done and saved; only showing it failed. Say so in the log and
        # show the text alone rather than leave "This interaction failed".
        log.exception(
            "could not send the reply in channel %s to %s (game %s, position %s)",
            interaction.channel_id,
            what,
            reply.game_id,
            reply.version,
        )
        await send_reply(interaction, plain(reply))


def plain(reply: Reply) -> Reply:
    """Return a reply with its text only: no image, files or buttons."""
    return Reply(
        text=reply.text,
        title=reply.title,
        lines=list(reply.lines),
        ephemeral=reply.ephemeral,
        mention=reply.mention,
        game_id=reply.game_id,
        version=reply.version,
    )
