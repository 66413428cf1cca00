"""The battlefield as a picture: objectives and who holds them, units with tags, the panel.

Nothing in a 40k battle is hidden, so every seat sees the same table. Unit labels are the
players' own names with ids and model counts; every other word is a catalogue message.
"""

from __future__ import annotations

from rules.core.board import (
    Panel,
    PanelLine,
    StatusTag,
    TableFeature,
    TableObjective,
    TabletopView,
    TableUnit,
)
from rules.core.text import items, msg, term
from rules.wh40k import catalogue
from rules.wh40k.missions import deployment_of, objectives, primary_of, zones
from rules.wh40k.scoring import reason
from rules.wh40k.state import (
    LAST_ROUND,
    SEATS,
    Seat,
    Unit,
    Wh40kState,
    group_below_half,
    groups,
    label,
    vp_total,
)


def board(state: Wh40kState) -> TabletopView:
    """Return the table: objectives with holders, units with status tags, the battle panel."""
    sc = catalogue.scenarios()[state.scenario]
    # Deployment zones only matter while armies deploy; later they would read as terrain.
    features = tuple(
        TableFeature(kind="deployment", points=zone,
                     label=msg("zone-deployment", seat=term("seat", seat)))
        for seat, zone in zones(state).items() if zone
    ) if state.step == "setup" else ()
    drawn = deployment_of(state)
    markers = tuple(
        TableObjective(x=o.x, y=o.y, label=o.id, holder=state.control[o.id].holder,
                       contested=state.control[o.id].contested)
        for o in objectives(state)
    )
    units: list[TableUnit] = []
    reserves: dict[Seat, list[str]] = {s: [] for s in SEATS}
    for group in groups(state):
        unit = group[-1]
        if unit.reserves:
            reserves[unit.side].append(f"{unit.id} {label(state, unit)}")
        elif unit.position is not None:
            units.append(_marker(state, group))
    return TabletopView(
        static_key=f"wh40k:{sc.id}" + (f":{drawn.id}" if drawn else ""), width=sc.width,
        height=sc.height, features=features,
        sides={seat: side.colour for seat, side in sc.sides.items()},
        objectives=markers, units=tuple(units),
        panel=Panel(title=msg("panel-title", scenario=term("scenario", sc.id)),
                    lines=_panel_lines(state, reserves)),
    )


def _marker(state: Wh40kState, group: list[Unit]) -> TableUnit:
    """Return a unit's footprint: id, models left of its Starting Strength, name, tags."""
    unit = group[-1]
    assert unit.position is not None
    status: list[StatusTag] = []
    if unit.shocked:
        status.append(StatusTag(kind="shocked", text=msg("tag-shocked")))
    # A group is its head's parts: what below_half_strength, starting_strength and label
    # would find again.
    if group_below_half(group):
        status.append(StatusTag(kind="below-half", text=msg("tag-below-half")))
    models = sum(p.models for p in group)
    strength = sum(p.starting_strength for p in group)
    name = " + ".join(p.name for p in group)
    return TableUnit(
        x=unit.position.x, y=unit.position.y, side=unit.side,
        label=f"{unit.id} {models}/{strength} {name}",
        radius=1.5 if any("VEHICLE" in p.keywords for p in group) else 1.0,
        status=tuple(status),
    )


def _panel_lines(state: Wh40kState, reserves: dict[Seat, list[str]]) -> tuple[PanelLine, ...]:
    if state.step == "setup":
        lines = [PanelLine(text=msg("panel-setup"), bold=True)]
    elif state.step == "over":
        lines = [PanelLine(text=msg("panel-over", reason=reason(state)), bold=True)]
    else:
        lines = [
            PanelLine(text=msg("panel-round", round=state.round, last=LAST_ROUND), bold=True),
            PanelLine(text=msg("panel-turn", seat=term("seat", state.active),
                               step=term("step", state.step)), side=state.active),
        ]
    for seat in SEATS:
        lines.append(PanelLine(
            text=msg("panel-side", seat=term("seat", seat), cp=state.cp[seat],
                     vp=vp_total(state, seat),
                     primary=sum(r.primary for r in state.scores[seat]),
                     secondary=sum(r.secondary for r in state.scores[seat])),
            side=seat,
        ))
    mission, deployment = primary_of(state), deployment_of(state)
    # The mission's line: which primary scores and on which map (the scenario's own: none).
    if mission is not None:
        lines.append(PanelLine(text=msg(
            "panel-mission", mission=term("primary", mission.id),
            deployment=term("deployment", deployment.id) if deployment else None)))
    for seat in SEATS:
        if reserves[seat]:
            lines.append(PanelLine(text=msg("panel-reserves", units=items(reserves[seat])),
                                   side=seat))
    return tuple(lines)
