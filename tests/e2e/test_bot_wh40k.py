"""/wh40k end to end: the part that is Discord's own, a roster sent as a file attachment."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

import bot.discord.responses
from fakediscord import BotRunner, FakeDiscord
from renderers import BOARD_WIDTH
from rules.core.data import data_dir

from .test_bot_support import (
    Table,
    assert_pings_only,
    assert_refused,
    board_bytes,
    description,
    open_table,
    png_of,
    turn_message,
)

ROSTER = data_dir() / "wh40k" / "rosters" / "ultramarines-strike-force.toml"


@pytest.fixture
async def table(
    fake_discord: FakeDiscord, bot_runner: BotRunner, tmp_path: Path
) -> AsyncIterator[Table]:
    """Banneret with a Take and Hold game: Alice attacks, Bob defends."""
    async with open_table(fake_discord, bot_runner, tmp_path) as t:
        invitation = await t.fake.slash(
            t.alice, t.channel, "game new", system="wh40k", scenario="take-and-hold",
            opponent=t.bob,
        )  # fmt: skip
        await t.fake.click(t.bob, invitation, label="Accept the invitation")
        yield t


async def test_roster_attachment_is_read(table: Table) -> None:
    """A roster file attached to /wh40k roster is previewed, then loads the army on Accept."""
    preview = await table.fake.slash(
        table.alice, table.channel, "wh40k roster", text=("army.toml", ROSTER.read_bytes())
    )
    assert preview.ephemeral
    loaded = await table.fake.click(table.alice, preview, label="Accept")
    # The private preview, answered, says what was done; the turn message shows it too.
    assert loaded.ephemeral and not loaded.components
    assert "Attacker loads the roster “Ultramarines strike force”" in description(loaded)
    assert "Attacker loads the roster “Ultramarines strike force”" in turn_message(table).text


async def test_slow_download_is_deferred_in_time(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Downloading the file counts toward the deadline: a slow one defers first."""
    real = discord.Attachment.read

    async def slow_read(self: discord.Attachment, **kwargs: Any) -> bytes:
        await asyncio.sleep(0.3)
        return await real(self, **kwargs)

    monkeypatch.setattr(bot.discord.responses, "DIRECT_ANSWER_SECONDS", 0.05)
    monkeypatch.setattr(discord.Attachment, "read", slow_read)
    preview = await table.fake.slash(
        table.alice, table.channel, "wh40k roster", text=("army.toml", ROSTER.read_bytes())
    )
    assert preview.deferred
    # Accepting is made slow too (answered only after deferring, whatever the machine):
    # the preview is then edited into the result as the deferred answer's original. The
    # fake settles on a quiet moment, which a cold first board can outlast on a loaded
    # machine, so wait for the edit itself.
    monkeypatch.setattr(bot.discord.responses, "DIRECT_ANSWER_SECONDS", 0)
    loaded = await table.fake.click(table.alice, preview, label="Accept")
    assert loaded.deferred
    said = "Attacker loads the roster “Ultramarines strike force”"
    await table.fake.wait_for(lambda: said in description(loaded), what="the accepted roster")


async def test_oversized_file_is_refused_unread(table: Table) -> None:
    """A huge attachment is refused politely without being downloaded."""
    before = table.version()
    huge = b"# padding\n" * 40_000
    refused = await table.fake.slash(
        table.alice, table.channel, "wh40k roster", text=("army.toml", huge)
    )
    assert_refused(refused, "`army.toml` is 391 KiB; files up to 64 KiB are read")
    assert table.version() == before


async def test_binary_and_hostile_files_are_refused_politely(table: Table) -> None:
    """A picture sent as a roster, or a TOML bomb, is refused; the game does not change."""
    before = table.version()
    picture = await table.fake.slash(
        table.alice, table.channel, "wh40k roster", text=("army.png", b"\x89PNG\r\n\xff\xfe")
    )
    assert_refused(picture, "`army.png` is not a text file (UTF-8)")
    bomb = ("a" + ".a" * 8_000 + " = 1\n").encode()
    hostile = await table.fake.slash(
        table.alice, table.channel, "wh40k roster", text=("army.toml", bomb)
    )
    assert_refused(hostile, "more than 8 dots", "core/bad-input")
    assert table.version() == before


async def test_a_slow_button_on_the_turn_message_leaves_its_board_and_buttons(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move from the turn message answered after deferring edits that message once:
    with the move, its board and its buttons (not stripped by the late answer)."""
    fake, alice, bob = table.fake, table.alice, table.bob
    asked = await fake.slash(alice, table.channel, "wh40k start", first="attacker")
    await fake.click(bob, asked, label="Agree")
    monkeypatch.setattr(bot.discord.responses, "DIRECT_ANSWER_SECONDS", 0)
    pressed = turn_message(table)
    movement = await fake.click(alice, pressed, label="On to Movement")
    assert movement.deferred
    said = "Attacker's Movement phase begins"
    await fake.wait_for(lambda: said in str(turn_message(table).embed),
                        what="the move on the turn message")
    await fake.settle()
    shown = turn_message(table)
    assert shown.id == pressed.id
    assert said in str(shown.embed["description"])
    assert shown.attachments and png_of(shown).width == BOARD_WIDTH
    assert shown.components  # the Movement phase's buttons


async def test_a_full_turn_by_slash_commands_and_buttons(table: Table) -> None:
    """Alice plays a whole 40k turn; Bob's Command phase tests his Below Half-strength mob."""
    fake, alice, bob = table.fake, table.alice, table.bob
    asked = await fake.slash(alice, table.channel, "wh40k start", first="attacker")
    assert "asks: `/wh40k start first:attacker`" in description(asked)
    assert_pings_only(asked, bob)
    started = await fake.click(bob, asked, label="Agree")
    text = description(started)
    assert "Attacker gains 1 CP (Command phase)" in text
    assert "Defender gains 1 CP (Command phase)" in text
    assert png_of(turn_message(table)).width == BOARD_WIDTH  # the turn message, redrawn

    wrong = await fake.slash(bob, table.channel, "wh40k next")
    assert_refused(wrong, "not your turn", "core/not-your-turn")

    # One click moves on: the Battle-shock step has nothing to test, so it is passed over.
    movement = await fake.click(alice, turn_message(table), label="On to Movement")
    assert "Attacker's Movement phase begins" in description(movement)

    choices = await fake.autocomplete(alice, table.channel, "wh40k move", focused="unit",
                                      value="Assault")
    assert choices and choices[0]["value"] == "U3"
    moved = await fake.slash(alice, table.channel, "wh40k move", unit=choices[0]["value"],
                             x=14.0, y=16.0)
    assert 'Assault Intercessors moves to (14", 16")' in description(moved)
    # Losses of Bob's unit reported by Alice are a claim: they count once Bob agrees.
    claim = await fake.slash(alice, table.channel, "wh40k casualties", unit="U9", models=6)
    assert "Attacker reports: Boyz (second mob) loses 6 models; 4 left." in description(claim)
    assert_pings_only(claim, bob)
    hit = await fake.click(bob, claim, label="Agree")
    assert "Defender agrees with the report of Attacker." in description(hit)
    assert "Boyz (second mob) is now Below Half-strength" in description(hit)
    before = board_bytes(turn_message(table))

    last = hit
    for phase in ("shooting", "charge", "fight"):
        last = await fake.slash(alice, table.channel, "wh40k next")
        assert f"Attacker's {phase.capitalize()} phase begins" in description(last)
    handover = await fake.slash(alice, table.channel, "wh40k next")
    assert "Defender's Command step begins" in description(handover)
    assert_pings_only(handover, bob)
    assert board_bytes(handover) != before

    named = await fake.click(bob, handover, label="On to Battle-shock")
    assert "Battle-shock tests to take: Boyz (second mob)." in description(named)
    assert table.state().step == "battle-shock"  # the moment before the dice
    tested = await fake.click(bob, named, label="Roll the Battle-shock tests")
    assert "Boyz (second mob) takes a Battle-shock test (Below Half-strength): rolled" in (
        description(tested)
    )
    assert table.state().step == "movement"


async def test_a_mission_chosen_at_the_start_refuses_a_first_round_primary(
    table: Table,
) -> None:
    """`/wh40k start mission: deployment:` fights Supply Drop on Hammer and Anvil once Bob
    agrees; 15 primary points in round 1 are refused with the mission's rule id and nothing
    changes; a moderator records a real score anyway."""
    fake, alice, bob = table.fake, table.alice, table.bob
    asked = await fake.slash(alice, table.channel, "wh40k start", mission="supply-drop",
                             deployment="hammer-and-anvil")
    assert "`/wh40k start mission:supply-drop deployment:hammer-and-anvil`" in description(asked)
    await fake.click(bob, asked, label="Agree")
    state = table.state()
    assert (state.mission, state.deployment) == ("supply-drop", "hammer-and-anvil")
    refused = await fake.slash(alice, table.channel, "wh40k score", primary=15)
    assert_refused(refused, "Supply Drop scores no primary points now (battle round 1",
                   "`wh40k/primary-supply-drop`")
    assert table.state().scores["attacker"] == []
    recorded = await fake.slash(fake.moderator("ref"), table.channel, "wh40k adjustscore",
                                side="attacker", primary=20)
    assert "Attacker" in recorded.text
    assert table.state().scores["attacker"][0].primary == 20


async def test_prompts_name_the_real_commands(table: Table) -> None:
    """No prompt names an action type ("next_phase", "gain_cp") instead of its command."""
    fake, alice, bob = table.fake, table.alice, table.bob
    asked = await fake.slash(alice, table.channel, "wh40k start", first="attacker")
    await fake.click(bob, asked, label="Agree")
    await fake.click(alice, turn_message(table), label="On to Movement")
    said = "\n".join(m.all_text for m in fake.messages)
    assert "`/wh40k next`" in said or "/wh40k" in said
    for internal in ("next_phase", "gain_cp", "shock_test", "fall_back", "start_battle",
                     "add_unit", "end_turn"):
        assert internal not in said, internal
