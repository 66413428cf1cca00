"""Armies before the battle: finding units, entering them, rosters, Leaders and Bodyguards.

Also the lookups every handler shares: who sent an action, which unit a reference
means, whether it is the sender's, and whether a reported position is on the table.
"""

from __future__ import annotations

from typing import Any

from rules.core.dice import Dice
from rules.core.errors import refuse
from rules.core.inches import Point, Table
from rules.core.model import Action, Event
from rules.core.text import items, term
from rules.wh40k import catalogue
from rules.wh40k.actions import (
    AddUnit,
    Attach,
    Detach,
    EditUnit,
    LoadRoster,
    RemoveUnit,
    Roster,
    RosterLoaded,
    RosterUnit,
    StartBattle,
    UnitAdded,
    UnitAttached,
    UnitDetached,
    UnitEdited,
    UnitRemoved,
)
from rules.wh40k.state import (
    CHARACTER,
    SEATS,
    Seat,
    Unit,
    Wh40kState,
    label,
    leader_of,
    leaders_of,
    parts,
)

BAD_INPUT = "core/bad-input"
LEADER = "wh40k/leader"


# --- lookups ---------------------------------------------------------------------------------


def sender(action: Action) -> Seat:
    """Return the sender's seat, refusing anyone who holds no seat in this battle."""
    if action.seat == "attacker":
        return "attacker"
    if action.seat == "defender":
        return "defender"
    refuse("core/not-your-turn", "refusal-not-a-side")


def find(state: Wh40kState, ref: str) -> Unit:
    """Return the unit an id or a (unique) name refers to."""
    found = state.units.get(ref)
    if found is not None:
        return found
    named = [u for u in state.units.values() if u.name.lower() == ref.lower()]
    pick = [u for u in named if not u.destroyed] or named
    if len(pick) == 1:
        return pick[0]
    if not pick:
        refuse(BAD_INPUT, "refusal-no-unit", unit=ref)
    refuse(BAD_INPUT, "refusal-ambiguous-unit", unit=ref, ids=items((u.id for u in pick), "or"))


def own(state: Wh40kState, seat: Seat, ref: str) -> Unit:
    """Return the sender's own unit an id or name refers to."""
    unit = find(state, ref)
    if unit.side != seat:
        refuse("wh40k/own-units", "refusal-not-your-unit", unit=unit.id, name=unit.name,
               side=term("seat", unit.side))
    return unit


def in_play(unit: Unit) -> None:
    """Refuse a destroyed unit."""
    if unit.destroyed:
        refuse("wh40k/destroyed", "refusal-unit-destroyed", unit=unit.id, name=unit.name)


def point(state: Wh40kState, x: float | None, y: float | None) -> Point | None:
    """Return a reported position (None when neither coordinate was given), checked on the table."""
    if x is None and y is None:
        return None
    if x is None or y is None:
        refuse(BAD_INPUT, "refusal-x-and-y")
    sc = catalogue.scenarios()[state.scenario]
    at = Point(x=x, y=y)
    if not Table(width=sc.width, height=sc.height).contains(at):
        refuse("wh40k/on-the-table", "refusal-off-the-table", x=x, y=y, width=sc.width,
               height=sc.height)
    return at


# --- building armies -------------------------------------------------------------------------


def new_unit(
    state: Wh40kState, side: Seat, entry: AddUnit | RosterUnit, at: Point | None
) -> Unit:
    """Enter a unit (from an add_unit action or a roster entry) in a side's army."""
    unit = Unit(
        id=f"U{state.next_unit}", side=side, name=entry.name.strip(),
        starting_strength=entry.models, models=entry.models, wounds=entry.wounds,
        leadership=entry.leadership, oc=entry.oc, keywords=entry.keywords,
        reserves=entry.reserves, position=None if entry.reserves else at,
        leaders=entry.leaders if isinstance(entry, RosterUnit) else 1,
        profiles=entry.profiles if isinstance(entry, RosterUnit) else (),
    )
    state.units[unit.id] = unit
    state.next_unit += 1
    return unit


def join(leader: Unit, bodyguard: Unit) -> None:
    """Attach a Leader to its Bodyguard: it stands where they stand."""
    leader.leads = bodyguard.id
    leader.position = bodyguard.position
    leader.reserves = bodyguard.reserves


def add_roster(state: Wh40kState, seat: Seat, roster: Roster) -> list[str]:
    """Enter every unit of a roster, joining its Leaders; return the new ids."""
    keyed: dict[str, Unit] = {}
    added: list[Unit] = []
    for entry in roster.units:
        at = None if entry.x is None or entry.y is None else Point(x=entry.x, y=entry.y)
        unit = new_unit(state, seat, entry, at)
        added.append(unit)
        if entry.key:
            keyed[entry.key] = unit
    for entry, unit in zip(roster.units, added, strict=True):
        if entry.leads:
            join(unit, keyed[entry.leads])
    return [u.id for u in added]


def check_roster_units(state: Wh40kState, roster: Roster) -> None:
    """Check a roster's positions and Leaders before any of it is entered."""
    by_key = {u.key: u for u in roster.units if u.key}
    led: dict[str, int] = {}
    for unit in roster.units:
        point(state, unit.x, unit.y)
        if not unit.leads:
            continue
        bodyguard = by_key[unit.leads]
        if CHARACTER not in unit.keywords:
            refuse(LEADER, "refusal-not-a-character", name=unit.name)
        if bodyguard is unit or CHARACTER in bodyguard.keywords or unit.key in led:
            refuse(LEADER, "refusal-cannot-lead", name=unit.name, bodyguard=bodyguard.name)
        if led.get(unit.leads, 0) >= bodyguard.leaders:
            refuse(LEADER, "refusal-two-leaders", bodyguard=bodyguard.name,
                   limit=bodyguard.leaders)
        led[unit.leads] = led.get(unit.leads, 0) + 1


# --- handlers ----------------------------------------------------------------------------------


def check_start_battle(state: Wh40kState, action: StartBattle) -> None:
    """Refuse to start before both armies have a unit."""
    sender(action)
    for seat in SEATS:
        if not any(u.side == seat and not u.destroyed for u in state.units.values()):
            refuse("wh40k/armies-ready", "refusal-army-empty", side=term("seat", seat))


def _check_name(name: str | None) -> None:
    if name is not None and not name.strip():
        refuse(BAD_INPUT, "refusal-unit-needs-a-name")


def check_add_unit(state: Wh40kState, action: AddUnit) -> None:
    """Check a new unit's name and position."""
    sender(action)
    _check_name(action.name)
    point(state, action.x, action.y)


def add_unit(work: Wh40kState, action: AddUnit, dice: Dice, events: list[Event]) -> None:
    """Enter a unit in the sender's army."""
    seat = sender(action)
    unit = new_unit(work, seat, action, point(work, action.x, action.y))
    events.append(UnitAdded(unit=unit.id, side=seat, name=unit.name, models=unit.models))


def _edited_fields(action: EditUnit) -> dict[str, Any]:
    skip = {"type", "seat", "unit"}
    return {k: v for k, v in action if k not in skip and v is not None}


def check_edit_unit(state: Wh40kState, action: EditUnit) -> None:
    """Check an edit names a field, and keeps Leaders CHARACTERS and Bodyguards not."""
    unit = own(state, sender(action), action.unit)
    if not _edited_fields(action):
        refuse(BAD_INPUT, "refusal-edit-nothing")
    _check_name(action.name)
    keywords = action.keywords if action.keywords is not None else unit.keywords
    if unit.leads is not None and CHARACTER not in keywords:
        refuse(LEADER, "refusal-leader-stays-character", name=unit.name)
    if leader_of(state, unit) is not None and CHARACTER in keywords:
        refuse(LEADER, "refusal-bodyguard-not-character", name=unit.name)


def edit_unit(work: Wh40kState, action: EditUnit, dice: Dice, events: list[Event]) -> None:
    """Change a unit's profile; a new model count is its new Starting Strength."""
    unit = find(work, action.unit)
    changes = _edited_fields(action)
    for field, value in changes.items():
        if field == "reserves":
            for p in parts(work, unit):
                p.reserves = value
                p.position = None if value else p.position
        else:
            setattr(unit, field, value.strip() if field == "name" else value)
    if {"models", "wounds", "oc"} & changes.keys():
        unit.profiles = ()  # a new profile for the whole unit replaces the roster's
    if "models" in changes:
        unit.starting_strength = unit.models
    if "models" in changes or "wounds" in changes:
        unit.damage = 0
    events.append(UnitEdited(unit=unit.id, name=unit.name, fields=tuple(changes)))


def check_remove_unit(state: Wh40kState, action: RemoveUnit) -> None:
    """Only the owner removes a unit."""
    own(state, sender(action), action.unit)


def remove_unit(work: Wh40kState, action: RemoveUnit, dice: Dice, events: list[Event]) -> None:
    """Take a unit out of the army; its Leaders stay, each on its own."""
    unit = find(work, action.unit)
    for leader in leaders_of(work, unit):
        leader.leads = None
    del work.units[unit.id]
    events.append(UnitRemoved(unit=unit.id, name=unit.name))


def check_roster(state: Wh40kState, action: LoadRoster) -> None:
    """Check a roster's positions and Leaders."""
    sender(action)
    check_roster_units(state, Roster(name=action.name, unit=action.units))


def load_roster(work: Wh40kState, action: LoadRoster, dice: Dice, events: list[Event]) -> None:
    """Replace the sender's army with a roster's units."""
    seat = sender(action)
    roster = Roster(name=action.name, unit=action.units)
    for unit_id in [u.id for u in work.units.values() if u.side == seat]:
        del work.units[unit_id]
    ids = add_roster(work, seat, roster)
    events.append(RosterLoaded(side=seat, name=roster.name or None, units=tuple(ids)))


def check_attach(state: Wh40kState, action: Attach) -> None:
    """A CHARACTER that leads nobody joins a Bodyguard that is no CHARACTER and has room for
    another Leader (one, or two where its roster says so)."""
    seat = sender(action)
    leader = own(state, seat, action.leader)
    bodyguard = own(state, seat, action.bodyguard)
    if not leader.character:
        refuse(LEADER, "refusal-not-a-character", name=leader.name)
    if leader.leads is not None:
        refuse(LEADER, "refusal-already-leads", name=leader.name, bodyguard=leader.leads)
    if bodyguard.character:
        refuse(LEADER, "refusal-bodyguard-is-character", name=bodyguard.name)
    found = leaders_of(state, bodyguard)
    if len(found) >= bodyguard.leaders:
        refuse(LEADER, "refusal-already-led", name=bodyguard.name,
               leader=" + ".join(u.name for u in found), limit=bodyguard.leaders)


def attach(work: Wh40kState, action: Attach, dice: Dice, events: list[Event]) -> None:
    """Join a Leader to its Bodyguard."""
    leader = find(work, action.leader)
    bodyguard = find(work, action.bodyguard)
    join(leader, bodyguard)
    events.append(UnitAttached(leader=leader.id, bodyguard=bodyguard.id,
                               name=label(work, bodyguard)))


def check_detach(state: Wh40kState, action: Detach) -> None:
    """Only a Leader that leads a unit can leave it."""
    leader = own(state, sender(action), action.leader)
    if leader.leads is None:
        refuse(LEADER, "refusal-not-leading", name=leader.name)


def detach(work: Wh40kState, action: Detach, dice: Dice, events: list[Event]) -> None:
    """Separate a Leader from its Bodyguard."""
    leader = find(work, action.leader)
    assert leader.leads is not None  # checked: it leads a unit
    bodyguard = work.units[leader.leads]
    events.append(UnitDetached(leader=leader.id, bodyguard=bodyguard.id,
                               name=label(work, bodyguard)))
    leader.leads = None
