"""What a seat may see: the table, its own sealed battle plan, and the position as data.

Battle plans are the only hidden information: while they are being written (the `plan` step)
each side's orders are sealed from the other side and from spectators. The board shows no
orders, no Target arrows and nobody holding anything until both plans are sealed; `position`
replaces the other side's orders by a `sealed` flag; `secrets` lists only the seat's own plan.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.core.board import (
    Panel,
    PanelLine,
    StatusTag,
    TableArrow,
    TableFeature,
    TableObjective,
    TabletopView,
    TableUnit,
)
from rules.core.inches import Point
from rules.core.text import Msg, items, msg, term
from rules.fantasy_warriors.battle import holders, reached_now, result
from rules.fantasy_warriors.catalogue import Scenario
from rules.fantasy_warriors.geometry import centre, diamond, midpoint, strip
from rules.fantasy_warriors.lookup import scenario_of
from rules.fantasy_warriors.orders import (
    Same,
    describe_goal,
    feature_name,
    flags,
    footprint,
    governing,
    objective_name,
    order_name,
    order_tag,
    radius,
    seeking,
    target_options,
)
from rules.fantasy_warriors.state import (
    SEATS,
    FantasyWarriorsState,
    Seat,
    Unit,
    commands_in_order,
    in_play,
    unit_number,
    units_of,
)


def sealed(state: FantasyWarriorsState, side: str, seat: str | None) -> bool:
    """Say whether `side`'s orders are hidden from `seat` (None: a spectator)."""
    return state.step == "plan" and side != seat


# --- the table --------------------------------------------------------------------------------


def _features(sc: Scenario) -> tuple[TableFeature, ...]:
    """Return the scenario's features as the table draws them (worked out once per
    scenario: the models are frozen, so every board shares them)."""
    return _static(Same(sc))[0]


@lru_cache(maxsize=64)
def _static(same: Same) -> tuple[tuple[TableFeature, ...], dict[str, Point]]:
    """What a scenario's table always shows: its features, and where each Objective's
    marker stands."""
    sc = same.scenario
    markers = {obj.id: _marker(sc, obj.id) for obj in sc.objectives}
    return _drawn_features(sc), markers


def _drawn_features(sc: Scenario) -> tuple[TableFeature, ...]:
    # A feature with an Objective marker on it is named in the panel instead: its label
    # would sit under the marker.
    marked = {o.feature for o in sc.objectives if o.feature}
    out = []
    for f in sc.features:
        corners = f.corners()
        if f.shape == "area":
            pts = list(f.points)
        elif f.shape == "line":
            pts = strip(corners, f.width)
        else:
            pts = diamond(corners[0], 1.2)
        label = "" if f.id in marked or not f.label else feature_name(sc.id, f)
        out.append(TableFeature(kind=f.kind, points=tuple(pts), label=label))
    return tuple(out)


def _marker(sc: Scenario, objective_id: str) -> Point:
    """Return where an Objective's marker is drawn: its point, or its feature's middle."""
    obj = sc.objective(objective_id)
    assert obj is not None
    if obj.point is not None:
        return obj.point
    feature = sc.feature(obj.feature or "")
    assert feature is not None
    corners = feature.corners()
    if feature.shape == "area":
        return centre(corners)
    if feature.shape == "line":
        return midpoint(corners)
    return corners[0]


def _tags(state: FantasyWarriorsState, unit: Unit, reached: set[str]) -> list[StatusTag]:
    command = state.commands[unit.command]
    tags = []
    if command.orders is not None and not sealed(state, command.side, None):
        tags.append(StatusTag(kind="orders",
                              text=order_tag(command.orders, command.side, short=True)))
    if unit.id in reached:
        tags.append(StatusTag(kind="reached", text=term("tag", "reached")))
    if unit.engaged:
        tags.append(StatusTag(kind="engaged", text=term("tag", "engaged")))
    if not unit.visible:
        tags.append(StatusTag(kind="hidden", text=term("tag", "hidden")))
    return tags


def _table_unit(unit: Unit, status: tuple[StatusTag, ...]) -> TableUnit:
    """Draw a unit as its block turned to its facing (rules 2) or as a round base (rules 1)."""
    label = f"{unit.id} {unit.name}"
    block = footprint(unit)
    if block is None or unit.block is None:
        return TableUnit(x=unit.position.x, y=unit.position.y, side=unit.side, label=label,
                         radius=radius(unit), status=status)
    reach = max(abs(p.y - unit.position.y) for p in block)
    return TableUnit(x=unit.position.x, y=unit.position.y, side=unit.side, label=label,
                     radius=reach, frontage=unit.block.frontage, depth=unit.block.depth,
                     facing=unit.facing, status=status)


def board(state: FantasyWarriorsState, seat: str | None) -> TabletopView:
    """Return the table: features, Objectives, units with their orders, Target arrows, panel.

    Every seat sees the same picture: while plans are sealed it shows no orders at all.
    """
    sc = scenario_of(state)
    held = holders(state) if state.step != "plan" else {}
    features, markers = _static(Same(sc))
    objectives = []
    for obj in sc.objectives:
        spot = markers[obj.id]
        objectives.append(TableObjective(x=spot.x, y=spot.y, label=obj.id,
                                         holder=held.get(obj.id)))
    reached = reached_now(state)
    units = []
    arrows = []
    for unit in in_play(state):
        command = state.commands[unit.command]
        units.append(_table_unit(unit, tuple(_tags(state, unit, reached))))
        orders = command.orders
        if sealed(state, command.side, None) or seeking(orders) is None or orders is None \
                or orders.target is None:
            continue
        for aim in target_options(state, unit, command)[:1]:
            arrows.append(TableArrow(x1=unit.position.x, y1=unit.position.y,
                                     x2=aim.position.x, y2=aim.position.y, kind="target"))
    return TabletopView(
        static_key=f"fantasy_warriors:{sc.id}", width=sc.width, height=sc.height,
        features=features,
        sides={s: side.colour for s, side in sc.sides.items()},
        objectives=tuple(objectives), units=tuple(units), arrows=tuple(arrows),
        panel=Panel(title=msg("panel-title", scenario=term("scenario", sc.id)),
                    lines=_panel_lines(state, sc, held)),
    )


def _panel_lines(state: FantasyWarriorsState, sc: Scenario,
                 held: dict[str, Seat | None] | None = None) -> tuple[PanelLine, ...]:
    """The panel's lines (`held`: the holders when the caller has them already)."""
    if held is None:
        held = holders(state) if state.step != "plan" else {}
    if state.step == "plan":
        lines = [PanelLine(text=msg("panel-plans"), bold=True)]
        for seat in SEATS:
            lines.append(PanelLine(
                text=msg("panel-plan", seat=term("seat", seat),
                         army=term("army", f"{sc.id}-{seat}"), sealed=seat in state.ready),
                side=seat))
        return (*lines, *_objective_lines(sc, held))
    if state.step == "over":
        lines = [PanelLine(text=msg("panel-over", reason=result(state)[2]), bold=True)]
    else:
        lines = [PanelLine(text=msg("panel-turn", turn=state.turn, turns=sc.turns), bold=True),
                 PanelLine(text=msg("panel-to-move", seat=term("seat", state.active)),
                           side=state.active)]
    for command in commands_in_order(state):
        orders = command.orders
        if orders is None or not units_of(state, command):
            continue
        goal = describe_goal(state, command.side, orders) if seeking(orders) else None
        lines.append(PanelLine(
            text=msg("panel-orders", command=command.id, name=command.name,
                     order=order_tag(orders, command.side), goal=goal),
            side=command.side))
    return (*lines, *_objective_lines(sc, held))


def _objective_lines(sc: Scenario, held: dict[str, Seat | None]) -> list[PanelLine]:
    """Name each scenario Objective, with who holds it once the battle is on (`held`:
    holders, empty while the plans are written)."""
    out = []
    for obj in sc.objectives:
        holder = held.get(obj.id)
        out.append(PanelLine(
            text=msg("panel-objective", objective=obj.id, name=objective_name(sc.id, obj.id),
                     holder=term("seat", holder) if holder else None),
            side=holder))
    return out


# --- what only one seat may read -------------------------------------------------------------


def secrets(state: FantasyWarriorsState, seat: str) -> tuple[Msg, ...]:
    """List the seat's own battle plan, one line per command, and whether it is sealed."""
    if seat not in SEATS:
        return ()  # a referee or a spectator writes no plan
    lines = []
    for command in commands_in_order(state):
        if command.side != seat:
            continue
        orders = command.orders
        if orders is None:
            lines.append(msg("secret-no-orders", command=command.id, name=command.name))
            continue
        lines.append(msg("secret-orders", command=command.id, name=command.name,
                         order=order_tag(orders, command.side),
                         flags=items(term("flag", c) for c in flags(orders)),
                         goal=describe_goal(state, command.side, orders)))
    if state.step == "plan":
        lines.append(msg("secret-plan", sealed=seat in state.ready))
    return tuple(lines)


# --- the position as data --------------------------------------------------------------------


def position(state: FantasyWarriorsState, seat: str | None) -> dict[str, Any]:
    """Return the battle as `seat` may know it: no dice seed, and no orders of the other side
    while the plans are being written (only whether they are written)."""
    out: dict[str, Any] = state.model_dump(mode="json", exclude={"dice"})
    shown: dict[str, Any] = {}
    for cid, command in state.commands.items():
        if sealed(state, command.side, seat):
            out["commands"][cid]["orders"] = None
            out["commands"][cid]["sealed"] = command.orders is not None
            continue
        orders = command.orders
        if orders is None:
            continue
        shown[cid] = {"order": order_name(orders, command.side),
                      "governing": governing(orders), "flags": list(flags(orders))}
    out["derived"] = {
        "orders": shown,
        "reached": sorted(reached_now(state), key=unit_number),
        "holders": holders(state) if state.step != "plan" else {},
    }
    return out
