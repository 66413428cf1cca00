"""Moving and fighting under orders: what a reported move, contact or end of turn must respect.

Each check reads the input state and refuses with the rule a report breaks: HOLD stays put,
engaged units move only when forced, combination orders press straight for their goal (or may
wait when blocked), TAKE AND HOLD engages nobody and makes room, INTERCEPT contacts only its
Target, and only ATTACK starts a fight.
"""

from __future__ import annotations

from rules.core.errors import refuse
from rules.core.inches import Point, distance
from rules.core.text import Value, items, msg, term
from rules.fantasy_warriors import catalogue
from rules.fantasy_warriors.actions import Contact, Move
from rules.fantasy_warriors.catalogue import CombinationOrder
from rules.fantasy_warriors.geometry import box, boxes_apart, overlap, within
from rules.fantasy_warriors.lookup import (
    alive,
    find_unit,
    own_unit,
    scenario_of,
    seat_of,
    table_point,
)
from rules.fantasy_warriors.orders import (
    at_objective,
    describe_place,
    effective_point,
    eligible_targets,
    enemies_between,
    footprint,
    footprint_box,
    friends_between,
    governing,
    move_allowance,
    named,
    objective_distance,
    order_tag,
    reached_objective,
    reached_units,
    seeking,
    target_options,
    unit_gap,
    within_short_range,
)
from rules.fantasy_warriors.state import (
    Command,
    FantasyWarriorsState,
    Orders,
    Unit,
    in_play,
    partners,
)

# The rule ids of each combination order's own paragraph start with these.
RULE_PREFIX = {
    "take-and-hold": "take-and-hold",
    "storm": "storm",
    "intercept-reinforce": "intercept",
    "destroy-breakout": "destroy",
}
_ROOM = "fantasy_warriors/take-and-hold-blocked"


def not_your_turn(state: FantasyWarriorsState) -> None:
    """Refuse an action only the side to move may take now."""
    refuse("core/not-your-turn", "refusal-not-your-turn", seat=term("seat", state.active),
           step=term("step", state.step))


def _moved(state: FantasyWarriorsState, unit: Unit, point: Point) -> FantasyWarriorsState:
    """Return a shallow copy of the state with one unit standing elsewhere (for what-ifs)."""
    moved = unit.model_copy(update={"position": point})
    return state.model_copy(update={"units": {**state.units, unit.id: moved}})


def targets_of(state: FantasyWarriorsState, command: Command) -> frozenset[str]:
    """Return the ids of the units that fit a command's Target."""
    return frozenset(u.id for u in eligible_targets(state, command))


def check_move(state: FantasyWarriorsState, action: Move) -> None:
    """Check a reported move: own unit, on the table, and allowed by its orders."""
    seat = seat_of(action)
    unit = own_unit(state, seat, action.unit)
    alive(unit)
    to = table_point(state, action.x, action.y)
    if action.forced and action.make_room:
        refuse("core/bad-input", "refusal-forced-or-room")
    if state.step == "plan":
        _check_deployment(state, unit, to, action.facing)
        return
    if action.forced:
        return  # a move the orders do not govern
    _check_room_on_table(state, unit, to, action.facing)
    if seat != state.active:
        refuse("core/not-your-turn", "refusal-move-out-of-turn", seat=term("seat", state.active))
    if unit.engaged:
        refuse("fantasy_warriors/engaged-units-stay", "refusal-engaged-unit-stays",
               unit=unit.id, name=unit.name)
    command = state.commands[unit.command]
    orders = command.orders
    if orders is None:
        return
    if not catalogue.basic_orders()[governing(orders)].may_move:
        refuse("fantasy_warriors/hold-stays-put", "refusal-hold-stays-put",
               command=command.id, name=command.name, order=order_tag(orders, command.side))
    combo = seeking(orders)
    if combo is None:
        if action.make_room:
            refuse(_ROOM, "refusal-room-only-take-and-hold")
        return
    _check_goal_move(state, unit, command, combo, orders, to, action.make_room)


def _check_deployment(
    state: FantasyWarriorsState, unit: Unit, to: Point, facing: float | None
) -> None:
    """Check a unit set up during the battle plan: wholly inside its side's zone, on nobody."""
    block = footprint(unit, to, facing)
    if block is None:
        return  # rules 1: units deploy anywhere on the table
    zone = scenario_of(state).sides[unit.side].zone()
    if zone and not within(block, zone):
        refuse("fantasy_warriors/deployment-zones", "refusal-outside-deployment-zone",
               unit=unit.id, name=unit.name, side=term("seat", unit.side))
    _check_room_on_table(state, unit, to, facing)


def _check_room_on_table(
    state: FantasyWarriorsState, unit: Unit, to: Point, facing: float | None
) -> None:
    """Refuse a block that would end its move on another unit's block."""
    block = footprint(unit, to, facing)
    if block is None:
        return
    mine = box(block)
    for other in in_play(state):
        there = footprint_box(other)
        if other.id == unit.id or there is None or boxes_apart(mine, there):
            continue
        if overlap(block, footprint(other) or []):
            refuse("fantasy_warriors/no-overlap", "refusal-units-overlap", unit=unit.id,
                   name=unit.name, other=other.id, other_name=other.name)


def _check_room(state: FantasyWarriorsState, unit: Unit, combo: CombinationOrder, orders: Orders,
                after: FantasyWarriorsState) -> None:
    """Check a move made to make room at an Objective (TAKE AND HOLD only)."""
    sc = scenario_of(state)
    if not combo.make_room:
        refuse(_ROOM, "refusal-room-only-take-and-hold")
    ref = orders.objective
    assert ref is not None  # TAKE AND HOLD always has an Objective
    place = describe_place(sc, ref)
    if unit.id not in reached_objective(state, sc, ref, unit.side):
        refuse(_ROOM, "refusal-room-not-there", unit=unit.id, name=unit.name, place=place)
    if unit.id not in reached_objective(after, sc, ref, unit.side):
        refuse(_ROOM, "refusal-room-must-stay", unit=unit.id, name=unit.name, place=place)


def _check_goal_move(
    state: FantasyWarriorsState, unit: Unit, command: Command, combo: CombinationOrder,
    orders: Orders, to: Point, make_room: bool,
) -> None:
    """Check a move against the goal of a combination order that is still being pursued."""
    sc = scenario_of(state)
    prefix = RULE_PREFIX[combo.id]
    tol = catalogue.battle_rules().tolerance
    after = _moved(state, unit, to)
    ref = orders.objective
    if ref is not None and at_objective(sc, ref, unit) and not at_objective(
            sc, ref, after.units[unit.id]):
        refuse("fantasy_warriors/start-in-contact-stays-in-contact", "refusal-stay-at-objective",
               unit=unit.id, name=unit.name, place=describe_place(sc, ref))
    if make_room:
        _check_room(state, unit, combo, orders, after)
        return
    if not combo.keeps_ground:
        return  # STORM and DESTROY may swing round enemies; progress is checked at end_turn
    if ref is not None:
        goal = describe_place(sc, ref)
        blocked = enemies_between(state, unit, effective_point(sc, ref, unit.position))
        away = objective_distance(sc, ref, to) > objective_distance(sc, ref, unit.position) + tol
    else:
        options = target_options(state, unit, command)
        if not options:
            return  # nothing visible to make for
        away = all(distance(to, t.position) > distance(unit.position, t.position) + tol
                   for t in options)
        goal = msg("one-of", units=items((named(t.id, t.name) for t in options), "or"))
        blocked = enemies_between(state, unit, options[0].position, targets_of(state, command))
    if away:
        rule = f"fantasy_warriors/{prefix}-blocked" if blocked else \
            f"fantasy_warriors/{prefix}-direct-route"
        refuse(rule, "refusal-moving-away", unit=unit.id, name=unit.name, goal=goal,
               order=order_tag(orders, command.side))


def check_contact(state: FantasyWarriorsState, action: Contact) -> None:
    """Check a reported contact: bases close enough, and orders that allow the fight."""
    seat = seat_of(action)
    unit = own_unit(state, seat, action.unit)
    alive(unit)
    enemy = find_unit(state, action.enemy)
    if enemy.side == seat:
        refuse("core/bad-input", "refusal-contact-a-friend", enemy=enemy.id, name=enemy.name)
    alive(enemy)
    if enemy.id in partners(state, unit.id):
        refuse("core/bad-input", "refusal-already-in-contact", unit=unit.id, name=unit.name,
               enemy=enemy.id, enemy_name=enemy.name)
    contact = catalogue.battle_rules().contact
    if unit_gap(unit, enemy) > contact + 1e-9:
        refuse("fantasy_warriors/contact-distance", "refusal-contact-too-far", unit=unit.id,
               name=unit.name, enemy=enemy.id, enemy_name=enemy.name,
               gap=round(unit_gap(unit, enemy), 1), contact=contact)
    command = state.commands[unit.command]
    if command.orders is not None:
        _check_contact_orders(state, unit, enemy, command, command.orders)


def _check_contact_orders(state: FantasyWarriorsState, unit: Unit, enemy: Unit, command: Command,
                          orders: Orders) -> None:
    """Check that a command's orders let its unit start this fight."""
    combo = seeking(orders)
    values: dict[str, Value] = {"command": command.id, "name": command.name,
              "order": order_tag(orders, command.side)}
    if combo is not None and combo.id == "take-and-hold":
        refuse("fantasy_warriors/take-and-hold-no-engaging", "refusal-take-and-hold-no-fight",
               **values)
    if combo is not None and combo.contact_only_target:
        target = orders.target
        if target is None or target.side == unit.side or enemy.id not in targets_of(
                state, command):
            refuse("fantasy_warriors/intercept-contact-only-target",
                   "refusal-contact-only-target", **values)
        options = target_options(state, unit, command)
        if enemy.id not in {t.id for t in options}:
            refuse("fantasy_warriors/nearest-visible-target", "refusal-nearest-target",
                   unit=unit.id, name=unit.name, enemy=enemy.id, enemy_name=enemy.name,
                   nearest=items((named(t.id, t.name) for t in options), "or"))
        return
    if combo is not None:
        return  # STORM and DESTROY are governed by ATTACK
    if not catalogue.basic_orders()[governing(orders)].may_engage:
        refuse("fantasy_warriors/basic-order-engaging", "refusal-order-starts-no-fight",
               **values)


def _pressed_on(
    state: FantasyWarriorsState, unit: Unit, combo: CombinationOrder, start: Point
) -> bool:
    """Say whether a unit gained ground toward its goal this turn, or had leave to wait."""
    if state.ruleset >= 2:
        return _followed_route(state, unit, combo, start)
    sc = scenario_of(state)
    tol = catalogue.battle_rules().tolerance
    command = state.commands[unit.command]
    orders = command.orders
    assert orders is not None
    was = unit.model_copy(update={"position": start})
    options: list[Unit] = []
    if orders.objective is not None:
        ref = orders.objective
        if objective_distance(sc, ref, unit.position) < objective_distance(
                sc, ref, start) - tol:
            return True
        goal = effective_point(sc, ref, start)
        # Enemies holding the Objective bar the way, fighting or not.
        holding = [e for e in in_play(state) if e.side != unit.side and at_objective(sc, ref, e)]
    else:
        options = target_options(state, was, command)
        if not options:
            return True  # nothing visible to make for
        if any(distance(unit.position, t.position) < distance(start, t.position) - tol
               for t in options):
            return True
        goal = options[0].position
        holding = []
    between = enemies_between(state, was, goal, targets_of(state, command))
    if combo.when_blocked == "may-wait" and (between or holding):
        return True
    if unit.kind == "missile" and combo.missile_wait != "none":
        in_range = [e for e in between if within_short_range(was, e)]
        if combo.missile_wait == "target-or-between-in-range":
            in_range += [t for t in options if within_short_range(was, t)]
        if in_range:
            return True
    return False


def _followed_route(
    state: FantasyWarriorsState, unit: Unit, combo: CombinationOrder, start: Point
) -> bool:
    """Say whether a unit followed the most direct or fastest route this turn (rules 2).

    It did if it closed on its goal by the battle rules' share of its move allowance (or all
    the way, when the goal was nearer), or ended within contact of its Target. Blocked by
    unengaged enemies, TAKE AND HOLD and INTERCEPT may wait, STORM and DESTROY may go around
    (a move of at least that share, in any direction), and missile units may stop with an
    enemy in short range.
    """
    sc = scenario_of(state)
    rules = catalogue.battle_rules()
    tol = rules.tolerance
    need = rules.press_share * move_allowance(unit)
    command = state.commands[unit.command]
    orders = command.orders
    assert orders is not None
    was = unit.model_copy(update={"position": start})
    options: list[Unit] = []
    if orders.objective is not None:
        ref = orders.objective
        before = objective_distance(sc, ref, start)
        gained = before - objective_distance(sc, ref, unit.position)
        goal = effective_point(sc, ref, start)
        # Enemies holding the Objective bar the way, fighting or not.
        holding = [e for e in in_play(state) if e.side != unit.side and at_objective(sc, ref, e)]
    else:
        options = target_options(state, was, command)
        if not options:
            return True  # nothing visible to make for
        if any(unit_gap(unit, t) <= rules.contact + 1e-9 for t in options):
            return True
        # A Target is reached at contact: measure the ground left between the bases.
        before = min(unit_gap(was, t) for t in options) - rules.contact
        gained = max(unit_gap(was, t) - unit_gap(unit, t) for t in options)
        goal = options[0].position
        holding = []
    if gained >= min(need, before) - tol:
        return True
    if _held_up_by_friends(state, unit, goal):
        return True
    between = enemies_between(state, was, goal, targets_of(state, command))
    if between or holding:
        if combo.when_blocked == "may-wait":
            return True
        if distance(start, unit.position) >= need - tol:
            return True  # went around the enemy in its way
    if unit.kind == "missile" and combo.missile_wait != "none":
        in_range = [e for e in between if within_short_range(was, e)]
        if combo.missile_wait == "target-or-between-in-range":
            in_range += [t for t in options if within_short_range(was, t)]
        if in_range:
            return True
    return False


def _held_up_by_friends(state: FantasyWarriorsState, unit: Unit, goal: Point) -> bool:
    """Say whether a unit ended its move against a friendly block standing in its way."""
    contact = catalogue.battle_rules().contact
    # The friends in contact first (a plain measure); the ground swept only when one is.
    touching = {f.id for f in in_play(state, unit.side)
                if f.id != unit.id and unit_gap(unit, f) <= contact + 1e-9}
    return bool(touching) and any(f.id in touching for f in friends_between(state, unit, goal))


def laggards(state: FantasyWarriorsState) -> list[tuple[Unit, str]]:
    """Return the active side's units that should have pressed on toward their goal this turn,
    each with the rule that required it."""
    sc = scenario_of(state)
    out: list[tuple[Unit, str]] = []
    reached: dict[str, set[str]] = {}  # reached_units by command, found once for its units
    for unit in in_play(state, state.active):
        combo = seeking(state.commands[unit.command].orders)
        start = state.turn_start.get(unit.id)
        if combo is None or start is None or unit.engaged or unit.id in state.fought:
            continue
        if unit.command not in reached:
            reached[unit.command] = reached_units(state, sc, state.commands[unit.command])
        if unit.id in reached[unit.command] or _pressed_on(state, unit, combo, start):
            continue
        rule = f"fantasy_warriors/{RULE_PREFIX[combo.id]}-direct-route"
        out.append((unit, "fantasy_warriors/press-on" if state.ruleset >= 2 else rule))
    return out


def check_pressed_on(state: FantasyWarriorsState) -> None:
    """Refuse to end a turn while units under combination orders failed to press on."""
    lagging = laggards(state)
    if not lagging:
        return
    if state.ruleset >= 2:
        share = catalogue.battle_rules().press_share
        refuse(lagging[0][1], "refusal-press-on-allowance",
               units=items(msg("unit-needs", unit=u.id, name=u.name,
                               inches=round(share * move_allowance(u), 1))
                           for u, _ in lagging))
    refuse(lagging[0][1], "refusal-press-on",
           units=items(named(u.id, u.name) for u, _ in lagging))
