"""The Fantasy Warriors battle tracker: battle plans, Combination Orders, Objectives and Targets.

The battle is played on a real table (or by post). Each side first writes a sealed battle plan:
orders for every command, with the Objective or Target a combination order needs. Then the
sides take turns; players report moves, contacts, losses and sightings, and the bot enforces
what the orders allow, works out who has reached their Objective or Target, and switches
combination orders by itself when they are achieved.

Every action goes through one checked path: `_check_common` and the action's check read the
input state and raise `RuleViolation` before anything changes; only then is the state copied
and the action's effect applied to the copy.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, NoReturn

from pydantic import BaseModel, ValidationError

from rules.core.board import (
    Panel,
    PanelLine,
    TableArrow,
    TableFeature,
    TableObjective,
    TabletopView,
    TableUnit,
)
from rules.core.dice import Dice, DiceState, seed_hash
from rules.core.errors import RuleViolation
from rules.core.inches import Point, Table, distance
from rules.core.model import Action, Event
from rules.core.system import Outcome, Prompt, ScenarioInfo
from rules.fantasy_warriors import catalogue
from rules.fantasy_warriors.actions import (
    ACTION_CLASSES,
    ACTIONS,
    TYPE_ALIASES,
    Adjust,
    Adjusted,
    BattleEnded,
    BattleResumed,
    BattleStarted,
    Combat,
    CombatOrders,
    Concede,
    Conceded,
    Contact,
    Destroyed,
    Disengaged,
    EndTurn,
    Engaged,
    EngagementChanged,
    GoalReached,
    IssueOrders,
    LeftBattlefield,
    Move,
    OrdersRevealed,
    OrdersSwitched,
    OrdersWritten,
    PlanSealed,
    Ready,
    Sight,
    SightChanged,
    SwitchReason,
    ToHitRolled,
    TurnBegan,
    UnitGone,
    UnitMoved,
    UnitsInContact,
)
from rules.fantasy_warriors.catalogue import CombinationOrder, Scenario
from rules.fantasy_warriors.geometry import centre, diamond, midpoint, step_toward, strip
from rules.fantasy_warriors.orders import (
    at_objective,
    combat_test_modifier,
    combination_of,
    describe_goal,
    effective_point,
    eligible_targets,
    enemies_between,
    flags,
    goal_points,
    governing,
    objective_distance,
    objective_gap,
    order_name,
    order_tag,
    radius,
    reached_objective,
    reached_units,
    seeking,
    target_options,
    to_hit_dice,
    unit_gap,
    unit_reached,
    within_short_range,
)
from rules.fantasy_warriors.state import (
    APPROACHES,
    ENGINE,
    SEATS,
    Approach,
    Command,
    GameState,
    ObjectiveRef,
    Orders,
    Seat,
    Stage,
    TargetRef,
    Unit,
    in_play,
    other,
    partners,
    unit_number,
    units_of,
)

PLAN_ACTIONS = frozenset({"ready"})
BATTLE_ACTIONS = frozenset(
    {"contact", "engaged", "disengaged", "destroyed", "left", "combat", "end_turn"}
)
# Only the side whose turn it is may send these.
TURN_ACTIONS = frozenset({"contact", "end_turn"})
# Reports about one unit: about an enemy unit they are claims its side must agree to.
REPORTS = frozenset({"destroyed", "left", "engaged", "disengaged", "sight"})

OPEN_TYPES: dict[str, tuple[str, ...]] = {
    "plan": ("concede", "move", "order", "ready", "sight"),
    "battle": ("combat", "concede", "contact", "destroyed", "disengaged", "end_turn", "engaged",
               "left", "move", "order", "sight"),
    "over": (),
}

HINTS = {
    "plan": "Write your battle plan: order every command (with its Objective or Target), "
    "then ready. Plans stay sealed until both sides are ready.",
    "battle": "Report moves and contacts, losses and sightings, then end_turn.",
    "over": "The battle is over.",
}

# The rule ids of each combination order's own paragraph start with these.
RULE_PREFIX = {
    "take-and-hold": "take-and-hold",
    "storm": "storm",
    "intercept-reinforce": "intercept",
    "destroy-breakout": "destroy",
}

_POINT = re.compile(r"^\s*\(?\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)?\s*$")
_PREFIXED = re.compile(r"^(unit|personality|command|type|troop-type|troop type)\s*:\s*(.+)$",
                       re.IGNORECASE)


def _refuse(rule_id: str, message: str, **details: Any) -> NoReturn:
    raise RuleViolation(rule_id, message, details)


def _seat(action: Action) -> Seat:
    """Return the sender's seat, refusing anyone who holds no seat in this battle."""
    if action.seat == "north":
        return "north"
    if action.seat == "south":
        return "south"
    _refuse("core/not-your-turn", "Only North and South can act in this battle.")


def _scenario(state: GameState) -> Scenario:
    return catalogue.scenarios()[state.scenario]


def _rules() -> catalogue.BattleRules:
    return catalogue.battle_rules()


def _find_unit(state: GameState, ref: str) -> Unit:
    """Return the unit an id or a (unique) name refers to."""
    found = state.units.get(ref.upper())
    if found is not None:
        return found
    named = [u for u in state.units.values() if u.name.lower() == ref.lower()]
    pick = [u for u in named if u.in_play] or named
    if len(pick) == 1:
        return pick[0]
    if not pick:
        _refuse("core/bad-input", f"There is no unit {ref!r}; use a unit id such as N3.", unit=ref)
    ids = ", ".join(u.id for u in pick)
    _refuse("core/bad-input", f"More than one unit is called {ref!r}; use its id ({ids}).")


def _find_command(state: GameState, ref: str) -> Command:
    """Return the command an id or a name refers to."""
    found = state.commands.get(ref.upper())
    if found is not None:
        return found
    named = [c for c in state.commands.values() if c.name.lower() == ref.lower()]
    if len(named) == 1:
        return named[0]
    _refuse("core/bad-input", f"There is no command {ref!r}; use a command id such as C1.",
            command=ref)


def _own_unit(state: GameState, seat: Seat, ref: str) -> Unit:
    unit = _find_unit(state, ref)
    if unit.side != seat:
        _refuse("fantasy_warriors/own-units",
                f"{unit.id} {unit.name} belongs to {unit.side.capitalize()}.", unit=unit.id)
    return unit


def _alive(unit: Unit) -> None:
    if not unit.in_play:
        _refuse("fantasy_warriors/out-of-play",
                f"{unit.id} {unit.name} is no longer on the battlefield ({unit.status}).",
                unit=unit.id)


def _point(state: GameState, x: float | None, y: float | None) -> Point:
    """Return a reported position, checked on the table."""
    if x is None or y is None:
        _refuse("core/bad-input", "Give both x and y (inches from the bottom-left corner).")
    sc = _scenario(state)
    point = Point(x=x, y=y)
    if not Table(width=sc.width, height=sc.height).contains(point):
        _refuse("fantasy_warriors/on-the-table",
                f"{point} is off the {sc.width:g}\" x {sc.height:g}\" table.", x=x, y=y)
    return point


def _moved(state: GameState, unit: Unit, point: Point) -> GameState:
    """Return a shallow copy of the state with one unit standing elsewhere (for what-ifs)."""
    moved = unit.model_copy(update={"position": point})
    return state.model_copy(update={"units": {**state.units, unit.id: moved}})


# --- reading battle plans --------------------------------------------------------------------


def _objective(state: GameState, text: str, approach: Approach | None) -> ObjectiveRef:
    """Read an Objective: a scenario Objective id, a feature, or an explicit point "x,y"."""
    sc = _scenario(state)
    kinds = catalogue.terrain()
    rule = "fantasy_warriors/objective-definition"
    wanted = text.strip()
    found = sc.objective(wanted.upper())
    feature = None
    point: Point | None = None
    label = ""
    given: Approach | None = None
    capacity: int | None = None
    if found is not None:
        feature = sc.feature(found.feature) if found.feature else None
        point, label, given, capacity = found.point, found.label, found.approach, found.capacity
        ref = found.id
    else:
        feature = sc.feature(wanted.lower()) or next(
            (f for f in sc.features if f.label and f.label.lower() == wanted.lower()), None)
        m = _POINT.match(wanted)
        if feature is not None:
            ref, label = feature.id, feature.label or feature.id
        elif m:
            point = _point(state, float(m.group(1)), float(m.group(2)))
            ref = f"{point.x:g},{point.y:g}"
            label = str(point)
        else:
            known = ", ".join([o.id for o in sc.objectives] + [f.id for f in sc.features])
            _refuse(rule, f"{wanted!r} is no Objective of this battlefield: name a key point "
                    f"({known}) or give a point as x,y.", objective=wanted)
    if point is not None:
        # An explicit point settles where to go; the feature's kind may still say how.
        default = "stand-over"
        size = kinds["point"].capacity
        if feature is not None and feature.approach is not None:
            default = feature.approach
    elif feature is not None:
        kind = kinds.get(feature.kind)
        default = feature.approach or (kind.approach if kind else "contact")
        size = feature.capacity or (kind.capacity if kind else 1)
    else:  # pragma: no cover - a scenario objective always has a feature or a point
        _refuse(rule, f"{wanted!r} has no place on the table.")
    how = approach or given or (None if default == "ask" else default)
    if how is None:
        _refuse("fantasy_warriors/objective-approach-specified",
                f"{label} could be reached more than one way: say whether units should "
                "contact it, enter it or stand over it (approach).", objective=ref)
    return ObjectiveRef(ref=ref, label=label or ref, feature=feature.id if feature else None,
                        point=point, approach=how, capacity=capacity or size)


def _target(state: GameState, command: Command, text: str, side_word: str | None) -> TargetRef:
    """Read a Target: a unit, a personality, a command, or a troop type."""
    rule = "fantasy_warriors/target-definition"
    wanted = text.strip()
    kind_word = ""
    m = _PREFIXED.match(wanted)
    if m:
        kind_word, wanted = m.group(1).lower(), m.group(2).strip()
    enemy = other(command.side)
    types = {u.troop_type.lower() for u in state.units.values()}
    # Ids first, then troop types, then names: "Crossbowmen" is a troop type before it is N3's
    # name ("unit:Crossbowmen" picks the unit).
    unit = state.units.get(wanted.upper())
    cmd = state.commands.get(wanted.upper())
    if unit is None and cmd is None and (kind_word not in ("", "type", "troop-type",
                                                           "troop type")
                                         or wanted.lower() not in types):
        unit = next((u for u in state.units.values() if u.name.lower() == wanted.lower()), None)
        cmd = next((c for c in state.commands.values() if c.name.lower() == wanted.lower()), None)
    if kind_word in ("", "unit", "personality") and unit is not None:
        if kind_word == "personality" and not unit.personality:
            _refuse(rule, f"{unit.id} {unit.name} is not a personality.", target=wanted)
        if unit.command == command.id:
            _refuse(rule, "A command cannot be its own Target.", target=wanted)
        if not unit.in_play:
            _refuse(rule, f"{unit.id} {unit.name} is no longer on the battlefield.")
        found = TargetRef(kind="personality" if unit.personality else "unit", ref=unit.id,
                          side=unit.side, label=f"{unit.id} {unit.name}")
    elif kind_word in ("", "command") and cmd is not None:
        if cmd.id == command.id:
            _refuse(rule, "A command cannot be its own Target.", target=wanted)
        if not units_of(state, cmd):
            _refuse(rule, f"{cmd.id} {cmd.name} has no units left on the battlefield.")
        found = TargetRef(kind="command", ref=cmd.id, side=cmd.side, label=f"{cmd.id} {cmd.name}")
    elif kind_word in ("", "type", "troop-type", "troop type") and wanted.lower() in types:
        side = command.side if side_word == "friendly" else enemy
        troop = wanted.lower()
        if not any(u.troop_type.lower() == troop and u.side == side and u.in_play
                   and u.command != command.id for u in state.units.values()):
            _refuse(rule, f"{side.capitalize()} has no {troop} on the battlefield.", target=troop)
        word = "friendly" if side == command.side else "enemy"
        return TargetRef(kind="troop-type", ref=troop, side=side, label=f"{word} {troop}")
    else:
        _refuse(rule, f"{text!r} is no unit, personality, command or troop type of this battle.",
                target=text)
    if side_word is not None and (side_word == "friendly") != (found.side == command.side):
        _refuse(rule, f"{found.label} is not {side_word}.", target=text)
    return found


def _orders_from(state: GameState, command: Command, order: Any, objective: str | None,
                 target: str | None, target_side: str | None,
                 approach: Approach | None) -> Orders:
    """Build the orders for a command, refusing any that lack the goal they need."""
    combo = combination_of(order)
    needs = "fantasy_warriors/order-needs-objective-or-target"
    if combo is None:
        if objective or target or approach:
            _refuse(needs, f"{order.upper()} is a basic order: it takes no Objective or Target.")
        return Orders(order=order)
    if combo.needs == "objective":
        if target is not None:
            _refuse(needs, f"{combo.name} is given an Objective (a place), not a Target.")
        if objective is None:
            _refuse("fantasy_warriors/objective-or-target-on-plan",
                    f"{combo.name} needs its Objective written with the order.")
        return Orders(order=order, objective=_objective(state, objective, approach))
    if objective is not None or approach is not None:
        _refuse(needs, f"{combo.name} is given a Target (troops), not an Objective.")
    if target is None:
        _refuse("fantasy_warriors/objective-or-target-on-plan",
                f"{combo.name} needs its Target written with the order.")
    return Orders(order=order, target=_target(state, command, target, target_side))


# --- checks: read the state, raise before anything changes ---------------------------------


def _check_common(state: GameState, action: Action) -> None:
    if state.step == "over" and not (action.type == "adjust" and _reopenable(state)):
        _refuse("core/game-over", "The battle is over.")
    if action.type == "adjust":
        return  # a referee's correction: the service has checked the sender
    seat = _seat(action)
    if action.type in PLAN_ACTIONS and state.step != "plan":
        _refuse("core/wrong-step", f"{action.type} belongs to the battle plan, which is done; "
                f"the game is in the {state.step} step.", step=state.step)
    if action.type in BATTLE_ACTIONS and state.step != "battle":
        _refuse("core/wrong-step", f"{action.type} needs the battle to have begun; the game is "
                f"in the {state.step} step.", step=state.step)
    if action.type in TURN_ACTIONS and seat != state.active:
        _refuse("core/not-your-turn", f"It is {state.active.capitalize()}'s turn.",
                active=state.active)


def _check_order(state: GameState, action: IssueOrders) -> None:
    seat = _seat(action)
    command = _find_command(state, action.command)
    if command.side != seat:
        _refuse("fantasy_warriors/own-units",
                f"{command.id} {command.name} belongs to {command.side.capitalize()}.")
    if state.step == "plan":
        if seat in state.ready:
            _refuse("fantasy_warriors/battle-plan", "Your battle plan is sealed.")
    else:
        if seat != state.active:
            _refuse("core/not-your-turn", f"It is {state.active.capitalize()}'s turn.")
        if not action.passed_test:
            _refuse("fantasy_warriors/order-change-needs-test",
                    f"{command.name}'s orders change in battle only after a passed Battle "
                    "Leader Test; report it with passed_test.")
    if not units_of(state, command):
        _refuse("fantasy_warriors/out-of-play", f"{command.name} has no units left to order.")
    _orders_from(state, command, action.order, action.objective, action.target,
                 action.target_side, action.approach)


def _unordered(state: GameState, seat: Seat) -> list[Command]:
    return [c for c in state.commands.values()
            if c.side == seat and c.orders is None and units_of(state, c)]


def _check_ready(state: GameState, action: Ready) -> None:
    seat = _seat(action)
    if seat in state.ready:
        _refuse("fantasy_warriors/battle-plan", "Your battle plan is already sealed.")
    missing = _unordered(state, seat)
    if missing:
        names = ", ".join(f"{c.id} {c.name}" for c in missing)
        _refuse("fantasy_warriors/battle-plan", f"Every command needs orders first: {names}.")


def _check_move(state: GameState, action: Move) -> None:
    seat = _seat(action)
    unit = _own_unit(state, seat, action.unit)
    _alive(unit)
    to = _point(state, action.x, action.y)
    if action.forced and action.make_room:
        _refuse("core/bad-input", "A move is either forced or made to make room, not both.")
    if state.step == "plan" or action.forced:
        return  # deployment, or a move the orders do not govern
    if seat != state.active:
        _refuse("core/not-your-turn", f"It is {state.active.capitalize()}'s turn; only forced "
                "moves (forced) are reported out of turn.", active=state.active)
    if unit.engaged:
        _refuse("fantasy_warriors/engaged-units-stay",
                f"{unit.name} is engaged in combat; it moves only when forced, or once it has "
                "disengaged.")
    command = state.commands[unit.command]
    orders = command.orders
    if orders is None:
        return
    now = catalogue.basic_orders()[governing(orders)]
    if not now.may_move:
        _refuse("fantasy_warriors/hold-stays-put",
                f"{command.name} is on {order_tag(orders, command.side)} orders: its units stay "
                "where they stand.")
    combo = seeking(orders)
    if combo is None:
        if action.make_room:
            _refuse("fantasy_warriors/take-and-hold-blocked",
                    "Only a unit taking and holding an Objective makes room for later arrivals.")
        return
    _check_goal_move(state, unit, command, combo, orders, to, action.make_room)


def _check_goal_move(state: GameState, unit: Unit, command: Command, combo: CombinationOrder,
                     orders: Orders, to: Point, make_room: bool) -> None:
    """Check a move against the goal of a combination order that is still being pursued."""
    sc = _scenario(state)
    prefix = RULE_PREFIX[combo.id]
    tol = _rules().tolerance
    after = _moved(state, unit, to)
    ref = orders.objective
    if ref is not None and at_objective(sc, ref, unit) and not at_objective(
            sc, ref, after.units[unit.id]):
        _refuse("fantasy_warriors/start-in-contact-stays-in-contact",
                f"{unit.name} began this move at {ref.label}; it must still be there when the "
                "move ends.", unit=unit.id)
    if make_room:
        if not combo.make_room:
            _refuse("fantasy_warriors/take-and-hold-blocked",
                    "Only a unit taking and holding an Objective makes room for later arrivals.")
        assert ref is not None  # TAKE AND HOLD always has an Objective
        side_reached = reached_objective(state, sc, ref, unit.side)
        if unit.id not in side_reached:
            _refuse("fantasy_warriors/take-and-hold-blocked",
                    f"{unit.name} has not reached {ref.label}, so it has no room to make.")
        if unit.id not in reached_objective(after, sc, ref, unit.side):
            _refuse("fantasy_warriors/take-and-hold-blocked",
                    f"Making room must leave {unit.name} at {ref.label}.")
        return
    if not combo.keeps_ground:
        return  # STORM and DESTROY may swing round enemies; progress is checked at end_turn
    if ref is not None:
        before_d = objective_distance(sc, ref, unit.position)
        after_d = objective_distance(sc, ref, to)
        goal = ref.label
        blocked = enemies_between(state, unit, effective_point(sc, ref, unit.position))
        away = after_d > before_d + tol
    else:
        options = target_options(state, unit, command)
        if not options:
            return  # nothing visible to make for
        away = all(distance(to, t.position) > distance(unit.position, t.position) + tol
                   for t in options)
        goal = " or ".join(f"{t.id} {t.name}" for t in options)
        blocked = enemies_between(state, unit, options[0].position, _targets(state, command))
    if away:
        rule = f"fantasy_warriors/{prefix}-blocked" if blocked else \
            f"fantasy_warriors/{prefix}-direct-route"
        _refuse(rule, f"{unit.name} may not move away from {goal} while its orders hold "
                f"({order_tag(orders, command.side)}).", unit=unit.id)


def _targets(state: GameState, command: Command) -> frozenset[str]:
    """Return the ids of the units that fit a command's Target."""
    return frozenset(u.id for u in eligible_targets(state, command))


def _check_contact(state: GameState, action: Contact) -> None:
    seat = _seat(action)
    unit = _own_unit(state, seat, action.unit)
    _alive(unit)
    enemy = _find_unit(state, action.enemy)
    if enemy.side == seat:
        _refuse("core/bad-input", f"{enemy.id} {enemy.name} is a friendly unit, not an enemy.")
    _alive(enemy)
    if enemy.id in partners(state, unit.id):
        _refuse("core/bad-input", f"{unit.name} is already in contact with {enemy.name}.")
    contact = _rules().contact
    if unit_gap(unit, enemy) > contact + 1e-9:
        _refuse("fantasy_warriors/contact-distance",
                f"{unit.name} is {unit_gap(unit, enemy):.1f}\" from {enemy.name}; report the "
                f"move that brings its base within {contact:g}\" first.", unit=unit.id)
    command = state.commands[unit.command]
    orders = command.orders
    if orders is None:
        return
    combo = seeking(orders)
    name = order_tag(orders, command.side)
    if combo is not None and combo.id == "take-and-hold":
        _refuse("fantasy_warriors/take-and-hold-no-engaging",
                f"{command.name} is taking and holding an Objective ({name}): it may not engage "
                "the enemy, even one standing on the Objective.", unit=unit.id)
    if combo is not None and combo.contact_only_target:
        target = orders.target
        if target is None or target.side == unit.side or enemy.id not in {
                u.id for u in eligible_targets(state, command)}:
            _refuse("fantasy_warriors/intercept-contact-only-target",
                    f"{command.name} ({name}) may contact no enemy but its Target.", unit=unit.id)
        if enemy.id not in {t.id for t in target_options(state, unit, command)}:
            near = " or ".join(f"{t.id} {t.name}" for t in target_options(state, unit, command))
            _refuse("fantasy_warriors/nearest-visible-target",
                    f"{unit.name} makes for the nearest visible Target ({near}), not "
                    f"{enemy.name}.", unit=unit.id)
        return
    if combo is not None:
        return  # STORM and DESTROY are governed by ATTACK
    basic = catalogue.basic_orders()[governing(orders)]
    if not basic.may_engage:
        _refuse("fantasy_warriors/basic-order-engaging",
                f"{command.name} is on {name} orders, which do not start a fight.", unit=unit.id)


def _check_engaged(state: GameState, action: Engaged) -> None:
    _seat(action)
    unit = _find_unit(state, action.unit)
    _alive(unit)
    if unit.engaged:
        _refuse("core/bad-input", f"{unit.name} is already engaged.")


def _check_disengaged(state: GameState, action: Disengaged) -> None:
    _seat(action)
    unit = _find_unit(state, action.unit)
    _alive(unit)
    if not unit.engaged:
        _refuse("core/bad-input", f"{unit.name} is not engaged.")


def _check_gone(state: GameState, action: Destroyed | LeftBattlefield) -> None:
    _seat(action)
    _alive(_find_unit(state, action.unit))


def _check_sight(state: GameState, action: Sight) -> None:
    _seat(action)
    unit = _find_unit(state, action.unit)
    _alive(unit)
    if unit.visible == action.visible:
        word = "visible" if unit.visible else "out of sight"
        _refuse("core/bad-input", f"{unit.name} is already {word}.")


def _check_combat(state: GameState, action: Combat) -> None:
    seat = _seat(action)
    unit = _find_unit(state, action.unit)
    _alive(unit)
    if action.roll and unit.side != seat:
        _refuse("fantasy_warriors/own-units", f"Roll {unit.name}'s dice from its own side.")


def _laggards(state: GameState) -> list[tuple[Unit, str]]:
    """Return the active side's units that should have pressed on toward their goal this turn,
    each with the rule that required it."""
    sc = _scenario(state)
    tol = _rules().tolerance
    out: list[tuple[Unit, str]] = []
    for unit in in_play(state, state.active):
        command = state.commands[unit.command]
        combo = seeking(command.orders)
        start = state.turn_start.get(unit.id)
        if combo is None or start is None or unit.engaged or unit.id in state.fought:
            continue
        if unit_reached(state, sc, unit):
            continue
        orders = command.orders
        assert orders is not None
        was = unit.model_copy(update={"position": start})
        if orders.objective is not None:
            ref = orders.objective
            if objective_distance(sc, ref, unit.position) < objective_distance(
                    sc, ref, start) - tol:
                continue
            goals = [effective_point(sc, ref, start)]
            options: list[Unit] = []
            # Enemies holding the Objective bar the way, fighting or not.
            holding = [e for e in in_play(state)
                       if e.side != unit.side and at_objective(sc, ref, e)]
        else:
            options = target_options(state, was, command)
            if not options:
                continue  # nothing visible to make for
            if any(distance(unit.position, t.position) < distance(start, t.position) - tol
                   for t in options):
                continue
            goals = [options[0].position]
            holding = []
        between = [e for g in goals for e in enemies_between(state, was, g,
                                                              _targets(state, command))]
        if combo.when_blocked == "may-wait" and (between or holding):
            continue
        if unit.kind == "missile" and combo.missile_wait != "none":
            in_range = [e for e in between if within_short_range(was, e)]
            if combo.missile_wait == "target-or-between-in-range":
                in_range += [t for t in options if within_short_range(was, t)]
            if in_range:
                continue
        out.append((unit, f"fantasy_warriors/{RULE_PREFIX[combo.id]}-direct-route"))
    return out


def _check_end_turn(state: GameState, action: EndTurn) -> None:
    lagging = _laggards(state)
    if lagging:
        names = ", ".join(f"{u.id} {u.name}" for u, _ in lagging)
        _refuse(lagging[0][1], f"These units have not pressed on toward their Objective or "
                f"Target this turn: {names}. Report their moves (or the enemies in their way).",
                units=[u.id for u, _ in lagging])


def _check_concede(state: GameState, action: Concede) -> None:
    _seat(action)


def _check_adjust(state: GameState, action: Adjust) -> None:
    if action.unit is None and action.command is None:
        _refuse("core/bad-input", "Name the unit or the command to adjust.")
    if action.unit is not None:
        unit = _find_unit(state, action.unit)
        if action.x is not None or action.y is not None:
            _point(state, action.x, action.y)
        fields = (action.x, action.status, action.engaged, action.visible)
        if all(f is None for f in fields):
            _refuse("core/bad-input", f"Say what to change about {unit.name}.")
    if action.command is not None:
        command = _find_command(state, action.command)
        if action.order is None and action.stage is None:
            _refuse("core/bad-input", f"Say what to change about {command.name}'s orders.")
        if action.order is not None:
            _orders_from(state, command, action.order, action.objective, action.target,
                         action.target_side, action.approach)
        elif command.orders is None:
            _refuse("core/bad-input", f"{command.name} has no orders to change the stage of.")


# --- effects: change the working copy and report events ------------------------------------


def _reveal(command: Command, changed: bool) -> OrdersRevealed:
    orders = command.orders
    assert orders is not None
    return OrdersRevealed(side=command.side, command=command.id, name=command.name,
                          order=order_name(orders, command.side), flags=flags(orders),
                          goal=describe_goal(orders), changed=changed)


def _apply_order(work: GameState, action: IssueOrders, dice: Dice, events: list[Event]) -> None:
    command = _find_command(work, action.command)
    command.orders = _orders_from(work, command, action.order, action.objective, action.target,
                                  action.target_side, action.approach)
    if work.step == "plan":
        events.append(OrdersWritten(side=command.side, command=command.id, name=command.name))
    else:
        events.append(_reveal(command, changed=True))


def _apply_ready(work: GameState, action: Ready, dice: Dice, events: list[Event]) -> None:
    seat = _seat(action)
    work.ready.append(seat)
    events.append(PlanSealed(side=seat))
    if len(work.ready) < len(SEATS):
        return
    sc = _scenario(work)
    work.step = "battle"
    work.turn = 1
    work.active = work.first
    events.append(BattleStarted(first=work.first, turns=sc.turns))
    for command in sorted(work.commands.values(), key=lambda c: unit_number(c.id)):
        if command.orders is not None:
            events.append(_reveal(command, changed=False))
    _begin_turn(work, events)


def _begin_turn(work: GameState, events: list[Event]) -> None:
    work.turn_start = {u.id: u.position for u in in_play(work, work.active)}
    work.fought = [u.id for u in in_play(work) if u.engaged]
    events.append(TurnBegan(turn=work.turn, side=work.active))


def _apply_move(work: GameState, action: Move, dice: Dice, events: list[Event]) -> None:
    unit = _find_unit(work, action.unit)
    unit.position = _point(work, action.x, action.y)
    events.append(UnitMoved(unit=unit.id, name=unit.name, x=unit.position.x,
                            y=unit.position.y, forced=action.forced,
                            make_room=action.make_room))


def _engage(work: GameState, unit: Unit) -> None:
    unit.engaged = True
    if unit.id not in work.fought:
        work.fought.append(unit.id)


def _apply_contact(work: GameState, action: Contact, dice: Dice, events: list[Event]) -> None:
    unit = _find_unit(work, action.unit)
    enemy = _find_unit(work, action.enemy)
    pair = tuple(sorted((unit.id, enemy.id), key=unit_number))
    work.contacts.append((pair[0], pair[1]))
    for u in (unit, enemy):
        _engage(work, u)
        # Whoever is in base contact can be seen.
        u.visible = True
    events.append(UnitsInContact(unit=unit.id, name=unit.name, enemy=enemy.id,
                                 enemy_name=enemy.name))


def _apply_engaged(work: GameState, action: Engaged, dice: Dice, events: list[Event]) -> None:
    unit = _find_unit(work, action.unit)
    _engage(work, unit)
    events.append(EngagementChanged(unit=unit.id, name=unit.name, engaged=True))


def _release(work: GameState, unit: Unit, events: list[Event]) -> None:
    """Break a unit's contacts; partners left in contact with nobody are disengaged too."""
    was = partners(work, unit.id)
    work.contacts = [p for p in work.contacts if unit.id not in p]
    if unit.engaged:
        unit.engaged = False
        if unit.in_play:
            events.append(EngagementChanged(unit=unit.id, name=unit.name, engaged=False))
    for pid in was:
        partner = work.units[pid]
        if partner.engaged and not partners(work, pid):
            partner.engaged = False
            events.append(EngagementChanged(unit=pid, name=partner.name, engaged=False))


def _apply_disengaged(work: GameState, action: Disengaged, dice: Dice,
                      events: list[Event]) -> None:
    _release(work, _find_unit(work, action.unit), events)


def _apply_gone(work: GameState, action: Destroyed | LeftBattlefield, dice: Dice,
                events: list[Event]) -> None:
    unit = _find_unit(work, action.unit)
    unit.status = "destroyed" if action.type == "destroyed" else "left"
    events.append(UnitGone(unit=unit.id, name=unit.name, side=unit.side,
                           status="destroyed" if action.type == "destroyed" else "left"))
    _release(work, unit, events)


def _apply_sight(work: GameState, action: Sight, dice: Dice, events: list[Event]) -> None:
    unit = _find_unit(work, action.unit)
    unit.visible = action.visible
    events.append(SightChanged(unit=unit.id, name=unit.name, visible=action.visible))


def _apply_combat(work: GameState, action: Combat, dice: Dice, events: list[Event]) -> None:
    unit = _find_unit(work, action.unit)
    command = work.commands[unit.command]
    orders = command.orders or Orders(order="oppose")
    now = governing(orders)
    rolled = to_hit_dice(now, action.dice)
    events.append(CombatOrders(unit=unit.id, name=unit.name, order=order_tag(orders, unit.side),
                               governing=catalogue.basic_orders()[now].name,
                               modifier=combat_test_modifier(now), dice=action.dice,
                               to_hit_dice=rolled))
    if action.roll:
        events.append(ToHitRolled(unit=unit.id, name=unit.name, rolls=tuple(dice.rolls(rolled))))


def _apply_end_turn(work: GameState, action: EndTurn, dice: Dice, events: list[Event]) -> None:
    if work.active != work.first:
        if work.turn >= _scenario(work).turns:
            _finish(work, events)
            return
        work.turn += 1
    work.active = other(work.active)
    _begin_turn(work, events)


def _apply_concede(work: GameState, action: Concede, dice: Dice, events: list[Event]) -> None:
    seat = _seat(action)
    work.conceded = seat
    events.append(Conceded(side=seat))
    _finish(work, events)


def _apply_adjust(work: GameState, action: Adjust, dice: Dice, events: list[Event]) -> None:
    if action.unit is not None:
        unit = _find_unit(work, action.unit)
        changed: list[str] = []
        if action.x is not None and action.y is not None:
            unit.position = Point(x=action.x, y=action.y)
            changed.append("position")
        if action.status is not None:
            unit.status = action.status
            changed.append("status")
            if not unit.in_play:
                _release(work, unit, events)
        if action.engaged is not None:
            if action.engaged:
                _engage(work, unit)
            else:
                _release(work, unit, events)
            changed.append("engaged")
        if action.visible is not None:
            unit.visible = action.visible
            changed.append("visible")
        events.append(Adjusted(subject=f"{unit.id} {unit.name}", fields=tuple(changed)))
    if action.command is not None:
        command = _find_command(work, action.command)
        fields: list[str] = []
        if action.order is not None:
            command.orders = _orders_from(work, command, action.order, action.objective,
                                          action.target, action.target_side, action.approach)
            fields.append("orders")
        if action.stage is not None and command.orders is not None:
            command.orders = command.orders.model_copy(update={"stage": action.stage})
            fields.append("stage")
        events.append(Adjusted(subject=f"{command.id} {command.name}", fields=tuple(fields)))
        if work.step != "plan" and command.orders is not None:
            events.append(_reveal(command, changed=True))
    if work.step == "over" and not _battle_over(work):
        work.step = "battle"
        events.append(BattleResumed(turn=work.turn, active=work.active))


# --- after every report: who has reached what, and which orders switch ----------------------


def _reached_now(state: GameState) -> set[str]:
    """Return the units pursuing a combination order that have reached its goal."""
    if state.step != "battle":
        return set()
    sc = _scenario(state)
    out = set()
    for command in state.commands.values():
        if seeking(command.orders) is None:
            continue
        out |= reached_units(state, sc, command)
    return out


def _switch_orders(work: GameState, events: list[Event]) -> None:
    """Switch every combination order whose condition is now met, without any test."""
    sc = _scenario(work)
    for command in sorted(work.commands.values(), key=lambda c: unit_number(c.id)):
        orders = command.orders
        combo = seeking(orders)
        if combo is None or orders is None:
            continue
        units = units_of(work, command)
        reached = reached_units(work, sc, command)
        stage: Stage | None = None
        reason: SwitchReason = "objective"
        if combo.needs == "objective":
            if units and len(reached) == len(units):
                stage, reason = "second", "objective"
        elif reached:
            stage, reason = "second", "target"
        elif not eligible_targets(work, command):
            stage, reason = "fallback", "targets-gone"
        if stage is None:
            continue
        was = order_name(orders, command.side)
        command.orders = orders.model_copy(update={"stage": stage})
        events.append(OrdersSwitched(
            side=command.side, command=command.id, name=command.name, order=was,
            now=catalogue.basic_orders()[governing(command.orders)].name,
            reason=reason,
        ))


def _holders(state: GameState) -> dict[str, Seat | None]:
    """Return who holds each of the scenario's Objectives: a side with a unit within 3 inches of
    it and no enemy unit as near."""
    sc = _scenario(state)
    reach = _rules().reach
    out: dict[str, Seat | None] = {}
    for obj in sc.objectives:
        ref = _scenario_ref(state, obj.id)
        near = {u.side for u in in_play(state) if objective_gap(sc, ref, u) <= reach + 1e-9}
        out[obj.id] = next(iter(near)) if len(near) == 1 else None
    return out


def _scenario_ref(state: GameState, objective_id: str) -> ObjectiveRef:
    """Return a scenario Objective as a plan would name it (its approach settled if it is not)."""
    sc = _scenario(state)
    obj = sc.objective(objective_id)
    assert obj is not None
    feature = sc.feature(obj.feature) if obj.feature else None
    return ObjectiveRef(ref=obj.id, label=obj.label, feature=obj.feature, point=obj.point,
                        approach=obj.approach or (feature.approach if feature else None)
                        or "contact", capacity=obj.capacity or 1)


def _finish(work: GameState, events: list[Event]) -> None:
    work.step = "over"
    result = _result(work)
    held = _holders(work)
    events.append(BattleEnded(
        winner=result.winner, reason=result.reason,
        north_objectives=sum(1 for s in held.values() if s == "north"),
        south_objectives=sum(1 for s in held.values() if s == "south"),
    ))


def _result(state: GameState) -> Outcome:
    if state.conceded is not None:
        return Outcome(winner=other(state.conceded),
                       reason=f"{state.conceded.capitalize()} conceded")
    for seat in SEATS:
        if not in_play(state, seat):
            return Outcome(winner=other(seat),
                           reason=f"{seat.capitalize()} has no units left on the battlefield")
    held = _holders(state)
    count = {s: sum(1 for h in held.values() if h == s) for s in SEATS}
    lost = {s: sum(1 for u in state.units.values() if u.side == s and not u.in_play)
            for s in SEATS}
    score = f"Objectives {count['north']}-{count['south']}"
    if count["north"] != count["south"]:
        winner: Seat = "north" if count["north"] > count["south"] else "south"
        return Outcome(winner=winner, reason=f"{winner.capitalize()} holds more Objectives "
                       f"({score})")
    if lost["north"] != lost["south"]:
        winner = "north" if lost["south"] > lost["north"] else "south"
        return Outcome(winner=winner, reason=f"Objectives even ({score}); {winner.capitalize()} "
                       f"destroyed or drove off more units ({lost[other(winner)]} to "
                       f"{lost[winner]})")
    return Outcome(winner=None, reason=f"a draw: {score}, {lost['north']} units lost each")


def _battle_over(work: GameState) -> bool:
    return any(not in_play(work, seat) for seat in SEATS)


def _reopenable(state: GameState) -> bool:
    """Say whether a finished battle ended only because a side had no units left.

    A referee who corrects the report that emptied the field (a unit destroyed by
    mistake) reopens such a battle; one that was conceded or fought to its last
    turn stays over.
    """
    return state.step == "over" and state.conceded is None and _battle_over(state)


Check = Callable[[GameState, Any], None]
Effect = Callable[[GameState, Any, Dice, list[Event]], None]
_HANDLERS: dict[str, tuple[Check, Effect]] = {
    "order": (_check_order, _apply_order),
    "ready": (_check_ready, _apply_ready),
    "move": (_check_move, _apply_move),
    "contact": (_check_contact, _apply_contact),
    "engaged": (_check_engaged, _apply_engaged),
    "disengaged": (_check_disengaged, _apply_disengaged),
    "destroyed": (_check_gone, _apply_gone),
    "left": (_check_gone, _apply_gone),
    "sight": (_check_sight, _apply_sight),
    "combat": (_check_combat, _apply_combat),
    "end_turn": (_check_end_turn, _apply_end_turn),
    "concede": (_check_concede, _apply_concede),
    "adjust": (_check_adjust, _apply_adjust),
}


def _check(state: GameState, action: Action) -> None:
    _check_common(state, action)
    _HANDLERS[action.type][0](state, action)


@lru_cache(maxsize=4096)
def _natural(text: str) -> str:
    """Return text that sorts numbers by size ("N2" before "N10")."""
    return re.sub(r"\d+", lambda m: m.group().zfill(6), text)


def sort_key(action: Action) -> tuple[str, ...]:
    """Order actions by type, then field by field with numbers by size (N2 before N10)."""
    return tuple(_natural(str(value)) for _, value in action)


# --- the game system -------------------------------------------------------------------------


class FantasyWarriorsSystem:
    """Fantasy Warriors with Combination Orders, as a battle tracker."""

    id = "fantasy_warriors"
    title = "Fantasy Warriors battle tracker"
    version = ENGINE
    referee_actions: frozenset[str] = frozenset({"adjust"})
    # Actions a seat may send while the prompt names the other seat; the engine checks the
    # sender itself (its own units, and whose turn a voluntary move needs).
    out_of_turn_actions: frozenset[str] = frozenset(
        {"order", "ready", "move", "engaged", "disengaged", "destroyed", "left", "sight",
         "combat", "concede", "adjust"}
    )
    # Orders written during the battle plan stay sealed until both plans are ready.
    private_actions: frozenset[str] = frozenset({"order"})

    def report_for(self, state: Any, action: Action) -> str | None:
        """Return the side whose unit a report (destroyed, left, engaged...) is about."""
        ref = getattr(action, "unit", None)
        if action.type not in REPORTS or not isinstance(ref, str):
            return None
        try:
            return _find_unit(state, ref).side
        except RuleViolation:
            return None

    def agreement_from(self, state: Any, action: Action) -> str | None:
        """Return the side that must agree to a report about one of its units by the enemy."""
        side = self.report_for(state, action)
        return side if side is not None and side != action.seat else None

    def scenarios(self) -> list[ScenarioInfo]:
        """List the bundled scenarios, sorted by id."""
        return [ScenarioInfo(id=s.id, title=s.title, summary=s.summary, seats=SEATS)
                for s in catalogue.scenarios().values()]

    def new_game(self, scenario_id: str, seed: str) -> GameState:
        """Set up a scenario with both armies deployed, in the battle-plan step."""
        sc = catalogue.scenarios().get(scenario_id)
        if sc is None:
            _refuse("core/bad-input", f"There is no Fantasy Warriors scenario {scenario_id!r}.")
        state = GameState(scenario=sc.id, dice=DiceState(seed=seed), first=sc.first_turn,
                          active=sc.first_turn)
        for entry in sc.commands:
            state.commands[entry.id] = Command(id=entry.id, side=entry.side, name=entry.name,
                                               units=[u.id for u in entry.units])
            for u in entry.units:
                state.units[u.id] = Unit(
                    id=u.id, side=entry.side, command=entry.id, name=u.name, kind=u.kind,
                    troop_type=u.troop_type, personality=u.personality,
                    short_range=u.short_range, position=Point(x=u.x, y=u.y))
        return state

    def load_state(self, data: dict[str, Any]) -> GameState:
        """Rebuild a state from its JSON form."""
        return GameState.model_validate(data)

    def parse_action(self, data: dict[str, Any]) -> Action:
        """Validate an action from its JSON or command-option form."""
        raw = dict(data)
        kind = raw.get("type")
        if isinstance(kind, str):
            kind = kind.strip().lower().replace("-", "_").replace(" ", "_")
            raw["type"] = TYPE_ALIASES.get(kind, kind)
        return ACTIONS.validate_python(raw)

    def _action(self, action: Any) -> Action:
        if isinstance(action, ACTION_CLASSES):
            return action
        data = action.model_dump() if isinstance(action, BaseModel) else action
        try:
            return self.parse_action(data)
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise RuleViolation("core/bad-input", f"Unreadable action ({where}): {first['msg']}",
                                {"field": where}) from err

    def apply(self, state: Any, action: Any) -> tuple[GameState, list[Event]]:
        """Apply one action after checking every rule; an illegal one raises and changes nothing."""
        current = state if isinstance(state, GameState) else self.load_state(state)
        act = self._action(action)
        _check(current, act)
        # A JSON round trip is the quickest deep copy of a pydantic state (and re-checks it).
        work = GameState.model_validate_json(current.model_dump_json())
        dice = Dice(work.dice)
        events: list[Event] = []
        before = _reached_now(current)
        _HANDLERS[act.type][1](work, act, dice, events)
        work.dice = dice.state
        if work.step == "battle":
            for uid in sorted(_reached_now(work) - before, key=unit_number):
                unit = work.units[uid]
                orders = work.commands[unit.command].orders
                assert orders is not None
                events.append(GoalReached(unit=uid, name=unit.name, goal=describe_goal(orders)))
            _switch_orders(work, events)
            if _battle_over(work):
                _finish(work, events)
        return work, events

    def is_legal(self, state: GameState, action: Action) -> bool:
        """Say whether an action would be accepted now."""
        try:
            _check(state, action)
        except RuleViolation:
            return False
        return True

    def prompt(self, state: Any) -> Prompt:
        """Say who must act next: the first side still writing its plan, or the side to move."""
        if state.step == "over":
            return Prompt(seat=None, step="over", hint=HINTS["over"])
        if state.step == "plan":
            waiting = [s for s in (state.first, other(state.first)) if s not in state.ready]
            return Prompt(seat=waiting[0], step="plan", actions=OPEN_TYPES["plan"],
                          hint=HINTS["plan"])
        return Prompt(seat=state.active, step="battle", actions=OPEN_TYPES["battle"],
                      hint=f"Turn {state.turn}: {HINTS['battle']}")

    def legal_actions(self, state: Any, seat: str) -> list[Action]:
        """List a bounded, useful set of legal actions for a seat, sorted."""
        if seat not in SEATS or state.step == "over":
            return []
        me: Seat = "north" if seat == "north" else "south"
        found: list[Action] = []
        if state.step == "plan":
            found += self._plan_choices(state, me)
        else:
            found += self._battle_choices(state, me)
        return sorted((a for a in found if self.is_legal(state, a)), key=sort_key)

    def _plan_choices(self, state: GameState, seat: Seat) -> list[Action]:
        if seat in state.ready:
            return []
        sc = _scenario(state)
        found: list[Action] = [Ready(seat=seat)]
        for command in state.commands.values():
            if command.side != seat:
                continue
            for basic in catalogue.basic_orders():
                found.append(IssueOrders(seat=seat, command=command.id, order=basic))
            for obj in sc.objectives:
                for order in ("take-and-hold", "storm"):
                    found.append(IssueOrders(seat=seat, command=command.id, order=order,
                                             objective=obj.id))
                    found.append(IssueOrders(seat=seat, command=command.id, order=order,
                                             objective=obj.id, approach="contact"))
            for aim in state.commands.values():
                if aim.id == command.id:
                    continue
                for order in ("intercept-reinforce", "destroy-breakout"):
                    found.append(IssueOrders(seat=seat, command=command.id, order=order,
                                             target=aim.id))
        return found

    def _battle_choices(self, state: GameState, seat: Seat) -> list[Action]:
        sc = _scenario(state)
        contact = _rules().contact
        found: list[Action] = []
        alive = in_play(state)
        for unit in alive:
            if unit.engaged:
                found.append(Destroyed(seat=seat, unit=unit.id))
                if unit.side == seat:
                    found.append(Disengaged(seat=seat, unit=unit.id))
                    found.append(Combat(seat=seat, unit=unit.id, dice=10, roll=True))
        if seat != state.active:
            return found
        found.append(EndTurn(seat=seat))
        enemies = [u for u in alive if u.side != seat]
        for unit in alive:
            if unit.side != seat or unit.engaged:
                continue
            goals = goal_points(state, sc, unit)
            aims = goals or [e.position for e in sorted(
                enemies, key=lambda e: unit_gap(unit, e))[:1]]
            for aim in aims[:1]:
                for step in (3.0, 8.0):
                    to = step_toward(unit.position, aim, step)
                    found.append(Move(seat=seat, unit=unit.id, x=to.x, y=to.y))
            for enemy in enemies:
                if unit_gap(unit, enemy) <= contact + 1e-9:
                    found.append(Contact(seat=seat, unit=unit.id, enemy=enemy.id))
            for enemy in sorted(enemies, key=lambda e: unit_gap(unit, e))[:1]:
                # Close to base contact with the nearest enemy.
                far = distance(unit.position, enemy.position)
                reach = radius(unit) + radius(enemy) + contact / 2
                if far > reach:
                    to = step_toward(unit.position, enemy.position, far - reach)
                    found.append(Move(seat=seat, unit=unit.id, x=to.x, y=to.y))
        return found

    def view(self, state: Any, seat: str | None) -> dict[str, Any]:
        """Return the battle as `seat` may see it: the dice seed and, while the battle plans are
        being written, the other side's orders are hidden."""
        out: dict[str, Any] = state.model_dump(mode="json")
        out["dice"] = {"seed_sha256": seed_hash(state.dice.seed), "drawn": state.dice.drawn}
        shown: dict[str, Any] = {}
        for cid, command in state.commands.items():
            sealed = state.step == "plan" and command.side != seat
            if sealed:
                out["commands"][cid]["orders"] = None
                out["commands"][cid]["sealed"] = command.orders is not None
                continue
            orders = command.orders
            if orders is None:
                continue
            shown[cid] = {
                "order": order_name(orders, command.side),
                "tag": order_tag(orders, command.side),
                "governing": governing(orders),
                "flags": list(flags(orders)),
                "goal": describe_goal(orders),
            }
        reached = _reached_now(state)
        out["derived"] = {
            "orders": shown,
            "reached": sorted(reached, key=unit_number),
            "holders": _holders(state) if state.step != "plan" else {},
        }
        return out

    def private_lines(self, state: Any, seat: str) -> list[str]:
        """List the seat's own battle plan, one line per command."""
        lines = []
        for command in sorted(state.commands.values(), key=lambda c: unit_number(c.id)):
            if command.side != seat:
                continue
            orders = command.orders
            if orders is None:
                lines.append(f"{command.id} {command.name}: no orders yet")
                continue
            goal = describe_goal(orders)
            flag = "/".join(flags(orders))
            lines.append(f"{command.id} {command.name}: {order_tag(orders, command.side)} "
                         f"[{flag}]" + (f" → {goal}" if goal else ""))
        if state.step == "plan":
            lines.append("Plan sealed." if seat in state.ready else "Plan not sealed yet.")
        return lines

    def board(self, state: Any) -> TabletopView:
        """Return the table: features, Objectives, units with their orders, Target arrows, panel."""
        sc = _scenario(state)
        # A feature with an Objective marker on it is named in the panel instead: its label
        # would sit under the marker.
        marked = {o.feature for o in sc.objectives if o.feature}
        features = []
        for f in sc.features:
            corners = f.corners()
            if f.shape == "area":
                pts = list(f.points)
            elif f.shape == "line":
                pts = strip(corners, f.width)
            else:
                pts = diamond(corners[0], 1.2)
            features.append(TableFeature(kind=f.kind, points=tuple(pts),
                                         label="" if f.id in marked else f.label))
        holders = _holders(state) if state.step != "plan" else {}
        objectives = []
        for obj in sc.objectives:
            spot = self._marker(sc, obj.id)
            objectives.append(TableObjective(x=spot.x, y=spot.y, label=obj.id,
                                             holder=holders.get(obj.id)))
        sealed = state.step == "plan"
        reached = _reached_now(state)
        units = []
        arrows = []
        for unit in in_play(state):
            command = state.commands[unit.command]
            status = []
            if command.orders is not None and not sealed:
                status.append(order_tag(command.orders, command.side, short=True))
            if unit.id in reached:
                status.append("REACHED")
            if unit.engaged:
                status.append("ENGAGED")
            if not unit.visible:
                status.append("HIDDEN")
            units.append(TableUnit(x=unit.position.x, y=unit.position.y, side=unit.side,
                                   label=f"{unit.id} {unit.name}", radius=radius(unit),
                                   status=tuple(status)))
            orders = command.orders
            if sealed or seeking(orders) is None or orders is None or orders.target is None:
                continue
            for aim in target_options(state, unit, command)[:1]:
                arrows.append(TableArrow(x1=unit.position.x, y1=unit.position.y,
                                         x2=aim.position.x, y2=aim.position.y, kind="target"))
        return TabletopView(
            static_key=f"fantasy_warriors:{sc.id}", width=sc.width, height=sc.height,
            features=tuple(features),
            sides={seat: side.colour for seat, side in sc.sides.items()},
            objectives=tuple(objectives), units=tuple(units), arrows=tuple(arrows),
            panel=Panel(title=f"Fantasy Warriors: {sc.title}",
                        lines=self._panel_lines(state, sc)),
        )

    def _marker(self, sc: Scenario, objective_id: str) -> Point:
        """Return where an Objective's marker is drawn: its point, or its feature's middle."""
        obj = sc.objective(objective_id)
        assert obj is not None
        if obj.point is not None:
            return obj.point
        feature = sc.feature(obj.feature or "")
        assert feature is not None
        corners = feature.corners()
        if feature.shape == "area":
            return centre(corners)
        if feature.shape == "line":
            return midpoint(corners)
        return corners[0]

    def _panel_lines(self, state: GameState, sc: Scenario) -> tuple[PanelLine, ...]:
        if state.step == "plan":
            lines = [PanelLine(text="Battle plans are being written", bold=True)]
            for seat in SEATS:
                word = "sealed" if seat in state.ready else "writing"
                lines.append(PanelLine(text=f"{seat.capitalize()} ({sc.sides[seat].name}): "
                                       f"plan {word}", side=seat))
            return (*lines, *self._objective_lines(state, sc))
        if state.step == "over":
            lines = [PanelLine(text=f"Battle over: {_result(state).reason}", bold=True)]
        else:
            lines = [PanelLine(text=f"Turn {state.turn} of {sc.turns}", bold=True),
                     PanelLine(text=f"{state.active.capitalize()} to move", side=state.active)]
        for command in sorted(state.commands.values(), key=lambda c: unit_number(c.id)):
            orders = command.orders
            if orders is None or not units_of(state, command):
                continue
            goal = describe_goal(orders) if seeking(orders) is not None else ""
            text = f"{command.id} {command.name}: {order_tag(orders, command.side)}"
            lines.append(PanelLine(text=text + (f" → {goal}" if goal else ""),
                                   side=command.side))
        return (*lines, *self._objective_lines(state, sc))

    def _objective_lines(self, state: GameState, sc: Scenario) -> list[PanelLine]:
        """Name each scenario Objective, with who holds it once the battle is on."""
        holders = _holders(state) if state.step != "plan" else {}
        out = []
        for obj in sc.objectives:
            holder = holders.get(obj.id)
            held = f": held by {holder.capitalize()}" if holder else ""
            out.append(PanelLine(text=f"{obj.id} {obj.label}{held}", side=holder))
        return out

    def outcome(self, state: Any) -> Outcome | None:
        """Return the result once the battle is over."""
        if state.step != "over":
            return None
        return _result(state)

    def suggest(
        self,
        state: Any,
        seat: str | None,
        field: str,
        text: str,
        context: Mapping[str, Any] | None = None,
    ) -> list[tuple[str, str]]:
        """Offer completions for unit, command, order, objective, target and enemy options."""
        needle = text.strip().lower()
        context = context or {}
        out: list[tuple[str, str]] = []
        sc = _scenario(state)
        if field == "order":
            for basic in catalogue.basic_orders().values():
                out.append((f"{basic.name} ({basic.summary})", basic.id))
            for combo in catalogue.combinations().values():
                both = f"{combo.name}/{combo.friendly_name}" if combo.friendly_name else \
                    combo.name
                pair = "/".join(catalogue.basic_orders()[o].name
                                for o in (combo.first, combo.second))
                out.append((f"{both} ({pair}, needs {combo.needs})", combo.id))
        elif field == "approach":
            out = [(a.replace("-", " "), a) for a in APPROACHES]
        elif field == "objective":
            for obj in sc.objectives:
                out.append((f"{obj.id} {obj.label}", obj.id))
            for f in sc.features:
                out.append((f"{f.label or f.id} ({f.kind})", f.id))
        elif field == "command":
            for command in sorted(state.commands.values(), key=lambda c: unit_number(c.id)):
                if seat in SEATS and command.side != seat:
                    continue
                out.append((f"{command.id} {command.name} ({command.side})", command.id))
        elif field == "target":
            for command in sorted(state.commands.values(), key=lambda c: unit_number(c.id)):
                if command.id == str(context.get("command", "")).upper():
                    continue
                out.append((f"command {command.id} {command.name} ({command.side})",
                            command.id))
            for unit in in_play(state):
                kind = "personality" if unit.personality else "unit"
                out.append((f"{kind} {unit.id} {unit.name} ({unit.side})", unit.id))
            for troop in sorted({u.troop_type for u in state.units.values()}):
                out.append((f"troop type {troop}", troop))
        elif field in ("unit", "enemy"):
            near = str(context.get("unit", "")).upper()
            origin = state.units.get(near) if field == "enemy" else None
            units = [u for u in in_play(state)
                     if field == "unit" or seat not in SEATS or u.side != seat]
            if origin is not None:
                units.sort(key=lambda u: unit_gap(origin, u))
            else:
                units.sort(key=lambda u: (u.side != seat, unit_number(u.id)))
            for unit in units:
                out.append((f"{unit.id} {unit.name} ({unit.side}, {unit.kind})", unit.id))
        else:
            return []
        found = [(shown[:100], value) for shown, value in out
                 if needle in shown.lower() or needle in value.lower()]
        if field == "order":
            # Order names that start with what was typed come first ("take" -> TAKE AND HOLD).
            found.sort(key=lambda pair: not (pair[0].lower().startswith(needle)
                                             or pair[1].lower().startswith(needle)))
        return found[:25]

    def describe(self, event: Any) -> str:
        """Say in one English line what an event means."""
        return _describe(event)


def _describe(e: Any) -> str:
    match e:
        case OrdersWritten():
            return f"{e.side.capitalize()} writes sealed orders for {e.command} {e.name}."
        case PlanSealed():
            return f"{e.side.capitalize()} has sealed its battle plan."
        case BattleStarted():
            return (f"Both battle plans are sealed: the battle begins; {e.first.capitalize()} "
                    f"moves first ({e.turns} turns).")
        case OrdersRevealed():
            goal = f" → {e.goal}" if e.goal else ""
            verb = "now has" if e.changed else "has"
            return (f"{e.side.capitalize()}'s {e.command} {e.name} {verb} {e.order} orders "
                    f"({'/'.join(e.flags)} flags){goal}.")
        case OrdersSwitched():
            why = {"objective": "every unit has achieved its Objective",
                   "target": "a unit has reached its Target",
                   "targets-gone": "every eligible Target is gone"}[e.reason]
            return (f"{e.side.capitalize()}'s {e.command} {e.name}: {why}, so {e.order} gives "
                    f"way to {e.now} orders (no Battle Leader Test needed).")
        case GoalReached():
            return f"{e.unit} {e.name} has reached {e.goal}."
        case UnitMoved():
            how = " (forced)" if e.forced else " (making room)" if e.make_room else ""
            return f"{e.unit} {e.name} moves to ({e.x:g}\", {e.y:g}\"){how}."
        case UnitsInContact():
            return f"{e.unit} {e.name} makes contact with {e.enemy} {e.enemy_name}."
        case EngagementChanged():
            return f"{e.unit} {e.name} is {'engaged' if e.engaged else 'no longer engaged'}."
        case UnitGone():
            what = "is destroyed" if e.status == "destroyed" else "leaves the battlefield"
            return f"{e.side.capitalize()}'s {e.unit} {e.name} {what}."
        case SightChanged():
            return f"{e.unit} {e.name} is {'visible' if e.visible else 'out of sight'}."
        case CombatOrders():
            sign = f"{e.modifier:+d}" if e.modifier else "no modifier"
            return (f"{e.unit} {e.name} fights under {e.governing} ({e.order}): Combat Test "
                    f"{sign}; {e.to_hit_dice} dice To Hit from {e.dice}.")
        case ToHitRolled():
            return f"{e.unit} {e.name} rolls To Hit: {', '.join(map(str, e.rolls))}."
        case TurnBegan():
            return f"Turn {e.turn}: {e.side.capitalize()} moves."
        case Adjusted():
            return f"The referee adjusts {e.subject}: {', '.join(e.fields) or 'nothing'}."
        case Conceded():
            return f"{e.side.capitalize()} concedes."
        case BattleResumed():
            return (f"The field is no longer empty: the battle goes on, turn {e.turn}, "
                    f"{e.active.capitalize()} to play.")
        case BattleEnded():
            return (f"The battle is over: {e.reason} (North holds {e.north_objectives}, South "
                    f"{e.south_objectives}).")
    return str(getattr(e, "type", e))


SYSTEM = FantasyWarriorsSystem()
