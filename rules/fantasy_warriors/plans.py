"""Reading battle plans: an order with the Objective or Target it needs, as players write them.

An Objective is a scenario Objective id ("O2"), a feature (its id or its name) or a point "x,y";
a Target is a unit, a personality, a command or a troop type, optionally prefixed
("unit:Crossbowmen"). What cannot be read is refused with the rule it breaks.
"""

from __future__ import annotations

import re

from rules.core.errors import refuse
from rules.core.inches import Point
from rules.core.text import items, term
from rules.fantasy_warriors import catalogue
from rules.fantasy_warriors.lookup import scenario_of, table_point
from rules.fantasy_warriors.orders import combination_of, describe_place, named
from rules.fantasy_warriors.state import (
    Approach,
    Command,
    FantasyWarriorsState,
    ObjectiveRef,
    OrderId,
    Orders,
    TargetRef,
    other,
    units_of,
)

_POINT = re.compile(r"^\s*\(?\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)?\s*$")
_PREFIXED = re.compile(r"^(unit|personality|command|type|troop-type|troop type)\s*:\s*(.+)$",
                       re.IGNORECASE)
_TYPE_WORDS = ("", "type", "troop-type", "troop type")


def read_objective(
    state: FantasyWarriorsState, text: str, approach: Approach | None
) -> ObjectiveRef:
    """Read an Objective: a scenario Objective id, a feature, or an explicit point "x,y"."""
    sc = scenario_of(state)
    kinds = catalogue.terrain()
    rule = "fantasy_warriors/objective-definition"
    wanted = text.strip()
    found = sc.objective(wanted.upper())
    point: Point | None = None
    given: Approach | None = None
    capacity: int | None = None
    if found is not None:
        feature = sc.feature(found.feature) if found.feature else None
        point, given, capacity = found.point, found.approach, found.capacity
        ref = found.id
    else:
        feature = sc.feature(wanted.lower()) or next(
            (f for f in sc.features if f.label and f.label.lower() == wanted.lower()), None)
        m = _POINT.match(wanted)
        if feature is not None:
            ref = feature.id
        elif m:
            point = table_point(state, float(m.group(1)), float(m.group(2)))
            ref = f"{point.x:g},{point.y:g}"
        else:
            known = [o.id for o in sc.objectives] + [f.id for f in sc.features]
            refuse(rule, "refusal-unknown-objective", objective=wanted, known=items(known))
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
        refuse(rule, "refusal-unknown-objective", objective=wanted, known=items(()))
    how = approach or given or (None if default == "ask" else default)
    # Built before the approach is known, so that a refusal can name the place.
    objective = ObjectiveRef(ref=ref, feature=feature.id if feature else None, point=point,
                             approach=how or "contact", capacity=capacity or size)
    if how is None:
        refuse("fantasy_warriors/objective-approach-specified", "refusal-approach-needed",
               place=describe_place(sc, objective))
    return objective


def _troop_target(state: FantasyWarriorsState, command: Command, troop: str,
                  side_word: str | None) -> TargetRef:
    """Read a troop-type Target: the enemy's troops of that type, or friends' if so said."""
    side = command.side if side_word == "friendly" else other(command.side)
    if not any(u.troop_type.lower() == troop and u.side == side and u.in_play
               and u.command != command.id for u in state.units.values()):
        refuse("fantasy_warriors/target-definition", "refusal-no-such-troops",
               side=term("seat", side), troops=term("troop", troop))
    return TargetRef(kind="troop-type", ref=troop, side=side)


def read_target(state: FantasyWarriorsState, command: Command, text: str,
                side_word: str | None) -> TargetRef:
    """Read a Target: a unit, a personality, a command, or a troop type."""
    rule = "fantasy_warriors/target-definition"
    wanted = text.strip()
    kind_word = ""
    m = _PREFIXED.match(wanted)
    if m:
        kind_word, wanted = m.group(1).lower(), m.group(2).strip()
    types = {u.troop_type.lower() for u in state.units.values()}
    # Ids first, then troop types, then names: "Crossbowmen" is a troop type before it is N3's
    # name ("unit:Crossbowmen" picks the unit).
    unit = state.units.get(wanted.upper())
    cmd = state.commands.get(wanted.upper())
    if unit is None and cmd is None and (kind_word not in _TYPE_WORDS
                                         or wanted.lower() not in types):
        unit = next((u for u in state.units.values() if u.name.lower() == wanted.lower()), None)
        cmd = next((c for c in state.commands.values() if c.name.lower() == wanted.lower()), None)
    if kind_word in ("", "unit", "personality") and unit is not None:
        if kind_word == "personality" and not unit.personality:
            refuse(rule, "refusal-not-a-personality", unit=unit.id, name=unit.name)
        if unit.command == command.id:
            refuse(rule, "refusal-own-target")
        if not unit.in_play:
            refuse(rule, "refusal-target-gone", target=named(unit.id, unit.name))
        found = TargetRef(kind="personality" if unit.personality else "unit", ref=unit.id,
                          side=unit.side)
    elif kind_word in ("", "command") and cmd is not None:
        if cmd.id == command.id:
            refuse(rule, "refusal-own-target")
        if not units_of(state, cmd):
            refuse(rule, "refusal-target-gone", target=named(cmd.id, cmd.name))
        found = TargetRef(kind="command", ref=cmd.id, side=cmd.side)
    elif kind_word in _TYPE_WORDS and wanted.lower() in types:
        return _troop_target(state, command, wanted.lower(), side_word)
    else:
        refuse(rule, "refusal-unknown-target", target=text)
    if side_word is not None and (side_word == "friendly") != (found.side == command.side):
        refuse(rule, "refusal-target-side", target=text, friendly=side_word == "friendly")
    return found


def read_orders(
    state: FantasyWarriorsState, command: Command, order: OrderId, objective: str | None,
    target: str | None, target_side: str | None, approach: Approach | None,
) -> Orders:
    """Build the orders for a command, refusing any that lack the goal they need."""
    combo = combination_of(order)
    needs = "fantasy_warriors/order-needs-objective-or-target"
    on_plan = "fantasy_warriors/objective-or-target-on-plan"
    name = term("order", order)
    if combo is None:
        if objective or target or approach:
            refuse(needs, "refusal-basic-order-no-goal", order=name)
        return Orders(order=order)
    if combo.needs == "objective":
        if target is not None:
            refuse(needs, "refusal-needs-objective", order=name)
        if objective is None:
            refuse(on_plan, "refusal-objective-missing", order=name)
        return Orders(order=order, objective=read_objective(state, objective, approach))
    if objective is not None or approach is not None:
        refuse(needs, "refusal-needs-target", order=name)
    if target is None:
        refuse(on_plan, "refusal-target-missing", order=name)
    return Orders(order=order, target=read_target(state, command, target, target_side))
