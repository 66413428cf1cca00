"""Turn deadlines: a reminder once per position, only past the deadline, only the player to act."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.deadlines import overdue
from bot.service import GameService
from bot.store import Store
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


def test_the_scan_finds_due_games_by_index_in_short_batches(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    for n in range(25):
        service.new_game(f"c{n}", "g1", ALICE, "race", "short", opponent=BOB)
        service.join(f"c{n}", BOB)
        service.settings(f"c{n}", ALICE, deadline_hours=1 if n % 5 else 100)
    store = service.store
    with store.reading() as tx:
        plan = tx.conn.execute(
            "EXPLAIN QUERY PLAN SELECT * FROM games INDEXED BY games_deadlined WHERE "
            "status = 'active' AND json_extract(settings, '$.deadline_hours') > 0 "
            "AND updated_at <= '9' AND id > 0").fetchall()
    assert any("USING INDEX games_deadlined" in str(tuple(row)) for row in plan)
    # Count what each write transaction marks: never more than one batch.
    marked: list[int] = []
    real = Store.transaction

    @contextmanager
    def counted(self: Store) -> Iterator[Any]:
        with real(self) as tx:
            before = tx.conn.total_changes
            yield tx
            marked.append(tx.conn.total_changes - before)

    monkeypatch.setattr(Store, "transaction", counted)
    reminders = overdue(store, datetime.now(UTC) + timedelta(hours=2), batch=7)
    assert len(reminders) == 20  # every game but the five with 100 hours
    assert marked == [7, 7, 6] and len({r.game_id for r in reminders}) == 20
    assert overdue(store, datetime.now(UTC) + timedelta(hours=2), batch=7) == []


def test_a_game_that_moves_on_during_the_scan_is_not_reminded(race: GameService) -> None:
    race.settings("c1", ALICE, deadline_hours=1)
    with race.store.reading() as tx:
        [game] = tx.due_for_reminder(
            (datetime.now(UTC) + timedelta(hours=2)).isoformat(), 0, 10)
    race.act("c1", ALICE, {"type": "roll"})  # the position changes before it is marked
    with race.store.transaction() as tx:
        assert not tx.mark_reminded(game)
