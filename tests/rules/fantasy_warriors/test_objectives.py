"""Objectives: what they can be, the point units head for, how they are achieved, full places."""

from __future__ import annotations

import pytest

from rules.core.inches import Point
from rules.fantasy_warriors import catalogue
from rules.fantasy_warriors.engine import SYSTEM
from rules.fantasy_warriors.orders import at_objective, effective_point, reached_objective
from rules.fantasy_warriors.state import FantasyWarriorsState, ObjectiveRef
from tests.rules.fantasy_warriors.kit import (
    act,
    act_events,
    battle,
    checks,
    of_type,
    planned,
    refused,
    said,
    stage,
)

SC = catalogue.scenarios()["the-stockade-ford"]


def objective_of(state: FantasyWarriorsState, command: str) -> ObjectiveRef:
    orders = state.commands[command].orders
    assert orders is not None and orders.objective is not None
    return orders.objective


def aimed(objective: str, **extra: str) -> ObjectiveRef:
    """Return the Objective C1 gets when sent there on TAKE AND HOLD."""
    state = planned(orders={"C1": {"order": "take and hold", "objective": objective, **extra}})
    return objective_of(state, "C1")


@checks("fantasy_warriors/objective-effective-point")
def test_a_line_is_aimed_at_its_nearest_point() -> None:
    river = aimed("O4", approach="contact")
    # (10, 30) is nearest the first reach of the river, (0, 21)-(18, 23).
    p = effective_point(SC, river, Point(x=10, y=30))
    assert p.x == pytest.approx(10.866, abs=1e-3) and p.y == pytest.approx(22.207, abs=1e-3)
    # A unit further east heads for another point of the same river, not for a bend or a middle.
    q = effective_point(SC, river, Point(x=54, y=40))
    assert (q.x, q.y) == pytest.approx((57.405, 19.568), abs=1e-3)


@checks("fantasy_warriors/objective-effective-point")
def test_other_features_are_aimed_at_their_centre() -> None:
    stockade = aimed("O3")
    for at in (Point(x=0, y=0), Point(x=70, y=47)):
        assert effective_point(SC, stockade, at) == Point(x=13, y=34)
    wood = aimed("dark-wood")
    c = effective_point(SC, wood, Point(x=0, y=0))
    assert 55 < c.x < 66 and 3 < c.y < 12
    crossroads = aimed("O1")
    assert effective_point(SC, crossroads, Point(x=0, y=0)) == Point(x=36, y=13)


@checks("fantasy_warriors/explicit-objective-point", "fantasy_warriors/objective-effective-point")
def test_an_explicit_point_wins_over_the_feature() -> None:
    hilltop = aimed("O2")
    assert hilltop.feature == "raven-hill" and hilltop.point == Point(x=57, y=30)
    assert effective_point(SC, hilltop, Point(x=0, y=0)) == Point(x=57, y=30)
    # "The far side of the river", given as a point on a plan: no approach needed.
    far_bank = aimed("36,18")
    assert far_bank.point == Point(x=36, y=18) and far_bank.approach == "stand-over"
    assert effective_point(SC, far_bank, Point(x=5, y=5)) == Point(x=36, y=18)
    # Markers stand on an Objective's point, an area's centre, or halfway along a line.
    markers = {o.label: (o.x, o.y) for o in SYSTEM.board(planned(), None).objectives}
    assert list(markers) == ["O1", "O2", "O3", "O4", "O5"]
    assert markers["O2"] == (57, 30) and markers["O1"] == (36, 13)
    assert markers["O3"] == pytest.approx((13, 34))
    # The Greywater is 72.6" long: its middle lies just before its bend at (36, 20).
    assert markers["O4"] == pytest.approx((35.96, 20.01), abs=0.01)


@checks("fantasy_warriors/objective-definition", "fantasy_warriors/on-the-table")
def test_objectives_are_listed_points_features_or_coordinates() -> None:
    state = planned()
    rule = "fantasy_warriors/objective-definition"
    refused(state, "north", rule, type="order", command="C1", order="storm", objective="O9")
    refused(state, "north", rule, type="order", command="C1", order="storm",
            objective="the moon")
    refused(state, "north", "fantasy_warriors/on-the-table", type="order", command="C1",
            order="storm", objective="80,10")
    by_label = act(state, "north", type="order", command="C1", order="storm",
                   objective="Raven Hill")
    assert objective_of(by_label, "C1").feature == "raven-hill"
    assert objective_of(by_label, "C1").point is None


@checks("fantasy_warriors/objective-approach", "fantasy_warriors/contact-distance")
def test_the_kind_of_objective_says_how_it_is_achieved() -> None:
    assert aimed("O1").approach == "stand-over"
    assert aimed("O3").approach == "contact"
    assert aimed("O5").approach == "enter"
    assert aimed("O2").approach == "stand-over"
    assert aimed("O3", approach="enter").approach == "enter"
    state = planned()
    unit = state.units["N1"]
    # Standing over the crossroads: the base edge within half an inch of the point.
    assert at_objective(SC, aimed("O1"), unit.model_copy(update={"position": Point(x=37.4, y=13)}))
    assert not at_objective(SC, aimed("O1"),
                            unit.model_copy(update={"position": Point(x=37.6, y=13)}))
    # Lined up against the stockade's wall, outside it.
    assert at_objective(SC, aimed("O3"), unit.model_copy(update={"position": Point(x=13, y=39.4)}))
    assert not at_objective(SC, aimed("O3"),
                            unit.model_copy(update={"position": Point(x=13, y=39.6)}))
    # Entering the wood means being inside it; touching its edge is not enough.
    wood = aimed("O5")
    assert at_objective(SC, wood, unit.model_copy(update={"position": Point(x=60, y=8)}))
    assert not at_objective(SC, wood, unit.model_copy(update={"position": Point(x=54, y=11)}))


@checks("fantasy_warriors/objective-approach-specified")
def test_an_ambiguous_objective_needs_its_approach_named() -> None:
    state = planned()
    error = refused(state, "north", "fantasy_warriors/objective-approach-specified",
                    type="order", command="C1", order="take and hold", objective="O4")
    assert error.message == "refusal-approach-needed"
    assert said(error).startswith("O4 The Greywater can be reached more than one way")
    state = act(state, "north", type="order", command="C1", order="take and hold",
                objective="O4", approach="stand over")
    assert objective_of(state, "C1").approach == "stand-over"


@checks("fantasy_warriors/objective-capacity")
def test_capacity_comes_from_the_kind_or_the_scenario() -> None:
    kinds = catalogue.terrain()
    assert (kinds["crossroads"].capacity, kinds["stockade"].capacity, kinds["hill"].capacity,
            kinds["river"].capacity, kinds["point"].capacity) == (1, 3, 4, 6, 1)
    assert aimed("O1").capacity == 1
    assert aimed("O3").capacity == 3
    assert aimed("O4", approach="contact").capacity == 6


@checks("fantasy_warriors/shared-objectives", "fantasy_warriors/occupied-objective-three-inches")
def test_several_commands_may_share_an_objective() -> None:
    # N1 (C1) holds the crossroads, which takes one unit; C2's N3 within 3" of N1 counts as
    # there, and N4 within 3" of N3 too, so C2 switches; C1's N2 is still far off.
    state = battle(
        orders={"C1": {"order": "take and hold", "objective": "O1"},
                "C2": {"order": "take and hold", "objective": "crossroads"}},
        at={"N1": (36, 13), "N2": (36, 30), "N3": (39, 14), "N4": (42, 15)},
    )
    assert objective_of(state, "C1").key == objective_of(state, "C2").key
    assert reached_objective(state, SC, objective_of(state, "C1"), "north") == {
        "N1", "N3", "N4"}
    assert (stage(state, "C1"), stage(state, "C2")) == ("first", "second")


@checks("fantasy_warriors/occupied-objective-three-inches")
def test_within_3_inches_counts_only_when_the_objective_is_full() -> None:
    orders = {"C1": {"order": "take and hold", "objective": "O1"}}
    # Nobody on the crossroads: 2" away is not there.
    state = battle(orders=orders, at={"N1": (36, 40), "N2": (36, 16)})
    assert reached_objective(state, SC, objective_of(state, "C1"), "north") == set()
    # Once N1 stands on it, N2 within 3" of it counts as there, and C1 takes up HOLD.
    state, events = act_events(state, "north", type="move", unit="N1", x=36, y=13.5)
    assert [e.unit for e in of_type(events, "GoalReached")] == ["N1", "N2"]
    (switch,) = of_type(events, "OrdersSwitched")
    assert (switch.command, switch.now, switch.reason) == ("C1", "hold", "objective")


@checks("fantasy_warriors/occupied-objective-three-inches")
def test_a_full_objective_also_counts_friends_of_friends() -> None:
    state = battle(
        orders={"C1": {"order": "take and hold", "objective": "O1"},
                "C2": {"order": "storm", "objective": "O1"}},
        at={"N1": (36, 13), "N3": (36, 17.5), "N4": (36, 22), "N2": (30, 40)},
    )
    # N3 is 2.5" from N1's base edge, N4 2.5" from N3's: a chain from the crossroads.
    assert reached_objective(state, SC, objective_of(state, "C2"), "north") == {
        "N1", "N3", "N4"}
    assert stage(state, "C2") == "second"


@checks("fantasy_warriors/enemy-on-objective", "fantasy_warriors/take-and-hold-no-engaging")
def test_enemies_on_the_objective_are_met_according_to_orders() -> None:
    # S1 sits on the crossroads. TAKE AND HOLD may not engage it and may wait; STORM may charge.
    state = battle(
        orders={"C1": {"order": "take and hold", "objective": "O1"},
                "C2": {"order": "storm", "objective": "O1"}},
        at={"N1": (36, 15.4), "N2": (36, 24), "N3": (34.6, 14.6), "N4": (38, 24),
            "S1": (36, 13)},
    )
    refused(state, "north", "fantasy_warriors/take-and-hold-no-engaging", type="contact",
            unit="N1", enemy="S1")
    state = act(state, "north", type="contact", unit="N3", enemy="S1")
    assert state.units["S1"].engaged
    # N2 had S1 unengaged in its way when the turn began, so it may stay put; N4 is STORM and
    # must press on (its way is clear of unengaged enemies now that S1 is fighting).
    error = refused(state, "north", "fantasy_warriors/storm-direct-route", type="end_turn")
    assert "N4" in said(error) and "N2" not in said(error)
    state = act(state, "north", type="move", unit="N4", x=37, y=18)
    state = act(state, "north", type="end_turn")
    assert state.active == "south"
