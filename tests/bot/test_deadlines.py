"""Turn deadlines: a reminder once per position, only past the deadline, only the player to act."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.deadlines import overdue
from bot.service import GameService
from tests.bot.conftest import ALICE, BOB


def test_an_overdue_turn_is_reminded_once(race: GameService) -> None:
    assert overdue(race.store, datetime.now(UTC) + timedelta(days=30)) == []  # no deadline set
    race.settings("c1", ALICE, deadline_hours=24)
    assert overdue(race.store, datetime.now(UTC) + timedelta(hours=23)) == []
    later = datetime.now(UTC) + timedelta(hours=25)
    [reminder] = overdue(race.store, later)
    assert reminder.user_id == ALICE.user_id and "24 h" in reminder.text
    assert f"<@{ALICE.user_id}>" in reminder.text
    assert overdue(race.store, later) == []  # once per position
    race.act("c1", ALICE, {"type": "roll"})
    race.act("c1", ALICE, {"type": "move", "steps": 1})
    [next_one] = overdue(race.store, later + timedelta(hours=25))
    assert next_one.user_id == BOB.user_id


def test_reminding_does_not_move_the_position(race: GameService) -> None:
    race.settings("c1", ALICE, deadline_hours=1)
    version = race.status("c1").version
    overdue(race.store, datetime.now(UTC) + timedelta(hours=2))
    assert race.status("c1").version == version
