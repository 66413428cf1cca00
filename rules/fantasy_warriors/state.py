"""The state of a tracked Fantasy Warriors battle: commands, units, battle plans and turns.

The state is mutable on purpose: the skeleton copies it once per action and the handlers edit
the copy, so an input state is never changed. Only what players report (positions, contacts,
losses, sightings) and what the bot decides once (the stage a combination order has reached)
are stored; who has reached an Objective or a Target is always worked out again from them.
The state holds ids and numbers only: every name a player reads comes from the catalogues.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core.engine import GameState as CoreState
from rules.core.inches import Point
from rules.core.model import Frozen

Seat = Literal["north", "south"]
SEATS: tuple[Seat, Seat] = ("north", "south")

Step = Literal["plan", "battle", "over"]

BasicOrderId = Literal["attack", "hold", "oppose"]
CombinationId = Literal["take-and-hold", "storm", "intercept-reinforce", "destroy-breakout"]
OrderId = Literal[
    "attack", "hold", "oppose", "take-and-hold", "storm", "intercept-reinforce",
    "destroy-breakout",
]

# How a unit achieves an Objective: touch it, go inside it, or stand on it.
Approach = Literal["contact", "enter", "stand-over"]
APPROACHES: tuple[Approach, ...] = ("contact", "enter", "stand-over")
Shape = Literal["point", "line", "area"]
UnitKind = Literal["foot", "mounted", "missile"]
UnitStatus = Literal["in-play", "destroyed", "left"]
# "first": governed by the first half of a combination; "second": switched after reaching the
# goal; "fallback": every eligible Target is gone.
Stage = Literal["first", "second", "fallback"]
TargetKind = Literal["unit", "personality", "troop-type", "command"]


# The rules a game follows. 1: round bases, progress is any ground gained (games created before
# rules 2, which load without the field); 2: blocks of figures with a facing, progress measured
# against the move allowance, STORM and DESTROY may go around, deployment zones.
RULESET = 2


def other(seat: Seat) -> Seat:
    """Return the opposing seat."""
    return "south" if seat == "north" else "north"


def _without_label(data: Any) -> Any:
    """Drop the English `label` version 1 stored in a plan's goal (names come from catalogues)."""
    if isinstance(data, dict) and "label" in data:
        return {k: v for k, v in data.items() if k != "label"}
    return data


class Block(Frozen):
    """A unit's footprint as a block of figures: its frontage and depth in inches."""

    frontage: float = Field(gt=0)
    depth: float = Field(gt=0)


class Unit(BaseModel):
    """A unit on the table as the bot tracks it.

    `position` is the middle of its base. Under rules 2 the base is a `block` turned to
    `facing` (a compass bearing: 0 toward the north edge, 90 east); under rules 1 it is round.
    """

    model_config = ConfigDict(extra="forbid")

    id: str
    side: Seat
    command: str
    # The scenario's name for the unit (a proper name, shown as it is in every language).
    name: str
    kind: UnitKind
    troop_type: str
    personality: bool = False
    # Short range of a missile unit's weapons; 0 for others.
    short_range: float = Field(default=0.0, ge=0)
    position: Point
    status: UnitStatus = "in-play"
    engaged: bool = False
    # Whether the enemy can see the unit (reported by players; everything starts visible).
    visible: bool = True
    block: Block | None = None
    facing: float = 0.0

    @property
    def in_play(self) -> bool:
        """Say whether the unit is still on the battlefield."""
        return self.status == "in-play"


class ObjectiveRef(Frozen):
    """An Objective as written on a battle plan: a feature, an explicit point, or both."""

    # What the player named: a scenario objective id ("O2"), a feature id, or "x,y".
    ref: str
    feature: str | None = None
    point: Point | None = None
    approach: Approach
    # How many units fit before newcomers may stop within 3 inches instead.
    capacity: int = Field(ge=1)

    @model_validator(mode="before")
    @classmethod
    def _retire_label(cls, data: Any) -> Any:
        return _without_label(data)

    @property
    def key(self) -> str:
        """Return what makes two Objectives the same place."""
        where = f"{self.point.x:g},{self.point.y:g}" if self.point else ""
        return f"{self.feature or ''}@{where}"


class TargetRef(Frozen):
    """A Target as written on a battle plan: a unit, troop type, personality or command."""

    kind: TargetKind
    ref: str
    # The side whose troops match (the enemy's, or the command's own for reinforcement).
    side: Seat

    @model_validator(mode="before")
    @classmethod
    def _retire_label(cls, data: Any) -> Any:
        return _without_label(data)

    @property
    def key(self) -> str:
        """Return what makes two Targets the same."""
        return f"{self.kind}:{self.ref}:{self.side}"


class Orders(Frozen):
    """The orders a command follows, with the goal it was given and how far it has got."""

    order: OrderId
    objective: ObjectiveRef | None = None
    target: TargetRef | None = None
    stage: Stage = "first"


class Command(BaseModel):
    """A command: the units a warchief orders as one."""

    model_config = ConfigDict(extra="forbid")

    id: str
    side: Seat
    # The scenario's name for the command (a proper name, like a unit's).
    name: str
    units: list[str]
    orders: Orders | None = None


class FantasyWarriorsState(CoreState):
    """A whole battle: armies, battle plans, contacts, and whose turn it is."""

    step: Step = "plan"
    turn: int = 0
    first: Seat = "north"
    active: Seat = "north"
    # Seats whose battle plan is complete and sealed.
    ready: list[Seat] = []
    commands: dict[str, Command] = {}
    units: dict[str, Unit] = {}
    # Pairs of units in base contact, each pair sorted.
    contacts: list[tuple[str, str]] = []
    # Where the active side's units stood when its turn began.
    turn_start: dict[str, Point] = {}
    # Units engaged at some time during the current turn.
    fought: list[str] = []
    conceded: Seat | None = None
    # Which rules the game follows (see RULESET); states stored before rules 2 load as 1.
    ruleset: int = 1


@lru_cache(maxsize=4096)
def unit_number(unit_id: str) -> tuple[str, int]:
    """Return a sort key that puts N2 before N10 (kept: every listing of units sorts by it)."""
    return unit_id[:1], int(unit_id[1:]) if unit_id[1:].isdigit() else 0


def units_of(state: FantasyWarriorsState, command: Command) -> list[Unit]:
    """Return a command's units still on the battlefield."""
    return [state.units[u] for u in command.units if state.units[u].in_play]


def in_play(state: FantasyWarriorsState, side: Seat | None = None) -> list[Unit]:
    """Return the units on the battlefield, of one side or both, by id."""
    units = state.units
    ordered = map(units.__getitem__, _by_number(tuple(units)))
    if side is None:
        return [u for u in ordered if u.status == "in-play"]  # u.in_play, without a call
    return [u for u in ordered if u.status == "in-play" and u.side == side]


@lru_cache(maxsize=256)
def _by_number(ids: tuple[str, ...]) -> tuple[str, ...]:
    """Unit ids sorted by unit_number (stable, as sorting the units themselves was): a
    battle's ids never change, and every listing of units asks for this order."""
    return tuple(sorted(ids, key=unit_number))


def partners(state: FantasyWarriorsState, unit_id: str) -> list[str]:
    """Return the units in contact with a unit."""
    return sorted(
        (b if a == unit_id else a for a, b in state.contacts if unit_id in (a, b)),
        key=unit_number,
    )


def commands_in_order(state: FantasyWarriorsState) -> list[Command]:
    """Return the commands by id (C2 before C10)."""
    return sorted(state.commands.values(), key=lambda c: unit_number(c.id))
