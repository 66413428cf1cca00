"""Combination orders: their pairs and flags, the goal each needs, what governs, both examples."""

from __future__ import annotations

import pytest

from rules.fantasy_warriors import catalogue
from rules.fantasy_warriors.engine import SYSTEM
from rules.fantasy_warriors.orders import (
    combat_test_modifier,
    flags,
    governing,
    order_name,
    order_tag,
    to_hit_dice,
)
from rules.fantasy_warriors.state import Orders, TargetRef
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
    tags,
)


@checks("fantasy_warriors/combination-orders", "fantasy_warriors/take-and-hold",
        "fantasy_warriors/storm", "fantasy_warriors/intercept-reinforce",
        "fantasy_warriors/destroy-breakout")
def test_each_combination_is_a_pair_of_basic_orders() -> None:
    pairs = {c.id: (c.first, c.second) for c in catalogue.combinations().values()}
    assert pairs == {
        "storm": ("attack", "hold"),
        "destroy-breakout": ("attack", "attack"),
        "take-and-hold": ("oppose", "hold"),
        "intercept-reinforce": ("oppose", "attack"),
    }
    assert set(catalogue.basic_orders()) == {"attack", "hold", "oppose"}


@checks("fantasy_warriors/combination-orders")
@pytest.mark.parametrize(
    ("typed", "order"),
    [
        ("take and hold", "take-and-hold"),
        ("Take & Hold", "take-and-hold"),
        ("Storm", "storm"),
        ("INTERCEPT", "intercept-reinforce"),
        ("reinforce", "intercept-reinforce"),
        ("Intercept/ Reinforce", "intercept-reinforce"),
        ("break out", "destroy-breakout"),
        ("Breakout", "destroy-breakout"),
        ("destroy", "destroy-breakout"),
        ("Break Out/ Destroy", "destroy-breakout"),
        ("attack", "attack"),
    ],
)
def test_order_names_are_read_as_players_type_them(typed: str, order: str) -> None:
    action = SYSTEM.parse_action({"type": "order", "command": "c1", "order": typed})
    assert action.order == order
    assert action.command == "C1"


@checks("fantasy_warriors/flag-counters")
def test_counters_show_both_flags_and_breakout_is_red_and_black() -> None:
    assert flags(Orders(order="take-and-hold")) == ("yellow", "green")
    assert flags(Orders(order="storm")) == ("red", "green")
    assert flags(Orders(order="intercept-reinforce")) == ("yellow", "red")
    assert flags(Orders(order="destroy-breakout")) == ("red", "black")
    assert flags(Orders(order="attack")) == ("red",)
    state, events = act_events(
        planned(orders={"C3": {"order": "breakout", "target": "C1"}}), "north", type="ready")
    state, events = act_events(state, "south", type="ready")
    (c3,) = [e for e in of_type(events, "OrdersRevealed") if e.command == "C3"]
    assert (c3.order, c3.flags) == ("breakout", ("red", "black"))
    assert "(flag counter: red and black)" in said(c3)
    plan = [said(line) for line in SYSTEM.secrets(state, "north")]
    assert "C3 Thane's Riders: BREAKOUT (ATTACK), flag counter red and black → C1 Hearth Guard" \
        in plan


@checks("fantasy_warriors/objective-or-target-on-plan")
def test_an_order_needing_a_goal_is_refused_without_it() -> None:
    state = planned()
    for order in ("take and hold", "storm"):
        refused(state, "north", "fantasy_warriors/objective-or-target-on-plan", type="order",
                command="C1", order=order)
    for order in ("intercept", "destroy"):
        refused(state, "north", "fantasy_warriors/objective-or-target-on-plan", type="order",
                command="C1", order=order)
    state = act(state, "north", type="order", command="C1", order="storm", objective="O1")
    orders = state.commands["C1"].orders
    assert orders is not None and orders.objective is not None
    assert orders.objective.ref == "O1"


@checks("fantasy_warriors/order-needs-objective-or-target",
        "fantasy_warriors/objectives-and-targets")
def test_objective_orders_take_places_and_target_orders_take_troops() -> None:
    state = planned()
    rule = "fantasy_warriors/order-needs-objective-or-target"
    refused(state, "north", rule, type="order", command="C1", order="storm", target="C4")
    refused(state, "north", rule, type="order", command="C1", order="take and hold",
            target="S1")
    refused(state, "north", rule, type="order", command="C1", order="intercept",
            objective="O1")
    refused(state, "north", rule, type="order", command="C1", order="destroy", objective="O2")
    refused(state, "north", rule, type="order", command="C1", order="hold", objective="O2")
    refused(state, "north", rule, type="order", command="C1", order="attack", target="C4")
    needs = {c.id: c.needs for c in catalogue.combinations().values()}
    assert needs == {"take-and-hold": "objective", "storm": "objective",
                     "intercept-reinforce": "target", "destroy-breakout": "target"}
    # Every unit on a combination order has a goal the bot shows.
    state = battle(orders={"C1": {"order": "storm", "objective": "O1"},
                           "C3": {"order": "intercept", "target": "C6"}})
    panel = [said(line.text) for line in SYSTEM.board(state, None).panel.lines]
    assert "C1 Hearth Guard: STORM (ATTACK) → O1 The Crossroads (stand over)" in panel
    assert "C3 Thane's Riders: INTERCEPT (OPPOSE) → C6 Wolf Pack" in panel


@checks("fantasy_warriors/combination-governed-by-first")
def test_the_first_order_of_the_pair_governs_until_the_goal() -> None:
    assert governing(Orders(order="take-and-hold")) == "oppose"
    assert governing(Orders(order="storm")) == "attack"
    assert governing(Orders(order="intercept-reinforce")) == "oppose"
    assert governing(Orders(order="destroy-breakout")) == "attack"
    assert governing(Orders(order="storm", stage="second")) == "hold"
    assert governing(Orders(order="intercept-reinforce", stage="fallback")) == "oppose"
    assert governing(Orders(order="hold")) == "hold"
    state = battle(orders={"C1": {"order": "storm", "objective": "O1"},
                           "C2": {"order": "take and hold", "objective": "O3"}})
    assert SYSTEM.view(state, "north").position["derived"]["orders"]["C1"]["governing"] == \
        "attack"
    shown = tags(SYSTEM.board(state, None))
    assert shown["N1"][0] == "STORM (ATTACK)"
    assert shown["N3"][0] == "TAKE&HOLD (OPPOSE)"  # the board's shorter name


@checks("fantasy_warriors/intercept-reinforce", "fantasy_warriors/destroy-breakout")
def test_names_and_tags_follow_the_target_side_and_the_stage() -> None:
    friend = TargetRef(kind="command", ref="C2", side="north")
    foe = TargetRef(kind="command", ref="C4", side="south")
    assert order_name(Orders(order="intercept-reinforce", target=foe), "north") == "intercept"
    assert order_name(Orders(order="intercept-reinforce", target=friend), "north") == "reinforce"
    assert order_name(Orders(order="destroy-breakout", target=foe), "north") == "destroy"
    assert order_name(Orders(order="destroy-breakout", target=friend), "north") == "breakout"
    assert said(order_tag(Orders(order="storm", stage="second"), "north")) == "STORM→HOLD"
    assert said(order_tag(Orders(order="intercept-reinforce", target=foe, stage="fallback"),
                          "north")) == "INTERCEPT→OPPOSE"
    assert said(order_tag(Orders(order="hold"), "north")) == "HOLD"
    assert said(order_tag(Orders(order="take-and-hold"), "north")) == "TAKE AND HOLD (OPPOSE)"
    assert said(order_tag(Orders(order="take-and-hold", stage="second"), "north",
                          short=True)) == "TAKE&HOLD→HOLD"


@checks("fantasy_warriors/basic-order-engaging")
def test_combat_helpers_follow_the_governing_order() -> None:
    assert combat_test_modifier("oppose") == -1
    assert combat_test_modifier("attack") == 0
    assert combat_test_modifier("hold") == 0
    assert to_hit_dice("attack", 10) == 12
    assert to_hit_dice("attack", 4) == 4
    assert to_hit_dice("attack", 15) == 18
    assert to_hit_dice("oppose", 10) == 10
    assert to_hit_dice("hold", 9) == 9


@checks("fantasy_warriors/example-intercept-combat-test",
        "fantasy_warriors/combination-governed-by-first")
def test_example_1_an_intercept_unit_charged_early_tests_as_oppose() -> None:
    # N5 makes for C6's S5 far to the south; S1 blocks the way, then charges it.
    state = battle(
        orders={"C3": {"order": "intercept", "target": "C6"}, "C4": {"order": "attack"}},
        at={"N5": (50, 20), "N6": (44, 20), "S1": (50, 17.2), "S2": (44, 17.6),
            "S5": (50, 5), "S6": (44, 5)},
    )
    state = act(state, "north", type="end_turn")  # blocked, N5 and N6 may wait
    state, events = act_events(state, "south", type="contact", unit="S1", enemy="N5")
    assert state.units["N5"].engaged and stage(state, "C3") == "first"
    assert not of_type(events, "OrdersSwitched")
    state, events = act_events(state, "south", type="combat", unit="N5", dice=10)
    (fight,) = of_type(events, "CombatOrders")
    assert (fight.governing, fight.modifier, fight.to_hit_dice) == ("oppose", -1, 10)
    assert fight.order == "intercept"
    assert said(fight) == ("N5 Ram Riders fights under OPPOSE (INTERCEPT orders): Combat Test -1;"
                           " 10 dice To Hit from 10.")


@checks("fantasy_warriors/example-storm-to-hit", "fantasy_warriors/storm-attack")
def test_example_2_a_storm_unit_fights_its_way_through_as_attack() -> None:
    # S1 stands on the road between N1 and the crossroads; N1 charges it.
    state = battle(orders={"C1": {"order": "storm", "objective": "O1"}},
                   at={"N1": (36, 20), "S1": (36, 17.6)})
    state, events = act_events(state, "north", type="contact", unit="N1", enemy="S1")
    assert of_type(events, "UnitsInContact")
    state, events = act_events(state, "north", type="combat", unit="N1", dice=10, roll=True)
    (fight,) = of_type(events, "CombatOrders")
    assert (fight.governing, fight.modifier, fight.dice, fight.to_hit_dice) == (
        "attack", 0, 10, 12)
    (rolled,) = of_type(events, "ToHitRolled")
    assert len(rolled.rolls) == 12 and all(1 <= r <= 6 for r in rolled.rolls)
    assert type(rolled).irreversible
    assert state.dice.drawn == 12


@checks("fantasy_warriors/battle-plan")
def test_plans_are_sealed_until_both_sides_are_ready() -> None:
    state = planned(orders={"C1": {"order": "storm", "objective": "O1"}})
    # South cannot see North's plan, nor can the public board.
    south_view = SYSTEM.view(state, "south").position
    assert south_view["commands"]["C1"]["orders"] is None
    assert south_view["commands"]["C1"]["sealed"] is True
    assert "C1" not in south_view["derived"]["orders"]
    assert SYSTEM.view(state, "north").position["commands"]["C1"]["orders"]["order"] == "storm"
    for seat in ("north", "south", None):
        assert all(not u.status for u in SYSTEM.board(state, seat).units)
    assert "STORM" in said(SYSTEM.secrets(state, "north")[0])
    assert "STORM" not in " ".join(said(line) for line in SYSTEM.secrets(state, "south"))
    # Writing an order says only that orders were written.
    _, events = act_events(state, "north", type="order", command="C2", order="attack")
    assert [said(e) for e in events] == ["North writes sealed orders for C2 Crossbows."]
    state = act(state, "north", type="ready")
    refused(state, "north", "fantasy_warriors/battle-plan", type="order", command="C1",
            order="hold")
    refused(state, "north", "fantasy_warriors/battle-plan", type="ready")
    assert SYSTEM.prompt(state).seat == "south"
    state, events = act_events(state, "south", type="ready")
    assert of_type(events, "BattleStarted")
    assert len(of_type(events, "OrdersRevealed")) == 6
    assert SYSTEM.view(state, "south").position["commands"]["C1"]["orders"]["order"] == "storm"


@checks("fantasy_warriors/battle-plan")
def test_a_plan_cannot_be_sealed_with_a_command_unordered() -> None:
    state = SYSTEM.new_game("the-stockade-ford", "s")
    state = act(state, "north", type="order", command="C1", order="attack")
    error = refused(state, "north", "fantasy_warriors/battle-plan", type="ready")
    assert said(error) == "Every command needs orders first: C2 Crossbows and C3 Thane's Riders."
    refused(state, "north", "fantasy_warriors/own-units", type="order", command="C4",
            order="attack")
    refused(state, "north", "core/wrong-step", type="end_turn")


@checks("fantasy_warriors/order-change-needs-test", "fantasy_warriors/automatic-switch")
def test_orders_change_in_battle_only_after_a_passed_test() -> None:
    state = battle()
    refused(state, "north", "fantasy_warriors/order-change-needs-test", type="order",
            command="C1", order="attack")
    refused(state, "south", "core/not-your-turn", type="order", command="C4", order="attack",
            passed_test=True)
    refused(state, "north", "core/wrong-step", type="ready")
    state, events = act_events(state, "north", type="order", command="C1", order="storm",
                               objective="O1", passed_test=True)
    (shown,) = of_type(events, "OrdersRevealed")
    assert shown.changed and shown.order == "storm"
    assert stage(state, "C1") == "first"
