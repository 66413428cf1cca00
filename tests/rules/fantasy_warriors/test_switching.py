"""Switching orders: all units for Objectives, any unit for Targets, and when Targets are gone."""

from __future__ import annotations

from tests.rules.fantasy_warriors.kit import (
    act,
    act_events,
    battle,
    checks,
    of_type,
    refused,
    said,
    stage,
)

STOCKADE = {"C1": {"order": "take and hold", "objective": "O3"}}


@checks("fantasy_warriors/take-and-hold-switch", "fantasy_warriors/automatic-switch",
        "fantasy_warriors/hold-stays-put", "fantasy_warriors/basic-order-engaging")
def test_take_and_hold_needs_every_unit_then_is_hold_for_all_purposes() -> None:
    # N1 lines up against the stockade's north wall; N2 is still 7" off its east wall.
    state = battle(orders=STOCKADE, at={"N1": (13, 39.4), "N2": (25, 34), "S1": (19.3, 31.8)})
    state, events = act_events(state, "north", type="move", unit="N2", x=22, y=34)
    assert not of_type(events, "OrdersSwitched")
    assert stage(state, "C1") == "first"
    drawn = state.dice.drawn
    state, events = act_events(state, "north", type="move", unit="N2", x=19.3, y=34)
    (reached,) = of_type(events, "GoalReached")
    (switch,) = of_type(events, "OrdersSwitched")
    assert (reached.unit, switch.order, switch.now, switch.reason) == (
        "N2", "take-and-hold", "hold", "objective")
    assert said(reached) == "N2 Ironbeards has reached O3 The Old Stockade (contact)."
    assert said(switch) == (
        "North's C1 Hearth Guard: every unit has achieved its Objective, so TAKE AND HOLD gives "
        "way to HOLD orders (no Battle Leader Test needed).")
    assert state.dice.drawn == drawn  # nothing was rolled
    # HOLD now in every respect: no moves by choice, no charges.
    refused(state, "north", "fantasy_warriors/hold-stays-put", type="move", unit="N2", x=19.3,
            y=33)
    refused(state, "north", "fantasy_warriors/basic-order-engaging", type="contact", unit="N2",
            enemy="S1")


@checks("fantasy_warriors/take-and-hold-switch")
def test_losing_the_last_unit_still_out_completes_take_and_hold() -> None:
    state = battle(orders=STOCKADE, at={"N1": (13, 39.4), "N2": (25, 34)})
    state, events = act_events(state, "south", type="destroyed", unit="N2")
    assert of_type(events, "OrdersSwitched")[0].now == "hold"


@checks("fantasy_warriors/storm-switch")
def test_storm_becomes_hold_once_every_unit_is_there() -> None:
    # The hilltop holds one unit; N2 counts within 3" of N1 once N1 stands on it.
    state = battle(orders={"C1": {"order": "storm", "objective": "O2"}},
                   at={"N1": (57, 30.5), "N2": (57, 40)})
    assert stage(state, "C1") == "first"
    state, events = act_events(state, "north", type="move", unit="N2", x=57, y=33.5)
    (switch,) = of_type(events, "OrdersSwitched")
    assert (switch.order, switch.now) == ("storm", "hold")
    assert stage(state, "C1") == "second"


@checks("fantasy_warriors/intercept-switch")
def test_intercept_needs_only_one_unit_to_reach_its_target() -> None:
    state = battle(orders={"C3": {"order": "intercept", "target": "C6"}},
                   at={"N5": (30, 30), "S5": (30, 27.3), "N6": (60, 40), "S6": (60, 10)})
    state, events = act_events(state, "north", type="contact", unit="N5", enemy="S5")
    (switch,) = of_type(events, "OrdersSwitched")
    assert (switch.now, switch.reason) == ("attack", "target")
    # N6 is nowhere near, yet the whole command is on ATTACK: it may charge anyone now.
    state = act(state, "north", type="move", unit="N6", x=50, y=30)
    assert not state.units["N6"].engaged


@checks("fantasy_warriors/intercept-targets-gone", "fantasy_warriors/basic-order-engaging")
def test_intercept_falls_back_to_oppose_when_its_targets_are_gone() -> None:
    state = battle(orders={"C3": {"order": "intercept", "target": "C6"}},
                   at={"N5": (30, 30), "S1": (30, 27.3)})
    state = act(state, "south", type="sight", unit="S5", visible=False)
    # Hidden is not gone.
    state, events = act_events(state, "south", type="destroyed", unit="S6")
    assert not of_type(events, "OrdersSwitched")
    state, events = act_events(state, "south", type="left", unit="S5")
    (switch,) = of_type(events, "OrdersSwitched")
    assert (switch.order, switch.now, switch.reason) == ("intercept", "oppose", "targets-gone")
    assert stage(state, "C3") == "fallback"
    refused(state, "north", "fantasy_warriors/basic-order-engaging", type="contact", unit="N5",
            enemy="S1")


@checks("fantasy_warriors/destroy-switch", "fantasy_warriors/destroy-attack")
def test_destroy_becomes_attack_on_contact() -> None:
    state = battle(orders={"C1": {"order": "destroy", "target": "archers"}},
                   at={"N1": (30, 30), "S1": (30, 27.6), "S3": (32.4, 30), "N2": (33, 40)})
    # ATTACK governs: the unit may charge whoever is in its way.
    state, events = act_events(state, "north", type="contact", unit="N1", enemy="S1")
    assert not of_type(events, "OrdersSwitched")
    state, events = act_events(state, "north", type="contact", unit="N1", enemy="S3")
    (switch,) = of_type(events, "OrdersSwitched")
    assert (switch.order, switch.now, switch.reason) == ("destroy", "attack", "target")


@checks("fantasy_warriors/destroy-switch")
def test_breakout_reaches_friends_within_3_inches() -> None:
    state = battle(orders={"C3": {"order": "breakout", "target": "C2"}},
                   at={"N3": (30, 20), "N4": (34, 20), "N5": (30, 30), "N6": (60, 40)})
    state, events = act_events(state, "north", type="move", unit="N5", x=30, y=24)
    (switch,) = of_type(events, "OrdersSwitched")
    assert (switch.order, switch.now) == ("breakout", "attack")


@checks("fantasy_warriors/destroy-targets-gone")
def test_destroy_with_its_targets_gone_is_attack_too() -> None:
    state = battle(orders={"C1": {"order": "destroy", "target": "S6"}})
    state, events = act_events(state, "north", type="destroyed", unit="S6")
    (switch,) = of_type(events, "OrdersSwitched")
    assert (switch.order, switch.now, switch.reason) == ("destroy", "attack", "targets-gone")
    assert stage(state, "C1") == "fallback"
