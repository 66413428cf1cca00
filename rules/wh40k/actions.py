"""What 40k players ask the bot to do (actions) and what it reports back (events).

Both are discriminated unions on `type`. Actions accept the loose text a command option
carries ("u2", "6+", "Insane Bravery", "Infantry, Grenades", '12"') and store it normalised,
so a stored action always reads back the same way.

Events are data for the catalogues (event-<type> in data/locales/<language>/wh40k.ftl): names
the catalogue gives (seats, steps, Stratagems) are typed `Named`; unit names are the players'.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Field, TypeAdapter, model_validator

# pydantic's own error with a type of our choosing (worded as input-<type>), taken from the
# pydantic module that re-exports it: rules/ may not import pydantic_core by name.
from pydantic.types import PydanticCustomError  # type: ignore[attr-defined]

from rules.core.model import Action, Event, Frozen
from rules.core.text import Msg, Named, Term
from rules.wh40k.state import Listed, ModelProfile, Seat, Step

# Compiled once: every action built (each button offered too) reads its fields through them.
_UNIT_ID = re.compile(r"[uU]\d+")
_INCHES = re.compile(r'\s*(inches|inch|in|")$')
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def _unit_ref(value: Any) -> Any:
    """Read a unit reference: an id such as "u2" becomes "U2"; anything else is a name."""
    text = value.strip() if isinstance(value, str) else value
    return text.upper() if isinstance(text, str) and _UNIT_ID.fullmatch(text) else text


def _leadership(value: Any) -> Any:
    """Read "6+" (or 6) as the target number 6."""
    return value.strip().rstrip("+").strip() if isinstance(value, str) else value


def _keywords(value: Any) -> Any:
    """Read "Infantry, Grenades" or a list as upper-case keywords, without repeats."""
    if isinstance(value, str):
        value = value.split(",")
    if isinstance(value, (list, tuple)):
        out: list[str] = []
        for item in value:
            if not isinstance(item, str):
                return value  # let pydantic reject it
            word = " ".join(item.split()).upper()
            if word and word not in out:
                out.append(word)
        return tuple(out)
    return value


def _inches(value: Any) -> Any:
    """Read '12"', "12in" or "12 inches" as 12."""
    return _INCHES.sub("", value.strip().lower()) if isinstance(value, str) else value


def _slug(value: Any) -> Any:
    """Read "Insane Bravery" as "insane-bravery"."""
    return _NOT_SLUG.sub("-", value.strip().lower()).strip("-") if isinstance(value, str) else value


def _lower(value: Any) -> Any:
    return value.strip().lower().replace(" ", "-") if isinstance(value, str) else value


UnitRef = Annotated[str, BeforeValidator(_unit_ref), Field(min_length=1, max_length=80)]
Leadership = Annotated[int, BeforeValidator(_leadership), Field(ge=2, le=12)]
Keywords = Annotated[tuple[str, ...], BeforeValidator(_keywords), Field(max_length=30)]
Inches = Annotated[float, BeforeValidator(_inches), Field(ge=-1000, le=1000)]
SideName = Annotated[Seat, BeforeValidator(_lower)]
UnitName = Annotated[str, Field(min_length=1, max_length=60)]
FirstTurn = Annotated[Literal["attacker", "defender", "roll-off"], BeforeValidator(_lower)]
MissionId = Annotated[str, BeforeValidator(_slug), Field(min_length=1, max_length=40)]

# Names the catalogue gives, in event fields.
SeatName = Annotated[Seat, Named("seat")]
StepName = Annotated[Step, Named("step")]


# --- actions ------------------------------------------------------------------------------


class StartBattle(Action):
    """End setup and begin battle round 1; `first` overrides who takes the first turn, and
    `mission` and `deployment` the scenario's primary mission and map (ruleset 4)."""

    type: Literal["start_battle"] = "start_battle"
    first: FirstTurn | None = None
    mission: MissionId | None = None
    deployment: MissionId | None = None


class NextPhase(Action):
    """Finish the current step or phase and go on to the next."""

    type: Literal["next_phase"] = "next_phase"


class AddUnit(Action):
    """Enter a unit in the sender's army before the battle."""

    type: Literal["add_unit"] = "add_unit"
    name: UnitName
    models: int = Field(ge=1, le=100)
    wounds: int = Field(ge=1, le=100)
    leadership: Leadership
    oc: int = Field(ge=0, le=20)
    keywords: Keywords = ()
    reserves: bool = False
    x: Inches | None = None
    y: Inches | None = None


class EditUnit(Action):
    """Change a unit's profile before the battle; omitted fields stay as they are."""

    type: Literal["edit_unit"] = "edit_unit"
    unit: UnitRef
    name: UnitName | None = None
    models: int | None = Field(default=None, ge=1, le=100)
    wounds: int | None = Field(default=None, ge=1, le=100)
    leadership: Leadership | None = None
    oc: int | None = Field(default=None, ge=0, le=20)
    keywords: Keywords | None = None
    reserves: bool | None = None


class RemoveUnit(Action):
    """Take a unit out of the sender's army before the battle."""

    type: Literal["remove_unit"] = "remove_unit"
    unit: UnitRef


class RosterUnit(Frozen):
    """One unit of a roster, as read from a roster file."""

    name: str = Field(min_length=1, max_length=60)
    models: int = Field(ge=1, le=100)
    wounds: int = Field(ge=1, le=100)
    leadership: Leadership
    oc: int = Field(ge=0, le=20)
    keywords: Keywords = ()
    key: str = Field(default="", max_length=60)
    leads: str = Field(default="", max_length=60)
    # How many Leaders this unit may take at once (2 where its datasheet allows a second).
    leaders: int = Field(default=1, ge=1, le=2)
    reserves: bool = False
    x: Inches | None = None
    y: Inches | None = None
    # Models of different profiles (wh40k/mixed-profiles), in the order they are removed;
    # their counts add up to `models`. Empty: every model has `wounds` and `oc`.
    profiles: tuple[ModelProfile, ...] = Field(default=(), max_length=20)
    points: int | None = Field(default=None, ge=0, le=100_000)  # for the preview only,
    warlord: bool = False  # as whether it is the army's Warlord: the battle uses neither,
    listed: Listed = Listed()  # nor what else the list builder lists under it

    @model_validator(mode="after")
    def _profiles_add_up(self) -> RosterUnit:
        if self.profiles and sum(p.models for p in self.profiles) != self.models:
            raise PydanticCustomError(
                "roster-profiles-count", "roster-profiles-count",
                {"name": self.name, "models": self.models},
            )
        return self


def _keys_resolve(units: tuple[RosterUnit, ...]) -> None:
    """Refuse a roster whose `key`s repeat or whose `leads` name no unit's key."""
    keys = [u.key for u in units if u.key]
    for key in keys:
        if keys.count(key) > 1:
            raise PydanticCustomError("roster-duplicate-key", "roster-duplicate-key", {"key": key})
    for u in units:
        if u.leads and u.leads not in keys:
            raise PydanticCustomError(
                "roster-unknown-leads", "roster-unknown-leads", {"name": u.name, "leads": u.leads}
            )


class Roster(Frozen):
    """An army as read from a roster file (`unit` is the file's name for the list)."""

    name: str = Field(default="", max_length=100)
    units: tuple[RosterUnit, ...] = Field(alias="unit", min_length=1, max_length=60)
    points: int | None = Field(default=None, ge=0, le=1_000_000)  # the list's total

    @model_validator(mode="after")
    def _keys(self) -> Roster:
        _keys_resolve(self.units)
        return self


class LoadRoster(Action):
    """Replace the sender's army with a roster's units.

    The roster file is read before the action is built (the engine's `prepare` turns
    a `text` option into `name` and `units`), so the log stores the army itself and
    replaying a game never parses a file again.
    """

    type: Literal["roster"] = "roster"
    name: str = Field(default="", max_length=100)
    units: tuple[RosterUnit, ...] = Field(min_length=1, max_length=60)
    points: int | None = Field(default=None, ge=0, le=1_000_000)  # the list's total

    @model_validator(mode="after")
    def _keys(self) -> LoadRoster:
        _keys_resolve(self.units)
        return self


class Attach(Action):
    """Join a Leader to a Bodyguard unit before the battle."""

    type: Literal["attach"] = "attach"
    leader: UnitRef
    bodyguard: UnitRef


class Detach(Action):
    """Separate a Leader from its Bodyguard unit before the battle."""

    type: Literal["detach"] = "detach"
    leader: UnitRef


class Move(Action):
    """Report where a unit now stands (deploying, moving, arriving from Reserves)."""

    type: Literal["move"] = "move"
    unit: UnitRef
    x: Inches
    y: Inches


class FallBack(Action):
    """Fall Back with a unit; a Battle-shocked one rolls Desperate Escape for every model."""

    type: Literal["fall_back"] = "fall_back"
    unit: UnitRef
    x: Inches | None = None
    y: Inches | None = None
    # Which part of an attached unit loses models first to Desperate Escape.
    first: Annotated[Literal["bodyguard", "leader"], BeforeValidator(_lower)] = "bodyguard"


class Casualties(Action):
    """Report models destroyed and/or wounds lost by a unit."""

    type: Literal["casualties"] = "casualties"
    unit: UnitRef
    models: int = Field(default=0, ge=0, le=100)
    wounds: int = Field(default=0, ge=0, le=1000)


class Restore(Action):
    """Report models returned to a unit and/or wounds healed."""

    type: Literal["restore"] = "restore"
    unit: UnitRef
    models: int = Field(default=0, ge=0, le=100)
    wounds: int = Field(default=0, ge=0, le=1000)


class ShockTest(Action):
    """A Battle-shock test a rule demands, or one the battle-shock step names, taken now.

    In the command step it calls a unit to test in the coming battle-shock step for being
    below its Starting Strength; in any other step the bot rolls it at once. `reason` is
    the demanding rule in the player's words ("" when they name none).
    """

    type: Literal["shock_test"] = "shock_test"
    unit: UnitRef
    reason: str = Field(default="", max_length=100)


class UseStratagem(Action):
    """Spend CP on a Stratagem, naming the unit it affects."""

    type: Literal["stratagem"] = "stratagem"
    name: Annotated[str, BeforeValidator(_slug), Field(min_length=1, max_length=60)]
    unit: UnitRef | None = None


class GainCp(Action):
    """Gain CP from an ability or other rule (limited per battle round)."""

    type: Literal["gain_cp"] = "gain_cp"
    amount: int = Field(default=1, ge=1, le=5)
    # The rule that grants it, in the player's words ("" when they name none).
    source: str = Field(default="", max_length=100)


class AdjustShock(Action):
    """Set or clear Battle-shock on a unit outright (a referee's correction)."""

    type: Literal["adjust_shock"] = "adjust_shock"
    unit: UnitRef
    shocked: bool


class AdjustCp(Action):
    """Set a side's CP outright (a referee's correction)."""

    type: Literal["adjust_cp"] = "adjust_cp"
    side: SideName
    cp: int = Field(ge=0, le=99)


class AdjustScore(Action):
    """Add to a side's score for this battle round beyond the per-round limits (a referee's
    ruling on a report the scenario's scoring would not allow)."""

    type: Literal["adjust_score"] = "adjust_score"
    side: SideName
    primary: int = Field(default=0, ge=-50, le=50)
    secondary: int = Field(default=0, ge=-40, le=40)


class Score(Action):
    """Report victory points scored this battle round (negative numbers correct a mistake)."""

    type: Literal["score"] = "score"
    primary: int = Field(default=0, ge=-50, le=50)
    secondary: int = Field(default=0, ge=-40, le=40)


class Concede(Action):
    """Concede the battle."""

    type: Literal["concede"] = "concede"


WhAction = Annotated[
    StartBattle
    | NextPhase
    | AddUnit
    | EditUnit
    | RemoveUnit
    | LoadRoster
    | Attach
    | Detach
    | Move
    | FallBack
    | Casualties
    | Restore
    | ShockTest
    | UseStratagem
    | GainCp
    | AdjustCp
    | AdjustShock
    | AdjustScore
    | Score
    | Concede,
    Field(discriminator="type"),
]
ACTIONS: TypeAdapter[WhAction] = TypeAdapter(WhAction)

# Other spellings of action types that players type: older names, and the commands' names.
ALIASES = {
    "place": "move",
    "deploy": "move",
    "fallback": "fall_back",
    "next": "next_phase",
    "use_stratagem": "stratagem",
    "load_roster": "roster",
    "battle_shock_test": "shock_test",
    "start": "start_battle",
    "addunit": "add_unit",
    "editunit": "edit_unit",
    "removeunit": "remove_unit",
    "shocktest": "shock_test",
    "gaincp": "gain_cp",
    "adjustcp": "adjust_cp",
    "adjustshock": "adjust_shock",
    "adjustscore": "adjust_score",
}


# --- events -------------------------------------------------------------------------------

TestCause = Literal["below-half-strength", "below-starting-strength", "re-roll", "demanded"]
EditedField = Literal["name", "models", "wounds", "leadership", "oc", "keywords", "reserves"]


class RollOff(Event):
    """The bot rolled off for the first turn: each side's rolls in order, the last deciding."""

    irreversible: ClassVar[bool] = True
    type: Literal["RollOff"] = "RollOff"
    attacker: tuple[int, ...]
    defender: tuple[int, ...]
    winner: SeatName


class BattleStarted(Event):
    type: Literal["BattleStarted"] = "BattleStarted"
    first: SeatName


class PhaseBegan(Event):
    type: Literal["PhaseBegan"] = "PhaseBegan"
    round: int
    seat: SeatName
    step: StepName


class CommandPointsGained(Event):
    """CP gained: `source` is a term for the bot's own sources, or the player's own words."""

    type: Literal["CommandPointsGained"] = "CommandPointsGained"
    side: SeatName
    amount: int
    source: Term | str
    cp: int


class CommandPointsSet(Event):
    type: Literal["CommandPointsSet"] = "CommandPointsSet"
    side: SeatName
    cp: int


class BattleShockEnded(Event):
    type: Literal["BattleShockEnded"] = "BattleShockEnded"
    unit: str
    name: str


class BattleShockTestRequired(Event):
    """A unit called on to test in the coming battle-shock step; `reason` in the player's words."""

    type: Literal["BattleShockTestRequired"] = "BattleShockTestRequired"
    unit: str
    name: str
    reason: str | None = None


class BattleShockTestsDue(Event):
    """The battle-shock step opens: these units (head ids, names) must test; no die rolled yet."""

    type: Literal["BattleShockTestsDue"] = "BattleShockTestsDue"
    units: tuple[str, ...]
    names: tuple[str, ...]


class BattleShockTestRolled(Event):
    """A Battle-shock test the bot rolled; `units` lists every part of an attached unit."""

    irreversible: ClassVar[bool] = True
    type: Literal["BattleShockTestRolled"] = "BattleShockTestRolled"
    units: tuple[str, ...]
    name: str
    cause: Annotated[TestCause, Named("cause")]
    dice: tuple[int, int]
    total: int
    leadership: int
    passed: bool
    # For a demanded test: the demanding rule in the player's words.
    reason: str | None = None


class BattleShockTestOverturned(Event):
    """Insane Bravery turned a failed test into a pass (ruleset 1)."""

    type: Literal["BattleShockTestOverturned"] = "BattleShockTestOverturned"
    units: tuple[str, ...]
    name: str


class BattleShockTestAutoPassed(Event):
    """Insane Bravery, used before the dice: the unit passes its test without a roll."""

    type: Literal["BattleShockTestAutoPassed"] = "BattleShockTestAutoPassed"
    units: tuple[str, ...]
    name: str


class BattleShockSet(Event):
    """The referee set (or cleared) Battle-shock on every part of a unit."""

    type: Literal["BattleShockSet"] = "BattleShockSet"
    units: tuple[str, ...]
    name: str
    shocked: bool


class StratagemUsed(Event):
    type: Literal["StratagemUsed"] = "StratagemUsed"
    side: SeatName
    stratagem: Annotated[str, Named("stratagem")]
    unit: str | None = None
    cost: int
    cp: int


class FellBack(Event):
    type: Literal["FellBack"] = "FellBack"
    units: tuple[str, ...]
    name: str


class DesperateEscapeRolled(Event):
    """One die per model of a Battle-shocked unit Falling Back; each 1-2 lost a model."""

    irreversible: ClassVar[bool] = True
    type: Literal["DesperateEscapeRolled"] = "DesperateEscapeRolled"
    units: tuple[str, ...]
    name: str
    dice: tuple[int, ...]
    lost: int


class ModelsDestroyed(Event):
    type: Literal["ModelsDestroyed"] = "ModelsDestroyed"
    unit: str
    name: str
    models: int
    remaining: int


class WoundsLost(Event):
    type: Literal["WoundsLost"] = "WoundsLost"
    unit: str
    name: str
    wounds: int
    # Models the wounds destroyed.
    models: int
    remaining: int


class ModelsRestored(Event):
    type: Literal["ModelsRestored"] = "ModelsRestored"
    unit: str
    name: str
    models: int
    wounds: int
    remaining: int


class UnitDestroyed(Event):
    """A unit lost its last model; `attached_to` names the surviving part of an attached unit."""

    type: Literal["UnitDestroyed"] = "UnitDestroyed"
    unit: str
    name: str
    side: SeatName
    attached_to: str | None = None


class StartingStrengthChanged(Event):
    type: Literal["StartingStrengthChanged"] = "StartingStrengthChanged"
    unit: str
    name: str
    was: int
    now: int


class BelowHalfStrengthChanged(Event):
    type: Literal["BelowHalfStrengthChanged"] = "BelowHalfStrengthChanged"
    units: tuple[str, ...]
    name: str
    below: bool


class UnitMoved(Event):
    type: Literal["UnitMoved"] = "UnitMoved"
    units: tuple[str, ...]
    name: str
    x: float
    y: float
    arrived: bool = False


class ObjectiveControlChanged(Event):
    """A marker changed hands; `label` is the marker's name in the catalogue (objective-<label>)."""

    type: Literal["ObjectiveControlChanged"] = "ObjectiveControlChanged"
    objective: str
    label: Annotated[str, Named("objective")]
    holder: SeatName | None
    contested: bool
    was: SeatName | None
    attacker_oc: int
    defender_oc: int


class VictoryPointsScored(Event):
    type: Literal["VictoryPointsScored"] = "VictoryPointsScored"
    side: SeatName
    round: int
    primary: int
    secondary: int
    total: int


class UnitAdded(Event):
    type: Literal["UnitAdded"] = "UnitAdded"
    unit: str
    side: SeatName
    name: str
    models: int


class UnitEdited(Event):
    type: Literal["UnitEdited"] = "UnitEdited"
    unit: str
    name: str
    fields: tuple[Annotated[EditedField, Named("field")], ...]


class UnitRemoved(Event):
    type: Literal["UnitRemoved"] = "UnitRemoved"
    unit: str
    name: str


class RosterLoaded(Event):
    """A roster replaced an army; `name` is the roster's own name, None when it has none."""

    type: Literal["RosterLoaded"] = "RosterLoaded"
    side: SeatName
    name: str | None
    units: tuple[str, ...]


class UnitAttached(Event):
    type: Literal["UnitAttached"] = "UnitAttached"
    leader: str
    bodyguard: str
    name: str


class UnitDetached(Event):
    type: Literal["UnitDetached"] = "UnitDetached"
    leader: str
    bodyguard: str
    name: str


class Conceded(Event):
    type: Literal["Conceded"] = "Conceded"
    side: SeatName


class BattleEnded(Event):
    """The battle is over; `reason` is the outcome's own message."""

    type: Literal["BattleEnded"] = "BattleEnded"
    winner: SeatName | None
    attacker_vp: int
    defender_vp: int
    reason: Msg


WhEvent = Annotated[
    RollOff
    | BattleStarted
    | PhaseBegan
    | CommandPointsGained
    | CommandPointsSet
    | BattleShockEnded
    | BattleShockTestRequired
    | BattleShockTestsDue
    | BattleShockTestRolled
    | BattleShockTestOverturned
    | BattleShockTestAutoPassed
    | BattleShockSet
    | StratagemUsed
    | FellBack
    | DesperateEscapeRolled
    | ModelsDestroyed
    | WoundsLost
    | ModelsRestored
    | UnitDestroyed
    | StartingStrengthChanged
    | BelowHalfStrengthChanged
    | UnitMoved
    | ObjectiveControlChanged
    | VictoryPointsScored
    | UnitAdded
    | UnitEdited
    | UnitRemoved
    | RosterLoaded
    | UnitAttached
    | UnitDetached
    | Conceded
    | BattleEnded,
    Field(discriminator="type"),
]
EVENTS: TypeAdapter[WhEvent] = TypeAdapter(WhEvent)
