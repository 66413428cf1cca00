"""The turn as a step table, and one handler (check, effect) per action type.

Steps: `plan` (both sides write and seal their battle plans, in any order; the prompt names the
first side still writing), `battle` (the side to move reports moves and contacts and ends its
turn; either side reports what happens to its own units at any time) and `over` (only a
referee's correction that puts a unit back on an emptied field is open: it reopens the battle).

The skeleton checks the step and whose turn it is; the actions a side may take while the other
is prompted are the engine's `out_of_turn_actions`, and their checks below say when they need
the turn after all (a voluntary move, a change of orders in battle).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from rules.core.dice import Dice
from rules.core.engine import Handler, Step
from rules.core.errors import refuse
from rules.core.inches import Point, distance
from rules.core.model import Action, Event
from rules.core.text import Msg, items, msg, term
from rules.fantasy_warriors import catalogue
from rules.fantasy_warriors.actions import (
    Adjust,
    Adjusted,
    AdjustedField,
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
    IssueOrders,
    LeftBattlefield,
    Move,
    OrdersRevealed,
    OrdersWritten,
    PlanSealed,
    Ready,
    Sight,
    SightChanged,
    ToHitRolled,
    TurnBegan,
    UnitGone,
    UnitMoved,
    UnitsInContact,
)
from rules.fantasy_warriors.battle import battle_over, finish, reopenable
from rules.fantasy_warriors.geometry import (
    bearing,
    boxes_apart,
    heading,
    overlap,
    rectangle_box,
    step_toward,
    step_xy,
)
from rules.fantasy_warriors.lookup import (
    alive,
    find_command,
    find_unit,
    scenario_of,
    seat_of,
    table_point,
)
from rules.fantasy_warriors.movement import (
    check_contact,
    check_move,
    check_pressed_on,
    not_your_turn,
)
from rules.fantasy_warriors.orders import (
    closing,
    combat_test_modifier,
    describe_goal,
    flags,
    footprint,
    footprint_box,
    goal_points,
    governing,
    move_allowance,
    named,
    order_name,
    radius,
    to_hit_dice,
    unit_gap,
)
from rules.fantasy_warriors.plans import read_orders
from rules.fantasy_warriors.state import (
    SEATS,
    Command,
    FantasyWarriorsState,
    Orders,
    Seat,
    Unit,
    commands_in_order,
    in_play,
    other,
    partners,
    unit_number,
    units_of,
)

# --- checks: read the state, refuse before anything changes --------------------------------


def _orders_for(
    state: FantasyWarriorsState, command: Command, action: IssueOrders | Adjust
) -> Orders:
    assert action.order is not None
    return read_orders(state, command, action.order, action.objective, action.target,
                       action.target_side, action.approach)


def check_order(state: FantasyWarriorsState, action: IssueOrders) -> None:
    """Write orders on the plan (until it is sealed), or change them in battle after a test."""
    seat = seat_of(action)
    command = find_command(state, action.command)
    if command.side != seat:
        refuse("fantasy_warriors/own-units", "refusal-not-own-command", command=command.id,
               name=command.name, side=term("seat", command.side))
    if state.step == "plan":
        if seat in state.ready:
            refuse("fantasy_warriors/battle-plan", "refusal-plan-sealed")
    else:
        if seat != state.active:
            not_your_turn(state)
        if not action.passed_test:
            refuse("fantasy_warriors/order-change-needs-test", "refusal-order-change-needs-test",
                   command=command.id, name=command.name)
    if not units_of(state, command):
        refuse("fantasy_warriors/out-of-play", "refusal-command-gone", command=command.id,
               name=command.name)
    _orders_for(state, command, action)


def _unordered(state: FantasyWarriorsState, seat: Seat) -> list[Command]:
    return [c for c in commands_in_order(state)
            if c.side == seat and c.orders is None and units_of(state, c)]


def check_ready(state: FantasyWarriorsState, action: Ready) -> None:
    """Seal a plan only once, and only with every command ordered."""
    seat = seat_of(action)
    if seat in state.ready:
        refuse("fantasy_warriors/battle-plan", "refusal-plan-already-sealed")
    missing = _unordered(state, seat)
    if missing:
        refuse("fantasy_warriors/battle-plan", "refusal-commands-unordered",
               commands=items(named(c.id, c.name) for c in missing))


def check_engaged(state: FantasyWarriorsState, action: Engaged) -> None:
    """Report a unit engaged in combat (either side's, once)."""
    seat_of(action)
    unit = find_unit(state, action.unit)
    alive(unit)
    if unit.engaged:
        refuse("core/bad-input", "refusal-already-engaged", unit=unit.id, name=unit.name)


def check_disengaged(state: FantasyWarriorsState, action: Disengaged) -> None:
    """Report a unit's combat over (it must be engaged)."""
    seat_of(action)
    unit = find_unit(state, action.unit)
    alive(unit)
    if not unit.engaged:
        refuse("core/bad-input", "refusal-not-engaged", unit=unit.id, name=unit.name)


def check_gone(state: FantasyWarriorsState, action: Destroyed | LeftBattlefield) -> None:
    """Report a unit destroyed or gone from the battlefield (while it is still on it)."""
    seat_of(action)
    alive(find_unit(state, action.unit))


def check_sight(state: FantasyWarriorsState, action: Sight) -> None:
    """Report that a unit can now be seen, or not (a change)."""
    seat_of(action)
    unit = find_unit(state, action.unit)
    alive(unit)
    if unit.visible == action.visible:
        refuse("core/bad-input", "refusal-sight-unchanged", unit=unit.id, name=unit.name,
               visible=unit.visible)


def check_combat(state: FantasyWarriorsState, action: Combat) -> None:
    """Read a unit's combat modifiers (any unit); roll its dice only from its own side."""
    seat = seat_of(action)
    unit = find_unit(state, action.unit)
    alive(unit)
    if action.roll and unit.side != seat:
        refuse("fantasy_warriors/own-units", "refusal-roll-own-dice", unit=unit.id,
               name=unit.name)


def check_end_turn(state: FantasyWarriorsState, action: EndTurn) -> None:
    """End the turn once every unit under a combination order has pressed on."""
    check_pressed_on(state)


def check_concede(state: FantasyWarriorsState, action: Concede) -> None:
    """Concede: only a side may."""
    seat_of(action)


def check_adjust(state: FantasyWarriorsState, action: Adjust) -> None:
    """A referee's correction: of a unit, or of a command's orders; it reopens an emptied field."""
    if state.step == "over" and not reopenable(state):
        refuse("core/game-over", "refusal-game-over")
    if action.unit is None and action.command is None:
        refuse("core/bad-input", "refusal-adjust-what")
    if action.unit is not None:
        unit = find_unit(state, action.unit)
        if action.x is not None or action.y is not None:
            table_point(state, action.x, action.y)
        fields = (action.x, action.facing, action.status, action.engaged, action.visible)
        if all(f is None for f in fields):
            refuse("core/bad-input", "refusal-adjust-unit-what", unit=unit.id, name=unit.name)
    if action.command is not None:
        command = find_command(state, action.command)
        if action.order is None and action.stage is None:
            refuse("core/bad-input", "refusal-adjust-orders-what", command=command.id,
                   name=command.name)
        if action.order is not None:
            _orders_for(state, command, action)
        elif command.orders is None:
            refuse("core/bad-input", "refusal-adjust-no-orders", command=command.id,
                   name=command.name)


# --- effects: change the working copy and report events ------------------------------------


def _reveal(work: FantasyWarriorsState, command: Command, changed: bool) -> OrdersRevealed:
    orders = command.orders
    assert orders is not None
    return OrdersRevealed(side=command.side, command=command.id, name=command.name,
                          order=order_name(orders, command.side), flags=flags(orders),
                          goal=describe_goal(work, command.side, orders), changed=changed)


def apply_order(
    work: FantasyWarriorsState, action: IssueOrders, dice: Dice, events: list[Event]
) -> None:
    """Write the orders: sealed on the plan, read out in battle."""
    command = find_command(work, action.command)
    command.orders = _orders_for(work, command, action)
    if work.step == "plan":
        events.append(OrdersWritten(side=command.side, command=command.id, name=command.name))
    else:
        events.append(_reveal(work, command, changed=True))


def _begin_turn(work: FantasyWarriorsState, events: list[Event]) -> None:
    work.turn_start = {u.id: u.position for u in in_play(work, work.active)}
    work.fought = [u.id for u in in_play(work) if u.engaged]
    events.append(TurnBegan(turn=work.turn, side=work.active))


def apply_ready(work: FantasyWarriorsState, action: Ready, dice: Dice, events: list[Event]) -> None:
    """Seal the plan; the second seal starts the battle and reads out every order."""
    seat = seat_of(action)
    work.ready.append(seat)
    events.append(PlanSealed(side=seat))
    if len(work.ready) < len(SEATS):
        return
    work.step = "battle"
    work.turn = 1
    work.active = work.first
    events.append(BattleStarted(first=work.first, turns=scenario_of(work).turns))
    for command in commands_in_order(work):
        if command.orders is not None:
            events.append(_reveal(work, command, changed=False))
    _begin_turn(work, events)


def apply_move(work: FantasyWarriorsState, action: Move, dice: Dice, events: list[Event]) -> None:
    """Put the unit where it was reported."""
    unit = find_unit(work, action.unit)
    unit.position = table_point(work, action.x, action.y)
    if action.facing is not None:
        unit.facing = action.facing
    events.append(UnitMoved(unit=unit.id, name=unit.name, x=unit.position.x,
                            y=unit.position.y, forced=action.forced,
                            make_room=action.make_room, facing=action.facing))


def _engage(work: FantasyWarriorsState, unit: Unit) -> None:
    unit.engaged = True
    if unit.id not in work.fought:
        work.fought.append(unit.id)


def apply_contact(
    work: FantasyWarriorsState, action: Contact, dice: Dice, events: list[Event]
) -> None:
    """Put both units in contact: both engaged, both seen."""
    unit = find_unit(work, action.unit)
    enemy = find_unit(work, action.enemy)
    pair = tuple(sorted((unit.id, enemy.id), key=unit_number))
    work.contacts.append((pair[0], pair[1]))
    for u in (unit, enemy):
        _engage(work, u)
        # Whoever is in base contact can be seen.
        u.visible = True
    events.append(UnitsInContact(unit=unit.id, name=unit.name, enemy=enemy.id,
                                 enemy_name=enemy.name))


def apply_engaged(
    work: FantasyWarriorsState, action: Engaged, dice: Dice, events: list[Event]
) -> None:
    """Mark the unit engaged."""
    unit = find_unit(work, action.unit)
    _engage(work, unit)
    events.append(EngagementChanged(unit=unit.id, name=unit.name, engaged=True))


def _release(work: FantasyWarriorsState, unit: Unit, events: list[Event]) -> None:
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


def apply_disengaged(work: FantasyWarriorsState, action: Disengaged, dice: Dice,
                     events: list[Event]) -> None:
    """Take the unit (and partners left alone) out of combat."""
    _release(work, find_unit(work, action.unit), events)


def apply_gone(work: FantasyWarriorsState, action: Destroyed | LeftBattlefield, dice: Dice,
               events: list[Event]) -> None:
    """Take the unit off the battlefield."""
    unit = find_unit(work, action.unit)
    status: Literal["destroyed", "left"] = "destroyed" if action.type == "destroyed" else "left"
    unit.status = status
    events.append(UnitGone(unit=unit.id, name=unit.name, side=unit.side, status=status))
    _release(work, unit, events)


def apply_sight(work: FantasyWarriorsState, action: Sight, dice: Dice, events: list[Event]) -> None:
    """Record whether the enemy can see the unit."""
    unit = find_unit(work, action.unit)
    unit.visible = action.visible
    events.append(SightChanged(unit=unit.id, name=unit.name, visible=action.visible))


def apply_combat(
    work: FantasyWarriorsState, action: Combat, dice: Dice, events: list[Event]
) -> None:
    """Say what the unit's orders mean in combat; roll its To Hit dice if asked."""
    unit = find_unit(work, action.unit)
    command = work.commands[unit.command]
    orders = command.orders or Orders(order="oppose")
    now = governing(orders)
    rolled = to_hit_dice(now, action.dice)
    events.append(CombatOrders(unit=unit.id, name=unit.name, order=order_name(orders, unit.side),
                               governing=now, modifier=combat_test_modifier(now),
                               dice=action.dice, to_hit_dice=rolled))
    if action.roll:
        events.append(ToHitRolled(unit=unit.id, name=unit.name, rolls=tuple(dice.rolls(rolled))))


def apply_end_turn(
    work: FantasyWarriorsState, action: EndTurn, dice: Dice, events: list[Event]
) -> None:
    """Pass the turn; after the second side's last turn the battle ends."""
    if work.active != work.first:
        if work.turn >= scenario_of(work).turns:
            finish(work, events)
            return
        work.turn += 1
    work.active = other(work.active)
    _begin_turn(work, events)


def apply_concede(
    work: FantasyWarriorsState, action: Concede, dice: Dice, events: list[Event]
) -> None:
    """Concede: the other side wins."""
    seat = seat_of(action)
    work.conceded = seat
    events.append(Conceded(side=seat))
    finish(work, events)


def _adjust_unit(work: FantasyWarriorsState, action: Adjust, events: list[Event]) -> None:
    unit = find_unit(work, action.unit or "")
    changed: list[AdjustedField] = []
    if action.x is not None and action.y is not None:
        unit.position = Point(x=action.x, y=action.y)
        changed.append("position")
    if action.facing is not None:
        unit.facing = action.facing
        changed.append("facing")
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
    events.append(Adjusted(unit=unit.id, name=unit.name, fields=tuple(changed)))


def _adjust_command(work: FantasyWarriorsState, action: Adjust, events: list[Event]) -> None:
    command = find_command(work, action.command or "")
    changed: list[AdjustedField] = []
    if action.order is not None:
        command.orders = _orders_for(work, command, action)
        changed.append("orders")
    if action.stage is not None and command.orders is not None:
        command.orders = command.orders.model_copy(update={"stage": action.stage})
        changed.append("stage")
    events.append(Adjusted(command=command.id, name=command.name, fields=tuple(changed)))
    if work.step != "plan" and command.orders is not None:
        events.append(_reveal(work, command, changed=True))


def apply_adjust(
    work: FantasyWarriorsState, action: Adjust, dice: Dice, events: list[Event]
) -> None:
    """Correct a unit or a command's orders; a field no longer empty reopens the battle."""
    if action.unit is not None:
        _adjust_unit(work, action, events)
    if action.command is not None:
        _adjust_command(work, action, events)
    if work.step == "over" and not battle_over(work):
        work.step = "battle"
        events.append(BattleResumed(turn=work.turn, active=work.active))


HANDLERS: dict[str, Handler[Any, Any]] = {
    "order": Handler(apply_order, check_order),
    "ready": Handler(apply_ready, check_ready),
    "move": Handler(apply_move, check_move),
    "contact": Handler(apply_contact, check_contact),
    "engaged": Handler(apply_engaged, check_engaged),
    "disengaged": Handler(apply_disengaged, check_disengaged),
    "destroyed": Handler(apply_gone, check_gone),
    "left": Handler(apply_gone, check_gone),
    "sight": Handler(apply_sight, check_sight),
    "combat": Handler(apply_combat, check_combat),
    "end_turn": Handler(apply_end_turn, check_end_turn),
    "concede": Handler(apply_concede, check_concede),
    "adjust": Handler(apply_adjust, check_adjust),
}


# --- legal actions: a bounded, useful set for buttons and playouts -------------------------


def _as_seat(seat: str) -> Seat | None:
    return "north" if seat == "north" else "south" if seat == "south" else None


def plan_candidates(state: FantasyWarriorsState, seat: str) -> list[Action]:
    """Offer sealing the plan and, for each own command, every basic order and a few goals
    (the engine keeps those their handlers accept)."""
    me = _as_seat(seat)
    if me is None or me in state.ready:
        return []
    sc = scenario_of(state)
    found: list[Action] = [Ready(seat=me)]
    for command in state.commands.values():
        if command.side != me:
            continue
        for basic in catalogue.basic_orders():
            found.append(IssueOrders(seat=me, command=command.id, order=basic))
        for obj in sc.objectives:
            for order in ("take-and-hold", "storm"):
                found.append(IssueOrders(seat=me, command=command.id, order=order,
                                         objective=obj.id))
                found.append(IssueOrders(seat=me, command=command.id, order=order,
                                         objective=obj.id, approach="contact"))
        for aim in state.commands.values():
            if aim.id == command.id:
                continue
            for order in ("intercept-reinforce", "destroy-breakout"):
                found.append(IssueOrders(seat=me, command=command.id, order=order,
                                         target=aim.id))
    return found


def _moves(
    state: FantasyWarriorsState, me: Seat, unit: Unit, enemies: list[Unit]
) -> Iterator[Action]:
    """Offer a unit's moves toward its goal (or the nearest enemy) and its contacts, each
    worked out only when asked for (buttons stop early: the detours are often not needed).

    A unit whose orders forbid moving (HOLD) is offered its contacts only: check_move
    would refuse every move of it, so they are not worked out at all.
    """
    contact = catalogue.battle_rules().contact
    orders = state.commands[unit.command].orders
    moving = orders is None or catalogue.basic_orders()[governing(orders)].may_move
    goals = goal_points(state, scenario_of(state), unit) if moving else []
    nearest = sorted(enemies, key=lambda e: unit_gap(unit, e))[:1] if moving else []
    aims = goals or [e.position for e in nearest]
    for aim in aims[:1]:
        for stride in (3.0, 8.0):
            to = step_toward(unit.position, aim, stride)
            yield Move(seat=me, unit=unit.id, x=to.x, y=to.y)
        if unit.block is not None:
            yield from _detours(state, me, unit, aim)
    for enemy in enemies:
        if unit_gap(unit, enemy) <= contact + 1e-9:
            yield Contact(seat=me, unit=unit.id, enemy=enemy.id)
    for enemy in nearest:
        # Close to base contact with the nearest enemy.
        if unit.block is not None:
            for turned in (True, False):
                spot = closing(unit, enemy, contact / 2, turned)
                if spot is not None:
                    yield Move(seat=me, unit=unit.id, x=spot[0].x, y=spot[0].y,
                               facing=spot[1] if turned else None)
            continue
        far = distance(unit.position, enemy.position)
        reach = radius(unit) + radius(enemy) + contact / 2
        if far > reach:
            to = step_toward(unit.position, enemy.position, far - reach)
            yield Move(seat=me, unit=unit.id, x=to.x, y=to.y)


def _detours(state: FantasyWarriorsState, me: Seat, unit: Unit, aim: Point) -> list[Action]:
    """Offer a block its full move swung 25 or 50 degrees off the straight line to its goal
    (round a unit in the way), on the table."""
    sc = scenario_of(state)
    allowance = move_allowance(unit)
    straight = bearing(unit.position, aim)
    far = distance(unit.position, aim)
    # Swung off the line when the goal is beyond one move; straight aside when it is nearer.
    swings = (25, -25, 50, -50) if far > allowance else (90, -90)
    found: list[Action] = []
    for swing in swings:
        dx, dy = heading(straight + swing)
        x = round(unit.position.x + dx * allowance, 2)
        y = round(unit.position.y + dy * allowance, 2)
        if 0 <= x <= sc.width and 0 <= y <= sc.height:
            found.append(Move(seat=me, unit=unit.id, x=x, y=y))
    # Straight on until its block would touch another's.
    # (Each spot's box first, from plain numbers; its corners only when it meets another's.)
    others = [(u, there) for u in in_play(state) if u.id != unit.id
              for there in (footprint_box(u),) if there is not None]
    assert unit.block is not None  # only blocks make detours
    frontage, depth = unit.block.frontage, unit.block.depth
    reach = min(far, allowance)
    while reach > 0.25:
        x, y = step_xy(unit.position, aim, reach)
        mine = rectangle_box(x, y, frontage, depth, unit.facing)
        meeting = [o for o, there in others if not boxes_apart(mine, there)]
        block = footprint(unit, Point(x=x, y=y)) if meeting else None
        if block is None or not any(overlap(block, footprint(o) or []) for o in meeting):
            found.append(Move(seat=me, unit=unit.id, x=x, y=y))
            break
        reach -= 0.25
    return found


def battle_candidates(state: FantasyWarriorsState, seat: str) -> Iterator[Action]:
    """Offer fights to settle at any time, and moves, contacts and the end of turn in turn
    (the engine keeps those their handlers accept).

    The end of turn comes first and the moves are worked out only as they are asked for
    (the step is `simple_first`: buttons stop early).
    """
    me = _as_seat(seat)
    if me is None:
        return iter(())
    return _battle_candidates(state, me)


def _battle_candidates(state: FantasyWarriorsState, me: Seat) -> Iterator[Action]:
    alive_units = in_play(state)
    if me == state.active:
        yield EndTurn(seat=me)
    for unit in alive_units:
        if unit.engaged:
            yield Destroyed(seat=me, unit=unit.id)
            if unit.side == me:
                yield Disengaged(seat=me, unit=unit.id)
                yield Combat(seat=me, unit=unit.id, dice=10, roll=True)
    if me == state.active:
        enemies = [u for u in alive_units if u.side != me]
        for unit in alive_units:
            if unit.side == me and not unit.engaged:
                yield from _moves(state, me, unit, enemies)


# --- the step table --------------------------------------------------------------------------


def _planning(state: FantasyWarriorsState) -> str | None:
    """Return the first side still writing its plan (the first player's side first)."""
    waiting = [s for s in (state.first, other(state.first)) if s not in state.ready]
    return waiting[0] if waiting else None


def _plan_hint(state: FantasyWarriorsState) -> Msg:
    return msg("prompt-plan")


def _battle_hint(state: FantasyWarriorsState) -> Msg:
    return msg("prompt-battle", turn=state.turn, turns=scenario_of(state).turns)


def _over_hint(state: FantasyWarriorsState) -> Msg:
    return msg("prompt-over")


STEPS: dict[str, Step[Any]] = {
    "plan": Step(
        actions=("adjust", "concede", "move", "order", "ready", "sight"),
        actor=_planning,
        hint=_plan_hint,
        candidates=plan_candidates,
    ),
    "battle": Step(
        actions=("adjust", "combat", "concede", "contact", "destroyed", "disengaged",
                 "end_turn", "engaged", "left", "move", "order", "sight"),
        actor=lambda state: state.active,
        hint=_battle_hint,
        candidates=battle_candidates,
        simple_first=True,
    ),
    # Only a referee's correction of an emptied field (check_adjust) is open once it is over.
    "over": Step(actions=("adjust",), actor=lambda state: None, hint=_over_hint),
}
