"""What Fantasy Warriors players ask the bot to do (actions) and what it reports back (events).

Both are discriminated unions on `type`. Actions accept the loose text a command option carries
("take and hold", "Storm", "n3", "stand over", '12"') and store it normalised, so a stored action
always reads back the same way.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Field, TypeAdapter

from rules.core.model import Action, Event
from rules.core.text import Msg, Named
from rules.fantasy_warriors.catalogue import normalise_order, order_aliases
from rules.fantasy_warriors.state import (
    Approach,
    OrderId,
    Seat,
    Stage,
    UnitStatus,
)

# Compiled once: every action built (each button offered too) reads its unit through them.
_UNIT_ID = re.compile(r"[A-Za-z]\d+")
_INCHES = re.compile(r'\s*(inches|inch|in|")$')


def _unit_ref(value: Any) -> Any:
    """Read a unit reference: an id such as "n3" becomes "N3"; anything else is a name."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    return text.upper() if _UNIT_ID.fullmatch(text) else text


def _order(value: Any) -> Any:
    """Read "Take and Hold", "STORM", "break out" or "intercept/reinforce" as an order id."""
    if not isinstance(value, str):
        return value
    return order_aliases().get(normalise_order(value), value.strip().lower())


def _lower(value: Any) -> Any:
    if isinstance(value, str):
        return "-".join(value.strip().lower().replace("_", " ").split())
    return value


def _inches(value: Any) -> Any:
    """Read '12"', "12in" or "12 inches" as 12."""
    if isinstance(value, str):
        return _INCHES.sub("", value.strip().lower())
    return value


_COMPASS = {"n": 0, "north": 0, "ne": 45, "northeast": 45, "e": 90, "east": 90,
            "se": 135, "southeast": 135, "s": 180, "south": 180, "sw": 225, "southwest": 225,
            "w": 270, "west": 270, "nw": 315, "northwest": 315}


def _facing(value: Any) -> Any:
    """Read a facing: a compass bearing in degrees ("90", "90°", 450 is 90) or a compass point
    ("north", "SE")."""
    if isinstance(value, str):
        text = value.strip().lower().replace("-", "").replace(" ", "").rstrip("°")
        if text in _COMPASS:
            return float(_COMPASS[text])
        try:
            value = float(text)
        except ValueError:
            return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return round(float(value) % 360, 1) % 360
    return value


def _text(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


UnitRef = Annotated[str, BeforeValidator(_unit_ref), Field(min_length=1, max_length=60)]
CommandRef = Annotated[str, BeforeValidator(_unit_ref), Field(min_length=1, max_length=60)]
OrderName = Annotated[OrderId, BeforeValidator(_order)]
ApproachName = Annotated[Approach, BeforeValidator(_lower)]
Inches = Annotated[float, BeforeValidator(_inches), Field(ge=-1000, le=1000)]
GoalText = Annotated[str, BeforeValidator(_text), Field(min_length=1, max_length=60)]
Facing = Annotated[float, BeforeValidator(_facing), Field(ge=0, lt=360)]
TargetSide = Annotated[Literal["enemy", "friendly"], BeforeValidator(_lower)]


# --- actions ------------------------------------------------------------------------------


class IssueOrders(Action):
    """Write a command's orders on the battle plan, with its Objective or Target.

    `objective` is a scenario Objective ("O2"), a feature ("old-stockade") or a point ("40,12");
    `target` a unit ("S3"), a personality, a command ("C5") or a troop type ("archers").
    In battle, orders change only after a passed Battle Leader Test (`passed_test`).
    """

    type: Literal["order"] = "order"
    command: CommandRef
    order: OrderName
    objective: GoalText | None = None
    target: GoalText | None = None
    # Whose troops a troop-type Target means (enemy unless said otherwise).
    target_side: TargetSide | None = None
    approach: ApproachName | None = None
    passed_test: bool = False


class Ready(Action):
    """Seal the sender's battle plan; the battle begins once both plans are sealed."""

    type: Literal["ready"] = "ready"


class Move(Action):
    """Report where a unit now stands.

    `make_room`: a TAKE AND HOLD unit at its Objective shifts for later arrivals.
    `forced`: a move the unit's orders do not govern (a combat result, a rout, a detour both
    players agree the ground forces).
    `facing`: the way the unit's front now looks (a compass bearing); unchanged when omitted.
    """

    type: Literal["move"] = "move"
    unit: UnitRef
    x: Inches
    y: Inches
    make_room: bool = False
    forced: bool = False
    facing: Facing | None = None


class Contact(Action):
    """Report that a unit has moved into contact with an enemy unit."""

    type: Literal["contact"] = "contact"
    unit: UnitRef
    enemy: UnitRef


class Engaged(Action):
    """Report that a unit is engaged in combat (e.g. drawn into a melee)."""

    type: Literal["engaged"] = "engaged"
    unit: UnitRef


class Disengaged(Action):
    """Report that a unit's combat is over."""

    type: Literal["disengaged"] = "disengaged"
    unit: UnitRef


class Destroyed(Action):
    """Report that a unit has been destroyed."""

    type: Literal["destroyed"] = "destroyed"
    unit: UnitRef


class LeftBattlefield(Action):
    """Report that a unit has left the battlefield."""

    type: Literal["left"] = "left"
    unit: UnitRef


class Sight(Action):
    """Report whether the enemy can see a unit (the bot measures no line of sight)."""

    type: Literal["sight"] = "sight"
    unit: UnitRef
    visible: bool


class Combat(Action):
    """Ask for a unit's Combat Test modifier and To Hit dice; `roll` rolls those dice."""

    type: Literal["combat"] = "combat"
    unit: UnitRef
    dice: int = Field(default=10, ge=1, le=200)
    roll: bool = False


class EndTurn(Action):
    """Finish the sender's part of the turn."""

    type: Literal["end_turn"] = "end_turn"


class Concede(Action):
    """Concede the battle."""

    type: Literal["concede"] = "concede"


class Adjust(Action):
    """A referee's correction of a unit (position, facing, status, engaged, visible) or of a
    command's orders (order with its goal, and the stage reached)."""

    type: Literal["adjust"] = "adjust"
    unit: UnitRef | None = None
    x: Inches | None = None
    y: Inches | None = None
    facing: Facing | None = None
    status: Annotated[UnitStatus, BeforeValidator(_lower)] | None = None
    engaged: bool | None = None
    visible: bool | None = None
    command: CommandRef | None = None
    order: OrderName | None = None
    objective: GoalText | None = None
    target: GoalText | None = None
    target_side: TargetSide | None = None
    approach: ApproachName | None = None
    stage: Annotated[Stage, BeforeValidator(_lower)] | None = None


FwAction = Annotated[
    IssueOrders
    | Ready
    | Move
    | Contact
    | Engaged
    | Disengaged
    | Destroyed
    | LeftBattlefield
    | Sight
    | Combat
    | EndTurn
    | Concede
    | Adjust,
    Field(discriminator="type"),
]
ACTIONS: TypeAdapter[FwAction] = TypeAdapter(FwAction)

# Reports about one unit: about an enemy unit they are claims its side must agree to.
UnitReport = Destroyed | LeftBattlefield | Engaged | Disengaged | Sight

# Other spellings of action types that players type.
TYPE_ALIASES = {
    "orders": "order",
    "issue_orders": "order",
    "start_battle": "ready",
    "seal": "ready",
    "plan_done": "ready",
    "charge": "contact",
    "engage": "engaged",
    "disengage": "disengaged",
    "destroy": "destroyed",
    "leave": "left",
    "left_battlefield": "left",
    "visible": "sight",
    "next": "end_turn",
    "end": "end_turn",
    # The command players type is /fw endturn.
    "endturn": "end_turn",
}


# --- events -------------------------------------------------------------------------------
#
# Events are data: ids, numbers, terms (fields typed `Named`) and messages. Each one is worded
# by the catalogue message `event-<type>` (data/locales/*/fantasy_warriors.ftl). Unit and
# command `name`s are the scenario's proper names, shown as they are in every language.

SeatName = Annotated[Seat, Named("seat")]
OrderTerm = Annotated[str, Named("order")]
FlagName = Annotated[str, Named("flag")]
AdjustedField = Literal["position", "facing", "status", "engaged", "visible", "orders", "stage"]
SwitchReason = Literal["objective", "target", "targets-gone"]
# How a battle ended: what Outcome.reason says in full.
EndReason = Literal["conceded", "wiped-out", "objectives", "losses", "draw"]


class OrdersWritten(Event):
    """A command's orders went on a sealed battle plan (what they are stays hidden)."""

    type: Literal["OrdersWritten"] = "OrdersWritten"
    side: SeatName
    command: str
    name: str


class PlanSealed(Event):
    """A side sealed its battle plan."""

    type: Literal["PlanSealed"] = "PlanSealed"
    side: SeatName


class BattleStarted(Event):
    """Both plans are sealed: the battle begins."""

    type: Literal["BattleStarted"] = "BattleStarted"
    first: SeatName
    turns: int


class OrdersRevealed(Event):
    """A command's orders, read out when the battle begins or when they are changed.

    `order` is the name the orders go by, `goal` the Objective or Target written with them.
    """

    type: Literal["OrdersRevealed"] = "OrdersRevealed"
    side: SeatName
    command: str
    name: str
    order: OrderTerm
    flags: tuple[FlagName, ...]
    goal: Msg | None = None
    changed: bool = False


class OrdersSwitched(Event):
    """A combination order gave way to its second order, or its fallback; no test is needed."""

    type: Literal["OrdersSwitched"] = "OrdersSwitched"
    side: SeatName
    command: str
    name: str
    order: OrderTerm
    now: OrderTerm
    reason: SwitchReason


class GoalReached(Event):
    """A unit achieved its command's Objective or reached its Target."""

    type: Literal["GoalReached"] = "GoalReached"
    unit: str
    name: str
    goal: Msg


class UnitMoved(Event):
    """A unit now stands elsewhere (forced: not by its orders; make_room: shifting aside)."""

    type: Literal["UnitMoved"] = "UnitMoved"
    unit: str
    name: str
    x: float
    y: float
    forced: bool = False
    make_room: bool = False
    facing: float | None = None


class UnitsInContact(Event):
    """A unit moved into base contact with an enemy unit."""

    type: Literal["UnitsInContact"] = "UnitsInContact"
    unit: str
    name: str
    enemy: str
    enemy_name: str


class EngagementChanged(Event):
    """A unit is now engaged in combat, or out of it."""

    type: Literal["EngagementChanged"] = "EngagementChanged"
    unit: str
    name: str
    engaged: bool


class UnitGone(Event):
    """A unit was destroyed or left the battlefield."""

    type: Literal["UnitGone"] = "UnitGone"
    unit: str
    name: str
    side: SeatName
    status: Literal["destroyed", "left"]


class SightChanged(Event):
    """A unit can now be seen by the enemy, or not."""

    type: Literal["SightChanged"] = "SightChanged"
    unit: str
    name: str
    visible: bool


class CombatOrders(Event):
    """What a unit's orders mean in combat: the Combat Test modifier and the To Hit dice.

    `order` is the name its orders go by, `governing` the basic order that governs them now.
    """

    type: Literal["CombatOrders"] = "CombatOrders"
    unit: str
    name: str
    order: OrderTerm
    governing: OrderTerm
    modifier: int
    dice: int
    to_hit_dice: int


class ToHitRolled(Event):
    """A unit's To Hit dice, rolled from the game's seed."""

    irreversible: ClassVar[bool] = True
    type: Literal["ToHitRolled"] = "ToHitRolled"
    unit: str
    name: str
    rolls: tuple[int, ...]


class TurnBegan(Event):
    """A side's turn begins."""

    type: Literal["TurnBegan"] = "TurnBegan"
    turn: int
    side: SeatName


class Adjusted(Event):
    """A referee corrected a unit (`unit`) or a command's orders (`command`); `name` is its name."""

    type: Literal["Adjusted"] = "Adjusted"
    unit: str | None = None
    command: str | None = None
    name: str
    fields: tuple[Annotated[AdjustedField, Named("adjusted")], ...]


class Conceded(Event):
    """A side conceded the battle."""

    type: Literal["Conceded"] = "Conceded"
    side: SeatName


class BattleResumed(Event):
    """A referee's correction put units back on an emptied field: the battle goes on."""

    type: Literal["BattleResumed"] = "BattleResumed"
    turn: int
    active: SeatName


class BattleEnded(Event):
    """The battle is over: who won (None: a draw), how (`by`, worded in full by `reason`)."""

    type: Literal["BattleEnded"] = "BattleEnded"
    winner: Annotated[Seat, Named("seat")] | None
    north_objectives: int
    south_objectives: int
    by: EndReason
    reason: Msg


FwEvent = Annotated[
    OrdersWritten
    | BattleResumed
    | PlanSealed
    | BattleStarted
    | OrdersRevealed
    | OrdersSwitched
    | GoalReached
    | UnitMoved
    | UnitsInContact
    | EngagementChanged
    | UnitGone
    | SightChanged
    | CombatOrders
    | ToHitRolled
    | TurnBegan
    | Adjusted
    | Conceded
    | BattleEnded,
    Field(discriminator="type"),
]
EVENTS: TypeAdapter[FwEvent] = TypeAdapter(FwEvent)
