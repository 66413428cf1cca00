"""Autocomplete: the units, commands, orders, Objectives and Targets a player may name.

Each completion is a message for the catalogue (the label) and the value typed; what a player
has typed is matched against ids, scenario names and the English order names players write
on their plans, since the label is only worded later, in the player's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.text import Msg, msg, term
from rules.fantasy_warriors import catalogue
from rules.fantasy_warriors.lookup import scenario_of
from rules.fantasy_warriors.orders import feature_name, objective_name, unit_gap
from rules.fantasy_warriors.state import (
    APPROACHES,
    SEATS,
    FantasyWarriorsState,
    commands_in_order,
    in_play,
    unit_number,
)

MOST = 25


@dataclass(frozen=True)
class Choice:
    """One completion: its label, the value it types, and the texts a player may search by."""

    label: Msg
    value: str
    search: tuple[str, ...] = ()

    def matches(self, needle: str) -> bool:
        """Say whether what was typed appears in the value or a searchable text."""
        return any(needle in text.lower() for text in (self.value, *self.search))

    def starts(self, needle: str) -> bool:
        """Say whether the value or a searchable text begins with what was typed."""
        return any(text.lower().startswith(needle) for text in (self.value, *self.search))


def _orders() -> list[Choice]:
    out = [Choice(msg("suggest-basic-order", order=term("order", basic.id)), basic.id)
           for basic in catalogue.basic_orders().values()]
    for combo in catalogue.combinations().values():
        names = tuple(n for n in (combo.name, combo.friendly_name) if n)
        out.append(Choice(
            msg("suggest-combination", order=term("order", combo.id),
                first=term("order", combo.first), second=term("order", combo.second),
                needs=combo.needs),
            combo.id, names + combo.aliases))
    return out


def _objectives(state: FantasyWarriorsState) -> list[Choice]:
    sc = scenario_of(state)
    out = [Choice(msg("suggest-objective", objective=o.id, name=objective_name(sc.id, o.id)),
                  o.id) for o in sc.objectives]
    for f in sc.features:
        out.append(Choice(msg("suggest-feature", feature=feature_name(sc.id, f),
                              kind=term("terrain", f.kind)), f.id, (f.label, f.kind)))
    return out


def _commands(state: FantasyWarriorsState, seat: str | None) -> list[Choice]:
    return [Choice(msg("suggest-command", command=c.id, name=c.name, side=term("seat", c.side)),
                   c.id, (c.name,))
            for c in commands_in_order(state) if seat not in SEATS or c.side == seat]


def _targets(state: FantasyWarriorsState, context: Mapping[str, Any]) -> list[Choice]:
    own = str(context.get("command", "")).upper()
    out = [Choice(msg("suggest-target-command", command=c.id, name=c.name,
                      side=term("seat", c.side)), c.id, (c.name, "command"))
           for c in commands_in_order(state) if c.id != own]
    for unit in in_play(state):
        kind = "personality" if unit.personality else "unit"
        out.append(Choice(msg("suggest-target-unit", unit=unit.id, name=unit.name,
                              side=term("seat", unit.side), personality=unit.personality),
                          unit.id, (unit.name, kind)))
    for troop in sorted({u.troop_type for u in state.units.values()}):
        out.append(Choice(msg("suggest-target-troops", troops=term("troop", troop)), troop,
                          ("troop type",)))
    return out


def _units(state: FantasyWarriorsState, seat: str | None, field: str,
           context: Mapping[str, Any]) -> list[Choice]:
    near = str(context.get("unit", "")).upper()
    origin = state.units.get(near) if field == "enemy" else None
    units = [u for u in in_play(state)
             if field == "unit" or seat not in SEATS or u.side != seat]
    if origin is not None:
        units.sort(key=lambda u: unit_gap(origin, u))
    else:
        units.sort(key=lambda u: (u.side != seat, unit_number(u.id)))
    return [Choice(msg("suggest-unit", unit=u.id, name=u.name, side=term("seat", u.side),
                       kind=term("unit-kind", u.kind)), u.id, (u.name, u.side, u.kind))
            for u in units]


def suggest(state: FantasyWarriorsState, seat: str | None, field: str, text: str,
            context: Mapping[str, Any] | None = None) -> list[tuple[Msg | str, str]]:
    """Offer completions for unit, command, order, objective, target and enemy options."""
    needle = text.strip().lower()
    context = context or {}
    if field == "order":
        choices = _orders()
    elif field == "approach":
        choices = [Choice(msg("suggest-approach", approach=term("approach", a)), a,
                          (a.replace("-", " "),)) for a in APPROACHES]
    elif field == "objective":
        choices = _objectives(state)
    elif field == "command":
        choices = _commands(state, seat)
    elif field == "target":
        choices = _targets(state, context)
    elif field in ("unit", "enemy"):
        choices = _units(state, seat, field, context)
    else:
        return []
    found = [c for c in choices if c.matches(needle)]
    if field == "order":
        # Order names that start with what was typed come first ("take" -> TAKE AND HOLD).
        found.sort(key=lambda c: not c.starts(needle))
    return [(c.label, c.value) for c in found[:MOST]]
