"""Combination orders at work: which basic order governs, where each unit is going, who got there.

Everything here is a pure function of the state and the scenario. The handlers call it to check
an action and, after every report, to find the commands whose orders now switch. Names are
data: an order is an `order-<name>` term, a goal a message for the catalogue.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from rules.core.inches import Point, distance, gap
from rules.core.text import Msg, Term, msg, term
from rules.fantasy_warriors import catalogue
from rules.fantasy_warriors.catalogue import CombinationOrder, Feature, Scenario
from rules.fantasy_warriors.geometry import (
    Box,
    across,
    bearing,
    box,
    boxes_apart,
    centre,
    distance_to_area,
    distance_to_line,
    inside,
    lane,
    nearest_on_line,
    rectangle,
    shape_gap,
)
from rules.fantasy_warriors.state import (
    BasicOrderId,
    Block,
    Command,
    FantasyWarriorsState,
    ObjectiveRef,
    OrderId,
    Orders,
    Stage,
    TargetRef,
    Unit,
    UnitKind,
    in_play,
    partners,
    unit_number,
    units_of,
)

# --- the orders themselves ------------------------------------------------------------------


def combination_of(order: OrderId) -> CombinationOrder | None:
    """Return the combination order with this id, or None for a basic order."""
    for combo in catalogue.combinations().values():
        if combo.id == order:
            return combo
    return None


def governing(orders: Orders) -> BasicOrderId:
    """Return the basic order a command follows now: a combination's first, second or fallback."""
    combo = combination_of(orders.order)
    if combo is None:
        for basic in catalogue.basic_orders().values():
            if basic.id == orders.order:
                return basic.id
        raise ValueError(f"unknown order {orders.order}")
    if orders.stage == "second":
        return combo.second
    if orders.stage == "fallback" and combo.fallback is not None:
        return combo.fallback
    return combo.first


def order_name(orders: Orders, side: str) -> str:
    """Return the name the orders go by (an `order-<name>` term id).

    A Target order is named by whose troops it seeks: INTERCEPT or REINFORCE, DESTROY or BREAKOUT.
    """
    combo = combination_of(orders.order)
    if combo is None:
        return governing(orders)
    friendly = orders.target is not None and orders.target.side == side
    return combo.friendly_name if friendly and combo.friendly_name else combo.name


def order_tag(orders: Orders, side: str, short: bool = False) -> Msg:
    """Return the orders' status: "STORM (ATTACK)" before the goal, "STORM→HOLD" after, "HOLD".

    `short` names the order by the board's shorter names (`order-short-<name>`: "TAKE&HOLD").
    """
    friendly = orders.target is not None and orders.target.side == side
    return _order_tag(orders.order, orders.stage, friendly, short)


@lru_cache(maxsize=256)
def _order_tag(order: OrderId, stage: Stage, friendly: bool, short: bool) -> Msg:
    """order_tag by what it reads of the orders (a frozen message, shared: every board
    tags every unit)."""
    orders = Orders(order=order, stage=stage)
    combo = combination_of(order)
    shown = "basic" if combo is None else stage
    kind = "order-short" if short else "order"
    name = (combo.friendly_name if friendly and combo.friendly_name else combo.name) \
        if combo is not None else governing(orders)
    return msg("order-tag", order=term(kind, name), now=term(kind, governing(orders)),
               stage=shown)


def flags(orders: Orders) -> tuple[str, ...]:
    """Return the colours of the flag counter that shows these orders (`flag-<colour>` terms)."""
    combo = combination_of(orders.order)
    if combo is None:
        return (catalogue.basic_orders()[governing(orders)].flag,)
    return combo.flags


def combat_test_modifier(order: BasicOrderId) -> int:
    """Return what a unit governed by `order` adds to its Combat Test (OPPOSE: -1)."""
    return catalogue.basic_orders()[order].combat_test_modifier


def to_hit_dice(order: BasicOrderId, dice: int) -> int:
    """Return how many dice a unit governed by `order` rolls To Hit when it has `dice` to roll.

    ATTACK adds one die for every five; other orders roll what they have.
    """
    per = catalogue.basic_orders()[order].extra_die_per
    return dice + (dice // per if per else 0)


def seeking(orders: Orders | None) -> CombinationOrder | None:
    """Return the combination order a command still pursues (first stage), if any."""
    if orders is None or orders.stage != "first":
        return None
    return combination_of(orders.order)


# --- measuring -------------------------------------------------------------------------------


def radius(unit: Unit) -> float:
    """Return the radius of a unit's round base (games under rules 1)."""
    return catalogue.battle_rules().radius[unit.kind]


def footprint(
    unit: Unit, at: Point | None = None, facing: float | None = None
) -> list[Point] | None:
    """Return the corners of a unit's block, standing at `at` turned to `facing` (by default
    where it stands, as it faces); None for a round base."""
    if unit.block is None:
        return None
    where = at or unit.position
    return list(_block_corners(where.x, where.y, unit.block.frontage, unit.block.depth,
                               unit.facing if facing is None else facing))


def footprint_box(unit: Unit) -> Box | None:
    """Return the bounding box of a unit's block where it stands (None for a round base)."""
    block = unit.block
    if block is None:
        return None
    where = unit.position
    return _block_box(where.x, where.y, block.frontage, block.depth, unit.facing)


@lru_cache(maxsize=4096)
def _block_box(x: float, y: float, frontage: float, depth: float, facing: float) -> Box:
    """The bounding box of a block's corners (cached like the corners)."""
    return box(_block_corners(x, y, frontage, depth, facing))


@lru_cache(maxsize=4096)
def _block_corners(x: float, y: float, frontage: float, depth: float,
                   facing: float) -> tuple[Point, ...]:
    """The corners of a block (cached: a turn measures the same blocks many times over)."""
    return tuple(rectangle(Point(x=x, y=y), frontage, depth, facing))


def unit_gap(a: Unit, b: Unit) -> float:
    """Return the distance between two units' bases, edge to edge."""
    return _base_gap(_Base.of(a), _Base.of(b))


class _Base(NamedTuple):
    """What a unit's base is and where it stands: all a distance between bases depends on.

    Plain numbers, not models: it is a cache key, and hashing and comparing pydantic
    models (Point, Block) cost more than the lookups save.
    """

    kind: UnitKind
    x: float
    y: float
    facing: float
    frontage: float | None
    depth: float | None

    @classmethod
    def of(cls, unit: Unit) -> _Base:
        position, block = unit.position, unit.block
        if block is None:
            return cls(unit.kind, position.x, position.y, unit.facing, None, None)
        return cls(unit.kind, position.x, position.y, unit.facing, block.frontage, block.depth)

    @property
    def position(self) -> Point:
        return Point(x=self.x, y=self.y)

    def corners(self) -> list[Point] | None:
        if self.frontage is None or self.depth is None:
            return None
        return list(_block_corners(self.x, self.y, self.frontage, self.depth, self.facing))

    @property
    def radius(self) -> float:
        return catalogue.battle_rules().radius[self.kind]


@lru_cache(maxsize=8192)
def _base_gap(a: _Base, b: _Base) -> float:
    """unit_gap by value (cached: moves, buttons and the picture measure the same pairs)."""
    fa, fb = a.corners(), b.corners()
    if fa is None and fb is None:
        return gap(a.position, b.position, a.radius, b.radius)
    shape_a, ra = (fa, 0.0) if fa is not None else ([a.position], a.radius)
    shape_b, rb = (fb, 0.0) if fb is not None else ([b.position], b.radius)
    return max(0.0, shape_gap(shape_a, shape_b) - ra - rb)


def closing(
    unit: Unit, enemy: Unit, within: float, turned: bool = True
) -> tuple[Point, float] | None:
    """Return where a block stands, turned to face the enemy (or as it faces), once it has gone
    straight at it until their bases are `within` inches apart (None: a round base, or already
    that close)."""
    return _closing(_Base.of(unit), _Base.of(enemy), within, turned)


@lru_cache(maxsize=4096)
def _closing(mine: _Base, theirs: _Base, within: float, turned: bool) -> tuple[Point, float] | None:
    """closing by value: a turn's buttons close the same blocks on the same enemies as the
    turn before (the answer's Point is frozen, so it is shared safely)."""
    start, there = mine.position, theirs.position
    face = bearing(start, there) if turned else mine.facing
    other = theirs.corners() or [there]
    spare = 0.0 if theirs.frontage is not None else theirs.radius
    far = distance(start, there)
    frontage, depth = mine.frontage, mine.depth
    if frontage is None or depth is None or far == 0:
        return None
    ux, uy = (there.x - start.x) / far, (there.y - start.y) / far

    def gap_at(p: Point) -> float:
        block = list(_block_corners(p.x, p.y, frontage, depth, face))
        return max(0.0, shape_gap(block, other) - spare)

    spot = start
    left = gap_at(spot)
    if left <= within:
        return None
    # Going straight at it closes the gap by no more than the ground covered, so stepping by
    # what is left never overshoots into the enemy's base.
    for _ in range(12):
        step = left - within
        if step < 0.01:
            break
        spot = Point(x=spot.x + ux * step, y=spot.y + uy * step)
        left = gap_at(spot)
    return Point(x=round(spot.x, 2), y=round(spot.y, 2)), face


def move_allowance(unit: Unit) -> float:
    """Return how far a unit moves in one turn."""
    return catalogue.battle_rules().move[unit.kind]


def _shape(sc: Scenario, ref: ObjectiveRef) -> tuple[str, Sequence[Point]]:
    """Return an Objective's geometry: an explicit point wins over its feature's shape."""
    if ref.point is not None:
        return "point", [ref.point]
    feature = sc.feature(ref.feature or "")
    if feature is None:
        raise ValueError(f"objective {ref.ref} has no place on the table")
    return feature.shape, feature.corners()


def effective_point(sc: Scenario, ref: ObjectiveRef, at: Point) -> Point:
    """Return the point a unit standing at `at` heads for.

    An explicit point is itself; a line is its nearest point to the unit; an area is its centre.
    """
    shape, pts = _shape(sc, ref)
    return _effective(shape, pts, at)


def _effective(shape: str, pts: Sequence[Point], at: Point) -> Point:
    if shape == "line":
        return nearest_on_line(at, pts)
    if shape == "area":
        return centre(pts)
    return pts[0]


def objective_distance(sc: Scenario, ref: ObjectiveRef, at: Point) -> float:
    """Return how far a unit at `at` is from the point it heads for."""
    return distance(at, effective_point(sc, ref, at))


def objective_gap(sc: Scenario, ref: ObjectiveRef, unit: Unit) -> float:
    """Return how far a unit's base edge is from the Objective itself (its line, area or point)."""
    return gap_at(sc, ref, unit.kind, unit.position, unit.facing, unit.block)


def gap_at(sc: Scenario, ref: ObjectiveRef, kind: UnitKind, position: Point, facing: float,
           block: Block | None) -> float:
    """objective_gap of a unit given by its kind and where it stands."""
    return _objective_gap(_Goal.of(sc, ref), kind, position.x, position.y, facing,
                          None if block is None else block.frontage,
                          None if block is None else block.depth)


def objective_key(sc: Scenario, ref: ObjectiveRef) -> _Goal:
    """Return an Objective as plain values, for objective_gap_by_value."""
    return _Goal.of(sc, ref)


def objective_gap_by_value(goal: _Goal, kind: UnitKind, x: float, y: float, facing: float,
                           frontage: float | None, depth: float | None) -> float:
    """gap_at of a unit given by plain numbers (its block's frontage and depth, or None)."""
    return _objective_gap(goal, kind, x, y, facing, frontage, depth)


class _Goal(NamedTuple):
    """An Objective on a scenario's table as a cache key: the scenario (by identity) and
    what of the plan's reference places it, as plain values (hashing the models costs more
    than the lookups save)."""

    same: Same
    ref: str
    feature: str | None
    x: float | None
    y: float | None
    approach: str

    @classmethod
    def of(cls, sc: Scenario, ref: ObjectiveRef) -> _Goal:
        point = ref.point
        if point is None:
            return cls(Same(sc), ref.ref, ref.feature, None, None, ref.approach)
        return cls(Same(sc), ref.ref, ref.feature, point.x, point.y, ref.approach)

    def shape(self) -> tuple[str, Sequence[Point]]:
        """_shape of the reference this key was made from."""
        if self.x is not None and self.y is not None:
            return "point", [Point(x=self.x, y=self.y)]
        feature = self.same.scenario.feature(self.feature or "")
        if feature is None:
            raise ValueError(f"objective {self.ref} has no place on the table")
        return feature.shape, feature.corners()


class Same:
    """A scenario as a cache key: equal only to itself (it is held while cached, so its id
    is never reused meanwhile)."""

    __slots__ = ("scenario",)

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario

    def __hash__(self) -> int:
        return id(self.scenario)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.scenario is self.scenario


@lru_cache(maxsize=8192)
def _objective_gap(goal: _Goal, kind: UnitKind, x: float, y: float, facing: float,
                   frontage: float | None, depth: float | None) -> float:
    """objective_gap by value (a turn's rules, buttons and picture ask it of the same units
    tens of thousands of times; the answer depends only on these)."""
    shape, pts = goal.shape()
    if frontage is not None and depth is not None:
        corners = list(_block_corners(x, y, frontage, depth, facing))
        return shape_gap(corners, pts, b_closed=shape == "area")
    position = Point(x=x, y=y)
    if shape == "line":
        far = distance_to_line(position, pts)
    elif shape == "area":
        far = distance_to_area(position, pts)
    else:
        far = distance(position, pts[0])
    return max(0.0, far - catalogue.battle_rules().radius[kind])


def at_objective(sc: Scenario, ref: ObjectiveRef, unit: Unit) -> bool:
    """Say whether a unit has achieved an Objective by its approach (contact, enter, stand over)."""
    return _at(_Goal.of(sc, ref), unit)


def _at(goal: _Goal, unit: Unit) -> bool:
    """at_objective of an Objective already made a key (asked of many units in a row)."""
    position, block = unit.position, unit.block
    return _at_objective(goal, unit.kind, position.x, position.y, unit.facing,
                         None if block is None else block.frontage,
                         None if block is None else block.depth)


@lru_cache(maxsize=8192)
def _at_objective(goal: _Goal, kind: UnitKind, x: float, y: float, facing: float,
                  frontage: float | None, depth: float | None) -> bool:
    """at_objective by value (every unit is asked of every Objective, many times a turn)."""
    contact = catalogue.battle_rules().contact
    shape, pts = goal.shape()
    position = Point(x=x, y=y)
    if goal.approach == "enter" and shape == "area":
        return inside(position, pts)
    if goal.approach == "contact":
        return _objective_gap(goal, kind, x, y, facing, frontage, depth) <= contact + 1e-9
    point = _effective(shape, pts, position)
    if frontage is not None and depth is not None:
        block = list(_block_corners(x, y, frontage, depth, facing))
        return shape_gap(block, [point]) <= contact + 1e-9
    return distance(position, point) - catalogue.battle_rules().radius[kind] <= contact + 1e-9


def occupants(
    state: FantasyWarriorsState, sc: Scenario, ref: ObjectiveRef, side: str
) -> list[Unit]:
    """Return a side's units that stand at an Objective (whatever their own orders)."""
    goal = _Goal.of(sc, ref)
    return [u for u in in_play(state) if u.side == side and _at(goal, u)]


def _commands_with(state: FantasyWarriorsState, side: str, key: str, objective: bool) -> set[str]:
    out = set()
    for command in state.commands.values():
        orders = command.orders
        if command.side != side or orders is None:
            continue
        goal = orders.objective if objective else orders.target
        if goal is not None and goal.key == key:
            out.add(command.id)
    return out


def reached_objective(
    state: FantasyWarriorsState, sc: Scenario, ref: ObjectiveRef, side: str
) -> set[str]:
    """Return the units of a side that have achieved an Objective.

    Units at it have. Once it holds as many friendly units as it can, a unit sent there also
    counts as there within 3 inches of it, or within 3 inches of a friend already counted.
    """
    reach = catalogue.battle_rules().reach
    reached = {u.id for u in occupants(state, sc, ref, side)}
    if len(reached) < ref.capacity:
        return reached
    commands = _commands_with(state, side, ref.key, objective=True)
    seekers = [u for u in in_play(state) if u.command in commands and u.id not in reached]
    grew = True
    while grew:
        grew = False
        for u in seekers:
            if u.id in reached:
                continue
            near = objective_gap(sc, ref, u) <= reach + 1e-9 or any(
                unit_gap(u, state.units[r]) <= reach + 1e-9 for r in reached
            )
            if near:
                reached.add(u.id)
                grew = True
    return reached


# --- targets ---------------------------------------------------------------------------------


def matches(target: TargetRef, unit: Unit) -> bool:
    """Say whether a unit fits a Target's description."""
    if unit.side != target.side or not unit.in_play:
        return False
    if target.kind in ("unit", "personality"):
        return unit.id == target.ref
    if target.kind == "command":
        return unit.command == target.ref
    return unit.troop_type == target.ref


def eligible_targets(state: FantasyWarriorsState, command: Command) -> list[Unit]:
    """Return the units still on the battlefield that fit a command's Target (never its own)."""
    target = command.orders.target if command.orders else None
    if target is None:
        return []
    return [u for u in in_play(state) if u.command != command.id and matches(target, u)]


def target_options(state: FantasyWarriorsState, unit: Unit, command: Command) -> list[Unit]:
    """Return the Targets a unit may make for: the nearest visible one, and, when that is an
    engaged enemy, also the nearest unengaged one."""
    target = command.orders.target if command.orders else None
    if target is None:
        return []
    seen = [t for t in eligible_targets(state, command) if t.visible]
    seen.sort(key=lambda t: (unit_gap(unit, t), unit_number(t.id)))
    if not seen:
        return []
    nearest = seen[0]
    if target.side != unit.side and nearest.engaged:
        free = [t for t in seen if not t.engaged]
        if free:
            return [nearest, free[0]]
    return [nearest]


def reached_friendly_target(state: FantasyWarriorsState, target: TargetRef, side: str) -> set[str]:
    """Return the units sent to reinforce a friendly Target that have arrived: within 3 inches
    of a unit fitting it, or within 3 inches of a friend already counted."""
    reach = catalogue.battle_rules().reach
    commands = _commands_with(state, side, target.key, objective=False)
    alive = in_play(state)
    goals = [u for u in alive if matches(target, u)]
    seekers = [u for u in alive if u.command in commands]
    reached: set[str] = set()
    grew = True
    while grew:
        grew = False
        for u in seekers:
            if u.id in reached:
                continue
            near = any(
                t.command != u.command and unit_gap(u, t) <= reach + 1e-9 for t in goals
            ) or any(unit_gap(u, state.units[r]) <= reach + 1e-9 for r in reached)
            if near:
                reached.add(u.id)
                grew = True
    return reached


def contacted_target(state: FantasyWarriorsState, unit: Unit, target: TargetRef) -> bool:
    """Say whether a unit is in contact with an enemy unit fitting its Target."""
    return any(matches(target, state.units[p]) for p in partners(state, unit.id))


def reached_units(state: FantasyWarriorsState, sc: Scenario, command: Command) -> set[str]:
    """Return a command's units that have achieved its Objective or reached its Target."""
    orders = command.orders
    if orders is None or combination_of(orders.order) is None:
        return set()
    units = [u for u in units_of(state, command)]
    if orders.objective is not None:
        return reached_objective(state, sc, orders.objective, command.side) & {
            u.id for u in units}
    target = orders.target
    if target is None:
        return set()
    if target.side == command.side:
        return reached_friendly_target(state, target, command.side) & {u.id for u in units}
    return {u.id for u in units if contacted_target(state, u, target)}


def unit_reached(state: FantasyWarriorsState, sc: Scenario, unit: Unit) -> bool:
    """Say whether a unit has achieved its command's Objective or reached its Target."""
    return unit.id in reached_units(state, sc, state.commands[unit.command])


def goal_points(state: FantasyWarriorsState, sc: Scenario, unit: Unit) -> list[Point]:
    """Return where a unit pursuing a combination order is heading (several if it may choose)."""
    command = state.commands[unit.command]
    orders = command.orders
    if seeking(orders) is None or orders is None:
        return []
    if orders.objective is not None:
        return [effective_point(sc, orders.objective, unit.position)]
    return [t.position for t in target_options(state, unit, command)]


def enemies_between(
    state: FantasyWarriorsState, unit: Unit, goal: Point, ignore: frozenset[str] = frozenset()
) -> list[Unit]:
    """Return the unengaged enemy units whose bases lie across a unit's straight path to a goal.

    A round base sweeps a lane as wide as itself along the line from its centre; a block sweeps
    the ground its whole footprint crosses going straight there, unturned.

    `ignore` leaves out units that are the goal themselves (a Target is not in its own way).
    """
    block = footprint(unit)
    swept = None if block is None else lane(
        block, (goal.x - unit.position.x, goal.y - unit.position.y))
    out = []
    for enemy in in_play(state):
        if enemy.side == unit.side or enemy.engaged or enemy.id in ignore:
            continue
        if swept is not None:
            if _ahead(unit.position, goal, enemy.position) and _touches(enemy, swept):
                out.append(enemy)
        elif across(enemy.position, unit.position, goal, radius(enemy) + radius(unit)):
            out.append(enemy)
    return out


def friends_between(state: FantasyWarriorsState, unit: Unit, goal: Point) -> list[Unit]:
    """Return the friendly blocks across the ground a block would sweep going to a goal."""
    block = footprint(unit)
    if block is None:
        return []
    swept = lane(block, (goal.x - unit.position.x, goal.y - unit.position.y))
    return [f for f in in_play(state, unit.side)
            if f.id != unit.id and _ahead(unit.position, goal, f.position)
            and _touches(f, swept)]


def _touches(unit: Unit, ground: list[Point]) -> bool:
    """Say whether a unit's block (or, round, its centre) touches a piece of ground.

    Shapes whose bounding boxes lie more than a millionth of an inch apart are not
    measured: shape_gap could not come to 0 for them (every point of one is that far from
    every point of the other, far beyond its rounding).
    """
    there = footprint_box(unit)
    if there is None:
        there = (unit.position.x, unit.position.y, unit.position.x, unit.position.y)
    if boxes_apart(there, box(ground), 1e-6):
        return False
    return shape_gap(footprint(unit) or [unit.position], ground) == 0.0


def _ahead(start: Point, goal: Point, p: Point) -> bool:
    """Say whether p lies ahead of start on the way to goal (not behind it)."""
    return (p.x - start.x) * (goal.x - start.x) + (p.y - start.y) * (goal.y - start.y) > 0


def within_short_range(unit: Unit, other: Unit) -> bool:
    """Say whether another unit is within the short range of a missile unit's weapons."""
    return unit.kind == "missile" and unit_gap(unit, other) <= unit.short_range + 1e-9


def objective_name(scenario: str, objective_id: str) -> Term:
    """Return a scenario Objective's name as a catalogue term."""
    return term("objective", f"{scenario}-{objective_id}")


def feature_name(scenario: str, feature: Feature) -> Term:
    """Return a feature's name as a catalogue term."""
    return term("feature", f"{scenario}-{feature.id}")


def named(ident: str, name: str) -> Msg:
    """Return a unit or command as players know it: its id and its scenario name."""
    return msg("named", id=ident, name=name)


def describe_place(sc: Scenario, ref: ObjectiveRef) -> Msg:
    """Return an Objective as a plan names it: "O2 Top of Raven Hill", "Raven Hill", a point."""
    if sc.objective(ref.ref) is not None:
        return msg("place-objective", objective=ref.ref, name=objective_name(sc.id, ref.ref))
    feature = sc.feature(ref.feature or "")
    if feature is not None:
        return msg("place-feature", feature=feature_name(sc.id, feature))
    assert ref.point is not None  # neither a scenario Objective nor a feature: a point
    return msg("place-point", x=ref.point.x, y=ref.point.y)


def describe_target(state: FantasyWarriorsState, side: str, target: TargetRef) -> Msg:
    """Return a Target as a plan names it: "S3 Orc Archers", "C6 Wolf Pack", "enemy archers"."""
    if target.kind in ("unit", "personality"):
        return named(target.ref, state.units[target.ref].name)
    if target.kind == "command":
        return named(target.ref, state.commands[target.ref].name)
    whose = "friendly" if target.side == side else "enemy"
    return msg("target-troops", troops=term("troop", target.ref), side=whose)


def describe_goal(state: FantasyWarriorsState, side: str, orders: Orders) -> Msg | None:
    """Return the goal written on a battle plan (None for a basic order).

    An Objective is its place and how it is achieved ("O2 Top of Raven Hill (stand over)"); a
    Target is the troops it names.
    """
    if orders.objective is not None:
        sc = catalogue.scenarios()[state.scenario]
        return msg("goal-objective", place=describe_place(sc, orders.objective),
                   approach=term("approach", orders.objective.approach))
    if orders.target is not None:
        return describe_target(state, side, orders.target)
    return None
