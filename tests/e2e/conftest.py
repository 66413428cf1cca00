"""Fixtures for end-to-end tests against the loopback Discord of the fakediscord package."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from fakediscord import BotRunner, ErrorLog, FakeDiscord

from .test_bot_support import Table, open_table


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """Start a FakeDiscord on 127.0.0.1 and point discord.py at it for one test."""
    async with FakeDiscord() as fake:
        yield fake
    assert not fake.server_errors, f"fake Discord crashed: {fake.server_errors}"


@pytest.fixture
async def bot_runner(fake_discord: FakeDiscord) -> AsyncIterator[BotRunner]:
    """Start bots with `await bot_runner.start(bot)`; all are closed after the test."""
    runner = BotRunner(fake_discord)
    yield runner
    await runner.aclose()


@pytest.fixture
def bot_errors(fake_discord: FakeDiscord) -> ErrorLog:
    """Return the collector of ERROR log records emitted while the fake runs."""
    return fake_discord.error_log


@pytest.fixture
async def table(
    fake_discord: FakeDiscord, bot_runner: BotRunner, tmp_path: Path
) -> AsyncIterator[Table]:
    """Banneret running in the fake guild; fails the test on any unexpected ERROR log.

    A file that needs a game set up first (test_bot_wh40k.py) defines its own.
    """
    async with open_table(fake_discord, bot_runner, tmp_path) as t:
        yield t
