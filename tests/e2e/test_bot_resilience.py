"""Our own errors, restarts and slow work, end to end over the fake Discord."""

from __future__ import annotations

import gc
import re
import time
from collections.abc import Callable
from typing import Any

import pytest

import bot.discord.responses
from bot.service.gameservice import Caller, Reply
from bot.store.faults import StoreError
from fakediscord import ErrorLog, InteractionResult
from tests.race.engine import SYSTEM as RACE
from tests.race.engine import Boom

from .test_bot_support import (
    Table,
    assert_pings_only,
    assert_refused,
    description,
    edited_in_place,
    png_of,
    turn_message,
)

NOT_APPLIED = "Something went wrong on our side, and your action was not applied."


async def started_race(table: Table) -> InteractionResult:
    """Alice (red) and Bob (blue) sit at a race; return Bob's join reply (red to roll)."""
    invitation = await table.fake.slash(
        table.alice, table.channel, "game new", system="race", scenario="short",
        opponent=table.bob,
    )  # fmt: skip
    return await table.fake.click(table.bob, invitation, label="Accept the invitation")


def slowly(seconds: float, work: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap a service method so it takes at least `seconds` (it runs in a worker thread)."""

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(seconds)
        return work(*args, **kwargs)

    return slow


def reference_of(text: str) -> str:
    """Return the error reference quoted to the user."""
    found = re.search(r"reference (\w+)", text)
    assert found, text
    return found[1]


# ---------------------------------------------------------------- our own errors


async def test_unexpected_error_is_logged_with_context_and_answered_privately(
    table: Table, bot_errors: ErrorLog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crash inside a command: logged at ERROR with channel and command, user told politely."""
    await started_race(table)

    def crash(*args: Any, **kwargs: Any) -> Reply:
        raise RuntimeError("disk on fire: /var/secret")

    monkeypatch.setattr(table.service, "status", crash)
    before = table.version()
    result = await table.fake.slash(table.bob, table.channel, "game status")
    text = assert_refused(result, NOT_APPLIED)
    assert "disk on fire" not in text and "RuntimeError" not in text
    assert table.version() == before

    (record,) = bot_errors.records
    assert record.levelname == "ERROR"
    message = record.getMessage()
    assert str(table.channel.id) in message
    assert "game status" in message
    assert reference_of(text) in message
    assert record.exc_info is not None and isinstance(record.exc_info[1], RuntimeError)
    bot_errors.clear()


async def test_a_full_disk_is_told_to_the_player_without_its_path(
    table: Table, bot_errors: ErrorLog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database failing: the player reads "not applied", the operator's line is logged."""
    await started_race(table)

    def full(*args: Any, **kwargs: Any) -> Reply:
        raise StoreError("full", "/srv/banneret/games.db", "database or disk is full")

    monkeypatch.setattr(table.service, "act", full)
    before = table.version()
    result = await table.fake.slash(table.alice, table.channel, "race roll")
    text = assert_refused(result, "could not be saved")
    assert "/srv/banneret" not in text and "not applied" in text
    assert table.version() == before
    (record,) = bot_errors.records
    message = record.getMessage()
    assert "is full" in message and "/srv/banneret/games.db" in message
    assert reference_of(text) in message
    bot_errors.clear()


async def test_engine_crash_on_a_button_is_logged_with_the_game_and_not_applied(
    table: Table, bot_errors: ErrorLog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The toy engine's `boom` raises: the action is not applied and the log names the game."""
    real, real_buttons = RACE.legal_actions, RACE.button_actions

    def with_boom(state: Any, seat: str) -> list[Any]:
        found = real(state, seat)
        return [*found, Boom(seat=seat)] if found else found

    def buttons_with_boom(state: Any, seat: str, most: int, keep: Any) -> list[Any]:
        found = real_buttons(state, seat, most, keep)
        return [*found, Boom(seat=seat)] if found else found

    # Offered as a button, and found among the legal actions when pressed.
    monkeypatch.setattr(RACE, "legal_actions", with_boom)
    monkeypatch.setattr(RACE, "button_actions", buttons_with_boom)
    joined = await started_race(table)
    before = (table.version(), len(table.fake.public_messages()))
    result = await table.fake.click(table.alice, joined, label="boom")
    text = assert_refused(result, NOT_APPLIED, "game 1")
    assert "ZeroDivisionError" not in text
    assert (table.version(), len(table.fake.public_messages())) == before

    (record,) = bot_errors.records
    message = record.getMessage()
    assert "game 1" in message and "boom" in message
    assert reference_of(text) in message
    bot_errors.clear()

    # The game goes on: the next click works.
    rolled = await table.fake.click(table.alice, joined, label="roll")
    assert "Red rolls" in description(rolled)


async def test_unexpected_error_on_a_button_names_the_button(
    table: Table, bot_errors: ErrorLog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crash behind a button is logged with the button's id, not just 'component'."""
    joined = await started_race(table)

    def crash(*args: Any, **kwargs: Any) -> Reply:
        raise KeyError("lost")

    monkeypatch.setattr(table.service, "press", crash)
    result = await table.fake.click(table.alice, joined, label="roll")
    assert_refused(result, NOT_APPLIED)
    (record,) = bot_errors.records
    message = record.getMessage()
    assert "bn:act:1:1:" in message and str(table.channel.id) in message
    bot_errors.clear()


# ---------------------------------------------------------------- restarts


async def test_buttons_survive_a_restart(table: Table) -> None:
    """A button posted before a restart works in the next bot process on the same database."""
    fake = table.fake
    invitation = await fake.slash(
        table.alice, table.channel, "game new", system="race", scenario="short",
        opponent=table.bob,
    )  # fmt: skip
    first = table.bot
    await table.restart()
    assert table.bot is not first and first.is_closed()
    assert fake.identify_count == 2 and fake.sync_count == 2

    joined = await fake.click(table.bob, invitation, label="Accept the invitation")
    assert description(joined).startswith("Bob joins as Blue. The game begins!")
    rolled = await fake.click(table.alice, joined, label="roll")
    assert "Red rolls" in description(rolled)
    assert table.version() == 2


# ---------------------------------------------------------------- slow work


async def test_slow_command_defers_then_answers_publicly(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Work slower than the direct-answer limit is deferred ("thinking…"), then completed."""
    await started_race(table)
    monkeypatch.setattr(bot.discord.responses, "DIRECT_ANSWER_SECONDS", 0.05)
    monkeypatch.setattr(table.service, "status", slowly(0.3, table.service.status))
    result = await table.fake.slash(table.carol, table.channel, "game status")
    assert result.deferred and result.response_type == 5
    assert result.message is not None and not result.message.loading
    assert result.message.public and result.followups == []
    assert "Red to act: roll the die" in description(result)
    png_of(result)
    button, controls = result.message.custom_ids()  # buttons survive the defer
    assert button.startswith("bn:act:1:1:") and controls.startswith("bn:panel:1:1:")
    # A move from this board makes it the turn message (the older one loses its buttons).
    rolled = await table.fake.click(table.alice, result, label="roll")
    assert edited_in_place(rolled) and rolled.primary is result.message
    assert "Red rolls" in description(rolled)
    assert turn_message(table) is result.message


async def test_slow_private_answer_replaces_the_public_placeholder(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slow private reply removes the public 'thinking…' and answers ephemerally."""
    await started_race(table)
    monkeypatch.setattr(bot.discord.responses, "DIRECT_ANSWER_SECONDS", 0.05)
    monkeypatch.setattr(table.service, "private", slowly(0.3, table.service.private))
    result = await table.fake.slash(table.alice, table.channel, "game hand")
    assert result.deferred
    assert result.message is not None and result.message.deleted
    (answer,) = result.followups
    assert answer.ephemeral and answer.visible_to == table.alice.id
    expected = table.service.private(str(table.channel.id), Caller(str(table.alice.id), "Alice"))
    assert answer.embed is not None and answer.embed["description"].startswith(expected.text)


async def test_slow_refusal_is_still_private(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """A refusal that comes after a defer is sent ephemerally and the placeholder removed."""
    monkeypatch.setattr(bot.discord.responses, "DIRECT_ANSWER_SECONDS", 0.05)
    monkeypatch.setattr(table.service, "status", slowly(0.3, table.service.status))
    result = await table.fake.slash(table.alice, table.channel, "game status")
    assert result.deferred
    assert result.message is not None and result.message.deleted
    (answer,) = result.followups
    assert answer.ephemeral
    assert answer.embed is not None
    assert "There is no game in this channel" in answer.embed["description"]
    assert answer.allowed_mentions == {"parse": []}


async def test_slow_turn_within_discords_deadline_with_the_real_limit(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the shipped limit, slow work defers in time and still pings the next player.

    Completing a deferred reply is an edit, and Discord does not ping on edits: the
    ping must come in a new message.
    """
    joined = await started_race(table)
    rolled = await table.fake.click(table.alice, joined, label="roll")
    limit = bot.discord.responses.DIRECT_ANSWER_SECONDS
    assert limit + 1.0 < 3.0  # leave a second for the defer to reach Discord
    monkeypatch.setattr(table.service, "press", slowly(limit + 0.2, table.service.press))
    moved = await table.fake.click(table.alice, rolled, label="move 1", expect_followups=1)
    assert moved.deferred and moved.rejections == []
    # A button defers without "thinking…": its message stays, closed with the turn's log.
    assert moved.response_type == 6 and moved.message is rolled.message
    assert moved.message is not None and not moved.message.deleted
    assert not moved.message.components and "Red moves 1" in moved.message.text
    (turn,) = moved.followups
    assert turn.public and turn.revisions[0].content == f"<@{table.bob.id}>"
    assert_pings_only(moved, table.bob)
    assert "Blue to act: roll the die" in description(moved)


async def test_reply_discord_refuses_is_logged_and_shown_as_text(
    table: Table, bot_errors: ErrorLog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If Discord rejects a reply (here: two buttons with one id), its text still gets through."""
    joined = await started_race(table)
    real = table.service.press

    def twin_buttons(*args: Any, **kwargs: Any) -> Reply:
        reply: Reply = real(*args, **kwargs)
        reply.buttons = [reply.buttons[0], reply.buttons[0]]
        return reply

    monkeypatch.setattr(table.service, "press", twin_buttons)
    rolled = await table.fake.click(table.alice, joined, label="roll")
    assert [r.code for r in rolled.rejections] == [50035]
    assert not rolled.ephemeral and rolled.components == [] and rolled.attachments == []
    assert "Red rolls" in description(rolled)
    (record,) = bot_errors.records
    assert "could not send the reply" in record.getMessage()
    assert "button bn:act:1:1:" in record.getMessage()
    bot_errors.clear()


# ---------------------------------------------------------------- the heap


async def test_start_up_objects_are_frozen_while_the_bot_runs(table: Table) -> None:
    # Full garbage collections walk only what the bot made after start-up, not the
    # hundreds of thousands of objects start-up leaves (30-220 ms stalls of the loop).
    assert gc.get_freeze_count() > 10_000
    await started_race(table)  # the bot works as before
    await table.runner.stop(table.bot)
    # Closed, it hands them back: a process starting bot after bot frees each one's.
    assert gc.get_freeze_count() == 0
