"""Static 40k definitions read from data/wh40k: Stratagems, scenarios, missions, sample rosters.

Only ids, numbers and rules live here; every word (a Stratagem's name and summary, a
scenario's title, an objective's name) is in the catalogues, data/locales/*/wh40k.ftl.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field

from rules.core.data import read_folder, read_model, read_records
from rules.core.model import Frozen
from rules.wh40k.actions import Roster
from rules.wh40k.state import Phase, Seat, Step


class Stratagem(Frozen):
    """A core Stratagem: its cost, when it may be used, and what it must target.

    Its name and summary are the catalogue's `stratagem-<id>` (and its `.summary`).
    """

    id: str
    cost: int = Field(ge=0)
    turn: Literal["own", "opponent", "either"]
    phases: tuple[Phase, ...]
    step: Step | None = None
    target: Literal["unit", "optional", "none"] = "unit"
    keyword: str = ""
    reserves: bool = False
    once_per_battle: bool = False


class Objective(Frozen):
    """An objective marker of a scenario; `name` is its catalogue term (objective-<name>)."""

    id: str
    name: str
    x: float
    y: float


class SideSetup(Frozen):
    """One side of a scenario: its colour, default roster and deployment zone."""

    colour: str
    roster: str
    zone: tuple[tuple[float, float], ...] = ()


Point2 = tuple[float, float]
# A primary mission's scoring, battle round by battle round (rounds 1 to 5).
RoundCaps = tuple[int, int, int, int, int]


class Primary(Frozen):
    """A primary mission of the mission pack: the most one player may score at each moment
    it scores, per battle round (see data/wh40k/missions.toml; rule wh40k/primary-<id>)."""

    id: str
    own_turn: RoundCaps
    opponent_turn: RoundCaps = (0, 0, 0, 0, 0)
    round_end: RoundCaps = (0, 0, 0, 0, 0)


class Deployment(Frozen):
    """A deployment map of the mission pack: both zones and the objective markers."""

    id: str
    attacker: tuple[Point2, ...]
    defender: tuple[Point2, ...]
    objectives: tuple[Objective, ...] = Field(alias="objective")

    def zone(self, seat: Seat) -> tuple[Point2, ...]:
        """Return a side's deployment zone."""
        return self.attacker if seat == "attacker" else self.defender


class Scenario(Frozen):
    """A battlefield: table size, objectives, who goes first, and the armies it starts with.

    A scenario of the mission pack names its primary `mission` and its `deployment` map,
    which gives the zones and markers; Take and Hold keeps its own.
    """

    id: str
    width: float = 60
    height: float = 44
    first_turn: Seat = "attacker"
    starting_cp: int = Field(default=0, ge=0)
    # The most one side may report in one battle round (wh40k/score-per-round).
    primary_per_round: int = Field(default=15, ge=1, le=50)
    secondary_per_round: int = Field(default=20, ge=1, le=40)
    # The most points each army may cost (wh40k/points-limit); None: no limit.
    points: int | None = Field(default=None, ge=1, le=100_000)
    sides: dict[Seat, SideSetup]
    objectives: tuple[Objective, ...] = Field(default=(), alias="objective")
    mission: str = "take-and-hold"
    deployment: str | None = None


@cache
def stratagems() -> dict[str, Stratagem]:
    """Return the core Stratagems by id."""
    return read_records(Stratagem, "wh40k/stratagems.toml", "stratagem", key=lambda s: s.id)


@cache
def scenarios() -> dict[str, Scenario]:
    """Return the bundled scenarios by id, sorted."""
    return read_folder(Scenario, "wh40k/scenarios/*.toml", key=lambda s: s.id)


@cache
def primaries() -> dict[str, Primary]:
    """Return the mission pack's primary missions by id, in the pack's order."""
    return read_records(Primary, "wh40k/missions.toml", "primary", key=lambda p: p.id)


@cache
def deployments() -> dict[str, Deployment]:
    """Return the mission pack's deployment maps by id, in the pack's order."""
    return read_records(Deployment, "wh40k/missions.toml", "deployment", key=lambda d: d.id)


@cache
def bundled_roster(name: str) -> Roster:
    """Return a sample roster from data/wh40k/rosters."""
    return read_model(Roster, f"wh40k/rosters/{name}.toml")
