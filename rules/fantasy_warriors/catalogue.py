"""Static Fantasy Warriors definitions read from data/fantasy_warriors: orders, terrain, scenarios.

A scenario is a TOML file in data/fantasy_warriors/scenarios/: the table size, the number of
turns, each side's name and colour, `[[feature]]` tables (a point, a line or an area of points
in inches), `[[objective]]` tables (a feature, an explicit point, or both) and `[[command]]`
tables, each with its units (id, name, kind, troop type, position, and optionally a short range
for missile units and `personality = true` for a hero).
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field, model_validator

from rules.core.data import read_folder, read_model, read_records
from rules.core.inches import Point, Table
from rules.core.model import Frozen
from rules.fantasy_warriors.state import (
    Approach,
    BasicOrderId,
    CombinationId,
    OrderId,
    Seat,
    Shape,
    UnitKind,
)


class BasicOrder(Frozen):
    """ATTACK, HOLD or OPPOSE: what a unit governed by it may do, and its combat effects.

    Its name and summary are the catalogue's term `order-<id>`.
    """

    id: BasicOrderId
    # The colour of its flag (a `flag-<colour>` term).
    flag: str
    combat_test_modifier: int
    # One extra To Hit die for every this many dice rolled (0: none).
    extra_die_per: int = Field(ge=0)
    may_engage: bool
    may_move: bool


class CombinationOrder(Frozen):
    """A pair of basic orders: the first governs until the goal is reached, then the second."""

    id: CombinationId
    # The name it goes by (an `order-<name>` term): against the enemy, or for any Objective.
    name: str
    # The name it goes by when the Target is friendly (REINFORCE, BREAKOUT); empty if none.
    friendly_name: str = ""
    first: BasicOrderId
    second: BasicOrderId
    fallback: BasicOrderId | None = None
    needs: Literal["objective", "target"]
    switch: Literal["all", "any"]
    flags: tuple[str, str]
    keeps_ground: bool
    make_room: bool
    contact_only_target: bool
    when_blocked: Literal["may-wait", "around-or-engage"]
    missile_wait: Literal["none", "between-in-range", "target-or-between-in-range"]
    aliases: tuple[str, ...] = ()


class TerrainKind(Frozen):
    """How Objectives on a kind of feature are achieved, and how many units it holds."""

    kind: str
    approach: Approach | Literal["ask"]
    capacity: int = Field(ge=1)


class FigureBase(Frozen):
    """The base one figure stands on: its width along the front and its depth, in inches."""

    width: float = Field(gt=0)
    depth: float = Field(gt=0)


class BattleRules(Frozen):
    """Measurements in inches: contact, the 3-inch reach, the tolerance, round bases (games
    begun under the first rules), figure bases and move allowances (games since)."""

    contact: float
    reach: float
    tolerance: float
    radius: dict[UnitKind, float]
    base: dict[UnitKind, FigureBase]
    # How far a unit of each kind moves in one turn.
    move: dict[UnitKind, float]
    # The share of its move a unit pursuing a goal must close on it each turn.
    press_share: float = Field(gt=0, le=1)
    # Ranks a unit forms when the scenario does not say (by kind).
    ranks: dict[UnitKind, int]


class Feature(Frozen):
    """A feature of the battlefield: a point, a line (river, road, wall) or an area.

    Its name is the catalogue's term `feature-<scenario>-<id>`. `label` is the English name a
    player may type for it (as an Objective); only a feature with a label is named on the board.
    """

    id: str
    kind: str
    shape: Shape
    label: str = ""
    points: tuple[tuple[float, float], ...] = Field(min_length=1)
    # How wide a line is drawn.
    width: float = Field(default=1.0, ge=0)
    approach: Approach | None = None
    capacity: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _enough_points(self) -> Feature:
        need = {"point": 1, "line": 2, "area": 3}[self.shape]
        if len(self.points) < need or (self.shape == "point" and len(self.points) != 1):
            raise ValueError(f"feature {self.id}: a {self.shape} needs {need} point(s)")
        return self

    def corners(self) -> tuple[Point, ...]:
        """Return the feature's points as table points."""
        return _corners(self.points)


@cache
def _corners(points: tuple[tuple[float, float], ...]) -> tuple[Point, ...]:
    return tuple(Point(x=x, y=y) for x, y in points)


class ScenarioObjective(Frozen):
    """A predefined Objective: a feature, an explicit point, or a point on a feature.

    Its name is the catalogue's term `objective-<scenario>-<id>`.
    """

    id: str
    feature: str | None = None
    x: float | None = None
    y: float | None = None
    approach: Approach | None = None
    capacity: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _somewhere(self) -> ScenarioObjective:
        if (self.x is None) != (self.y is None):
            raise ValueError(f"objective {self.id}: give both x and y, or neither")
        if self.feature is None and self.x is None:
            raise ValueError(f"objective {self.id}: name a feature or give a point")
        return self

    @property
    def point(self) -> Point | None:
        """Return the explicit point, if one was given."""
        if self.x is None or self.y is None:
            return None
        return Point(x=self.x, y=self.y)


class ScenarioUnit(Frozen):
    """One unit of a command as it deploys: where its middle stands, how many figures it has,
    in how many ranks, and which way it faces (a compass bearing; None: toward the enemy)."""

    id: str = Field(pattern=r"^[A-Z]\d+$")
    name: str
    kind: UnitKind
    troop_type: str
    personality: bool = False
    short_range: float = Field(default=0.0, ge=0)
    x: float
    y: float
    figures: int = Field(default=1, ge=1, le=200)
    ranks: int | None = Field(default=None, ge=1, le=50)
    facing: float | None = Field(default=None, ge=0, lt=360)


class ScenarioCommand(Frozen):
    """A command and its units."""

    id: str = Field(pattern=r"^C\d+$")
    side: Seat
    name: str
    units: tuple[ScenarioUnit, ...] = Field(alias="unit", min_length=1)


class SideSetup(Frozen):
    """One side of a scenario: its army's colour (its name is the term `army-<scenario>-<seat>`)
    and the corners of the zone it deploys in (a convex polygon; empty: the whole table)."""

    colour: str
    deployment: tuple[tuple[float, float], ...] = ()

    def zone(self) -> tuple[Point, ...]:
        """Return the deployment zone's corners as table points."""
        return _corners(self.deployment)


class Scenario(Frozen):
    """A battlefield: table, features, Objectives, the armies, how many turns, who goes first.

    Its title and summary are the catalogue's `scenario-<id>`.
    """

    id: str
    width: float = 72
    height: float = 48
    turns: int = Field(default=8, ge=1, le=30)
    first_turn: Seat = "north"
    sides: dict[Seat, SideSetup]
    features: tuple[Feature, ...] = Field(default=(), alias="feature")
    objectives: tuple[ScenarioObjective, ...] = Field(default=(), alias="objective")
    commands: tuple[ScenarioCommand, ...] = Field(alias="command", min_length=2)

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        table = Table(width=self.width, height=self.height)
        features = {f.id for f in self.features}
        if len(features) != len(self.features):
            raise ValueError(f"scenario {self.id}: two features share an id")
        for obj in self.objectives:
            if obj.feature is not None and obj.feature not in features:
                raise ValueError(f"objective {obj.id} names an unknown feature {obj.feature}")
        ids = [u.id for c in self.commands for u in c.units]
        if len(ids) != len(set(ids)):
            raise ValueError(f"scenario {self.id}: two units share an id")
        for command in self.commands:
            for unit in command.units:
                if not table.contains(Point(x=unit.x, y=unit.y)):
                    raise ValueError(f"unit {unit.id} starts off the table")
        return self

    def feature(self, feature_id: str) -> Feature | None:
        """Return a feature by id."""
        for f in self.features:
            if f.id == feature_id:
                return f
        return None

    def objective(self, objective_id: str) -> ScenarioObjective | None:
        """Return a predefined Objective by id."""
        for o in self.objectives:
            if o.id == objective_id:
                return o
        return None


@cache
def basic_orders() -> dict[BasicOrderId, BasicOrder]:
    """Return ATTACK, HOLD and OPPOSE by id."""
    return read_records(BasicOrder, "fantasy_warriors/orders.toml", "basic", key=lambda o: o.id)


@cache
def combinations() -> dict[CombinationId, CombinationOrder]:
    """Return the four combination orders by id."""
    return read_records(
        CombinationOrder, "fantasy_warriors/orders.toml", "combination", key=lambda o: o.id
    )


@cache
def order_aliases() -> dict[str, OrderId]:
    """Return every spelling players may type for an order, normalised, to its id."""
    out: dict[str, OrderId] = {}
    for basic in basic_orders().values():
        out[basic.id] = basic.id
    for combo in combinations().values():
        out[combo.id] = combo.id
        for alias in combo.aliases:
            out[normalise_order(alias)] = combo.id
    return out


def normalise_order(text: str) -> str:
    """Return an order name with case, spaces, slashes and '&' folded ("Take and Hold")."""
    folded = text.strip().lower().replace("&", " and ").replace("/", " ").replace("-", " ")
    return "-".join(folded.split())


@cache
def terrain() -> dict[str, TerrainKind]:
    """Return the kinds of feature by name."""
    return read_records(TerrainKind, "fantasy_warriors/terrain.toml", "kind", key=lambda k: k.kind)


@cache
def battle_rules() -> BattleRules:
    """Return the tracker's measurements."""
    return read_model(BattleRules, "fantasy_warriors/battle.toml")


@cache
def scenarios() -> dict[str, Scenario]:
    """Return the bundled scenarios by id, sorted."""
    return read_folder(Scenario, "fantasy_warriors/scenarios/*.toml", key=lambda s: s.id)
