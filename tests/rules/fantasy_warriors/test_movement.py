"""Moving under orders: straight for the goal, no falling back, waiting when blocked, contacts."""

from __future__ import annotations

from rules.core.inches import Point
from rules.fantasy_warriors.orders import enemies_between
from tests.rules.fantasy_warriors.kit import act, act_events, battle, checks, of_type, refused, said

CROSSROADS_TH = {"C1": {"order": "take and hold", "objective": "O1"}}
CROSSROADS_STORM = {"C1": {"order": "storm", "objective": "O1"}}


@checks("fantasy_warriors/take-and-hold-direct-route")
def test_take_and_hold_never_ends_a_move_farther_from_its_objective() -> None:
    state = battle(orders=CROSSROADS_TH, at={"N1": (36, 30), "N2": (38, 30)})
    refused(state, "north", "fantasy_warriors/take-and-hold-direct-route", type="move",
            unit="N1", x=36, y=32)
    # Steering round something is fine as long as no ground is lost.
    state = act(state, "north", type="move", unit="N1", x=33, y=26)
    state = act(state, "north", type="move", unit="N1", x=36, y=24)


@checks("fantasy_warriors/take-and-hold-direct-route", "fantasy_warriors/take-and-hold-blocked",
        "fantasy_warriors/enemy-between")
def test_take_and_hold_must_press_on_unless_blocked() -> None:
    state = battle(orders=CROSSROADS_TH, at={"N1": (36, 30), "N2": (38, 30)})
    error = refused(state, "north", "fantasy_warriors/take-and-hold-direct-route",
                    type="end_turn")
    assert "N1" in said(error) and "N2" in said(error)
    state = act(state, "north", type="move", unit="N1", x=36, y=28)
    state = act(state, "north", type="move", unit="N2", x=38, y=29.5)
    assert act(state, "north", type="end_turn").active == "south"
    # S1 across the road: both may stay where they are, but still may not fall back.
    state = battle(orders=CROSSROADS_TH, at={"N1": (36, 30), "N2": (38, 30), "S1": (36, 20)})
    refused(state, "north", "fantasy_warriors/take-and-hold-blocked", type="move", unit="N1",
            x=36, y=31)
    state = act(state, "north", type="move", unit="N1", x=36, y=29)  # part of its move
    assert act(state, "north", type="end_turn").active == "south"


@checks("fantasy_warriors/enemy-between")
def test_an_enemy_behind_or_beside_the_lane_is_not_in_the_way() -> None:
    state = battle(at={"N1": (30, 30), "S1": (30, 35), "S2": (33.5, 20), "S3": (31.5, 20)})
    unit = state.units["N1"]
    ahead = enemies_between(state, unit, Point(x=30, y=10))
    assert [e.id for e in ahead] == ["S3"]  # S1 is behind; S2's base misses the lane
    state = act(state, "south", type="engaged", unit="S3")
    assert enemies_between(state, state.units["N1"], Point(x=30, y=10)) == []


@checks("fantasy_warriors/take-and-hold-blocked",
        "fantasy_warriors/start-in-contact-stays-in-contact")
def test_make_room_lets_a_unit_at_the_objective_shift_but_not_leave() -> None:
    # N1 lines up on the stockade's north wall; sliding along it takes it farther from the centre.
    state = battle(orders={"C1": {"order": "take and hold", "objective": "O3"}},
                   at={"N1": (13, 39.4), "N2": (30, 34)})
    refused(state, "north", "fantasy_warriors/take-and-hold-direct-route", type="move",
            unit="N1", x=16, y=39.4)
    state, events = act_events(state, "north", type="move", unit="N1", x=16, y=39.4,
                               make_room=True)
    assert of_type(events, "UnitMoved")[0].make_room
    refused(state, "north", "fantasy_warriors/start-in-contact-stays-in-contact", type="move",
            unit="N1", x=16, y=45, make_room=True)
    refused(state, "north", "fantasy_warriors/take-and-hold-blocked", type="move", unit="N2",
            x=31, y=34, make_room=True)
    storm = battle(orders=CROSSROADS_STORM, at={"N1": (36, 30)})
    refused(storm, "north", "fantasy_warriors/take-and-hold-blocked", type="move", unit="N1",
            x=36, y=29, make_room=True)


@checks("fantasy_warriors/start-in-contact-stays-in-contact")
def test_a_unit_touching_its_objective_stays_in_touch() -> None:
    state = battle(orders={"C1": {"order": "storm", "objective": "O3"}},
                   at={"N1": (13, 39.4), "N2": (30, 34)})
    refused(state, "north", "fantasy_warriors/start-in-contact-stays-in-contact", type="move",
            unit="N1", x=13, y=42)
    state = act(state, "north", type="move", unit="N1", x=17, y=39.4)  # along the wall
    # A forced move (pushed back in a fight) is not the unit's own.
    state = act(state, "north", type="move", unit="N1", x=13, y=44, forced=True)


@checks("fantasy_warriors/storm-direct-route", "fantasy_warriors/storm-blocked")
def test_storm_may_swing_round_but_must_gain_ground_over_the_turn() -> None:
    state = battle(orders=CROSSROADS_STORM,
                   at={"N1": (36, 30), "N2": (38, 30), "S1": (36, 20)})
    state = act(state, "north", type="move", unit="N1", x=40, y=30)  # round S1: farther, allowed
    error = refused(state, "north", "fantasy_warriors/storm-direct-route", type="end_turn")
    # An enemy in the way is no excuse to wait for STORM: go round it or fight it.
    assert "N1" in said(error) and "N2" in said(error)
    state = act(state, "north", type="move", unit="N1", x=40, y=22)
    state = act(state, "north", type="move", unit="N2", x=36, y=22.4)
    state = act(state, "north", type="contact", unit="N2", enemy="S1")
    assert act(state, "north", type="end_turn").active == "south"


@checks("fantasy_warriors/storm-missile-units")
def test_storm_missile_units_may_stop_for_enemies_in_short_range() -> None:
    orders = {"C2": {"order": "storm", "objective": "O1"}}
    # S1 lies across N3's way 6.5" off, S2 across N4's 6.4" off: both inside 12".
    state = battle(orders=orders, at={"N3": (30, 30), "S1": (33, 22), "N4": (42, 30),
                                      "S2": (39.5, 22)})
    assert act(state, "north", type="end_turn").active == "south"
    # Beyond short range the enemy is no reason to stop.
    state = battle(orders=orders, at={"N3": (30, 40), "S1": (33.5, 26), "N4": (42, 30),
                                      "S2": (39.5, 22)})
    error = refused(state, "north", "fantasy_warriors/storm-direct-route", type="end_turn")
    assert "N3" in said(error) and "N4" not in said(error)


@checks("fantasy_warriors/intercept-direct-route", "fantasy_warriors/intercept-blocked")
def test_intercept_holds_its_ground_and_may_wait_when_blocked() -> None:
    orders = {"C3": {"order": "intercept", "target": "S6"}}
    state = battle(orders=orders, at={"N5": (44, 30), "N6": (46, 30), "S6": (44, 10)})
    refused(state, "north", "fantasy_warriors/intercept-direct-route", type="move", unit="N5",
            x=44, y=33)
    refused(state, "north", "fantasy_warriors/intercept-direct-route", type="end_turn")
    state = battle(orders=orders, at={"N5": (44, 30), "N6": (46, 30), "S6": (44, 10),
                                      "S1": (44, 20)})
    refused(state, "north", "fantasy_warriors/intercept-blocked", type="move", unit="N5",
            x=44, y=33)
    assert act(state, "north", type="end_turn").active == "south"


@checks("fantasy_warriors/destroy-direct-route", "fantasy_warriors/destroy-blocked")
def test_destroy_must_press_on_even_when_blocked() -> None:
    state = battle(orders={"C1": {"order": "destroy", "target": "S6"}},
                   at={"N1": (30, 30), "N2": (32, 30), "S1": (30, 25), "S6": (30, 10)})
    state = act(state, "north", type="move", unit="N1", x=27, y=31)  # sidestep: allowed
    error = refused(state, "north", "fantasy_warriors/destroy-direct-route", type="end_turn")
    assert "N1" in said(error) and "N2" in said(error)


@checks("fantasy_warriors/destroy-missile-units")
def test_destroy_missile_units_may_stop_with_the_target_in_short_range() -> None:
    orders = {"C2": {"order": "destroy", "target": "S6"}}
    # N3 has S6 8" off; N4 is 13.6" from it with nothing between.
    state = battle(orders=orders, at={"N3": (30, 30), "N4": (42, 30), "S6": (30, 20)})
    error = refused(state, "north", "fantasy_warriors/destroy-direct-route", type="end_turn")
    assert "N4" in said(error) and "N3" not in said(error)
    # An unengaged enemy between N4 and the Target, within its short range, lets it stop too.
    state = battle(orders=orders, at={"N3": (30, 30), "N4": (42, 30), "S6": (30, 20),
                                      "S2": (37, 26)})
    assert act(state, "north", type="end_turn").active == "south"


@checks("fantasy_warriors/hold-stays-put", "fantasy_warriors/engaged-units-stay",
        "fantasy_warriors/forced-moves")
def test_hold_units_stay_and_engaged_units_move_only_when_forced() -> None:
    state = battle(orders={"C4": {"order": "attack"}},
                   at={"N1": (30, 30), "S1": (30, 27.6)})
    refused(state, "north", "fantasy_warriors/hold-stays-put", type="move", unit="N1", x=30,
            y=31)
    state = act(state, "north", type="end_turn")
    state = act(state, "south", type="contact", unit="S1", enemy="N1")
    refused(state, "south", "fantasy_warriors/engaged-units-stay", type="move", unit="S1", x=30,
            y=20)
    # Pushed back: reported as forced, by the side that owns the unit, even out of turn.
    state, events = act_events(state, "north", type="move", unit="N1", x=30, y=33, forced=True)
    assert of_type(events, "UnitMoved")[0].forced
    refused(state, "north", "core/not-your-turn", type="move", unit="N1", x=30, y=34)
    refused(state, "north", "core/bad-input", type="move", unit="N1", x=30, y=34, forced=True,
            make_room=True)
    state, events = act_events(state, "north", type="disengaged", unit="N1")
    assert {e.unit for e in of_type(events, "EngagementChanged")} == {"N1", "S1"}
    state = act(state, "south", type="move", unit="S1", x=30, y=20)


@checks("fantasy_warriors/contact-distance", "fantasy_warriors/storm-attack")
def test_contacts_need_bases_within_half_an_inch() -> None:
    state = battle(orders=CROSSROADS_STORM, at={"N1": (36, 30), "S1": (36, 27.4)})
    refused(state, "north", "fantasy_warriors/contact-distance", type="contact", unit="N1",
            enemy="S1")
    state = act(state, "north", type="move", unit="N1", x=36, y=29.9)
    state = act(state, "north", type="contact", unit="N1", enemy="S1")
    assert state.contacts == [("N1", "S1")]
    refused(state, "north", "core/bad-input", type="contact", unit="N1", enemy="S1")


@checks("fantasy_warriors/own-units", "fantasy_warriors/on-the-table",
        "fantasy_warriors/out-of-play")
def test_reports_are_for_own_units_on_the_table_and_still_in_play() -> None:
    state = battle(orders=CROSSROADS_STORM, at={"N1": (36, 30), "S1": (36, 27.6)})
    refused(state, "north", "fantasy_warriors/own-units", type="move", unit="S1", x=1, y=1)
    refused(state, "north", "fantasy_warriors/on-the-table", type="move", unit="N1", x=73,
            y=10)
    refused(state, "north", "fantasy_warriors/on-the-table", type="move", unit="N1", x=10,
            y=-0.5)
    refused(state, "south", "fantasy_warriors/own-units", type="combat", unit="N1", roll=True)
    refused(state, "south", "core/not-your-turn", type="contact", unit="S1", enemy="N1")
    gone = act(state, "south", type="destroyed", unit="S1")
    refused(gone, "north", "fantasy_warriors/out-of-play", type="contact", unit="N1",
            enemy="S1")
    refused(gone, "south", "fantasy_warriors/out-of-play", type="move", unit="S1", x=5, y=5,
            forced=True)
    refused(gone, "south", "fantasy_warriors/out-of-play", type="destroyed", unit="S1")
    refused(state, "north", "core/bad-input", type="move", unit="X9", x=1, y=1)
