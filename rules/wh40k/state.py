"""The state of a tracked 40k battle, and the facts that follow from it (strength, control).

The state is mutable on purpose: the skeleton copies it once per action and the handlers
edit the copy, so an input state is never changed. Units keep their own figures; whether a
unit is Below Half-strength, destroyed or part of an attached unit is worked out from them,
never stored twice.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.engine import GameState
from rules.core.inches import Point, within
from rules.core.model import Frozen

Seat = Literal["attacker", "defender"]
SEATS: tuple[Seat, Seat] = ("attacker", "defender")

Phase = Literal["command", "movement", "shooting", "charge", "fight"]
Step = Literal[
    "setup", "command", "battle-shock", "movement", "shooting", "charge", "fight", "over"
]
# The steps of one player's turn, in order; the Command phase is two steps.
TURN_STEPS: tuple[Step, ...] = (
    "command", "battle-shock", "movement", "shooting", "charge", "fight"
)
LAST_ROUND = 5
# The rules a battle is played by, kept in its state so a stored game goes on (and
# replays) by the rules it began under. 1: Battle-shock tests rolled as the step opens,
# Insane Bravery and Command Re-roll answering a failed test, Battle-shock cleared before
# the Command phase's CP. 2 (new games): the step names the tests before any dice, Insane
# Bravery is used before a test, Command Re-roll does not re-roll tests, CP come first.
# 3: one round's score stays within the scenario's scoring (wh40k/score-per-round).
# 4: the primary mission decides when and how much primary a player scores
# (wh40k/primary-<mission>); a mission and a deployment map may be chosen at the start.
RULESET = 4
OBJECTIVE_RANGE = 3.0
CHARACTER = "CHARACTER"


def other(seat: Seat) -> Seat:
    """Return the opposing seat."""
    return "defender" if seat == "attacker" else "attacker"


_PHASES: dict[Step, Phase | None] = {
    "setup": None,
    "command": "command",
    "battle-shock": "command",
    "movement": "movement",
    "shooting": "shooting",
    "charge": "charge",
    "fight": "fight",
    "over": None,
}


def phase_of(step: Step) -> Phase | None:
    """Return the phase a step belongs to (None before and after the battle)."""
    return _PHASES[step]


class ModelProfile(Frozen):
    """Models of one profile within a unit read from a list builder (a sergeant, a trooper)."""

    name: str = Field(default="", max_length=60)
    models: int = Field(ge=1, le=100)
    wounds: int = Field(ge=1, le=100)
    oc: int = Field(ge=0, le=20)
    # Its Leadership, where the list builder gives each profile one (the unit tests with its
    # best); None in games stored before, and where only the unit's is known.
    leadership: int | None = Field(default=None, ge=2, le=12)


Label = Annotated[str, Field(min_length=1, max_length=80)]


class Listed(Frozen):
    """What a list builder lists under a unit, for its roster's preview only (the battle uses
    none of it): its datasheet's name where the unit was renamed, its enhancements, its
    wargear ("10x Bolt rifle") and the units its Leader ability names (wh40k/leader)."""

    sheet: str = Field(default="", max_length=60)
    enhancements: tuple[Label, ...] = Field(default=(), max_length=4)
    wargear: tuple[Label, ...] = Field(default=(), max_length=20)
    can_lead: tuple[Label, ...] = Field(default=(), max_length=30)


class Unit(BaseModel):
    """A unit of an army as the bot tracks it."""

    model_config = ConfigDict(extra="forbid")

    id: str
    side: Seat
    name: str
    # Models in the unit when it joined the army (its own Starting Strength).
    starting_strength: int = Field(ge=1)
    models: int = Field(ge=0)
    wounds: int = Field(ge=1)
    # Wounds lost by the one wounded model still standing.
    damage: int = Field(default=0, ge=0)
    # The Leadership target (6 means 6+); lower is better.
    leadership: int
    oc: int = Field(ge=0)
    keywords: tuple[str, ...] = ()
    # On a Leader: the Bodyguard unit it is joined to.
    leads: str | None = None
    # On a Bodyguard: how many Leaders its datasheet lets it take at once.
    leaders: int = Field(default=1, ge=1, le=2)
    position: Point | None = None
    reserves: bool = False
    shocked: bool = False
    # Units whose models differ (wh40k/mixed-profiles): every profile at Starting Strength,
    # in the order models are removed. Empty: every model has `wounds` and `oc`, as in the
    # games stored before profiles existed.
    profiles: tuple[ModelProfile, ...] = ()

    def standing(self) -> list[tuple[int, int]]:
        """Return (W, OC) of each model still standing, the next to be removed first."""
        if not self.profiles:
            return [(self.wounds, self.oc)] * self.models
        every = [(p.wounds, p.oc) for p in self.profiles for _ in range(p.models)]
        return every[len(every) - self.models:] if self.models else []

    def current_wounds(self) -> int:
        """Return the W of the model that takes the next wound (the wounded one, if any)."""
        left = self.standing()
        return left[0][0] if left else self.wounds

    @property
    def destroyed(self) -> bool:
        """Say whether the unit has no models left."""
        return self.models == 0

    @property
    def character(self) -> bool:
        """Say whether the unit is a CHARACTER (and so may lead)."""
        return CHARACTER in self.keywords

    def objective_control(self) -> int:
        """Return the unit's total OC: 0 while Battle-shocked."""
        if self.shocked:
            return 0
        return sum(oc for _, oc in self.standing()) if self.profiles else self.models * self.oc


class Control(Frozen):
    """Who holds an objective marker after the last check."""

    holder: Seat | None = None
    contested: bool = False


class RoundScore(Frozen):
    """Victory points one player reported for one battle round."""

    round: int
    primary: int = 0
    secondary: int = 0
    # The part of `primary` reported in the round's second turn (ruleset 4 checks each
    # turn's primary against its mission: rules/wh40k/missions.py).
    second_turn: int = 0


class Wh40kState(GameState):
    """A whole battle: rosters, turn position, CP, Stratagem use, control and scores."""

    step: Step = "setup"
    # Stored games from before rules changed load with 1 (see RULESET).
    ruleset: int = 1
    round: int = 0
    # The seat that takes the first turn of every battle round.
    first: Seat = "attacker"
    active: Seat = "attacker"
    cp: dict[Seat, int]
    # CP gained this battle round beyond the 1 CP of each Command phase.
    extra_cp: dict[Seat, int]
    units: dict[str, Unit] = {}
    next_unit: int = 1
    # Units called on to test for being below Starting Strength in this Command phase.
    forced_tests: list[str] = []
    # Units (every part of an attached unit) that failed a test in this battle-shock step.
    failed_tests: list[str] = []
    # Units (every part) whose test in this battle-shock step is settled: rolled, or passed
    # by Insane Bravery (ruleset 2).
    tested: list[str] = []
    # "seat:stratagem" keys.
    used_this_phase: list[str] = []
    used_this_battle: list[str] = []
    control: dict[str, Control] = {}
    scores: dict[Seat, list[RoundScore]]
    conceded: Seat | None = None
    # The primary mission and deployment map chosen at the start (catalogue.primaries(),
    # catalogue.deployments()); None: the scenario's own.
    mission: str | None = None
    deployment: str | None = None


def unit_number(unit_id: str) -> int:
    """Return the number in a unit id ("U12" -> 12) for sorting."""
    return int(unit_id[1:])


def leaders_of(state: Wh40kState, bodyguard: Unit) -> list[Unit]:
    """Return the Leaders joined to a unit (none, one, or two where it may take two), by id."""
    found = [u for u in state.units.values() if u.leads == bodyguard.id]
    return sorted(found, key=lambda u: unit_number(u.id))


def leader_of(state: Wh40kState, bodyguard: Unit) -> Unit | None:
    """Return the first Leader joined to a unit, if any."""
    found = leaders_of(state, bodyguard)
    return found[0] if found else None


def parts(state: Wh40kState, unit: Unit) -> list[Unit]:
    """Return the units that fight as one with `unit`: its Leaders first, then the Bodyguard.

    The last part (the Bodyguard, or the unit itself) is the one an attached unit is known by.
    """
    bodyguard = state.units[unit.leads] if unit.leads is not None else unit
    return [*leaders_of(state, bodyguard), bodyguard]


def label(state: Wh40kState, unit: Unit) -> str:
    """Return the name of a unit or attached unit, as its players wrote it ("Captain + Squad")."""
    return " + ".join(p.name for p in parts(state, unit))


def leaders_by_bodyguard(state: Wh40kState) -> dict[str, list[Unit]]:
    """Return `leaders_of` every unit that has a Leader, by the Bodyguard's id, in one pass
    over the units (for code that asks it of every unit)."""
    found: dict[str, list[Unit]] = {}
    for u in state.units.values():
        if u.leads is not None:
            found.setdefault(u.leads, []).append(u)
    for leaders in found.values():
        leaders.sort(key=lambda u: unit_number(u.id))
    return found


def groups(state: Wh40kState, side: Seat | None = None) -> list[list[Unit]]:
    """Return every unit still in play (attached ones as one), ordered by their head's id."""
    out: list[list[Unit]] = []
    leaders = leaders_by_bodyguard(state)
    for unit in state.units.values():
        if unit.destroyed or unit.leads is not None or (side and unit.side != side):
            continue
        out.append([*leaders.get(unit.id, ()), unit])
    out.sort(key=lambda g: unit_number(g[-1].id))
    return out


def starting_strength(state: Wh40kState, unit: Unit) -> int:
    """Return the Starting Strength of a unit, summed over an attached unit's parts."""
    return sum(p.starting_strength for p in parts(state, unit))


def below_half_strength(state: Wh40kState, unit: Unit) -> bool:
    """Say whether a unit (or the attached unit it belongs to) is Below Half-strength."""
    return group_below_half(parts(state, unit))


def group_below_half(group: list[Unit]) -> bool:
    """below_half_strength of a unit whose `parts` are `group`."""
    if all(p.destroyed for p in group):
        return False
    strength = sum(p.starting_strength for p in group)
    if strength == 1:
        whole = group[0].current_wounds()
        return 2 * (whole - group[0].damage) < whole
    return 2 * sum(p.models for p in group) < strength


def below_starting_strength(state: Wh40kState, unit: Unit) -> bool:
    """Say whether a unit has fewer models than its Starting Strength."""
    return sum(p.models for p in parts(state, unit)) < starting_strength(state, unit)


def best_leadership(state: Wh40kState, unit: Unit) -> int:
    """Return the best (lowest) Leadership target among a unit's models."""
    return min(p.leadership for p in parts(state, unit))


def objective_totals(state: Wh40kState, at: Point) -> dict[Seat, int]:
    """Return each side's total OC of units in play within range of a point."""
    totals: dict[Seat, int] = {seat: 0 for seat in SEATS}
    for unit in state.units.values():
        if unit.destroyed or unit.reserves or unit.position is None:
            continue
        if within(unit.position, at, OBJECTIVE_RANGE):
            totals[unit.side] += unit.objective_control()
    return totals


def control_of(totals: dict[Seat, int]) -> Control:
    """Decide who holds a marker from each side's OC near it; equal totals above 0 contest it."""
    a, d = totals["attacker"], totals["defender"]
    if a == d:
        return Control(contested=a > 0)
    return Control(holder="attacker" if a > d else "defender")


def vp_total(state: Wh40kState, seat: Seat) -> int:
    """Return a player's victory points so far."""
    return sum(r.primary + r.secondary for r in state.scores[seat])
