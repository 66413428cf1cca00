"""Who may change each setting of a game, in each state (bot/service/settingrules.py).

The table in settingrules is the only place the permission is decided: a walk drives
every setting, role and state through the service and compares what happens with it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from bot.clock import FakeClock
from bot.errors import PlayerError
from bot.service.gameservice import Caller, GameService
from bot.store.sqlite import GameRow, open_store
from bot.timecontrol import TimeControl
from tests.bot.conftest import ALICE, BOB, CAROL, DAN, MOD

START = "2026-03-02T09:00:00+00:00"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(START)


@pytest.fixture
def svc(db_location: str, clock: FakeClock) -> Iterator[GameService]:
    seeds = (f"seed-{n}" for n in itertools.count())
    service = GameService(open_store(db_location, clock=clock), seed_factory=lambda: next(seeds))
    yield service
    service.store.close()


def game(service: GameService, channel: str) -> GameRow:
    with service.store.reading() as tx:
        found = tx.latest_game(channel)
    assert found is not None
    return found


def league_fixture(service: GameService, time: str = "48h forfeit") -> str:
    """Carol's league: Alice and Bob play its one fixture in thread 't1'; return it."""
    service.leagues.create("g1", CAROL, "Cup", channel_id="lc", system_id="race", time=time)
    for player in (ALICE, BOB):
        service.leagues.join("g1", player, "Cup")
    service.leagues.start("g1", CAROL, "Cup")
    opening = service.leagues.play("g1", "lc", ALICE, "Cup", opponent=BOB)
    assert opening.thread is not None
    opening.thread.then("t1")
    return "t1"


def test_a_player_cannot_switch_off_his_own_forfeit_clock(svc: GameService,
                                                          clock: FakeClock) -> None:
    channel = league_fixture(svc)
    to_act = game(svc, channel).seats[game(svc, channel).state["turn"]]
    player = ALICE if to_act == ALICE.user_id else BOB
    for change in ({"time": "none"}, {"time": "30d"}, {"deadline_hours": 336},
                   {"remind": "none"}):
        with pytest.raises(PlayerError):
            svc.settings(channel, player, **change)  # type: ignore[arg-type]
    assert game(svc, channel).settings["time_control"] == TimeControl.parse(
        "48h forfeit").model_dump()
    clock.advance(hours=49)
    svc.scheduler.due()
    lost = game(svc, channel)
    assert lost.status == "finished" and lost.winner != lost.state["turn"]
