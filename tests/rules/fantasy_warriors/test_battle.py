"""The battle around the orders: turns, the end and the winner, views, the board, the menus."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from rules.core.engine import Engine, sort_key
from rules.core.system import system
from rules.core.text import Msg, Term
from rules.fantasy_warriors.actions import EVENTS
from rules.fantasy_warriors.engine import SYSTEM
from rules.fantasy_warriors.state import FantasyWarriorsState
from tests.rules.fantasy_warriors.kit import (
    SCENARIO,
    act,
    act_events,
    battle,
    checks,
    of_type,
    planned,
    refused,
    said,
    tags,
)

SEAT_SOUTH = Term(kind="seat", id="south")

# Away from every Objective, so nobody holds anything.
AWAY = {"S2": (62, 44), "S3": (66, 40), "S4": (70, 40), "S5": (70, 45)}


def to_the_end(state: FantasyWarriorsState) -> tuple[FantasyWarriorsState, list[object]]:
    """End turns (everyone on HOLD) until the battle is over; return the last events."""
    events: list[object] = []
    while state.step != "over":
        state, events = act_events(state, state.active, type="end_turn")
    return state, events


@checks("fantasy_warriors/turn-sequence")
def test_the_system_is_registered_and_lists_its_scenario() -> None:
    found = system("fantasy_warriors")
    assert isinstance(found, Engine) and found.version == "3"
    (info,) = found.scenarios()
    assert (info.id, info.seats) == (SCENARIO, ("north", "south"))


@checks("fantasy_warriors/turn-sequence")
def test_sides_take_turns_for_the_scenarios_number_of_turns() -> None:
    state = planned()
    assert SYSTEM.prompt(state).seat == "north" and SYSTEM.prompt(state).step == "plan"
    state = act(state, "north", type="ready")
    assert SYSTEM.prompt(state).seat == "south"
    state = act(state, "south", type="start_battle")
    assert (state.step, state.turn, state.active) == ("battle", 1, "north")
    refused(state, "south", "core/not-your-turn", type="end_turn")
    state, events = act_events(state, "north", type="end_turn")
    assert [(e.turn, e.side) for e in of_type(events, "TurnBegan")] == [(1, "south")]
    state, events = act_events(state, "south", type="end_turn")
    assert [(e.turn, e.side) for e in of_type(events, "TurnBegan")] == [(2, "north")]
    assert said(of_type(events, "TurnBegan")[0]) == "Turn 2: North moves."
    state, events = to_the_end(state)
    assert state.turn == 8 and of_type(events, "BattleEnded")  # type: ignore[arg-type]
    assert SYSTEM.prompt(state).seat is None
    refused(state, "north", "core/game-over", type="end_turn")
    assert SYSTEM.legal_actions(state, "north") == []


@checks("fantasy_warriors/victory")
def test_more_objectives_held_wins() -> None:
    # South's archers stand by the Dark Wood (O5); nobody else is near an Objective.
    state, events = to_the_end(battle())
    (end,) = of_type(events, "BattleEnded")  # type: ignore[arg-type]
    assert (end.winner, end.north_objectives, end.south_objectives) == ("south", 0, 1)
    outcome = SYSTEM.outcome(state)
    assert outcome is not None and outcome.winner == "south"
    assert outcome.reason == Msg(key="outcome-objectives", args={
        "seat": SEAT_SOUTH, "north": 0, "south": 1})
    assert said(outcome.reason) == "South holds more Objectives (North 0, South 1)"
    assert said(SYSTEM.board(state, None).panel.lines[0].text) == (
        "Battle over: South holds more Objectives (North 0, South 1)")
    assert said(end) == "The battle is over: South holds more Objectives (North 0, South 1)."
    # A unit of each side within 3" of the same Objective: nobody holds it.
    contested = battle(at={**AWAY, "N1": (36, 16), "S1": (36, 10)})
    assert SYSTEM.view(contested, None).position["derived"]["holders"]["O1"] is None
    held = battle(at={**AWAY, "N1": (36, 16)})
    assert [o.holder for o in SYSTEM.board(held, None).objectives if o.label == "O1"] == [
        "north"]


@checks("fantasy_warriors/victory")
def test_level_objectives_go_to_the_side_that_destroyed_more() -> None:
    state = act(battle(at=AWAY), "north", type="destroyed", unit="S1")
    state, _ = to_the_end(state)
    outcome = SYSTEM.outcome(state)
    assert outcome is not None and outcome.winner == "north"
    assert said(outcome.reason) == ("Objectives even (0 each); North destroyed or drove off "
                                    "more units (1 to 0)")
    draw, _ = to_the_end(battle(at=AWAY))
    outcome = SYSTEM.outcome(draw)
    assert outcome is not None and outcome.winner is None
    assert said(outcome.reason) == "a draw: 0 Objectives and 0 units lost each"


@checks("fantasy_warriors/victory")
def test_a_side_with_nothing_left_loses_at_once_and_conceding_loses() -> None:
    state = battle()
    for unit in ("N1", "N2", "N3", "N4", "N5"):
        state = act(state, "south", type="left" if unit == "N5" else "destroyed", unit=unit)
    assert state.step == "battle"
    state, events = act_events(state, "south", type="destroyed", unit="N6")
    assert state.step == "over" and of_type(events, "BattleEnded")[0].winner == "south"
    state, events = act_events(battle(), "south", type="concede")
    outcome = SYSTEM.outcome(state)
    assert outcome is not None and outcome.winner == "north"
    assert said(of_type(events, "Conceded")[0]) == "South concedes."
    assert said(of_type(events, "BattleEnded")[0]) == (
        "The battle is over: South conceded (Objectives held: North 0, South 1).")


@checks("fantasy_warriors/field-emptied-by-mistake", "core/game-over")
def test_a_referee_putting_a_unit_back_reopens_an_emptied_field() -> None:
    state = battle()
    for unit in ("N1", "N2", "N3", "N4", "N5", "N6"):
        state = act(state, "north", type="destroyed", unit=unit)
    assert state.step == "over"
    refused(state, "north", "core/game-over", type="destroyed", unit="S1")
    state, events = act_events(state, "referee", type="adjust", unit="N2", status="in-play")
    (resumed,) = of_type(events, "BattleResumed")
    assert (resumed.turn, resumed.active) == (1, "north")
    assert said(resumed) == ("The field is no longer empty: the battle goes on, turn 1, "
                             "North to play.")
    assert state.step == "battle" and SYSTEM.outcome(state) is None
    # A conceded battle stays over, whatever the referee changes.
    conceded = act(battle(), "south", type="concede")
    refused(conceded, "referee", "core/game-over", type="adjust", unit="S1", status="left")


@checks("core/reports-need-agreement")
def test_reports_about_enemy_units_need_the_enemys_agreement() -> None:
    state = battle()

    def needs(seat: str, **data: object) -> str | None:
        return SYSTEM.agreement_from(state, SYSTEM.parse_action({**data, "seat": seat}))

    assert needs("south", type="destroyed", unit="N1") == "north"
    assert needs("north", type="destroyed", unit="N1") is None
    assert needs("south", type="sight", unit="N1", visible=False) == "north"
    assert needs("north", type="left", unit="S2") == "south"
    assert needs("north", type="end_turn") is None


@checks("core/bad-input")
def test_views_hide_the_seed_and_state_round_trips_through_json() -> None:
    state = act(battle(orders={"C1": {"order": "storm", "objective": "O1"}}, seed="secret-7"),
                "north", type="move", unit="N1", x=3, y=40)
    for seat in ("north", "south", None):
        view = SYSTEM.view(state, seat)
        assert "dice" not in view.position
        assert "secret-7" not in view.model_dump_json()
    data = json.loads(json.dumps(state.model_dump(mode="json")))
    again = SYSTEM.load_state(data)
    assert again == state
    # Actions are read from their JSON or typed form; apply never changes its input.
    before = json.dumps(data, sort_keys=True)
    moved, _ = SYSTEM.apply(again, SYSTEM.parse_action(
        {"type": "move", "unit": "n1", "x": "4", "y": '39"', "seat": "north"}))
    assert json.dumps(again.model_dump(mode="json"), sort_keys=True) == before
    assert (moved.units["N1"].position.x, moved.units["N1"].position.y) == (4, 39)
    with pytest.raises(ValidationError):
        SYSTEM.parse_action({"type": "move", "unit": "N1", "x": "far", "y": 3, "seat": "north"})
    refused(state, "north", "core/bad-input", type="adjust")
    refused(state, "referee", "core/not-your-turn", type="end_turn")


def test_a_state_stored_by_version_1_loads_without_its_english_labels() -> None:
    state = battle(orders={"C1": {"order": "storm", "objective": "O1"},
                           "C3": {"order": "intercept", "target": "archers"}})
    data = state.model_dump(mode="json")
    old = json.loads(json.dumps(data))
    old["engine"] = "fantasy_warriors/1"
    old["commands"]["C1"]["orders"]["objective"]["label"] = "The Crossroads"
    old["commands"]["C3"]["orders"]["target"]["label"] = "enemy archers"
    assert SYSTEM.load_state(old) == state


@checks("fantasy_warriors/automatic-switch")
def test_events_read_back_from_json() -> None:
    state = battle(orders={"C1": {"order": "take and hold", "objective": "O1"}},
                   at={"N1": (36, 20), "N2": (38, 40)})
    _, events = act_events(state, "north", type="move", unit="N1", x=36, y=13)
    for event in events:
        data = json.loads(json.dumps(event.model_dump(mode="json")))
        assert EVENTS.validate_python(data) == event


@checks("fantasy_warriors/flag-counters", "fantasy_warriors/objectives-and-targets")
def test_the_board_shows_terrain_objectives_orders_and_targets() -> None:
    state = battle(orders={"C1": {"order": "storm", "objective": "O1"},
                           "C3": {"order": "intercept", "target": "C6"}},
                   at={"N5": (40, 30), "S5": (40, 10)})
    board = SYSTEM.board(state, None)
    assert board.static_key == f"fantasy_warriors:{SCENARIO}"
    assert (board.width, board.height) == (72, 48)
    kinds = {f.kind: f for f in board.features}
    assert {"hill", "river", "stockade", "crossroads", "forest", "wall", "road"} <= set(kinds)
    assert all(len(f.points) >= 3 for f in board.features)  # lines and points drawn as shapes
    assert [o.label for o in board.objectives] == ["O1", "O2", "O3", "O4", "O5"]
    shown = tags(board)
    assert shown["N1"] == ("STORM (ATTACK)",) and shown["S1"] == ("HOLD",)
    assert shown["N5"] == ("INTERCEPT (OPPOSE)",)
    (arrow,) = [a for a in board.arrows if (a.x1, a.y1) == (40, 30)]
    assert (arrow.kind, arrow.x1, arrow.y1, arrow.x2, arrow.y2) == ("target", 40, 30, 40, 10)
    assert said(board.panel.title) == "Fantasy Warriors: The Stockade Ford"
    texts = [said(line.text) for line in board.panel.lines]
    assert texts[:2] == ["Turn 1 of 8", "North to move"]
    assert texts[-5:] == ["O1 The Crossroads", "O2 Top of Raven Hill", "O3 The Old Stockade",
                          "O4 The Greywater", "O5 The Dark Wood: held by South"]
    assert {said(f.label) for f in board.features if f.label} == {"Field Wall"}
    assert "C1 Hearth Guard: STORM (ATTACK) → O1 The Crossroads (stand over)" in texts
    assert board.sides == {"north": "#2e5cb0", "south": "#b03a2e"}
    # After the switch the tag shows both halves.
    switched = act(state, "north", type="move", unit="N1", x=36, y=13)
    switched = act(switched, "north", type="move", unit="N2", x=36, y=15.5)
    assert tags(SYSTEM.board(switched, None))["N1"] == ("STORM→HOLD",)


@checks("fantasy_warriors/out-of-play")
def test_the_referee_adjusts_units_and_orders() -> None:
    state = battle(orders={"C3": {"order": "intercept", "target": "S6"}})
    state, events = act_events(state, "referee", type="adjust", unit="S6", status="destroyed")
    assert state.units["S6"].status == "destroyed"
    assert of_type(events, "OrdersSwitched")[0].reason == "targets-gone"
    state, events = act_events(state, "referee", type="adjust", command="C3",
                               order="intercept", target="S5")
    assert state.commands["C3"].orders is not None
    assert state.commands["C3"].orders.stage == "first"
    assert of_type(events, "OrdersRevealed")[0].changed
    state = act(state, "referee", type="adjust", unit="N1", x=10, y=10, engaged=True,
                visible=False)
    assert state.units["N1"].engaged and not state.units["N1"].visible
    refused(state, "referee", "fantasy_warriors/on-the-table", type="adjust", unit="N1", x=99,
            y=1)
    assert "adjust" in SYSTEM.referee_actions


def test_suggestions_offer_ids_for_each_option() -> None:
    state = battle(at={"N1": (30, 30), "S2": (30, 26), "S1": (50, 40)})
    orders = [value for _, value in SYSTEM.suggest(state, "north", "order", "")]
    assert set(orders) == {"attack", "hold", "oppose", "take-and-hold", "storm",
                                    "intercept-reinforce", "destroy-breakout"}
    assert "take-and-hold" in [v for _, v in SYSTEM.suggest(state, "north", "order", "hold")]
    assert [v for _, v in SYSTEM.suggest(state, "north", "order", "take")][0] == "take-and-hold"
    assert [said(label) for label, _ in SYSTEM.suggest(state, "north", "order", "storm")] == [
        "STORM (ATTACK then HOLD; needs an Objective)"]
    objectives = [v for _, v in SYSTEM.suggest(state, "north", "objective", "")]
    assert objectives[:5] == ["O1", "O2", "O3", "O4", "O5"] and "raven-hill" in objectives
    commands = [v for _, v in SYSTEM.suggest(state, "north", "command", "")]
    assert commands == ["C1", "C2", "C3"]
    targets = [v for _, v in SYSTEM.suggest(state, "north", "target", "", {"command": "c3"})]
    assert "C3" not in targets and "C6" in targets and "archers" in targets
    enemies = [v for _, v in SYSTEM.suggest(state, "north", "enemy", "", {"unit": "n1"})]
    assert enemies[0] == "S2" and all(e.startswith("S") for e in enemies)
    assert [(said(label), value) for label, value in SYSTEM.suggest(
        state, "north", "unit", "ram")] == [("N5 Ram Riders (North, mounted)", "N5")]
    assert SYSTEM.suggest(state, "north", "colour", "") == []
    assert len(SYSTEM.suggest(state, "north", "target", "")) <= 25


@checks("fantasy_warriors/battle-plan")
def test_legal_actions_are_sorted_bounded_and_all_legal() -> None:
    states = [
        planned(),
        battle(orders={"C1": {"order": "storm", "objective": "O1"},
                       "C2": {"order": "take and hold", "objective": "O3"},
                       "C3": {"order": "intercept", "target": "C6"},
                       "C4": {"order": "attack"}},
               at={"N1": (36, 20), "S1": (36, 17.6), "N5": (50, 20), "S5": (50, 17.2)}),
    ]
    states.append(act(states[1], "north", type="contact", unit="N1", enemy="S1"))
    for state in states:
        for seat in ("north", "south"):
            options = SYSTEM.legal_actions(state, seat)
            assert options == sorted(options, key=sort_key)
            assert len(options) < 400
            for option in options:
                SYSTEM.apply(state, option)  # raises if any listed action is illegal
    types = {a.type for a in SYSTEM.legal_actions(states[2], "north")}
    assert {"contact", "move", "destroyed", "combat", "disengaged"} <= types
    assert "end_turn" not in types  # C1's N2 and C3 still have ground to gain
    assert SYSTEM.legal_actions(states[0], "referee") == []
