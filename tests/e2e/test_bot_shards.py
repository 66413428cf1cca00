"""Sharding: the loopback Discord splits guilds over shards, and BANNERET_SHARDS splits
the bot's shards over processes that share one database (issue 16's groundwork).

Two BanneretBot processes (here two clients in one event loop, each with its own
store connection on the same SQLite file) run shards 0-1 and 2-3 of 4. Each receives
only its own guilds, and a command in a guild is answered by the process that runs
that guild's shard, as on Discord.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.config import Settings
from bot.discord.client import BanneretBot, point_at
from bot.service.gameservice import GameService
from bot.store.sqlite import Store
from fakediscord import BotRunner, FakeDiscord, shard_of
from renderers import render_png

SHARDS = 4
PROCESSES = {"0-1/4": {0, 1}, "2-3/4": {2, 3}}


@pytest.fixture
async def sharded() -> AsyncIterator[FakeDiscord]:
    """A loopback Discord that asks for four shards, with guilds on every shard."""
    async with FakeDiscord(shard_count=SHARDS) as fake:
        for n in itertools.count():
            if {shard_of(g.id, SHARDS) for g in fake.guilds} == set(range(SHARDS)):
                break
            fake.create_guild(f"guild {n}")
        yield fake
    assert not fake.server_errors, fake.server_errors


def _settings(fake: FakeDiscord, db: Path, shards: str) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        DISCORD_TOKEN=fake.token,
        BANNERET_DB=db,
        BANNERET_API_BASE=fake.base_url,
        BANNERET_GATEWAY_URL=fake.gateway_url,
        BANNERET_SHARDS=shards,
        BANNERET_IDENTIFY_GAP=0,
    )


async def test_the_gateway_recommends_its_shard_count(sharded: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as http, http.get(
        f"{sharded.base_url}/gateway/bot", headers={"Authorization": f"Bot {sharded.token}"}
    ) as response:
        body = await response.json()
    assert body["shards"] == SHARDS


async def test_two_processes_split_the_shards_and_answer_their_own_guilds(
    sharded: FakeDiscord, tmp_path: Path
) -> None:
    db = tmp_path / "banneret.db"
    runner = BotRunner(sharded)
    handled: dict[str, list[str]] = {}
    bots: dict[str, BanneretBot] = {}
    seeds = (f"shard-seed-{n}" for n in itertools.count())
    try:
        for shards in PROCESSES:
            settings = _settings(sharded, db, shards)
            point_at(settings.api_base, settings.gateway_url)
            service = GameService(Store(db), render=render_png, seed_factory=lambda: next(seeds))
            calls = handled.setdefault(shards, [])
            real = service.new_game

            def counted(*args: Any, _real: Any = real, _calls: list[str] = calls,
                        **kwargs: Any) -> Any:
                _calls.append(str(args[1]))  # the guild id
                return _real(*args, **kwargs)

            service.new_game = counted  # type: ignore[method-assign]
            bots[shards] = BanneretBot(service, settings)
            await runner.start(bots[shards], shards=len(PROCESSES[shards]))

        # Each process was sent only the guilds of its own shards.
        for shards, wanted in PROCESSES.items():
            got = {shard_of(g.id, SHARDS) for g in bots[shards].guilds}
            assert got == wanted, (shards, got)
            assert sorted(bots[shards].shards) == sorted(wanted)

        alice, bob = sharded.user("alice"), sharded.user("bob")
        for guild in sharded.guilds:
            channel = guild.channel("general")
            invitation = await sharded.slash(alice, channel, "game new", system="race",
                                             scenario="short", opponent=bob)
            joined = await sharded.click(bob, invitation, label="Accept the invitation")
            assert joined.messages, f"no reply in {guild.name}"

        # A command in a guild was answered by the process that runs the guild's shard.
        for shards, wanted in PROCESSES.items():
            expected = sorted(str(g.id) for g in sharded.guilds
                              if shard_of(g.id, SHARDS) in wanted)
            assert sorted(handled[shards]) == expected
        # And both wrote to the one database: every guild's game is there, started.
        store = Store(db)
        try:
            with store.reading() as tx:
                for guild in sharded.guilds:
                    game = tx.latest_game(str(guild.channel("general").id))
                    assert game is not None and game.status == "active", guild.name
        finally:
            store.close()
    finally:
        await runner.aclose()
        for bot in bots.values():
            bot.service.store.close()
    sharded.error_log.assert_none()


def test_a_process_needs_a_readable_shard_range() -> None:
    from bot.config import Shards

    assert Shards.parse("0-3/16") == Shards(ids=(0, 1, 2, 3), count=16)
    assert Shards.parse("1,3/4") == Shards(ids=(1, 3), count=4)
    assert Shards.parse(" 2 / 4 ") == Shards(ids=(2,), count=4)
    for bad in ("5/4", "0-3", "a/4", "0-4/4", "/4", "1/0"):
        with pytest.raises(ValueError, match="BANNERET_SHARDS"):
            Shards.parse(bad)
