"""Autocomplete for the unit, leader, bodyguard and stratagem options."""

from __future__ import annotations

import re

from rules.core.text import Msg, msg, term
from rules.wh40k import catalogue
from rules.wh40k.state import Wh40kState, leaders_of

UNIT_FIELDS = ("unit", "leader", "bodyguard")


def suggest(state: Wh40kState, seat: str | None, field: str, text: str) -> list[tuple[Msg, str]]:
    """Offer (label, value) completions, best first, at most 25.

    Typed text is matched against ids, the players' own unit names and sides (a
    Stratagem's name is the catalogue's, so its id is matched instead: "Insane Brav"
    finds insane-bravery).
    """
    needle = text.strip().lower()
    if field == "stratagem":
        slug = re.sub(r"[^a-z0-9]+", "-", needle)
        return [
            (msg("suggest-stratagem", stratagem=term("stratagem", s.id), cost=s.cost), s.id)
            for s in catalogue.stratagems().values() if slug in s.id
        ][:25]
    if field not in UNIT_FIELDS:
        return []
    out: list[tuple[Msg, str]] = []
    units = sorted(state.units.values(), key=lambda u: (u.side != seat, u.destroyed))
    for unit in units:
        if field == "leader" and not (unit.side == seat and unit.character):
            continue
        if field == "bodyguard" and not (unit.side == seat and not unit.character
                                         and len(leaders_of(state, unit)) < unit.leaders):
            continue
        if needle not in f"{unit.id} {unit.name} {unit.side}".lower():
            continue
        out.append((msg("suggest-unit", unit=unit.id, name=unit.name,
                        side=term("seat", unit.side), models=unit.models,
                        starting=unit.starting_strength, destroyed=unit.destroyed), unit.id))
    return out[:25]
