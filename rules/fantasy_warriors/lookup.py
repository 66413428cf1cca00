"""Finding what an action names: the sender's side, a unit, a command, a point on the table.

Each finder refuses (RuleViolation with a catalogue message) when the name does not fit, so a
handler's check reads as a list of the rules it applies.
"""

from __future__ import annotations

from rules.core.errors import refuse
from rules.core.inches import Point
from rules.core.model import Action
from rules.core.text import items, term
from rules.fantasy_warriors import catalogue
from rules.fantasy_warriors.catalogue import Scenario
from rules.fantasy_warriors.state import Command, FantasyWarriorsState, Seat, Unit


def scenario_of(state: FantasyWarriorsState) -> Scenario:
    """Return the scenario a battle is fought on."""
    return catalogue.scenarios()[state.scenario]


def seat_of(action: Action) -> Seat:
    """Return the sender's side, refusing anyone who holds no side in this battle."""
    if action.seat == "north":
        return "north"
    if action.seat == "south":
        return "south"
    refuse("core/not-your-turn", "refusal-not-a-side")


def find_unit(state: FantasyWarriorsState, ref: str) -> Unit:
    """Return the unit an id or a (unique) name refers to."""
    found = state.units.get(ref.upper())
    if found is not None:
        return found
    named = [u for u in state.units.values() if u.name.lower() == ref.lower()]
    pick = [u for u in named if u.in_play] or named
    if len(pick) == 1:
        return pick[0]
    if not pick:
        refuse("core/bad-input", "refusal-no-such-unit", unit=ref)
    refuse("core/bad-input", "refusal-ambiguous-unit", unit=ref,
           ids=items(u.id for u in pick))


def find_command(state: FantasyWarriorsState, ref: str) -> Command:
    """Return the command an id or a name refers to."""
    found = state.commands.get(ref.upper())
    if found is not None:
        return found
    named = [c for c in state.commands.values() if c.name.lower() == ref.lower()]
    if len(named) == 1:
        return named[0]
    refuse("core/bad-input", "refusal-no-such-command", command=ref)


def own_unit(state: FantasyWarriorsState, seat: Seat, ref: str) -> Unit:
    """Return one of the sender's own units."""
    unit = find_unit(state, ref)
    if unit.side != seat:
        refuse("fantasy_warriors/own-units", "refusal-not-own-unit", unit=unit.id,
               name=unit.name, side=term("seat", unit.side))
    return unit


def alive(unit: Unit) -> None:
    """Refuse a report about a unit no longer on the battlefield."""
    if not unit.in_play:
        refuse("fantasy_warriors/out-of-play", "refusal-out-of-play", unit=unit.id,
               name=unit.name, status=unit.status)


def table_point(state: FantasyWarriorsState, x: float | None, y: float | None) -> Point:
    """Return a reported position, checked on the table."""
    if x is None or y is None:
        refuse("core/bad-input", "refusal-point-incomplete")
    sc = scenario_of(state)
    point = Point(x=x, y=y)
    # Table(width=sc.width, height=sc.height).contains(point), without building the Table
    if not (0 <= point.x <= sc.width and 0 <= point.y <= sc.height):
        refuse("fantasy_warriors/on-the-table", "refusal-off-the-table", x=x, y=y,
               width=sc.width, height=sc.height)
    return point
