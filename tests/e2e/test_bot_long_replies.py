"""Issue 28, finding 3, end to end: no reply is cut without saying so in Discord either.

The real BanneretBot over the loopback Discord runs every command of the surface against
data that overflows one message (tests/overflow.py: 900-player leagues, a long log, many
games), in English and in Portuguese. The fake refuses any message over Discord's limits
(an error the bot would log); beyond that, what a message shows must be everything the
service said, or end with the line saying how many lines it left out. A page button shows
the next page to whoever pressed it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.paging import body
from bot.replies import Reply
from bot.service.context import Caller
from bot.surface import dispatch
from fakediscord import FakeUser, InteractionResult, Message
from tests.overflow import (
    OVERFLOWING,
    World,
    build_world,
    left_out,
    note_is_last,
    options_for,
    order,
    page_buttons,
    problems_fitting,
)

from .test_bot_support import Table

ROSTER = Path(__file__).resolve().parents[2] / "data" / "wh40k" / "rosters"


def _spy_on_runs(monkeypatch: pytest.MonkeyPatch, replies: list[Reply]) -> None:
    """Keep every reply the surface hands the Discord transport (wherever it imported `run`)."""
    real = dispatch.run

    def run(*args: Any, **kwargs: Any) -> Reply:
        reply: Reply = real(*args, **kwargs)
        replies.append(reply)
        return reply

    for name, module in list(sys.modules.items()):
        if name.startswith("bot.discord") and getattr(module, "run", None) is real:
            monkeypatch.setattr(module, "run", run)


def _typed(world: World, users: dict[str, FakeUser], options: dict[str, Any]
           ) -> dict[str, Any]:
    """Give options as a Discord user types them: users as members, files as attachments."""
    out: dict[str, Any] = {}
    for name, value in options.items():
        if isinstance(value, Caller):
            value = users[value.user_id]
        elif name == "text" and isinstance(value, str) and value.endswith(".toml"):
            value = (Path(value).name, (ROSTER / Path(value).name).read_bytes())
        elif name == "upload" and isinstance(value, str):  # a scenario file's text
            value = ("scenario.toml", value.encode())
        out[name] = value
    return out


def _shown(result: InteractionResult) -> list[Message]:
    """Return every message the interaction posted or edited."""
    return [m for m in result.messages if m is not None]


def _check_shown(path: str, result: InteractionResult, reply: Reply | None) -> int:
    """Check what Discord shows of a reply: within the limits, and everything the service
    said or a last line saying how many lines are left out; return that number."""
    messages = _shown(result)
    for message in messages:
        for embed in message.embeds:
            assert len(embed.get("description") or "") <= 4096, path
        assert len(message.content or "") <= 2000, path
    if reply is None or reply.turn is not None:  # a refusal, or a move shown in its turn
        return 0
    said = body(reply)
    texts = [str(e.get("description") or "") for m in messages for e in m.embeds]
    if said in texts:
        return left_out(reply.lines)
    cut = [t for t in texts if said.startswith(t.split("\n")[0])]
    assert cut, (path, texts[:1])
    lines = cut[-1].split("\n")
    assert note_is_last(lines) and left_out(lines) > 0, (path, lines[-1])
    return left_out(lines)


@pytest.mark.parametrize("language", ["en", "pt-BR"])
async def test_long_replies_are_never_cut_silently_through_discord(
    table: Table, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    fake, channel = table.fake, table.channel
    locale = "en-US" if language == "en" else "pt-BR"
    referee = fake.user(f"referee-{language}", locale=locale)
    opponent = fake.user(f"opponent-{language}", locale=locale)
    users = {str(u.id): u for u in (referee, opponent)}
    guild = channel.guild
    assert guild is not None
    world = build_world(
        table.service, str(guild.id), str(channel.id),
        Caller(str(referee.id), referee.global_name or referee.name, locale=locale),
        Caller(str(opponent.id), opponent.global_name or opponent.name, locale=locale),
        language)
    replies: list[Reply] = []
    _spy_on_runs(monkeypatch, replies)
    overflowed: list[str] = []
    for entry in order():
        replies.clear()
        options = _typed(world, users, options_for(world, entry))
        result = await fake.slash(referee, channel, entry.path, **options)
        reply = replies[-1] if replies else None
        if reply is not None:
            assert problems_fitting(reply) == [], entry.path
        if _check_shown(entry.path, result, reply):
            overflowed.append(entry.path)
        if reply is not None and page_buttons(reply):
            await _next_page(table, referee, result, reply, entry.path)
    assert sorted(set(OVERFLOWING) - set(overflowed)) == []


async def _next_page(table: Table, user: FakeUser, result: InteractionResult, reply: Reply,
                     path: str) -> None:
    """Press a page button: the page comes to the presser alone, fits, and says what it
    leaves out."""
    (custom_id, *_) = page_buttons(reply)
    carrying: Callable[[Message], bool] = lambda m: any(  # noqa: E731
        c.get("custom_id") == custom_id for row in m.components for c in row["components"])
    (message,) = [m for m in _shown(result) if carrying(m)][-1:]
    turned = await table.fake.click(user, message, custom_id)
    assert turned.ephemeral, path
    (page,) = [str(e.get("description") or "") for m in _shown(turned) for e in m.embeds]
    lines = page.split("\n")
    assert note_is_last(lines) and left_out(lines) > 0, (path, lines[-1])
