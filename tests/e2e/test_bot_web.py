"""The bot with its web companion on (BANNERET_WEB_PORT): it serves the pages from its own
process and loop, and the turn message and `/game status` carry a link button to the
game's page; without the setting there is neither."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from fakediscord import BotRunner, FakeDiscord, Message
from tests.e2e.test_bot_game import new_race
from tests.e2e.test_bot_support import Table, open_table


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _links(message: Message | None) -> list[dict[str, Any]]:
    assert message is not None
    return [c for row in message.components for c in row["components"] if c.get("url")]


async def test_without_the_web_no_link_is_offered(table: Table) -> None:
    invitation = await new_race(table)
    joined = await table.fake.click(table.bob, invitation, label="Accept the invitation")
    assert _links(joined.primary) == []
    assert joined.primary is not None and joined.primary.components


@pytest.fixture
def port() -> int:
    """A free loopback port for the bot's web companion."""
    return _free_port()


@pytest.fixture
async def web_table(fake_discord: FakeDiscord, bot_runner: BotRunner, tmp_path: Path,
                    monkeypatch: pytest.MonkeyPatch, port: int) -> AsyncIterator[Table]:
    """Banneret running in the fake guild with BANNERET_WEB_PORT set."""
    monkeypatch.setenv("BANNERET_WEB_PORT", str(port))  # read by the bot's settings
    async with open_table(fake_discord, bot_runner, tmp_path) as table:
        yield table


async def test_the_bot_serves_its_web_pages_and_links_each_game_to_its_page(
        web_table: Table, port: int) -> None:
    table = web_table
    invitation = await new_race(table)
    joined = await table.fake.click(table.bob, invitation, label="Accept the invitation")
    (link,) = _links(joined.primary)
    assert link["label"] == "Follow on the web"
    assert link["url"].startswith(f"http://127.0.0.1:{port}/g/1-")
    status = await table.fake.slash(table.alice, table.channel, "game status")
    assert [c["url"] for c in _links(status.primary)] == [link["url"]]
    async with aiohttp.ClientSession() as http, http.get(link["url"]) as response:
        assert response.status == 200
        assert "Race to Ten" in await response.text()
