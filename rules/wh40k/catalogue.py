"""Static 40k definitions read from data/wh40k: Stratagems, scenarios and roster files.

A roster file is TOML: an optional top-level `name`, then one `[[unit]]` table per unit with
`name`, `models`, `wounds`, `leadership` (6 or "6+"), `oc`, and optionally `keywords` (a list),
`reserves`, `x`/`y` (deployed position in inches), `key` (a handle used only inside the file)
and `leads` (the key of the unit a Leader joins). data/wh40k/rosters/ holds commented samples.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field, ValidationError

from rules.core.bounded_toml import TomlRefused, loads_bounded
from rules.core.data import data_dir, load_toml
from rules.core.model import Frozen
from rules.wh40k.actions import Roster, RosterUnit

__all__ = ["Roster", "RosterUnit", "Scenario", "Stratagem", "parse_roster"]
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
    """Read a roster file's text within upload budgets; ValueError says what is wrong."""
    try:
        return Roster.model_validate(loads_bounded(text))
    except TomlRefused as err:
        raise ValueError(_TOML_PROBLEMS[err.reason].format(**err.values)) from None
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ValueError(f"the roster has a bad entry at {where}: {first['msg']}") from None


_TOML_PROBLEMS = {
    "too-large": "the roster has {chars} characters; at most {limit} are read",
    "too-many-lines": "the roster has {lines} lines; at most {limit} are read",
    "line-too-dotted": "line {line} of the roster has more than {limit} dots",
    "syntax": "the roster is not valid TOML: {detail}",
    "too-deep": "the roster nests lists or tables too deeply",
    "too-many-items": "the roster holds more than {limit} entries",
}
