"""Targets: what they can be, the nearest visible one, engaged ones, reaching foes and friends."""

from __future__ import annotations

from rules.fantasy_warriors.engine import SYSTEM
from rules.fantasy_warriors.orders import (
    describe_target,
    reached_friendly_target,
    target_options,
)
from rules.fantasy_warriors.state import FantasyWarriorsState, TargetRef
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


def target_of(state: FantasyWarriorsState, command: str) -> TargetRef:
    orders = state.commands[command].orders
    assert orders is not None and orders.target is not None
    return orders.target


def options(state: FantasyWarriorsState, unit: str) -> list[str]:
    u = state.units[unit]
    return [t.id for t in target_options(state, u, state.commands[u.command])]


@checks("fantasy_warriors/target-definition")
def test_a_target_is_a_unit_personality_command_or_troop_type() -> None:
    state = planned()

    def aim(text: str, **extra: str) -> TargetRef:
        done = act(state, "north", type="order", command="C3", order="intercept", target=text,
                   **extra)
        return target_of(done, "C3")

    assert (aim("s3").kind, aim("s3").ref, aim("s3").side) == ("unit", "S3", "south")
    assert (aim("Warlord Grishnak").kind, aim("S6").ref) == ("personality", "S6")
    assert (aim("C5").kind, aim("Bowmen").ref) == ("command", "C5")
    archers = aim("archers")
    assert (archers.kind, archers.ref, archers.side) == ("troop-type", "archers", "south")
    assert said(describe_target(state, "north", archers)) == "enemy archers"
    friends = aim("crossbowmen", target_side="friendly")
    assert friends.side == "north"
    assert said(describe_target(state, "north", friends)) == "friendly crossbowmen"
    assert aim("personality: S6").kind == "personality"
    # A troop type is read before a unit of the same name; a prefix picks the unit.
    assert (aim("unit:Crossbowmen", target_side="friendly").ref) == "N3"
    rule = "fantasy_warriors/target-definition"
    for bad in ("dragons", "C3", "N5", "personality:S3"):
        refused(state, "north", rule, type="order", command="C3", order="intercept", target=bad)
    refused(state, "north", rule, type="order", command="C3", order="intercept", target="C5",
            target_side="friendly")
    # Troops already gone cannot be chosen.
    fought = act(battle(), "north", type="destroyed", unit="S3")
    refused(fought, "north", rule, type="order", command="C3", order="intercept", target="S3",
            passed_test=True)


ARCHERS = {"C3": {"order": "intercept", "target": "archers"}}


@checks("fantasy_warriors/nearest-visible-target", "fantasy_warriors/visibility-reported")
def test_units_make_for_the_nearest_visible_target() -> None:
    state = battle(orders=ARCHERS, at={"N5": (30, 30), "S3": (20, 20), "S4": (40, 25)})
    assert options(state, "N5") == ["S4"]
    (arrow,) = [a for a in SYSTEM.board(state, None).arrows if (a.x1, a.y1) == (30, 30)]
    assert (arrow.kind, arrow.x2, arrow.y2) == ("target", 40, 25)
    # Out of sight, S4 is ignored and S3 becomes the one to make for.
    state, events = act_events(state, "south", type="sight", unit="S4", visible=False)
    assert of_type(events, "SightChanged")[0].visible is False
    assert options(state, "N5") == ["S3"]
    assert tags(SYSTEM.board(state, None))["S4"] == ("HOLD", "HIDDEN")
    refused(state, "south", "core/bad-input", type="sight", unit="S4", visible=False)


@checks("fantasy_warriors/nearest-visible-target",
        "fantasy_warriors/enemy-target-reached-on-contact",
        "fantasy_warriors/enemy-target-engaged-as-attack")
def test_only_the_nearest_target_may_be_charged() -> None:
    state = battle(orders=ARCHERS, at={"N5": (30, 30), "S4": (30, 27.5), "S3": (32.8, 30)})
    assert options(state, "N5") == ["S4"]
    refused(state, "north", "fantasy_warriors/nearest-visible-target", type="contact",
            unit="N5", enemy="S3")
    # INTERCEPT is governed by OPPOSE, yet may charge its Target as if on ATTACK.
    state, events = act_events(state, "north", type="contact", unit="N5", enemy="S4")
    assert [e.unit for e in of_type(events, "GoalReached")] == ["N5"]
    (switch,) = of_type(events, "OrdersSwitched")
    assert (switch.order, switch.now, switch.reason) == ("intercept", "attack", "target")


@checks("fantasy_warriors/engaged-target-alternative")
def test_an_engaged_target_may_be_passed_over_for_a_free_one() -> None:
    state = battle(orders=ARCHERS, at={"N5": (30, 30), "S4": (30, 27.5), "S3": (32.8, 30)})
    state = act(state, "south", type="engaged", unit="S4")
    assert options(state, "N5") == ["S4", "S3"]
    state, events = act_events(state, "north", type="contact", unit="N5", enemy="S3")
    assert of_type(events, "OrdersSwitched")
    # A move toward either one is progress.
    state = battle(orders=ARCHERS, at={"N5": (30, 30), "S4": (30, 20), "S3": (45, 30)})
    state = act(state, "south", type="engaged", unit="S4")
    state = act(state, "north", type="move", unit="N5", x=34, y=30)
    refused(state, "north", "fantasy_warriors/intercept-direct-route", type="move", unit="N5",
            x=25, y=33)


@checks("fantasy_warriors/intercept-contact-only-target")
def test_intercept_contacts_no_enemy_but_its_target() -> None:
    state = battle(orders=ARCHERS, at={"N5": (30, 30), "S1": (30, 27.5), "S3": (20, 10)})
    refused(state, "north", "fantasy_warriors/intercept-contact-only-target", type="contact",
            unit="N5", enemy="S1")
    # REINFORCE seeks friends, so it may contact no enemy at all.
    state = battle(orders={"C3": {"order": "reinforce", "target": "C1"}},
                   at={"N5": (30, 30), "S1": (30, 27.5)})
    refused(state, "north", "fantasy_warriors/intercept-contact-only-target", type="contact",
            unit="N5", enemy="S1")
    refused(state, "north", "core/bad-input", type="contact", unit="N5", enemy="N1")


@checks("fantasy_warriors/friendly-target-three-inches")
def test_a_friendly_target_is_reached_within_3_inches() -> None:
    state = battle(orders={"C3": {"order": "reinforce", "target": "C1"}},
                   at={"N1": (30, 20), "N2": (40, 20), "N5": (30, 30), "N6": (50, 30)})
    assert stage(state, "C3") == "first"
    # 4.5" between centres is 2" between the bases of N5 (1.5") and N1 (1").
    state, events = act_events(state, "north", type="move", unit="N5", x=30, y=24.5)
    assert [e.unit for e in of_type(events, "GoalReached")] == ["N5"]
    assert of_type(events, "OrdersSwitched")[0].now == "attack"


@checks("fantasy_warriors/friendly-target-three-inches")
def test_friends_who_reached_a_friendly_target_extend_it() -> None:
    state = battle(orders={"C3": {"order": "breakout", "target": "N1"}},
                   at={"N1": (30, 20), "N5": (30, 24.5), "N6": (30, 29)})
    target = target_of(state, "C3")
    # N6 is 5" from N1's base but 2" from N5's, which reached N1.
    assert reached_friendly_target(state, target, "north") == {"N5", "N6"}
    far = battle(orders={"C3": {"order": "breakout", "target": "N1"}},
                 at={"N1": (30, 20), "N5": (30, 28), "N6": (30, 32)})
    assert reached_friendly_target(far, target, "north") == set()


@checks("fantasy_warriors/shared-targets")
def test_several_commands_may_share_a_target() -> None:
    state = battle(
        orders={"C1": {"order": "destroy", "target": "S6"},
                "C3": {"order": "intercept", "target": "S6"}},
        at={"N5": (30, 30), "S6": (30, 27.5), "N1": (10, 20), "N2": (12, 20)},
    )
    assert target_of(state, "C1").key == target_of(state, "C3").key
    state = act(state, "north", type="contact", unit="N5", enemy="S6")
    assert (stage(state, "C1"), stage(state, "C3")) == ("first", "second")
