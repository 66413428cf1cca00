"""Fixtures for service-level tests: a store in a temp file and the toy race system."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from bot.service.gameservice import Caller, GameService
from bot.store.gamestore import GameStore
from bot.store.location import open_store
from rules.core.system import register
from tests.race.engine import SYSTEM as RACE

register(RACE)

ALICE = Caller(user_id="1001", name="Alice")
BOB = Caller(user_id="1002", name="Bob")
CAROL = Caller(user_id="1003", name="Carol")
MOD = Caller(user_id="1004", name="Mod", moderator=True)
DAN = Caller(user_id="1009", name="Dan")  # a spectator with no rights over any game


@pytest.fixture
def store(db_location: str) -> Iterator[GameStore]:
    """A new store: SQLite, or in modules with BOTH_STORES each store in turn."""
    s = open_store(db_location)
    yield s
    s.close()


@pytest.fixture
def service(store: GameStore) -> GameService:
    seeds = (f"seed-{n}" for n in itertools.count())
    return GameService(store, seed_factory=lambda: next(seeds))


@pytest.fixture
def race(service: GameService) -> GameService:
    """A race game in channel 'c1': Alice red, Bob blue, started."""
    service.new_game("c1", "g1", ALICE, "race", "short", opponent=BOB)
    service.join("c1", BOB)
    return service
