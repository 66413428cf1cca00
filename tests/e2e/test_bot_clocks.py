"""Play-by-post clocks end to end: the real BanneretBot over the fake Discord, on a FakeClock.

The bot's store goes by a FakeClock the test moves; instead of waiting a minute for
the scheduler's loop, the test runs the cog's check (`Scheduled.tick`) directly, as
the loop would.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.clock import FakeClock
from bot.discord.notices import Scheduled
from fakediscord import BotRunner, FakeDiscord, Message

from .test_bot_support import Table, assert_refused, description, open_table


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock("2026-03-02T09:00:00+00:00")


@pytest.fixture
async def table(
    fake_discord: FakeDiscord, bot_runner: BotRunner, tmp_path: Path, clock: FakeClock
) -> AsyncIterator[Table]:
    async with open_table(fake_discord, bot_runner, tmp_path, clock=clock) as t:
        yield t


async def timed_race(table: Table, time: str) -> None:
    """Alice (red, to act first) starts a race with a time control; Bob accepts."""
    invitation = await table.fake.slash(table.alice, table.channel, "game new", system="race",
                                        scenario="short", opponent=table.bob, time=time)
    await table.fake.click(table.bob, invitation, label="Accept the invitation")


def scheduler(table: Table) -> Scheduled:
    cog = table.bot.get_cog("Scheduled")
    assert isinstance(cog, Scheduled)
    return cog


def posted_since(table: Table, count: int) -> list[Message]:
    """Return the channel's messages after the first `count`."""
    return table.fake.messages_in(table.channel)[count:]


async def test_status_shows_the_time_left_and_a_reminder_is_posted(
    table: Table, clock: FakeClock
) -> None:
    await timed_race(table, "48h")
    clock.advance(hours=4)
    status = await table.fake.slash(table.alice, table.channel, "game status")
    assert "Red (<@" in description(status) and "to act — 1 d 20 h left" in description(status)
    before = len(table.fake.messages_in(table.channel))
    clock.advance(hours=20)  # 24 h before the deadline
    await scheduler(table).tick()
    [reminder] = posted_since(table, before)
    assert reminder.content == f"⏰ <@{table.alice.id}>, Red has 1 d 0 h left to act."
    assert reminder.allowed_mentions == {"parse": [], "users": [table.alice.id]}
    assert await scheduler(table).tick() == []  # never twice
    assert posted_since(table, before) == [reminder]


async def test_a_win_claimed_on_time_with_the_button(table: Table, clock: FakeClock) -> None:
    await timed_race(table, "2h claim")
    clock.advance(hours=2)
    before = len(table.fake.messages_in(table.channel))
    await scheduler(table).tick()
    expired = posted_since(table, before)[-1]
    assert "is out of time" in expired.content and f"<@{table.bob.id}>" in expired.content
    refused = await table.fake.click(table.alice, expired, label="Claim the win")
    assert_refused(refused, "Only the opponent of Red may claim this win.")
    refused = await table.fake.click(table.carol, expired, label="Claim the win")
    assert_refused(refused, "Only the opponent of Red may claim this win.")
    claimed = await table.fake.click(table.bob, expired, label="Claim the win")
    assert "Blue claims the win: Red ran out of time." in claimed.text
    with table.service.store.reading() as tx:
        game = tx.latest_game(str(table.channel.id))
    assert game is not None and (game.status, game.winner) == ("finished", "blue")


async def test_reminders_by_direct_message(table: Table, clock: FakeClock) -> None:
    await timed_race(table, "3h")
    chose = await table.fake.slash(table.alice, table.channel, "game reminders", dm=True)
    assert chose.ephemeral and "direct message" in chose.text
    clock.advance(hours=2)
    await scheduler(table).tick()
    dm = table.fake.messages_in(table.fake.dm_channel(table.alice))
    assert dm and "Red has 1 h 0 min left to act in your Race to Ten game" in dm[-1].content


async def test_a_notice_left_unposted_by_a_dead_process_is_posted_once_by_the_next_check(
    table: Table, clock: FakeClock
) -> None:
    """A process claims a reminder and dies before it is marked posted, once before its
    post and once after it: the next check (any process) posts it within the lease, and
    the nonce makes a post that did land come back as the same message, not a second."""
    await timed_race(table, "48h")
    cog = scheduler(table)
    scheduling = table.bot.service.scheduler
    before = len(table.fake.messages_in(table.channel))
    clock.advance(hours=24)
    [claimed] = scheduling.due(lease=True)  # claimed; the process dies before posting
    assert claimed.nonce is not None
    assert posted_since(table, before) == []
    assert await cog.tick() == []  # its lease still runs: nobody else posts it yet
    clock.advance(minutes=3)
    [again] = await cog.tick()  # the lease ran out: taken over and posted, once
    assert again.nonce == claimed.nonce and again.text == claimed.text
    [reminder] = posted_since(table, before)
    assert reminder.content == claimed.text
    assert await cog.tick() == []  # marked posted now
    # Posted, but the process died before marking it: the retry returns the same message.
    clock.advance(hours=22, minutes=57)  # an hour before the deadline: reminder two
    [second] = scheduling.due(lease=True)
    await cog.send(second)
    clock.advance(minutes=3)
    [retried] = await cog.tick()
    assert retried.nonce == second.nonce
    assert [m.content for m in posted_since(table, before)] == [claimed.text, second.text]
    assert await cog.tick() == []
