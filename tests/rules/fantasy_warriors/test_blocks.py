"""Rules 2: units as blocks of figures with a facing, pressing on by the move allowance, going
around under STORM and DESTROY, deployment zones, and the referee's full corrections.

Under rules 2 (`ruleset=2` in the kit) a 12-figure foot unit is 6" wide and 2" deep, a
10-figure missile unit 5" x 2", 6 riders 6" x 2", Orc Warriors (16) 8" x 2", a hero 1" x 1".
North faces 180 (south), South faces 0.
"""

from __future__ import annotations

from typing import Any

from rules.core.inches import Point
from rules.fantasy_warriors.actions import Adjust
from rules.fantasy_warriors.commands import COMMANDS
from rules.fantasy_warriors.engine import SYSTEM
from rules.fantasy_warriors.geometry import step_toward
from rules.fantasy_warriors.orders import enemies_between
from tests.rules.fantasy_warriors.kit import (
    SCENARIO,
    act,
    battle,
    checks,
    planned,
    refused,
)


def _battle(orders: dict[str, dict[str, Any]], at: dict[str, tuple[float, float]]) -> Any:
    return battle(orders=orders, at=at, ruleset=2)


def _pressed(state: Any, unit: str, goal: tuple[float, float]) -> Any:
    """Move a unit the test does not watch 4" straight toward its goal."""
    here = state.units[unit].position
    to = step_toward(here, Point(x=goal[0], y=goal[1]), 4.0)
    return act(state, state.units[unit].side, type="move", unit=unit, x=to.x, y=to.y)


@checks("fantasy_warriors/figure-bases", "fantasy_warriors/unit-blocks",
        "fantasy_warriors/rules-versions")
def test_figure_bases_make_unit_blocks_facing_the_enemy() -> None:
    state = SYSTEM.new_game(SCENARIO, "blocks")
    assert state.ruleset == 2
    sizes = {u.id: (u.block.frontage, u.block.depth) for u in state.units.values() if u.block}
    assert sizes["N1"] == (6.0, 2.0)  # 12 foot figures, 2 ranks of 1" x 1"
    assert sizes["N3"] == (5.0, 2.0)
    assert sizes["N5"] == (6.0, 2.0)  # 6 riders, 1 rank of 1" x 2"
    assert sizes["S1"] == (8.0, 2.0)
    assert sizes["N6"] == (1.0, 1.0)
    assert {u.facing for u in state.units.values() if u.side == "north"} == {180.0}
    assert {u.facing for u in state.units.values() if u.side == "south"} == {0.0}


@checks("fantasy_warriors/rules-versions")
def test_rules_versions_old_games_keep_round_bases() -> None:
    # stamped by engine version 2 or earlier: rules 1, round bases
    old = SYSTEM.replay_start(SCENARIO, "old", "fantasy_warriors-2")
    assert old.ruleset == 1 and all(u.block is None for u in old.units.values())
    again = SYSTEM.replay_start(SCENARIO, "new", f"fantasy_warriors-{SYSTEM.version}")
    assert again.ruleset == 2 and all(u.block is not None for u in again.units.values())


@checks("fantasy_warriors/unit-blocks", "fantasy_warriors/contact-distance")
def test_unit_blocks_allow_a_flank_contact_between_wide_units() -> None:
    where = {"N1": (30, 30), "S1": (34.2, 30)}
    # S1 turned to face west: its 8" front runs along N1's right flank, 0.2" away.
    state = _battle({"C1": {"order": "attack"}}, where)
    state = act(state, "referee", type="adjust", unit="S1", facing=270)
    after = act(state, "north", type="contact", unit="N1", enemy="S1")
    assert ("N1", "S1") in after.contacts
    # Round bases (rules 1) put the same two units 2.2" apart: refused.
    old = battle(orders={"C1": {"order": "attack"}}, at=where)
    refused(old, "north", "fantasy_warriors/contact-distance", type="contact", unit="N1",
            enemy="S1")


@checks("fantasy_warriors/unit-blocks")
def test_unit_blocks_move_takes_a_facing_and_keeps_it_when_omitted() -> None:
    state = _battle({"C1": {"order": "attack"}}, {"N1": (30, 30)})
    state = act(state, "north", type="move", unit="N1", x=30, y=27, facing="east")
    assert state.units["N1"].facing == 90.0
    state = act(state, "north", type="move", unit="N1", x=30, y=25)
    assert state.units["N1"].facing == 90.0


@checks("fantasy_warriors/enemy-between")
def test_enemy_between_counts_the_whole_block() -> None:
    # N1 (6" wide) heads straight down to (30, 10); S2 stands 3.5" to one side of that line.
    state = _battle({}, {"N1": (30, 30), "S2": (33.5, 20)})
    assert [e.id for e in enemies_between(state, state.units["N1"], Point(x=30, y=10))] == ["S2"]
    old = battle(at={"N1": (30, 30), "S2": (33.5, 20)})
    assert enemies_between(old, old.units["N1"], Point(x=30, y=10)) == []


@checks("fantasy_warriors/press-on", "fantasy_warriors/move-allowance",
        "fantasy_warriors/storm-direct-route")
def test_press_on_needs_half_the_move_allowance() -> None:
    # N1 STORMs the crossroads (36, 13) from 20" away, nothing in its way.
    state = _battle({"C1": {"order": "storm", "objective": "O1"}}, {"N1": (36, 33)})
    state = _pressed(state, "N2", (36, 13))
    crept = act(state, "north", type="move", unit="N1", x=36, y=32.95)
    refused(crept, "north", "fantasy_warriors/press-on", type="end_turn")
    short = act(state, "north", type="move", unit="N1", x=36, y=31)
    refused(short, "north", "fantasy_warriors/press-on", type="end_turn")
    enough = act(state, "north", type="move", unit="N1", x=36, y=30)  # 3" of its 6"
    act(enough, "north", type="end_turn")
    # Riders move 12": 3" is not enough for them.
    riders = _battle({"C3": {"order": "storm", "objective": "O1"}},
                     {"N5": (36, 33), "N6": (20, 13)})
    riders = act(riders, "north", type="move", unit="N6", x=24, y=13)
    slow = act(riders, "north", type="move", unit="N5", x=36, y=30)
    refused(slow, "north", "fantasy_warriors/press-on", type="end_turn")
    act(act(riders, "north", type="move", unit="N5", x=36, y=27), "north", type="end_turn")


@checks("fantasy_warriors/storm-blocked")
def test_storm_blocked_may_go_around_without_gaining_ground() -> None:
    # S2 stands across N1's way to the crossroads: a 4" sidestep gains nothing but goes round.
    state = _battle({"C1": {"order": "storm", "objective": "O1"}},
                    {"N1": (36, 30), "S2": (36, 25)})
    state = _pressed(state, "N2", (36, 13))
    around = act(state, "north", type="move", unit="N1", x=41, y=30)
    act(around, "north", type="end_turn")
    shuffle = act(state, "north", type="move", unit="N1", x=37, y=30)
    refused(shuffle, "north", "fantasy_warriors/press-on", type="end_turn")
    # Under rules 1 the same sidestep is still refused.
    old = battle(orders={"C1": {"order": "storm", "objective": "O1"}},
                 at={"N1": (36, 30), "S2": (36, 25)})
    old = _pressed(old, "N2", (36, 13))
    old = act(old, "north", type="move", unit="N1", x=41, y=30)
    refused(old, "north", "fantasy_warriors/storm-direct-route", type="end_turn")


@checks("fantasy_warriors/destroy-blocked")
def test_destroy_blocked_may_go_around_without_gaining_ground() -> None:
    # N5 sets out to DESTROY S6 (the Warlord); S2 stands in the way.
    state = _battle({"C3": {"order": "destroy", "target": "S6"}},
                    {"N5": (36, 30), "N6": (10, 40), "S6": (36, 10), "S2": (36, 24)})
    state = _pressed(state, "N6", (36, 10))
    around = act(state, "north", type="move", unit="N5", x=43, y=30)
    act(around, "north", type="end_turn")
    shuffle = act(state, "north", type="move", unit="N5", x=37, y=30)
    refused(shuffle, "north", "fantasy_warriors/press-on", type="end_turn")


@checks("fantasy_warriors/referee-corrections")
def test_referee_corrections_expose_every_option_of_the_action() -> None:
    adjust = next(c for c in COMMANDS if c.name == "adjust")
    fields = set(Adjust.model_fields) - {"type", "seat"}
    assert {o.name for o in adjust.options} == fields


@checks("fantasy_warriors/referee-corrections", "fantasy_warriors/objective-approach-specified")
def test_referee_corrections_set_an_objective_that_needs_an_approach() -> None:
    state = _battle({}, {})
    refused(state, "referee", "fantasy_warriors/objective-approach-specified", type="adjust",
            command="C1", order="storm", objective="O4")
    state = act(state, "referee", type="adjust", command="C1", order="storm", objective="O4",
                approach="stand over")
    orders = state.commands["C1"].orders
    assert orders is not None and orders.objective is not None
    assert (orders.order, orders.objective.ref, orders.objective.approach) == (
        "storm", "O4", "stand-over")
    state = act(state, "referee", type="adjust", command="C4", order="reinforce", target="C6",
                target_side="friendly")
    target = state.commands["C4"].orders.target  # type: ignore[union-attr]
    assert target is not None and (target.ref, target.side) == ("C6", "south")


@checks("fantasy_warriors/deployment-zones")
def test_deployment_zones_bind_setting_up() -> None:
    state = SYSTEM.new_game(SCENARIO, "deploy")
    refused(state, "north", "fantasy_warriors/deployment-zones", type="move", unit="N1", x=27,
            y=30)
    # Half the block past the zone's edge (y 36) is out too.
    refused(state, "north", "fantasy_warriors/deployment-zones", type="move", unit="N1", x=27,
            y=36.5)
    placed = act(state, "north", type="move", unit="N1", x=27, y=38, facing=180)
    assert placed.units["N1"].position == Point(x=27, y=38)
    refused(state, "south", "fantasy_warriors/deployment-zones", type="move", unit="S1", x=24,
            y=20)


@checks("fantasy_warriors/no-overlap")
def test_no_overlap_of_blocks() -> None:
    state = SYSTEM.new_game(SCENARIO, "overlap")
    # N2's block spans x 34-40: N1 (6" wide) at x 32 would cover 29-35.
    refused(state, "north", "fantasy_warriors/no-overlap", type="move", unit="N1", x=32, y=44)
    act(state, "north", type="move", unit="N1", x=31, y=44)  # touching is fine
    # In battle a move of one's own may not end on a block either; a forced one may.
    fight = planned(ruleset=2, at={"N1": (30, 30), "S1": (30, 27)})
    fight = act(act(fight, "north", type="ready"), "south", type="ready")
    refused(fight, "north", "fantasy_warriors/no-overlap", type="move", unit="N1", x=30, y=28)
    act(fight, "north", type="move", unit="N1", x=30, y=28, forced=True)


@checks("fantasy_warriors/press-on")
def test_press_on_excuses_a_unit_held_up_against_a_friend_in_its_way() -> None:
    # N5 (HOLD) stands across N1's way to the crossroads, 1" in front of it.
    state = _battle({"C1": {"order": "storm", "objective": "O1"}},
                    {"N1": (36, 30), "N5": (36, 27)})
    state = _pressed(state, "N2", (36, 13))
    up_against = act(state, "north", type="move", unit="N1", x=36, y=29.2)
    act(up_against, "north", type="end_turn")
    short_of_it = act(state, "north", type="move", unit="N1", x=36, y=29.8)
    refused(short_of_it, "north", "fantasy_warriors/press-on", type="end_turn")
