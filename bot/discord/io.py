"""Discord plumbing shared by every extension: callers, replies, buttons, the error handler.

Every command goes the same way: build a `Caller`, run the surface command in a
worker thread (SQLite and rendering never block the event loop), answer within
the interaction deadline (deferring when the work is slow), and show refusals
ephemerally with the rule they rest on.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import io
import logging
import re
import threading
import time
import uuid
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import progress, uploads
from bot.discord.live import LiveTurns, Shown, board_file, edit_message, fresh_lines, turn_lines
from bot.errors import LeagueNoThread, PlayerError, bad_input
from bot.replies import MAX_REPLY, Button, Reply, ThreadRequest, TurnMark
from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.service.rulebook import cite, rule_button
from bot.store.sqlite import StoreError
from bot.surface.declared import NO_GUILD, Context, autocomplete, run
from bot.text import Words, pick_language

if TYPE_CHECKING:
    from bot.discord.client import BanneretBot

log = logging.getLogger(__name__)

# Answer directly when the work is done this fast; otherwise defer and follow up.
DIRECT_ANSWER_SECONDS = 1.5
# Slow work that reports progress edits its "thinking…" reply at most this often.
PROGRESS_SECONDS = 1.0
COLOURS = {"ok": 0x2C6FBB, "refused": 0xC0392B, "private": 0x7F8C8D}
NO_MENTIONS = discord.AllowedMentions.none()


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


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"bn:(?P<rest>.+)"):
    """A button made by the service; survives restarts because its id says everything."""

    def __init__(self, custom_id: str, label: str = "…", style: str = "primary") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                custom_id=custom_id,
                style=getattr(discord.ButtonStyle, style, discord.ButtonStyle.primary),
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GameButton:
        """Rebuild the button from a click (its label is not needed to act)."""
        return cls(f"bn:{match['rest']}")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Press the button through the service."""
        bot: BanneretBot = interaction.client
        ctx = context_of(interaction)
        custom_id = self.custom_id
        await respond_with(
            interaction,
            lambda: asyncio.to_thread(bot.service.press, ctx.channel_id, ctx.caller, custom_id),
            what=f"button {custom_id}",
        )


def reply_view(reply: Reply) -> discord.ui.View | None:
    """Build the buttons under a reply (persistent: no timeout)."""
    return buttons_view(reply.buttons)


def buttons_view(buttons: Sequence[Button]) -> discord.ui.View | None:
    """Build a persistent view of game buttons (at most Discord's 25); None for none."""
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for button in buttons[:25]:
        view.add_item(GameButton(button.custom_id, button.label, button.style))
    return view


def reply_embed(
    reply: Reply, colour: int = COLOURS["ok"], lines: list[str] | None = None,
    footer: bool = True,
) -> discord.Embed:
    """Build the text of a reply (the board goes beside it as a full-width attachment)."""
    body = "\n".join(lines if lines is not None else [reply.text, *reply.lines]).strip()
    embed = discord.Embed(
        title=(reply.title or "")[:256] or None, description=body[:MAX_REPLY], colour=colour
    )
    if reply.footer and footer:
        embed.set_footer(text=reply.footer)
    return embed


async def send_reply(interaction: discord.Interaction[Any], reply: Reply) -> None:
    """Answer an interaction with a service reply; a move goes to its turn message."""
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
    kwargs = message_parts(reply, lines)
    kwargs["ephemeral"] = reply.ephemeral
    content = kwargs["content"]
    if interaction.response.is_done():
        # The first follow-up completes the public "thinking…" placeholder by editing
        # it: an ephemeral answer would then be public, and Discord never pings on an
        # edit, so the next player would not be called. Send a new message instead.
        if (reply.ephemeral or content) and not interaction.is_expired():
            await _drop_thinking(interaction)
        sent = await interaction.followup.send(wait=True, **kwargs)
        return sent.id
    answer = await interaction.response.send_message(**kwargs)
    return answer.message_id


def message_parts(reply: Reply, lines: list[str] | None = None) -> dict[str, Any]:
    """Return what a message showing a reply is sent with: the ping, text, files, buttons."""
    files = []
    board = board_file(reply)
    if board is not None:
        files.append(board)
    for name, data in reply.files:
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
        "embed": reply_embed(reply, colour, lines),
        "files": files,
        "allowed_mentions": mentions,
    }
    view = reply_view(reply)
    if view is not None:
        kwargs["view"] = view
    return kwargs


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
    await thread.send(**message_parts(reply))


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


async def _drop_thinking(interaction: discord.Interaction[Any]) -> None:
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
    embed = discord.Embed(description="\n".join(lines)[:MAX_REPLY], colour=colour)
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    try:
        if interaction.response.is_done():
            await _drop_thinking(interaction)
            await interaction.followup.send(
                embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS, **extra
            )
        else:
            await interaction.response.send_message(
                embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS, **extra
            )
    except discord.HTTPException:
        log.warning("could not deliver an error reply in channel %s", interaction.channel_id)


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
        # A slash command shows "thinking…"; a button keeps its message as it is, so a
        # move can still change that message in place when it is done.
        await interaction.response.defer(
            thinking=interaction.type != discord.InteractionType.component)
    try:
        reply = await task
    except Exception as error:  # noqa: BLE001 - every failure gets an answer
        if notes is not None:
            await notes.settle()
        await report_error(interaction, error, what)
        return
    if notes is not None and await notes.settle():
        await _drop_thinking(interaction)
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


async def run_command(interaction: discord.Interaction[Any], path: str, **options: Any) -> None:
    """Run a surface command from a slash command's typed options."""
    bot: BanneretBot = interaction.client
    ctx = context_of(interaction)
    service: GameService = bot.service
    notes = ProgressNotes(interaction)

    async def work() -> Reply:
        # Attachments are downloaded here, inside the time respond_with watches, so a
        # slow download is deferred like slow rendering instead of missing the deadline.
        typed: dict[str, Any] = {}
        for name, value in options.items():
            if value is None:
                continue
            if isinstance(value, discord.User | discord.Member):
                value = Caller(user_id=str(value.id), name=value.display_name, bot=value.bot)
            elif isinstance(value, discord.Attachment):
                value = await read_text(value, ctx.caller.locale)
            typed[name] = value
        with progress.reporting_to(notes.report):  # to_thread carries it into the worker
            return await asyncio.to_thread(run, service, ctx, path, typed)

    await respond_with(interaction, work, what=f"/{path}", notes=notes)


async def read_text(attachment: discord.Attachment, locale: str | None) -> str | bytes:
    """Read a small file attached to a command, such as a roster (size-checked first): text,
    or bytes for a zipped list-builder roster (.rosz)."""
    language = pick_language(locale)
    uploads.check_size(attachment.filename, attachment.size, language)
    return uploads.decode(attachment.filename, await attachment.read(), language)


def completer(path: str, option: str) -> Callable[..., Any]:
    """Make an autocomplete callback for one option, fed by the channel's live game."""

    async def complete(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        bot: BanneretBot = interaction.client
        ctx = context_of(interaction)
        namespace = {k: v for k, v in interaction.namespace.__dict__.items() if v is not None}
        try:
            found = await asyncio.to_thread(
                autocomplete, bot.service, ctx, path, option, current, namespace
            )
        except Exception:  # noqa: BLE001 - an autocomplete failure must not break typing
            log.exception("autocomplete %s/%s failed in channel %s", path, option, ctx.channel_id)
            return []
        return [
            app_commands.Choice(name=name[:100], value=value[:100]) for name, value in found[:25]
        ]

    return complete
