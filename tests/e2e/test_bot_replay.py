"""/game replay end to end: the real BanneretBot over the fake Discord posts one animation,
showing its progress on the deferred reply while it draws."""

from __future__ import annotations

import io
import time
from typing import Any

import pytest
from PIL import Image

import bot.discord.responses as discord_io
from bot.service import replay

from .test_bot_game import started_race
from .test_bot_support import Table


async def test_replay_posts_one_animated_attachment_after_showing_progress(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, alice = table.fake, table.alice
    joined = await started_race(table)
    rolled = await fake.click(alice, joined, label="roll")
    assert rolled.primary is not None and rolled.primary.components
    first_move = rolled.primary.components[0]["components"][0]["label"]
    await fake.click(alice, rolled, label=first_move)

    # A race replay is quick: defer at once, and let the deferral land before the
    # drawing starts, so every frame's progress can be shown.
    monkeypatch.setattr(discord_io, "DIRECT_ANSWER_SECONDS", 0.0)
    monkeypatch.setattr(discord_io, "PROGRESS_SECONDS", 0.0)
    boards = replay.public_boards

    def slow_boards(*args: Any) -> Any:
        time.sleep(0.5)
        return boards(*args)

    monkeypatch.setattr(replay, "public_boards", slow_boards)

    result = await fake.slash(table.carol, table.channel, "game replay", expect_followups=1)
    shown = [m for m in result.messages if not m.deleted]
    assert len(shown) == 1
    (message,) = shown
    assert not message.ephemeral
    ((name, data),) = message.attachments
    assert name == "banneret-replay-1-0-2.gif"
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF" and image.n_frames == 3  # the start, the roll, the move
    assert message.embed is not None
    assert message.embed["description"].startswith("Positions 0 to 2 (the latest is 2): 3 frames")
    # The placeholder said how far the drawing had got, then gave way to the answer.
    placeholder = result.message
    assert placeholder is not None and placeholder.deleted
    said = [revision.content for revision in placeholder.revisions]
    assert "Drawing frame 3 of 3…" in said
