"""One message per turn, through the real discord.py client and a Discord-protocol server.

A turn's message is posted when the turn passes (pinging the player to act) and then
edited as that player plays; a slash command gets a private note, a button on the
turn message changes it in place. When the turn passes, the old message keeps the
turn's whole log without buttons, and the new one says what the player missed.
"""

from __future__ import annotations

from fakediscord import Message

from .test_bot_samurai import samurai_game
from .test_bot_support import (
    Table,
    assert_pings_only,
    board_bytes,
    description,
    edited_in_place,
    pick,
    turn_message,
)


def public_in_channel(table: Table) -> list[Message]:
    """Return the public messages of the test channel, oldest first."""
    return [m for m in table.fake.messages_in(table.channel) if m.public]


async def test_a_whole_samurai_turn_is_one_edited_message_and_one_ping(table: Table) -> None:
    """Play, order, move and end a turn: the channel gets the next turn's ping and nothing else."""
    fake, alice, bob = table.fake, table.alice, table.bob
    joined = await samurai_game(table)  # Bob accepts; Uesugi (Alice) is to act
    assert_pings_only(joined, alice)
    live = joined.primary
    assert live is not None and turn_message(table) is live
    before = public_in_channel(table)
    first_board = board_bytes(live)

    card = await pick(table, alice, "samurai play", "card", "two")
    played = await fake.slash(alice, table.channel, "samurai play", card=card)
    ordered = await fake.slash(alice, table.channel, "samurai order", pieces="U13 U14")
    to = await pick(table, alice, "samurai move", "to", "G", piece="U14")
    moved = await fake.slash(alice, table.channel, "samurai move", piece="U14", to=to)
    for note in (played, ordered, moved):  # a private note each; the channel is unchanged
        assert note.ephemeral and note.primary is not None
        assert note.primary.visible_to == alice.id and not note.attachments
    assert "Uesugi plays Order Two Units Center." in description(played)
    assert public_in_channel(table) == before

    # The turn message has grown with every move, its board redrawn each time.
    assert len(live.revisions) == 4
    for line in ("Uesugi plays Order Two Units Center.", "Uesugi orders U13 with leader L4.",
                 f"U14 moves from G7 to {to}."):
        assert line in live.text
    assert board_bytes(live) != first_board
    labels = [c["label"] for row in live.components for c in row["components"]]
    assert labels == ["End turn and draw", "Your hand"]

    drew = await fake.click(alice, live, label="End turn and draw")
    assert edited_in_place(drew) and public_in_channel(table) == before
    labels = [c["label"] for row in live.components for c in row["components"]]
    assert labels == ["Draw a Dragon card", "Take two tokens", "Your hand"]  # samurai/honor-reward
    ended = await fake.click(alice, live, label="Take two tokens", expect_followups=1)
    new = [m for m in public_in_channel(table) if m not in before]
    (ping,) = new  # the whole turn added one message to the channel: the next turn's
    assert ended.followups == [ping] and turn_message(table) is ping
    assert_pings_only(ended, bob)
    text = description(ended)
    assert text.startswith("Since your last turn:\nUesugi plays Order Two Units Center.\n")
    assert "Uesugi gains 2 Honor & Fortune tokens" in text
    assert text.endswith("Takeda to act: play a command card")

    # The finished turn's message keeps its log (the last move too) and no buttons.
    assert len(live.revisions) == 6 and not live.components
    assert "Uesugi draws a card." in live.text and f"U14 moves from G7 to {to}." in live.text


async def test_a_move_from_a_newer_board_makes_it_the_turn_message(table: Table) -> None:
    """A player who asks for the board again plays from it; the old message loses its buttons."""
    fake, alice = table.fake, table.alice
    joined = await samurai_game(table)
    first = joined.primary
    assert first is not None
    hand = await fake.slash(alice, table.channel, "game hand")
    card = await pick(table, alice, "samurai play", "card", "two")
    await fake.slash(alice, table.channel, "samurai play", card=card)
    status = await fake.slash(table.carol, table.channel, "game status")
    given = await fake.click(alice, status, label="Give no orders")
    assert edited_in_place(given) and given.primary is status.primary
    assert turn_message(table) is status.primary
    assert not first.components  # no second set of live buttons above
    assert "Uesugi orders nothing this turn." in description(given)
    assert hand.ephemeral


async def test_the_turn_message_speaks_the_games_language(table: Table) -> None:
    """After /game settings language:pt-BR, the recap and the buttons are in Portuguese."""
    fake, alice = table.fake, table.alice
    await samurai_game(table)
    asked = await fake.slash(alice, table.channel, "game settings", language="pt-BR")
    await fake.click(table.bob, asked, label="Agree")  # the game is under way: Bob agrees
    card = await pick(table, alice, "samurai play", "card", "two")
    await fake.slash(alice, table.channel, "samurai play", card=card)
    await fake.slash(alice, table.channel, "samurai order", pieces="U13 U14")
    live = turn_message(table)
    labels = [c["label"] for row in live.components for c in row["components"]]
    assert labels == ["Encerrar o turno e comprar", "Sua mão"]
    await fake.click(alice, live, label="Encerrar o turno e comprar")
    ended = await fake.click(alice, live, label="Pegar duas fichas", expect_followups=1)
    assert description(ended).startswith("Desde a sua última vez:\n")
