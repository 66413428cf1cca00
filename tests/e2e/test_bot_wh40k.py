"""/wh40k end to end: the part that is Discord's own, a roster sent as a file attachment."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

import bot.discord_io
from rules.core.data import data_dir
from rules.core.system import available

from .fakediscord import BotRunner, FakeDiscord
from .test_bot_support import Table, assert_refused, description, open_table

pytestmark = pytest.mark.skipif(
    "wh40k" not in available(), reason="the wh40k engine is not importable yet"
)

ROSTER = data_dir() / "wh40k" / "rosters" / "ultramarines-strike-force.toml"


@pytest.fixture
async def table(
    fake_discord: FakeDiscord, bot_runner: BotRunner, tmp_path: Path
) -> AsyncIterator[Table]:
    """Banneret with a Take and Hold game: Alice attacks, Bob defends."""
    async with open_table(fake_discord, bot_runner, tmp_path) as t:
        invitation = await t.fake.slash(
            t.alice, t.channel, "game new", system="wh40k", scenario="take-and-hold",
            opponent=t.bob,
        )  # fmt: skip
        await t.fake.click(t.bob, invitation, label="Accept the invitation")
        yield t


async def test_roster_attachment_is_read(table: Table) -> None:
    """A roster file attached to /wh40k roster loads the army."""
    loaded = await table.fake.slash(
        table.alice, table.channel, "wh40k roster", text=("army.toml", ROSTER.read_bytes())
    )
    assert not loaded.ephemeral
    assert "The attacker loads Ultramarines strike force" in description(loaded)


async def test_slow_download_is_deferred_in_time(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Downloading the file counts toward the deadline: a slow one defers first."""
    real = discord.Attachment.read

    async def slow_read(self: discord.Attachment, **kwargs: Any) -> bytes:
        await asyncio.sleep(0.3)
        return await real(self, **kwargs)

    monkeypatch.setattr(bot.discord_io, "DIRECT_ANSWER_SECONDS", 0.05)
    monkeypatch.setattr(discord.Attachment, "read", slow_read)
    loaded = await table.fake.slash(
        table.alice, table.channel, "wh40k roster", text=("army.toml", ROSTER.read_bytes())
    )
    assert loaded.deferred
    assert "The attacker loads Ultramarines strike force" in description(loaded)


async def test_oversized_file_is_refused_unread(table: Table) -> None:
    """A huge attachment is refused politely without being downloaded."""
    before = table.version()
    huge = b"# padding\n" * 40_000
    refused = await table.fake.slash(
        table.alice, table.channel, "wh40k roster", text=("army.toml", huge)
    )
    assert_refused(refused, "`army.toml` is 390 KiB; files up to 256 KiB are read")
    assert table.version() == before
