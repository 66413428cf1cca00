"""/stats end to end: the real BanneretBot over the fake Discord answers a player's and a
scenario's statistics, with their picture attached, after a race Alice wins by resignation."""

from __future__ import annotations

import io

from PIL import Image

from .test_bot_support import Table, assert_refused, description


async def test_stats_of_a_player_and_a_scenario_come_with_a_picture(table: Table) -> None:
    fake, alice, bob = table.fake, table.alice, table.bob
    channel = table.channel
    await fake.slash(alice, channel, "game new", system="race", scenario="short", opponent=bob)
    await fake.slash(bob, channel, "game join")
    await fake.slash(bob, channel, "game resign")

    mine = await fake.slash(alice, channel, "stats player")
    text = description(mine)
    assert text.startswith(f"Statistics of <@{alice.id}> in this server's games")
    assert "Games: 1 · won 1 · drawn 0 · lost 0" in text
    assert "— as Red: 1 · won 1 · drawn 0 · lost 0" in text
    his = await fake.slash(alice, channel, "stats player", player=bob)
    assert "Games: 1 · won 0 · drawn 0 · lost 1" in description(his)

    balance = await fake.slash(bob, channel, "stats scenario", system="race", scenario="short")
    assert "Red won 1 (100 %)" in description(balance)
    for reply in (mine, balance):
        message = reply.primary
        assert message is not None
        ((name, data),) = message.attachments
        assert name == "stats.png"
        assert Image.open(io.BytesIO(data)).width == 720

    refused = await fake.slash(bob, channel, "stats scenario", system="race", scenario="long")
    assert_refused(refused, "long")
