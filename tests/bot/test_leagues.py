"""Leagues that track games by channel: names, adding games, whose turn it is everywhere."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.errors import NoGame
from bot.service.gameservice import GameService, PlayerError
from bot.service.leagues.seasons import Leagues
from tests.bot.conftest import ALICE, BOB, CAROL, DAN, MOD

BOTH_STORES = True  # every test taking the store runs on SQLite and on PostgreSQL


@pytest.fixture
def league(race: GameService) -> Leagues:
    """A league 'Autumn' holding the race in c1 (Alice red, Bob blue)."""
    leagues = race.leagues
    assert "Autumn" in leagues.create("g1", ALICE, "  Autumn ").text
    leagues.add("g1", "c1", BOB, "Autumn")
    return leagues


def test_names_are_unique_per_server_and_checked(league: Leagues) -> None:
    with pytest.raises(PlayerError, match="league-exists"):
        league.create("g1", BOB, "Autumn")
    league.create("g2", BOB, "Autumn")  # another server may reuse it
    with pytest.raises(PlayerError, match="league-bad-name"):
        league.create("g1", BOB, "x" * 41)
    with pytest.raises(PlayerError, match="league-unknown"):
        league.turns("g1", BOB, "Winter")
    assert league.names("g1", "aut") == [("Autumn", "Autumn")]


def test_only_players_creators_or_moderators_add_games(league: Leagues, race: GameService) -> None:
    service = race
    service.new_game("c2", "g1", CAROL, "race", "short", opponent=BOB)
    with pytest.raises(PlayerError, match="league-not-allowed"):
        league.add("g1", "c2", DAN, "Autumn")
    league.add("g1", "c2", MOD, "Autumn")
    with pytest.raises(NoGame):
        league.add("g1", "empty", ALICE, "Autumn")


def test_turns_lists_who_must_act_longest_wait_first(league: Leagues, race: GameService) -> None:
    service = race
    service.new_game("c2", "g1", CAROL, "race", "short", opponent=BOB)
    league.add("g1", "c2", CAROL, "Autumn")
    reply = league.turns("g1", CAROL, "Autumn", now=datetime.now(UTC) + timedelta(hours=5))
    assert reply.text == "Autumn: 2 games in progress"
    first, second = reply.lines
    assert first.startswith("<#c1> Race to Ten: Red (<@1001>) to act, waiting 5 h")
    assert second == "<#c2> game 2: waiting for players to join"


def test_finished_games_leave_turns_and_a_tracking_league_has_no_standings(
    league: Leagues, race: GameService
) -> None:
    service = race
    service.resign("c1", BOB)
    assert league.turns("g1", ALICE, "Autumn").lines == ["No game of this league is in progress."]
    # Made without a game system, the league only tracks games: standings need a season
    # (tests/bot/test_league_seasons.py).
    with pytest.raises(PlayerError, match="league-no-season"):
        league.standings("g1", ALICE, "Autumn")
