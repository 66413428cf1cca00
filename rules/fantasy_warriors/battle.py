"""After every report: who has reached what, which orders switch, and when the battle ends.

Combination orders switch by themselves, without a Battle Leader Test, as soon as their goal
is achieved (every unit at the Objective, any unit at the Target) or every eligible Target is
gone. A side with no units left loses at once; otherwise the battle is decided after the last
turn by the Objectives held, then by the units each side destroyed or drove off.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core.engine import Outcome
from rules.core.model import Event
from rules.core.text import Msg, msg, term
from rules.fantasy_warriors import catalogue
from rules.fantasy_warriors.actions import (
    BattleEnded,
    EndReason,
    GoalReached,
    OrdersSwitched,
    SwitchReason,
)
from rules.fantasy_warriors.catalogue import Scenario
from rules.fantasy_warriors.lookup import scenario_of
from rules.fantasy_warriors.orders import (
    Same,
    describe_goal,
    eligible_targets,
    governing,
    objective_gap_by_value,
    objective_key,
    order_name,
    reached_units,
    seeking,
)
from rules.fantasy_warriors.state import (
    SEATS,
    FantasyWarriorsState,
    ObjectiveRef,
    Seat,
    Stage,
    UnitKind,
    commands_in_order,
    in_play,
    other,
    unit_number,
    units_of,
)


def reached_now(state: FantasyWarriorsState) -> set[str]:
    """Return the units pursuing a combination order that have reached its goal."""
    out: set[str] = set()
    for found in _reached_by_command(state).values():
        out |= found
    return out


def _reached_by_command(state: FantasyWarriorsState) -> dict[str, set[str]]:
    """Return reached_units of every command pursuing a combination order, by its id."""
    if state.step != "battle":
        return {}
    sc = scenario_of(state)
    return {command.id: reached_units(state, sc, command)
            for command in state.commands.values() if seeking(command.orders) is not None}


def _switch(work: FantasyWarriorsState, command_id: str,
            known: dict[str, set[str]]) -> tuple[Stage, SwitchReason] | None:
    """Return the stage a command's combination order now moves to, and why (None: it stays).

    `known`: reached_units already found for some commands in this very position (a
    switch changes only a stage, which reached_units does not read)."""
    command = work.commands[command_id]
    combo = seeking(command.orders)
    if combo is None:
        return None
    reached = known.get(command_id)
    if reached is None:
        reached = reached_units(work, scenario_of(work), command)
    if combo.needs == "objective":
        units = units_of(work, command)
        return ("second", "objective") if units and len(reached) == len(units) else None
    if reached:
        return "second", "target"
    if not eligible_targets(work, command):
        return "fallback", "targets-gone"
    return None


def switch_orders(work: FantasyWarriorsState, events: list[Event],
                  known: dict[str, set[str]] | None = None) -> None:
    """Switch every combination order whose condition is now met, without any test
    (`known`: reached_units of commands, already found in this position)."""
    for command in commands_in_order(work):
        orders = command.orders
        change = _switch(work, command.id, known or {})
        if change is None or orders is None:
            continue
        stage, reason = change
        command.orders = orders.model_copy(update={"stage": stage})
        events.append(OrdersSwitched(
            side=command.side, command=command.id, name=command.name,
            order=order_name(orders, command.side), now=governing(command.orders),
            reason=reason,
        ))


def scenario_ref(state: FantasyWarriorsState, objective_id: str) -> ObjectiveRef:
    """Return a scenario Objective as a plan would name it (its approach settled if it is not)."""
    return _scenario_ref(scenario_of(state), objective_id)


def _scenario_ref(sc: Scenario, objective_id: str) -> ObjectiveRef:
    obj = sc.objective(objective_id)
    assert obj is not None
    feature = sc.feature(obj.feature) if obj.feature else None
    return ObjectiveRef(ref=obj.id, feature=obj.feature, point=obj.point,
                        approach=obj.approach or (feature.approach if feature else None)
                        or "contact", capacity=obj.capacity or 1)


def holders(state: FantasyWarriorsState) -> dict[str, Seat | None]:
    """Return who holds each of the scenario's Objectives: a side with a unit within 3 inches of
    it and no enemy unit as near."""
    placed = tuple(
        (u.side, u.kind, u.position.x, u.position.y, u.facing,
         None if u.block is None else u.block.frontage, None if u.block is None else u.block.depth)
        for u in in_play(state))
    return dict(_holders(Same(scenario_of(state)), placed))


Placed = tuple[Seat, UnitKind, float, float, float, float | None, float | None]


@lru_cache(maxsize=256)
def _holders(same: Same, placed: tuple[Placed, ...]) -> tuple[tuple[str, Seat | None], ...]:
    """holders by value: a turn's rules, buttons and picture ask it several times of one
    position, and it depends only on where each unit in play stands (side, kind, x, y,
    facing, frontage and depth: plain numbers, quick to hash and compare)."""
    sc = same.scenario
    reach = catalogue.battle_rules().reach
    out: list[tuple[str, Seat | None]] = []
    for obj in sc.objectives:
        goal = objective_key(sc, _scenario_ref(sc, obj.id))
        near = {side for side, kind, x, y, facing, frontage, depth in placed
                if objective_gap_by_value(goal, kind, x, y, facing, frontage, depth)
                <= reach + 1e-9}
        out.append((obj.id, next(iter(near)) if len(near) == 1 else None))
    return tuple(out)


def battle_over(work: FantasyWarriorsState) -> bool:
    """Say whether a side has no units left on the battlefield."""
    return any(not in_play(work, seat) for seat in SEATS)


def reopenable(state: FantasyWarriorsState) -> bool:
    """Say whether a finished battle ended only because a side had no units left.

    A referee who corrects the report that emptied the field (a unit destroyed by
    mistake) reopens such a battle; one that was conceded or fought to its last
    turn stays over.
    """
    return state.step == "over" and state.conceded is None and battle_over(state)


def result(state: FantasyWarriorsState) -> tuple[Seat | None, EndReason, Msg]:
    """Return who won (None: a draw), how, and the reason as a message."""
    if state.conceded is not None:
        return other(state.conceded), "conceded", msg(
            "outcome-conceded", seat=term("seat", state.conceded))
    for seat in SEATS:
        if not in_play(state, seat):
            return other(seat), "wiped-out", msg("outcome-wiped-out", seat=term("seat", seat))
    held = holders(state)
    count = {s: sum(1 for h in held.values() if h == s) for s in SEATS}
    lost = {s: sum(1 for u in state.units.values() if u.side == s and not u.in_play)
            for s in SEATS}
    score = {"north": count["north"], "south": count["south"]}
    if count["north"] != count["south"]:
        winner: Seat = "north" if count["north"] > count["south"] else "south"
        return winner, "objectives", msg("outcome-objectives", seat=term("seat", winner),
                                         **score)
    if lost["north"] != lost["south"]:
        winner = "north" if lost["south"] > lost["north"] else "south"
        return winner, "losses", msg("outcome-losses", seat=term("seat", winner), **score,
                                     more=lost[other(winner)], fewer=lost[winner])
    return None, "draw", msg("outcome-draw", **score, lost=lost["north"])


def outcome(state: FantasyWarriorsState) -> Outcome | None:
    """Return the result once the battle is over."""
    if state.step != "over":
        return None
    winner, _, reason = result(state)
    return Outcome(winner=winner, reason=reason)


def finish(work: FantasyWarriorsState, events: list[Event]) -> None:
    """End the battle and say who won."""
    work.step = "over"
    winner, by, reason = result(work)
    held = holders(work)
    events.append(BattleEnded(
        winner=winner, by=by, reason=reason,
        north_objectives=sum(1 for s in held.values() if s == "north"),
        south_objectives=sum(1 for s in held.values() if s == "south"),
    ))


def follow_up(
    before: FantasyWarriorsState, work: FantasyWarriorsState, events: list[Event]
) -> None:
    """After any report in battle: say who reached its goal, switch orders, end an emptied field."""
    if work.step != "battle":
        return
    known = _reached_by_command(work)
    now: set[str] = set()
    for found in known.values():
        now |= found
    for uid in sorted(now - reached_now(before), key=unit_number):
        unit = work.units[uid]
        command = work.commands[unit.command]
        goal = describe_goal(work, command.side, command.orders) if command.orders else None
        assert goal is not None
        events.append(GoalReached(unit=uid, name=unit.name, goal=goal))
    switch_orders(work, events, known)
    if battle_over(work):
        finish(work, events)
