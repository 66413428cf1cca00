"""Time controls as typed, the settable clock, and the store stamping by its clock."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.clock import FakeClock
from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.store.sqlite import Store
from bot.timecontrol import TimeControl, TimeControlBad


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("none", "none"),
        ("", "none"),
        ("48h", "2d remind"),
        ("36h claim", "1d12h claim"),
        ("3d+1d/7d forfeit", "3d+1d/7d forfeit"),
        ("90m+0m", "1h30m+0m remind"),
        (" 2D+12H ", "2d+12h remind"),
    ],
)
def test_time_controls_read_and_write_back(typed: str, canonical: str) -> None:
    control = TimeControl.parse(typed)
    assert control.text() == canonical
    assert TimeControl.parse(control.text()) == control


def test_a_clock_keeps_its_parts() -> None:
    control = TimeControl.parse("3d+1d/7d claim")
    assert control.kind == "clock"
    assert (control.initial, control.increment, control.cap) == (
        timedelta(days=3), timedelta(days=1), timedelta(days=7))
    assert control.expiry == "claim"


@pytest.mark.parametrize(
    "typed", ["tomorrow", "48", "0h", "3d+1d/1d", "48h sometimes", "400d", "1d+", "48h claim x"]
)
def test_what_is_not_a_time_control_is_refused_with_the_forms(typed: str) -> None:
    with pytest.raises(TimeControlBad) as caught:
        TimeControl.parse(typed)
    assert caught.value.key == "time-control-bad"


def test_the_fake_clock_moves_only_forward() -> None:
    clock = FakeClock("2026-03-01T09:00:00+00:00")
    start = clock.now()
    assert clock.advance(hours=5) - start == timedelta(hours=5)
    with pytest.raises(ValueError):
        clock.advance(timedelta(minutes=-1))


def test_the_store_stamps_with_its_clock() -> None:
    clock = FakeClock("2026-03-01T09:00:00+00:00")
    service = GameService(Store(":memory:", clock=clock), seed_factory=lambda: "tc")
    alice, bob = Caller("1", "Alice"), Caller("2", "Bob")
    service.new_game("c", "g", alice, "samurai", "river-crossing", opponent=bob,
                     time_control=TimeControl.parse("48h claim"))
    with service.store.reading() as tx:
        game = tx.active_game("c")
    assert game is not None
    assert game.created_at == "2026-03-01T09:00:00.000+00:00"
    assert TimeControl.model_validate(game.settings["time_control"]).text() == "2d claim"
