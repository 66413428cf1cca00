"""The public position of a Warhammer 40,000 battle in words, for `/game status`.

Compact: the round and phase, each side's CP and VP and which of its units are Below
Half-strength or Battle-shocked, and who holds each objective. Full: every unit in
play (attached units as one) with its models, wounds and state.
"""

from __future__ import annotations

from rules.core.text import Items, Msg, items, msg, term
from rules.wh40k.missions import objectives
from rules.wh40k.scoring import reason
from rules.wh40k.state import (
    LAST_ROUND,
    SEATS,
    Wh40kState,
    below_half_strength,
    groups,
    label,
    vp_total,
)

# The most unit ids a compact line lists (the details button lists every unit).
LISTED = 12


def _some(ids: list[str]) -> Items | None:
    """Return up to LISTED ids to list, "…" standing for the rest; None for none."""
    if not ids:
        return None
    return items([*ids[:LISTED], "…"] if len(ids) > LISTED else ids)


def summary(state: Wh40kState, full: bool) -> tuple[Msg, ...]:
    """Return the public position as lines: where the battle stands, each side, objectives."""
    out: list[Msg] = []
    if state.step == "setup":
        out.append(msg("panel-setup"))
    elif state.step == "over":
        out.append(msg("panel-over", reason=reason(state)))
    else:
        out.append(msg("summary-round", round=state.round, last=LAST_ROUND,
                       seat=term("seat", state.active), step=term("step", state.step)))
    for seat in SEATS:
        mine = groups(state, seat)
        destroyed = sum(u.destroyed for u in state.units.values() if u.side == seat)
        below = [g[-1].id for g in mine if below_half_strength(state, g[-1])]
        shocked = [g[-1].id for g in mine if any(p.shocked for p in g)]
        out.append(msg(
            "summary-side", seat=term("seat", seat), cp=state.cp[seat],
            vp=vp_total(state, seat), units=len(mine), destroyed=destroyed,
            below=_some(below), shocked=_some(shocked),
        ))
        if full:
            for group in mine:
                unit = group[-1]
                hurt = next((p for p in group if p.damage), None)
                out.append(msg(
                    "summary-unit", unit=unit.id, name=label(state, unit),
                    models=sum(p.models for p in group),
                    strength=sum(p.starting_strength for p in group),
                    hurt=hurt.name if hurt else None,
                    left=hurt.current_wounds() - hurt.damage if hurt else 0,
                    wounds=hurt.current_wounds() if hurt else 0,
                    below=below_half_strength(state, unit),
                    shocked=any(p.shocked for p in group),
                    reserves=unit.reserves,
                ))
    held = []
    for marker in objectives(state):
        control = state.control.get(marker.id)
        holder = control.holder if control else None
        held.append(msg("summary-objective", marker=marker.id,
                        objective=term("objective", marker.name),
                        holder=term("seat", holder) if holder else None,
                        contested=bool(control and control.contested)))
    if held:
        out.append(msg("summary-objectives", objectives=items(held)))
    return tuple(out)
