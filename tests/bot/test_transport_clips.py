"""The Discord transport's last resort (issue 28, finding 3): a text too long for a message
is cut at a line, says how many lines it left out, and carries the whole when it can."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

from bot.discord.messages import message_parts, reply_embed
from bot.discord.notices import _post
from bot.replies import Reply
from bot.service.scheduler import Notice

LINES = [f"{n}. <@{7_000_000_000 + n}>: {n} pts · 1 W 0 D 0 L" for n in range(1, 901)]


def test_a_message_keeps_what_fits_says_what_it_left_out_and_attaches_the_rest() -> None:
    parts = message_parts(Reply(text="Big", lines=list(LINES)), language="pt-BR")
    *kept, note = parts["embed"].description.split("\n")
    assert kept == ["Big", *LINES[:len(kept) - 1]]
    assert note == (f"(mais {900 - len(kept) + 1} linhas não aparecem; o arquivo anexo "
                    "reply.txt tem tudo)")
    (whole,) = parts["files"]
    assert whole.filename == "reply.txt"
    assert whole.fp.read().decode() == "\n".join(["Big", *LINES])


def test_an_edited_turn_message_says_where_the_rest_is() -> None:
    embed = reply_embed(Reply(text="", lines=list(LINES)))
    assert len(embed.description or "") <= 4096
    assert (embed.description or "").endswith("`/game log` and `/game export` have them)")


def test_a_short_message_is_sent_as_it_is() -> None:
    parts = message_parts(Reply(text="Big", lines=LINES[:3]))
    assert parts["embed"].description == "\n".join(["Big", *LINES[:3]])
    assert parts["files"] == []


class _Channel:
    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    async def send(self, text: str, **options: Any) -> None:
        self.sent.append((text, options))


def test_a_notice_too_long_for_a_plain_message_says_so_and_carries_the_whole() -> None:
    channel = _Channel()
    notice = Notice("\n".join(LINES), channel_id="1", language="pt-BR")
    asyncio.run(_post(channel, notice))  # type: ignore[arg-type]
    ((text, options),) = channel.sent
    assert len(text) <= 2000 and text.split("\n")[-1].startswith("(mais ")
    sent: discord.File = options["file"]
    assert sent.filename == "reply.txt"
    assert isinstance(sent.fp, io.BytesIO) and sent.fp.getvalue() == notice.text.encode()
