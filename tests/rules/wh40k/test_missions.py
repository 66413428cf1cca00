"""The mission pack: primary missions score only when and as much as their card says, and the
deployment maps put zones and markers on the table where they belong."""

from __future__ import annotations

import pytest

from rules.core.board import TabletopView
from rules.wh40k import catalogue
from rules.wh40k.catalogue import Point2, Primary
from rules.wh40k.engine import SYSTEM
from rules.wh40k.missions import objectives, primary_of, zones
from rules.wh40k.state import Wh40kState
from tests.kit import checks
from tests.rules.wh40k.kit import MOB, SQUAD, act, advance, refused, said

ROUNDS = range(1, 6)


def _battle(scenario: str, **start: str) -> Wh40kState:
    """Return a battle of a scenario with two small armies, in round 1's first Command step."""
    state = SYSTEM.new_game(scenario, "missions")
    state = act(state, "attacker", type="roster", text=SQUAD)
    state = act(state, "defender", type="roster", text=MOB)
    return act(state, "attacker", type="start_battle", **start)


def _turn(state: Wh40kState, round_: int, active: str) -> Wh40kState:
    """Press on to the Command step of a round's turn."""
    for _ in range(200):
        if state.round == round_ and state.active == active and state.step == "command":
            return state
        state = act(state, state.active, type="next_phase")
    raise AssertionError(f"never reached round {round_} of {active}")


def _own_round(mission: Primary) -> int:
    """Return the first round the mission scores in a player's own turn."""
    return next(r for r in ROUNDS if mission.own_turn[r - 1])


@checks("wh40k/primary-take-and-hold", "wh40k/primary-supply-drop", "wh40k/primary-linchpin",
        "wh40k/primary-burden-of-trust", "wh40k/primary-purge-the-foe",
        "wh40k/primary-terraform", "wh40k/primary-scorched-earth",
        "wh40k/primary-hidden-supplies", "wh40k/primary-the-ritual",
        "wh40k/primary-unexploded-ordnance", "wh40k/primary-timing")
@pytest.mark.parametrize("mission_id", list(catalogue.primaries()))
def test_each_mission_scores_only_when_and_as_much_as_it_says(mission_id: str) -> None:
    mission = catalogue.primaries()[mission_id]
    rule = f"wh40k/primary-{mission_id}"
    state = _battle("take-and-hold", mission=mission_id)
    assert primary_of(state) == mission
    # Round 1, the first player's own turn: no primary mission of the pack scores there.
    assert mission.own_turn[0] == 0
    refused(state, "attacker", rule, type="score", primary=15)
    assert state.scores["attacker"] == []
    # The first round it scores in a player's own turn: up to its most, and not a point more.
    first = _own_round(mission)
    state = _turn(state, first, "attacker")
    most = mission.own_turn[first - 1]
    refused(state, "attacker", rule, type="score", primary=most + 1)
    state = act(state, "attacker", type="score", primary=most)
    refused(state, "attacker", rule, type="score", primary=1)
    assert state.scores["attacker"][-1].primary == most
    # A correction downwards is always taken; the turn's allowance then opens again.
    state = act(state, "attacker", type="score", primary=-1)
    state = act(state, "attacker", type="score", primary=1)
    # The opponent's turn pays only a card that scores there.
    if mission.opponent_turn[first - 1] == 0 and mission.round_end[first - 1] == 0:
        refused(state, "defender", rule, type="score", primary=1)


@checks("wh40k/victory-points", "wh40k/primary-take-and-hold")
def test_the_battles_primary_cap_holds_across_turns() -> None:
    state = _battle("take-and-hold")
    for round_ in (2, 3, 4):
        state = _turn(state, round_, "attacker")
        state = act(state, "attacker", type="score", primary=15)
    state = _turn(state, 5, "attacker")
    refused(state, "attacker", "wh40k/victory-points", type="score", primary=6)
    state = act(state, "attacker", type="score", primary=5)
    assert sum(r.primary for r in state.scores["attacker"]) == 50


@checks("wh40k/primary-timing", "wh40k/primary-take-and-hold")
def test_the_second_player_scores_in_its_own_turn_of_the_last_round() -> None:
    state = _turn(_battle("take-and-hold"), 5, "defender")
    state = advance(state, "fight")
    state = act(state, "defender", type="score", primary=15)
    refused(state, "attacker", "wh40k/primary-take-and-hold", type="score", primary=5)
    assert state.scores["defender"][-1].second_turn == 15


@checks("wh40k/primary-purge-the-foe")
def test_purge_the_foe_pays_the_round_end_in_its_second_turn_from_round_one() -> None:
    state = _battle("purge-the-foe")
    refused(state, "attacker", "wh40k/primary-purge-the-foe", type="score", primary=4)
    state = _turn(state, 1, "defender")
    state = act(state, "attacker", type="score", primary=4)  # the first round's end
    refused(state, "attacker", "wh40k/primary-purge-the-foe", type="score", primary=1)
    state = act(state, "defender", type="score", primary=4)
    # Round 2: 8 in your own turn, and 8 more at the round's end for both, each turn's
    # allowance counted apart.
    state = _turn(state, 2, "attacker")
    state = act(state, "attacker", type="score", primary=8)
    state = _turn(state, 2, "defender")
    state = act(state, "attacker", type="score", primary=8)
    state = act(state, "defender", type="score", primary=16)
    refused(state, "defender", "wh40k/primary-purge-the-foe", type="score", primary=1)


@checks("wh40k/primary-burden-of-trust")
def test_burden_of_trust_guards_score_in_the_opponents_following_turn() -> None:
    state = _battle("burden-of-trust")
    state = _turn(state, 2, "attacker")
    # The defender has not scored a turn of its own yet: no guard of its stands.
    refused(state, "defender", "wh40k/primary-burden-of-trust", type="score", primary=2)
    state = _turn(state, 2, "defender")
    state = act(state, "attacker", type="score", primary=10)  # the attacker's guards
    refused(state, "attacker", "wh40k/primary-burden-of-trust", type="score", primary=1)
    state = _turn(state, 3, "attacker")
    state = act(state, "defender", type="score", primary=10)


@checks("wh40k/referee-score", "wh40k/primary-take-and-hold")
def test_a_referee_records_what_the_mission_would_refuse() -> None:
    state = _battle("take-and-hold")
    refused(state, "attacker", "wh40k/primary-take-and-hold", type="score", primary=5)
    state = act(state, "referee", type="adjust_score", side="attacker", primary=5)
    assert state.scores["attacker"][0].primary == 5


@checks("wh40k/mission-choice")
def test_the_start_chooses_a_mission_and_a_map() -> None:
    state = _battle("take-and-hold", mission="Supply Drop", deployment="hammer-and-anvil")
    assert (state.mission, state.deployment) == ("supply-drop", "hammer-and-anvil")
    assert [(o.x, o.y) for o in objectives(state)] == [
        (o.x, o.y) for o in catalogue.deployments()["hammer-and-anvil"].objectives]
    assert set(state.control) == {o.id for o in objectives(state)}
    setup = SYSTEM.new_game("take-and-hold", "x")
    refused(setup, "attacker", "wh40k/mission-choice", type="start_battle", mission="xyzzy")
    refused(setup, "attacker", "wh40k/mission-choice", type="start_battle",
            deployment="xyzzy")
    setup.ruleset = 3
    refused(setup, "attacker", "wh40k/mission-choice", type="start_battle", mission="linchpin")
    assert SYSTEM.new_game("linchpin", "x").control.keys() == {"O1", "O2", "O3", "O4", "O5"}


@checks("wh40k/score-per-round")
def test_battles_begun_before_the_missions_keep_their_round_limit() -> None:
    state = SYSTEM.replay_start("take-and-hold", "x", "wh40k-4")
    state = act(state, "attacker", type="roster", text=SQUAD)
    state = act(state, "defender", type="roster", text=MOB)
    state = act(state, "attacker", type="start_battle")
    assert primary_of(state) is None
    state = act(state, "attacker", type="score", primary=15)  # round 1: as before
    refused(state, "attacker", "wh40k/score-per-round", type="score", primary=1)


def _inside(point: Point2, zone: tuple[Point2, ...]) -> bool:
    """Say whether a point lies strictly inside a polygon (even-odd rule)."""
    x, y = point
    hit = False
    for (x1, y1), (x2, y2) in zip(zone, zone[1:] + zone[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


@checks("wh40k/deployment-maps", "wh40k/mission-pack")
@pytest.mark.parametrize("deployment_id", list(catalogue.deployments()))
def test_each_map_keeps_its_zones_apart_and_its_markers_on_the_table(deployment_id: str) -> None:
    found = catalogue.deployments()[deployment_id]
    grid = [(x / 2 + 0.25, y / 2 + 0.25) for x in range(120) for y in range(88)]
    attacker = {p for p in grid if _inside(p, found.attacker)}
    defender = {p for p in grid if _inside(p, found.defender)}
    assert attacker and defender and not attacker & defender
    assert all(0 <= x <= 60 and 0 <= y <= 44 for x, y in found.attacker + found.defender)
    assert len(found.objectives) == 5
    assert all(0 < o.x < 60 and 0 < o.y < 44 for o in found.objectives)
    homes = {o.name: (o.x, o.y) for o in found.objectives}
    assert _inside(homes["attacker-home"], found.attacker)
    assert _inside(homes["defender-home"], found.defender)
    others = [(o.x, o.y) for o in found.objectives if not o.name.endswith("-home")]
    assert not any(_inside(p, found.attacker) or _inside(p, found.defender) for p in others)
    assert homes["centre"] == (30, 22)


@checks("wh40k/mission-pack")
def test_every_scenario_names_a_mission_and_a_map_of_the_pack() -> None:
    for scenario in catalogue.scenarios().values():
        assert scenario.mission in catalogue.primaries()
        assert scenario.deployment is None or scenario.deployment in catalogue.deployments()
        assert scenario.objectives or scenario.deployment
    assert len(catalogue.primaries()) == 10 and len(catalogue.deployments()) == 6


@checks("wh40k/deployment-maps")
def test_the_board_draws_the_maps_zones_and_markers_while_armies_deploy() -> None:
    setup = SYSTEM.new_game("hidden-supplies", "x")
    view = SYSTEM.board(setup, None)
    assert isinstance(view, TabletopView)
    assert [f.points for f in view.features] == list(zones(setup).values())
    assert zones(setup)["attacker"] == catalogue.deployments()["search-and-destroy"].attacker
    assert [(o.x, o.y) for o in view.objectives] == [(o.x, o.y) for o in objectives(setup)]
    lines = [said(line.text) for line in view.panel.lines]
    assert "Mission: Hidden Supplies on Search and Destroy" in lines
    assert "Missão: Suprimentos Ocultos em Busca e Destruição" in [
        said(line.text, "pt-BR") for line in view.panel.lines]
