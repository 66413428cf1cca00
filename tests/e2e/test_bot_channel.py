"""How the channel reads: commands in servers only, people as opponents, clean texts.

Each test here reproduces a defect found by playing through a Discord-protocol
server the project did not write, and keeps it fixed.
"""

from __future__ import annotations

import pytest

from fakediscord import ImpossibleAction

from .test_bot_support import Table, assert_refused


async def test_game_commands_are_offered_in_servers_only(table: Table) -> None:
    synced = table.fake.synced_commands() or table.fake.synced_commands(table.fake.guild)
    assert synced
    for command in synced:
        if command["name"] == "rules":  # a rules question needs no game: anywhere
            assert 1 in command["contexts"], command
            continue
        assert command.get("dm_permission") is False, command["name"]
        assert command["contexts"] == [0], command["name"]
    dm = table.fake.dm_channel(table.alice)
    with pytest.raises(ImpossibleAction):
        await table.fake.slash(table.alice, dm, "game new", system="race", scenario="short",
                               opponent=table.bob)
    found = await table.fake.slash(table.alice, dm, "rules search", keyword="leader")
    assert found.messages and "No rule matches" not in str(found.messages[0].embed)


async def test_a_bot_cannot_be_invited_to_play(table: Table) -> None:
    refused = await table.fake.slash(table.alice, table.channel, "game new", system="race",
                                     scenario="short", opponent=table.fake.bot_user)
    assert_refused(refused, "is a bot and cannot play")
    status = await table.fake.slash(table.alice, table.channel, "game status")
    assert_refused(status)  # no game was made


async def test_ending_a_game_says_who_ended_it_once(table: Table) -> None:
    invitation = await table.fake.slash(table.alice, table.channel, "game new", system="race",
                                        scenario="short", opponent=table.bob)
    await table.fake.click(table.bob, invitation, label="Accept the invitation")
    before = len(table.fake.messages_in(table.channel))
    await table.fake.slash(table.fake.moderator("mod"), table.channel, "game end")
    said = [str(m.content or "") + str(m.embed or "")
            for m in table.fake.messages_in(table.channel)[before:]]
    assert sum("ended" in text for text in said) == 1, said
    assert not any("nobody" in text for text in said), said


async def test_the_log_says_who_ended_the_game(table: Table) -> None:
    invitation = await table.fake.slash(table.alice, table.channel, "game new", system="race",
                                        scenario="short", opponent=table.bob)
    await table.fake.click(table.bob, invitation, label="Accept the invitation")
    await table.fake.slash(table.fake.moderator("mod"), table.channel, "game end")
    log = await table.fake.slash(table.alice, table.channel, "game log")
    text = str(log.messages[0].embed)
    assert "The game was ended by Mod." in text and "nobody" not in text, text


async def _started(table: Table) -> object:
    invitation = await table.fake.slash(table.alice, table.channel, "game new", system="race",
                                        scenario="short", opponent=table.bob)
    return await table.fake.click(table.bob, invitation, label="Accept the invitation")


async def test_texts_read_cleanly(table: Table) -> None:
    await _started(table)
    status = await table.fake.slash(table.carol, table.channel, "game status")
    embed = status.messages[0].embed
    assert "position" not in embed["description"], embed  # the footer says it, once
    assert embed["footer"]["text"].startswith("game ")
    resigned = await table.fake.slash(table.bob, table.channel, "game resign")
    text = str(resigned.messages[0].embed["description"])
    assert text.count("wins") == 1 and text.startswith("Blue resigns."), text


async def test_rules_search_names_the_systems_when_one_is_unknown(table: Table) -> None:
    refused = await table.fake.slash(table.alice, table.channel, "rules search",
                                     keyword="leader", system="nonexistent")
    assert_refused(refused, "There is no game system called `nonexistent`", "samurai", "wh40k")


async def test_an_open_seat_has_a_join_button_and_the_joiner_is_not_pinged(table: Table) -> None:
    created = await table.fake.slash(table.alice, table.channel, "game new", system="race",
                                     scenario="short", seat="blue")
    labels = [c["label"] for row in created.components for c in row["components"]]
    assert labels[0] == "Join as Red"
    joined = await table.fake.click(table.bob, created, label="Join as Red")
    message = joined.primary
    assert message is not None and message.public
    assert not message.content  # Red (Bob, who just sat down) is to act: no ping for him
    assert "Bob joins as Red. The game begins!" in str(message.embed)


async def test_a_free_undo_does_not_ping_the_player_who_took_it_back(table: Table) -> None:
    from .test_bot_samurai import samurai_game

    await samurai_game(table)
    await table.fake.slash(table.alice, table.channel, "samurai play", card="order-two-center")
    await table.fake.slash(table.alice, table.channel, "samurai order", pieces="U13 U14")
    undone = await table.fake.slash(table.alice, table.channel, "game undo")
    assert "Uesugi takes back: Uesugi orders U13" in undone.text, undone.text
    assert all(not m.content for m in undone.messages), [m.content for m in undone.messages]


async def test_the_log_keeps_the_newest_entries_whole(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/game log last:50 that does not fit shows the newest entries first, never cut
    mid-line, and says how many earlier ones are on the other pages (bot/paging.py)."""
    from bot import paging

    for name, value in (("ROOM", 350), ("NOTE_ROOM", 150), ("HEAD_ROOM", 50),
                        ("LEAST_ROOM", 100)):
        monkeypatch.setattr(paging, name, value)  # a short game overflows a page
    invitation = await table.fake.slash(table.alice, table.channel, "game new", system="race",
                                        scenario="short", opponent=table.bob)
    await table.fake.click(table.bob, invitation, label="Accept the invitation")
    for user in (table.alice, table.bob, table.alice):
        await table.fake.slash(user, table.channel, "race roll")
        await table.fake.slash(user, table.channel, "race move", steps=1)
    log = await table.fake.slash(table.carol, table.channel, "game log", last=50)
    lines = str(log.messages[0].embed["description"]).splitlines()
    assert lines[-1].startswith("(") and "more lines are not shown · page 1 of 2" in lines[-1]
    assert lines[-2].startswith("#8 ") and lines[-2].endswith("."), lines
    assert all(line.endswith(".") for line in lines[1:-1]), lines  # whole entries only
    earlier = await table.fake.click(table.carol, log, label="Page 2 ▶")
    older = str(earlier.messages[0].embed["description"]).splitlines()
    assert earlier.ephemeral and older[1].startswith("#1 "), older
