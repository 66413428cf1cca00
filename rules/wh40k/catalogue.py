"""Static 40k definitions read from data/wh40k: Stratagems, scenarios and roster files.

A roster file is TOML: an optional top-level `name`, then one `[[unit]]` table per unit with
`name`, `models`, `wounds`, `leadership` (6 or "6+"), `oc`, and optionally `keywords` (a list),
`reserves`, `x`/`y` (deployed position in inches), `key` (a handle used only inside the file)
and `leads` (the key of the unit a Leader joins). data/wh40k/rosters/ holds commented samples.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Literal

from pydantic import Field, ValidationError, model_validator

from rules.core.data import data_dir, load_toml
from rules.core.model import Frozen
from rules.wh40k.actions import Keywords, Leadership
from rules.wh40k.state import Phase, Seat, Step


class Stratagem(Frozen):
    """A core Stratagem: its cost, when it may be used, and what it must target."""

    id: str
    name: str
    cost: int = Field(ge=0)
    turn: Literal["own", "opponent", "either"]
    phases: tuple[Phase, ...]
    step: Step | None = None
    target: Literal["unit", "optional", "none"] = "unit"
    keyword: str = ""
    reserves: bool = False
    once_per_battle: bool = False
    summary: str = ""


class Objective(Frozen):
    """An objective marker of a scenario."""

    id: str
    label: str
    x: float
    y: float


class SideSetup(Frozen):
    """One side of a scenario: its colour, default roster and deployment zone."""

    colour: str
    roster: str
    zone: tuple[tuple[float, float], ...] = ()


class Scenario(Frozen):
    """A battlefield: table size, objectives, who goes first, and the armies it starts with."""

    id: str
    title: str
    summary: str
    width: float = 60
    height: float = 44
    first_turn: Seat = "attacker"
    starting_cp: int = Field(default=0, ge=0)
    sides: dict[Seat, SideSetup]
    objectives: tuple[Objective, ...] = Field(alias="objective")


class RosterUnit(Frozen):
    """One unit line of a roster file."""

    name: str = Field(min_length=1, max_length=60)
    models: int = Field(ge=1, le=100)
    wounds: int = Field(ge=1, le=100)
    leadership: Leadership
    oc: int = Field(ge=0, le=20)
    keywords: Keywords = ()
    key: str = ""
    leads: str = ""
    reserves: bool = False
    x: float | None = None
    y: float | None = None


class Roster(Frozen):
    """An army as read from a roster file."""

    name: str = ""
    units: tuple[RosterUnit, ...] = Field(alias="unit", min_length=1, max_length=60)

    @model_validator(mode="after")
    def _keys_resolve(self) -> Roster:
        keys = [u.key for u in self.units if u.key]
        if len(keys) != len(set(keys)):
            raise ValueError("two units share the same key")
        for u in self.units:
            if u.leads and u.leads not in keys:
                raise ValueError(f"{u.name} leads {u.leads!r}, which is no unit's key")
        return self


@cache
def stratagems() -> dict[str, Stratagem]:
    """Return the core Stratagems by id."""
    raw = load_toml("wh40k/stratagems.toml")["stratagem"]
    return {s.id: s for s in (Stratagem.model_validate(item) for item in raw)}


@cache
def scenarios() -> dict[str, Scenario]:
    """Return the bundled scenarios by id, sorted."""
    found = []
    for path in sorted((data_dir() / "wh40k" / "scenarios").glob("*.toml")):
        found.append(Scenario.model_validate(load_toml(f"wh40k/scenarios/{path.name}")))
    return {s.id: s for s in sorted(found, key=lambda s: s.id)}


@cache
def bundled_roster(name: str) -> Roster:
    """Return a sample roster from data/wh40k/rosters."""
    return Roster.model_validate(load_toml(f"wh40k/rosters/{name}.toml"))


def parse_roster(text: str) -> Roster:
    """Read a roster file's text; ValueError with a readable reason when it is malformed."""
    try:
        return Roster.model_validate(tomllib.loads(text))
    except tomllib.TOMLDecodeError as err:
        raise ValueError(f"the roster is not valid TOML: {err}") from err
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ValueError(f"the roster has a bad entry at {where}: {first['msg']}") from err
