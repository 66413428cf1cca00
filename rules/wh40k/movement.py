"""Where units stand: reported moves, arrivals from Reserves, Falling Back and Desperate Escape."""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.errors import refuse
from rules.core.inches import Point
from rules.core.model import Event
from rules.core.text import term
from rules.wh40k.actions import DesperateEscapeRolled, FallBack, FellBack, Move, UnitMoved
from rules.wh40k.army import find, in_play, own, point, sender
from rules.wh40k.losses import lose_models
from rules.wh40k.state import Unit, Wh40kState, label, parts

FALL_BACK = "wh40k/fall-back"


def place(work: Wh40kState, unit: Unit, at: Point, events: list[Event]) -> None:
    """Put a unit (with every part of an attached unit) at a point; it leaves Reserves."""
    group = parts(work, unit)
    arrived = any(p.reserves for p in group) and work.step != "setup"
    for p in group:
        p.position = at
        p.reserves = False
    events.append(UnitMoved(units=tuple(p.id for p in group), name=label(work, unit),
                            x=at.x, y=at.y, arrived=arrived))


def check_move(state: Wh40kState, action: Move) -> None:
    """Only the owner moves a unit in play, and only onto the table."""
    unit = own(state, sender(action), action.unit)
    in_play(unit)
    point(state, action.x, action.y)


def move(work: Wh40kState, action: Move, dice: Dice, events: list[Event]) -> None:
    """Record where a unit now stands."""
    at = point(work, action.x, action.y)
    assert at is not None  # both coordinates are required fields
    place(work, find(work, action.unit), at, events)


def check_fall_back(state: Wh40kState, action: FallBack) -> None:
    """A unit on the battlefield Falls Back in its owner's Movement phase."""
    if state.step != "movement":
        refuse(FALL_BACK, "refusal-fall-back-step", step=term("step", state.step))
    unit = own(state, sender(action), action.unit)
    in_play(unit)
    if unit.reserves:
        refuse(FALL_BACK, "refusal-in-reserves", name=unit.name)
    point(state, action.x, action.y)


def fall_back(work: Wh40kState, action: FallBack, dice: Dice, events: list[Event]) -> None:
    """Fall Back; a Battle-shocked unit first rolls one die per model (1-2: a model flees)."""
    unit = find(work, action.unit)
    group = parts(work, unit)
    name = label(work, unit)
    events.append(FellBack(units=tuple(p.id for p in group), name=name))
    if any(p.shocked for p in group):
        rolls = tuple(dice.rolls(sum(p.models for p in group)))
        lost = sum(1 for r in rolls if r <= 2)
        events.append(DesperateEscapeRolled(units=tuple(p.id for p in group), name=name,
                                            dice=rolls, lost=lost))
        order = group if action.first == "leader" else list(reversed(group))
        for part in order:
            taken = min(lost, part.models)
            lost -= taken
            lose_models(work, part, taken, events)
    at = point(work, action.x, action.y)
    moved: set[str] = set()
    for survivor in (p for p in group if not p.destroyed):
        # A Bodyguard that fell leaves each Leader a unit of its own: each moves back.
        if at is not None and survivor.id not in moved:
            moved.update(p.id for p in parts(work, survivor))
            place(work, survivor, at, events)
