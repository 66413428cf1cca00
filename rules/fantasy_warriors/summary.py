"""The public position of a Fantasy Warriors battle in words, for `/game status`.

Compact: the panel's lines (the turn, each command's public orders, who holds each
Objective) and each side's units in play, destroyed and driven off. Full: every unit
with where it stands and whether it is engaged or out of sight. Sealed battle plans
stay sealed: the panel shows no orders while they are being written.
"""

from __future__ import annotations

from rules.core.text import Msg, msg, term
from rules.fantasy_warriors.lookup import scenario_of
from rules.fantasy_warriors.picture import _panel_lines
from rules.fantasy_warriors.state import SEATS, FantasyWarriorsState


def summary(state: FantasyWarriorsState, full: bool) -> tuple[Msg, ...]:
    """Return the public position as lines: the panel, then each side's units."""
    out: list[Msg] = [line.text for line in _panel_lines(state, scenario_of(state))
                      if isinstance(line.text, Msg)]
    for seat in SEATS:
        mine = [u for u in state.units.values() if u.side == seat]
        out.append(msg(
            "summary-side", seat=term("seat", seat),
            in_play=sum(u.in_play for u in mine),
            destroyed=sum(u.status == "destroyed" for u in mine),
            left=sum(u.status == "left" for u in mine),
        ))
        if full:
            out.extend(
                msg("summary-unit", unit=u.id, name=u.name, kind=term("unit-kind", u.kind),
                    status=u.status, x=round(u.position.x, 1), y=round(u.position.y, 1),
                    engaged=u.engaged, visible=u.visible)
                for u in mine
            )
    return tuple(out)
