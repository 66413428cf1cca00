"""/game end to end: the real BanneretBot over the fake Discord, playing the toy race game.

The race (tests/race/) has fixed rolls for a fixed seed, so every reply is known.
"""

from __future__ import annotations

import json

import discord

from bot.surface.dispatch import surface
from fakediscord import InteractionResult
from rules.core.references import rule

from .test_bot_support import (
    BOARD_WIDTH,
    Table,
    assert_pings_nobody,
    assert_pings_only,
    assert_refused,
    board_bytes,
    description,
    edited_in_place,
    footer_version,
    png_of,
    rule_behind_button,
    turn_message,
)

OPTION_TYPES = {"str": 3, "int": 4, "bool": 5, "user": 6, "float": 10, "file": 11}


async def new_race(table: Table) -> InteractionResult:
    """Alice starts a race and invites Bob."""
    return await table.fake.slash(
        table.alice,
        table.channel,
        "game new",
        system="race",
        scenario="short",
        opponent=table.bob,
    )


async def started_race(table: Table) -> InteractionResult:
    """Alice (red) and Bob (blue) sit at a race; return Bob's join reply (red to roll)."""
    invitation = await new_race(table)
    return await table.fake.click(table.bob, invitation, label="Accept the invitation")


# ---------------------------------------------------------------- the command surface


async def test_sync_publishes_every_declared_command(table: Table) -> None:
    """The synced tree holds /game, /rules, /samurai... with described, typed options."""
    fake = table.fake
    assert fake.sync_count == 1
    assert fake.command_names() == set(surface().entries)
    roots = {c["name"]: c for c in fake.synced_commands()}
    assert {"game", "rules", "samurai"} <= set(roots)
    for root in roots.values():
        assert root["type"] == 1 and root["description"]
        for sub in root["options"]:
            declared = surface().entries[f"{root['name']} {sub['name']}"]
            assert sub["type"] == 1
            assert sub["description"] == declared.description("en")
            synced = {o["name"]: o for o in sub.get("options", [])}
            assert list(synced) == [o.name for o in declared.options]
            for option in declared.options:
                got = synced[option.name]
                where = f"/{declared.path} {option.name}"
                assert got["description"] == declared.description("en", option.name), where
                assert got["description_localizations"]["pt-BR"] == declared.description(
                    "pt-BR", option.name), where
                assert got["type"] == OPTION_TYPES[option.kind], where
                assert bool(got.get("required")) == option.required, where
                assert bool(got.get("autocomplete")) == (option.autocomplete is not None), where
                assert [c["value"] for c in got.get("choices", [])] == list(option.choices)
                assert got.get("min_value") == option.min_value, where
                assert got.get("max_value") == option.max_value, where
    # Nothing privileged is asked of the gateway: slash commands and buttons need none.
    asked = discord.Intents._from_value(fake.identify_payloads[0]["intents"])
    assert not (asked.members or asked.presences or asked.message_content)
    assert asked.value == discord.Intents(guilds=True).value


# ---------------------------------------------------------------- a game between two people


async def test_two_players_take_turns_with_commands_and_buttons(table: Table) -> None:
    """Invite, accept, then roll and move by buttons; each turn pings only the next player."""
    fake, alice, bob = table.fake, table.alice, table.bob

    invitation = await new_race(table)
    assert not invitation.ephemeral and invitation.response_type == 4
    assert invitation.embed is not None
    assert invitation.embed["title"] == "Race to Ten: Short race"
    text = description(invitation)
    assert text.startswith("New Race to Ten game: **Short race**. Alice plays Red.")
    assert f"<@{bob.id}> is invited to play Blue" in text
    assert "Dice seed fingerprint (SHA-256)" in text
    assert footer_version(invitation) == (1, 0)
    assert png_of(invitation).width == BOARD_WIDTH
    assert_pings_only(invitation, bob)  # the invited player, and nobody else
    assert invitation.primary is not None
    assert invitation.primary.custom_ids() == ["bn:join:1:0:blue"]

    joined = await fake.click(bob, invitation, label="Accept the invitation")
    assert joined.response_type == 4 and not joined.ephemeral
    assert description(joined) == "Bob joins as Blue. The game begins!\nRed to act: roll the die"
    assert footer_version(joined) == (1, 1)
    assert png_of(joined).width == BOARD_WIDTH
    assert_pings_only(joined, alice)  # the game begins: Red (alice) must act
    start_board = board_bytes(joined)

    # Within a turn the turn message changes in place: no new message, nobody pinged.
    rolled = await fake.click(alice, joined, label="roll")
    assert edited_in_place(rolled) and rolled.primary is joined.primary
    assert description(rolled).splitlines() == [
        "Red rolls 3.",
        "Red to act: move 1 to 3 squares",
    ]
    assert_pings_nobody(rolled)  # still Alice's turn: nobody to call
    assert rolled.primary is not None
    labels = [c["label"] for c in rolled.primary.components[0]["components"]]
    assert labels == ["move 1", "move 2", "move 3", "Your choices"]

    # The turn passes: Alice's message keeps her turn's log, Bob's turn gets a new one.
    moved = await fake.click(alice, rolled, label="move 3")
    assert description(moved).splitlines() == [
        "Since your last turn:",
        "Red rolls 3.",
        "Red moves 3 to square 3.",
        "Blue to act: roll the die",
    ]
    assert rolled.primary.embed is not None
    assert rolled.primary.embed["description"] == "Red rolls 3.\nRed moves 3 to square 3."
    assert not rolled.primary.components
    assert footer_version(moved) == (1, 3)
    assert_pings_only(moved, bob)
    assert board_bytes(moved) != start_board  # red's counter moved on the board

    bob_rolled = await fake.click(bob, moved, label="roll")
    assert "Blue to act: move" in description(bob_rolled)
    bob_moved = await fake.click(bob, bob_rolled, label="move 1")
    assert description(bob_moved).splitlines()[-1] == "Red to act: roll the die"
    assert_pings_only(bob_moved, alice)
    assert table.version() == 5

    # Only the invitation, the start of the game and the two turn changes pinged.
    pinging = [m for m in fake.public_messages() if m.content]
    assert [m.content for m in pinging] == [
        f"<@{bob.id}>", f"<@{alice.id}>", f"<@{bob.id}>", f"<@{alice.id}>"
    ]


async def test_user_supplied_text_cannot_ping(table: Table) -> None:
    """@everyone in a display name or a seat name is shown as text and never pings."""
    fake = table.fake
    mallory = fake.user("mallory")
    mallory.nick = "@everyone @here <@&1> <@2>"
    started = await fake.slash(
        mallory, table.channel, "game new", system="race", scenario="short", opponent=table.bob
    )
    assert "@everyone @here <@&1> <@2> plays Red" in description(started)
    assert_pings_only(started, table.bob)

    refused = await fake.slash(
        mallory, fake.text_channel("tavern"), "game new", system="race", scenario="short",
        seat="@everyone",
    )  # fmt: skip
    assert_refused(refused, "There is no seat called `@everyone`")

    for message in fake.messages:
        assert message.allowed_mentions is not None
        assert message.allowed_mentions["parse"] == [], message.text


# ---------------------------------------------------------------- refusals


async def test_spectator_cannot_act(table: Table) -> None:
    """Someone without a seat clicking a turn button is refused, privately; nothing changes."""
    joined = await started_race(table)
    before = (table.version(), len(table.fake.public_messages()))
    refused = await table.fake.click(table.carol, joined, label="roll")
    assert_refused(refused, "You are not playing in this game")
    assert (table.version(), len(table.fake.public_messages())) == before


async def test_wrong_turn_is_refused_with_its_rule(table: Table) -> None:
    """Bob acting on Alice's turn hears whose turn it is and the rule; its statement is a
    click away."""
    joined = await started_race(table)
    before = table.version()
    refused = await table.fake.click(table.bob, joined, label="roll")
    ref = rule("core/not-your-turn")
    text = assert_refused(
        refused,
        "It is not your turn: waiting for Red (roll)",
        "`core/not-your-turn`",
        ref.title,
    )
    assert ref.statement not in text and len(text.splitlines()) == 2
    assert ref.statement in await rule_behind_button(table, refused, table.bob)
    assert table.version() == before


async def test_no_game_in_this_channel(table: Table) -> None:
    """Commands about a game in a channel without one are refused politely."""
    await started_race(table)
    tavern = table.fake.text_channel("tavern")
    for command in ("game status", "game hand", "game undo", "game settings"):
        refused = await table.fake.slash(table.alice, tavern, command)
        assert_refused(refused, "There is no game in this channel. Start one with `/game new`.")


async def test_refusal_for_a_rule_shows_rule_id_and_statement(table: Table) -> None:
    """Only the referee may end a game: the refusal is a ruling, and nothing is applied."""
    await started_race(table)
    before = table.version()
    refused = await table.fake.slash(table.bob, table.channel, "game end")
    ref = rule("core/referee-only")
    assert_refused(refused, "Only the game's creator", f"`{ref.id}`")
    assert ref.statement in await rule_behind_button(table, refused, table.bob)
    assert table.version() == before
    ended = await table.fake.slash(table.fake.moderator("mod"), table.channel, "game end")
    assert description(ended).startswith("The game was ended by Mod.")


async def test_bad_input_is_refused(table: Table) -> None:
    """Unknown systems, scenarios and seats are refused with what would have worked."""
    fake, alice = table.fake, table.alice
    refused = await fake.slash(alice, table.channel, "game new", system="chess", scenario="x")
    assert_refused(refused, "There is no game system called `chess`", "race")
    refused = await fake.slash(alice, table.channel, "game new", system="race", scenario="long")
    assert_refused(refused, "There is no Race to Ten scenario called `long`", "short")
    await new_race(table)
    refused = await fake.slash(table.bob, table.channel, "game join", seat="green")
    assert_refused(refused, "There is no seat called `green`. The seats are:", "red", "blue")
    refused = await fake.slash(table.carol, table.channel, "game join")
    assert_refused(refused, "There is no free seat in this game.")
    refused = await fake.slash(table.carol, table.channel, "game join", seat="blue")
    assert_refused(refused, "The Blue seat is held for someone else.")
    assert table.version() == 0


async def test_stale_button_is_refused_and_nothing_applied(table: Table) -> None:
    """A button from an older position is refused politely, even for the player to act."""
    fake = table.fake
    joined = await started_race(table)
    status = await fake.slash(table.carol, table.channel, "game status")  # a second "roll"
    rolled = await fake.click(table.alice, joined, label="roll")
    assert "Red rolls" in description(rolled)
    before = (table.version(), len(fake.public_messages()))
    again = await fake.click(table.alice, status, label="roll")
    assert_refused(again, "That button belongs to an older position of the game")
    assert (table.version(), len(fake.public_messages())) == before
    accept_again = await fake.click(
        table.bob, fake.public_messages()[0], label="Accept the invitation"
    )
    assert_refused(accept_again, "older position")


# ---------------------------------------------------------------- language


async def test_language_setting_switches_refusals_to_portuguese(table: Table) -> None:
    """After /game settings language:pt-BR, refusals in that game come in Portuguese."""
    fake = table.fake
    await started_race(table)
    # The game is under way: Alice asks, and the language changes once Bob agrees.
    asked = await fake.slash(table.alice, table.channel, "game settings", language="pt-BR")
    assert "asks to change the settings: `language:pt-BR`" in description(asked)
    changed = await fake.click(table.bob, asked, label="Agree")
    assert not changed.ephemeral
    assert "português do Brasil" in description(changed)
    status = await fake.slash(table.carol, table.channel, "game status")
    refused = await fake.click(table.bob, status, label="rolar")
    assert_refused(refused, "Não é a sua vez", "`core/not-your-turn`")
    refused = await fake.click(table.carol, status, label="rolar")
    assert_refused(refused, "Você não está jogando esta partida")
    refused = await fake.slash(table.bob, table.channel, "game end")
    assert_refused(refused, "`core/referee-only`")
    assert "Only the game's creator" not in refused.text


async def test_discord_locale_picks_the_language_without_a_game(table: Table) -> None:
    """With no game to set it, a refusal follows the user's Discord locale."""
    joao = table.fake.user("joao", locale="pt-BR")
    refused = await table.fake.slash(joao, table.channel, "game status")
    assert_refused(refused, "Não há")


# ---------------------------------------------------------------- undo, records, the end


async def test_undo_by_agreement_with_buttons(table: Table) -> None:
    """A die roll is taken back only if the opponent agrees; the request pings them."""
    fake, alice, bob = table.fake, table.alice, table.bob
    joined = await started_race(table)
    rolled = await fake.click(alice, joined, label="roll")

    request = await fake.slash(alice, table.channel, "game undo")
    assert description(request).startswith("Red asks to take back their last action")
    assert_pings_only(request, bob)
    assert request.primary is not None
    assert [c["label"] for c in request.primary.components[0]["components"]] == [
        "Agree to undo",
        "Refuse",
    ]
    refused = await fake.click(table.carol, request, label="Agree to undo")
    assert_refused(refused, "You are not playing in this game")
    refused = await fake.click(alice, request, label="Agree to undo")
    assert_refused(refused, "You cannot answer your own undo request")

    agreed = await fake.click(bob, request, label="Agree to undo")
    assert description(agreed).startswith("Blue agrees. The last action is taken back.")
    assert table.state().step == "roll"
    # Red keeps the turn: the live turn message shows the restored position, no new one.
    assert agreed.followups == [] and turn_message(table) is rolled.primary
    assert "An action is taken back." in description(rolled)
    again = await fake.click(alice, rolled, label="roll")
    assert again.primary is rolled.primary and "Red rolls" in description(again)


async def test_log_export_verify_and_resign(table: Table) -> None:
    """The record is attached as JSON; the seed stays secret until the game ends."""
    fake, alice = table.fake, table.alice
    joined = await started_race(table)
    status = await fake.slash(table.carol, table.channel, "game status")
    await fake.click(alice, joined, label="roll")

    log = await fake.slash(table.carol, table.channel, "game log", last=2)
    assert description(log).splitlines()[-1] == "#3 Red: Red rolls 3."

    exported = await fake.slash(table.carol, table.channel, "game export")
    ((name, data),) = exported.attachments
    record = json.loads(data)
    assert name == "banneret-game-1.json" and record["seed"] is None
    assert [entry["kind"] for entry in record["log"]] == ["join", "join", "action"]

    verified = await fake.slash(table.carol, table.channel, "game verify")
    assert description(verified).startswith("Game 1: consistent")

    resigned = await fake.slash(table.bob, table.channel, "game resign")
    assert description(resigned).startswith("Blue resigns.\n**Red wins** — Blue resigned.")
    assert "The dice seed was `e2e-seed-0`" in description(resigned)
    assert_pings_nobody(resigned)
    after = await fake.click(alice, status, label="roll")
    assert_refused(after, "older position")
