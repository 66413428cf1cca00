"""A 40k league fights the mission its scenario names: the league's `scenario:` setting
picks a primary mission of the pack (with its deployment map) for every fixture's game."""

from __future__ import annotations

from bot.service.gameservice import GameService
from rules.core.system import system
from rules.wh40k.missions import deployment_of, primary_of
from tests.bot.conftest import ALICE, BOB, MOD

LC = "league-channel"


def test_a_league_plays_its_fixtures_on_the_mission_it_names(service: GameService) -> None:
    leagues = service.leagues
    leagues.create("g1", ALICE, "Nexus", channel_id=LC, system_id="wh40k",
                   scenario="burden-of-trust")
    for player in (ALICE, BOB):
        leagues.join("g1", player, "Nexus")
    leagues.start("g1", MOD, "Nexus")
    opening = leagues.play("g1", LC, ALICE, "Nexus", opponent=BOB)
    assert opening.thread is not None
    reply = opening.thread.then("thread-nexus")
    assert "Burden of Trust" in reply.text
    with service.store.reading() as tx:
        game = tx.latest_game("thread-nexus")
    assert game is not None and game.scenario == "burden-of-trust"
    state = system("wh40k").load_state(game.state)
    found, drawn = primary_of(state), deployment_of(state)
    assert found is not None and found.id == "burden-of-trust"
    assert drawn is not None and drawn.id == "crucible-of-battle"


def test_a_40k_league_without_a_scenario_still_plays_take_and_hold(service: GameService
                                                                  ) -> None:
    service.leagues.create("g1", ALICE, "Classic", channel_id=LC, system_id="wh40k")
    info = service.leagues.info("g1", ALICE, "Classic")
    assert "Take and Hold" in "\n".join([info.text, *info.lines])
