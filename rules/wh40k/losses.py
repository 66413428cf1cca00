"""Losses and their corrections: casualties, restored models, destroyed and attached units.

Either player may report a unit's losses (the attacker often resolves them); what the
other side must agree to is the engine's `agreement_from`, not a rule checked here.
"""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.errors import refuse
from rules.core.model import Event
from rules.wh40k.actions import (
    BelowHalfStrengthChanged,
    Casualties,
    ModelsDestroyed,
    ModelsRestored,
    Restore,
    StartingStrengthChanged,
    UnitDestroyed,
    WoundsLost,
)
from rules.wh40k.army import find, in_play, sender
from rules.wh40k.state import (
    Unit,
    Wh40kState,
    group_below_half,
    groups,
    label,
    leaders_by_bodyguard,
    parts,
    starting_strength,
)

BAD_INPUT = "core/bad-input"


def destroyed(work: Wh40kState, unit: Unit, events: list[Event]) -> None:
    """Close the books on a unit that lost its last model, splitting an attached unit.

    A Leader that falls leaves the rest attached while another Leader remains; a Bodyguard
    that falls leaves each of its Leaders a unit of its own. Every part that remains goes
    back to the Starting Strength of the parts still together.
    """
    group = parts(work, unit)
    was = sum(p.starting_strength for p in group)
    rest = [p for p in group if p is not unit]
    if unit.leads is not None:
        unit.leads = None
    else:
        for leader in rest:
            leader.leads = None
    events.append(UnitDestroyed(unit=unit.id, name=unit.name, side=unit.side,
                                attached_to=" + ".join(p.id for p in rest) or None))
    for head in _remaining_heads(work, rest):
        events.append(StartingStrengthChanged(
            unit=head.id, name=label(work, head), was=was,
            now=starting_strength(work, head),
        ))


def _remaining_heads(work: Wh40kState, rest: list[Unit]) -> list[Unit]:
    """Return one unit of each unit or attached unit the remaining parts now form."""
    out: list[Unit] = []
    for p in rest:
        head = parts(work, p)[-1]
        if head not in out:
            out.append(head)
    return out


def lose_models(work: Wh40kState, unit: Unit, count: int, events: list[Event]) -> None:
    """Remove models from a unit (the wounded one first)."""
    count = min(count, unit.models)
    if count == 0:
        return
    unit.models -= count
    unit.damage = 0  # a wounded model is always the first to go
    events.append(ModelsDestroyed(unit=unit.id, name=unit.name, models=count,
                                  remaining=unit.models))
    if unit.destroyed:
        destroyed(work, unit, events)


def lose_wounds(work: Wh40kState, unit: Unit, wounds: int, events: list[Event]) -> None:
    """Allocate wounds to a unit, destroying a model each time one has lost all its wounds."""
    total = unit.damage + wounds
    killed = 0
    # Each model in turn (the wounded one first) falls once it has lost all its wounds.
    while unit.models and total >= unit.current_wounds():
        total -= unit.current_wounds()
        unit.models -= 1
        killed += 1
    unit.damage = 0 if unit.destroyed else total
    events.append(WoundsLost(unit=unit.id, name=unit.name, wounds=wounds, models=killed,
                             remaining=unit.models))
    if unit.destroyed:
        destroyed(work, unit, events)


def check_casualties(state: Wh40kState, action: Casualties) -> None:
    """A loss names a unit in play, and at most the models it has."""
    sender(action)
    unit = find(state, action.unit)
    in_play(unit)
    if action.models == 0 and action.wounds == 0:
        refuse(BAD_INPUT, "refusal-nothing-lost")
    if action.models > unit.models:
        refuse(BAD_INPUT, "refusal-too-many-models", name=unit.name, models=unit.models)


def casualties(work: Wh40kState, action: Casualties, dice: Dice, events: list[Event]) -> None:
    """Remove the reported models, then allocate the reported wounds."""
    unit = find(work, action.unit)
    lose_models(work, unit, action.models, events)
    if action.wounds and not unit.destroyed:
        lose_wounds(work, unit, action.wounds, events)


def check_restore(state: Wh40kState, action: Restore) -> None:
    """Give back something, and never more models than the unit started with."""
    sender(action)
    unit = find(state, action.unit)
    if action.models == 0 and action.wounds == 0:
        refuse(BAD_INPUT, "refusal-nothing-restored")
    if unit.models + action.models > unit.starting_strength:
        refuse("wh40k/starting-strength", "refusal-past-starting-strength", name=unit.name,
               starting_strength=unit.starting_strength)


def restore(work: Wh40kState, action: Restore, dice: Dice, events: list[Event]) -> None:
    """Give models back (a destroyed unit returns to play) and heal the wounded model."""
    unit = find(work, action.unit)
    healed = min(action.wounds, unit.damage)
    unit.models += action.models
    unit.damage -= healed
    events.append(ModelsRestored(unit=unit.id, name=unit.name, models=action.models,
                                 wounds=healed, remaining=unit.models))


def below_half_now(state: Wh40kState) -> dict[str, bool]:
    """Return whether each unit in play is Below Half-strength."""
    leaders = leaders_by_bodyguard(state)
    out: dict[str, bool] = {}
    for u in state.units.values():
        if u.destroyed:
            continue
        # parts(state, u), with the Leaders found once for every unit
        bodyguard = state.units[u.leads] if u.leads is not None else u
        out[u.id] = group_below_half([*leaders.get(bodyguard.id, ()), bodyguard])
    return out


def strength_changes(before: dict[str, bool], work: Wh40kState) -> list[Event]:
    """Report units that went Below Half-strength, or came back above it."""
    out: list[Event] = []
    for group in groups(work):
        now = group_below_half(group)  # a group is its head's parts
        if any(p.id in before and before[p.id] != now for p in group):
            out.append(BelowHalfStrengthChanged(units=tuple(p.id for p in group),
                                                name=" + ".join(p.name for p in group),
                                                below=now))
    return out
