"""/league end to end: the real BanneretBot over the fake Discord runs a small season.

Alice creates a race league in the channel and three players join; Alice starts it.
Alice's fixture against Bob is played in a thread the bot opens (its game starts
there, both seated); Bob reports his fixture against Carol and Carol confirms it with
the button; the standings come as text and a picture.
"""

from __future__ import annotations

import io

from PIL import Image

from .test_bot_support import Table, assert_refused, description


async def test_a_league_season_from_creation_to_standings(table: Table) -> None:
    fake, alice, bob, carol = table.fake, table.alice, table.bob, table.carol
    channel = table.channel

    created = await fake.slash(alice, channel, "league create", name="Spring", system="race")
    assert description(created).startswith(f"League **Spring** created, refereed by <@{alice.id}>")
    for user in (alice, bob, carol):
        joined = await fake.slash(user, channel, "league join", league="Spring")
        assert description(joined).startswith(f"<@{user.id}> joins **Spring**")
    refused = await fake.slash(bob, channel, "league start", league="Spring")
    assert_refused(refused, "Only the league's creator")
    started = await fake.slash(alice, channel, "league start", league="Spring")
    assert description(started).startswith("**Spring** starts: 3 players, 3 rounds")

    # Play: a thread opens under the channel and the fixture's game starts in it.
    opening = await fake.slash(alice, channel, "league play", league="Spring", opponent=bob)
    assert "Its game starts in a new thread." in description(opening)
    guild = channel.guild
    assert guild is not None
    (thread,) = [c for c in guild.channels if c.is_thread]
    assert thread.parent_id == channel.id
    assert thread.name.startswith("Round ") and {"Alice", "Bob"} <= set(thread.name.split())
    # The game is set up (and its board drawn) after the answer: wait for its message.
    await fake.wait_for(lambda: bool(fake.messages_in(thread)), what="the thread's game")
    (posted,) = fake.messages_in(thread)
    assert posted.embed is not None
    assert posted.embed["description"].startswith("**Spring**, round")
    assert [name for name, _ in posted.attachments] == ["board.png"]
    with table.service.store.reading() as tx:
        game = tx.latest_game(str(thread.id))
    assert game is not None and game.status == "active"
    assert set(game.seats.values()) == {str(alice.id), str(bob.id)}
    # The game is played in its thread like any other.
    first = alice if game.seats["red"] == str(alice.id) else bob
    rolled = await fake.slash(first, thread, "race roll")
    assert not rolled.ephemeral
    assert table.state(thread.id).step == "move"

    # Report at a table: Bob beat Carol; only Carol may confirm, by the button.
    reported = await fake.slash(bob, channel, "league report", league="Spring", opponent=carol,
                                result="win")
    assert description(reported).startswith(f"<@{bob.id}> reports fixture")
    not_hers = await fake.click(alice, reported, label="Confirm")
    assert_refused(not_hers, f"Only <@{carol.id}>")
    confirmed = await fake.click(carol, reported, label="Confirm")
    assert description(confirmed).startswith(f"<@{carol.id}> confirms fixture")

    # Standings: a compact text table and the picture, attached.
    shown = await fake.slash(carol, channel, "league standings", league="Spring")
    text = description(shown)
    assert text.startswith("Spring: standings")
    assert f"1. <@{bob.id}>: 6 pts" in text  # his win and his bye
    message = shown.primary
    assert message is not None
    ((name, data),) = message.attachments
    assert name == "standings.png"
    picture = Image.open(io.BytesIO(data))
    assert picture.format == "PNG" and picture.width >= 600


async def test_a_withdrawal_is_shown_to_the_referee_then_confirmed_by_button(
    table: Table
) -> None:
    fake, alice, bob, carol = table.fake, table.alice, table.bob, table.carol
    channel = table.channel
    await fake.slash(alice, channel, "league create", name="Autumn", system="race")
    for user in (alice, bob, carol):
        await fake.slash(user, channel, "league join", league="Autumn")
    await fake.slash(alice, channel, "league start", league="Autumn")

    preview = await fake.slash(alice, channel, "league remove", league="Autumn", player=carol)
    assert preview.ephemeral
    assert description(preview).startswith(f"Take <@{carol.id}> out of **Autumn**?")
    # Only Alice sees it: nobody else can press its buttons.
    done = await fake.click(alice, preview, label="Confirm the removal")
    assert description(done).startswith(f"<@{carol.id}> (withdrawn) is out of **Autumn**: "
                                        "2 unplayed fixtures given to their opponents as byes")
    listed = await fake.slash(bob, channel, "league fixtures", league="Autumn")
    assert f"<@{carol.id}> (withdrawn)" in description(listed)


async def test_a_knockout_final_its_bracket_and_a_player_dropping_out(table: Table) -> None:
    """Issue 32 through the real client: a knockout's bracket picture, and /league drop
    confirmed by the player's own button."""
    fake, alice, bob, carol = table.fake, table.alice, table.bob, table.carol
    channel = table.channel
    await fake.slash(alice, channel, "league create", name="Cup", system="race",
                     format="knockout")
    for user in (alice, bob, carol):
        await fake.slash(user, channel, "league join", league="Cup")
    await fake.slash(alice, channel, "league start", league="Cup")
    shown = await fake.slash(carol, channel, "league bracket", league="Cup")
    text = description(shown)
    assert text.startswith("**Cup**: the bracket") and "**Semi-finals**" in text
    message = shown.primary
    assert message is not None
    ((name, data),) = message.attachments
    assert name == "bracket.png" and Image.open(io.BytesIO(data)).width == 720

    dropping = await fake.slash(carol, channel, "league drop", league="Cup")
    assert dropping.ephemeral and description(dropping).startswith("Drop out of **Cup**?")
    done = await fake.click(carol, dropping, label="Confirm: drop out")
    assert description(done).startswith(f"<@{carol.id}> (withdrawn) is out of **Cup**")
