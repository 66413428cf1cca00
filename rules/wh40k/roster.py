"""Read a roster file a player uploaded into the units a `roster` action stores.

A roster file is TOML: an optional top-level `name`, then one `[[unit]]` table per unit with
`name`, `models`, `wounds`, `leadership` (6 or "6+"), `oc`, and optionally `keywords` (a list),
`reserves`, `x`/`y` (deployed position in inches), `key` (a handle used only inside the file),
`leads` (the key of the unit a Leader joins) and `leaders` (how many Leaders a unit may take:
1, or 2 where its datasheet allows a second), and for the preview only `points`, `warlord`
and `listed` (`sheet`, `enhancements`, `wargear`, `can_lead`: rules.wh40k.state.Listed); a
top-level `points` is the list's total. data/wh40k/rosters/ holds commented samples.

Below the reader: the Leader choices a roster's preview offers (`leader_choices`, made with
`choose_bodyguard`, bot/service/importreview.py), so a Leader joins its Bodyguard as the
army is loaded.

The text is read within upload budgets (rules.core.bounded_toml); what stops it is a
refusal as data: the bounded reader's reason becomes the key `refusal-roster-<reason>`,
and a bad entry names the unit and the pydantic error (`input-<type>`) that rejects it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from rules.core.bounded_toml import TomlLimits, TomlRefused, loads_bounded
from rules.core.engine import ChoiceOption, PreviewChoice
from rules.core.errors import refuse
from rules.core.text import Msg, Value, kebab, msg
from rules.wh40k.actions import LoadRoster, Roster, RosterUnit
from rules.wh40k.state import CHARACTER

BAD_INPUT = "core/bad-input"
LEADER = "wh40k/leader"
# A preview's value for "this Leader joins no unit".
NOBODY = "-"
# A real army list is 1-10 KB (60 units at most); these budgets keep the costliest file
# they let through near 20 ms of parsing (bench/contention.py measures it).
ROSTER_LIMITS = TomlLimits(max_chars=16 * 1024, max_lines=1_000, max_dots_per_line=8,
                           max_items=2_000)
# tomllib says where a syntax error is only in its message: "... (at line 3, column 7)".
_WHERE = re.compile(r"\(at line (\d+), column (\d+)\)")


def read_roster(text: str) -> Roster:
    """Read a roster file's text within the upload budgets; refuse what cannot be read."""
    try:
        doc = loads_bounded(text, ROSTER_LIMITS)
    except TomlRefused as err:
        refuse(BAD_INPUT, f"refusal-roster-{err.reason}", **_toml_values(err))
    try:
        return Roster.model_validate(doc)
    except ValidationError as err:
        refuse(BAD_INPUT, "refusal-roster-entry", **_entry(err.errors()[0]))


def _toml_values(err: TomlRefused) -> dict[str, Value]:
    """Return the bounded reader's details as message values (a syntax error's place)."""
    if err.reason != "syntax":
        return {k: v for k, v in err.values.items() if isinstance(v, int)}
    found = _WHERE.search(str(err.values.get("detail", "")))
    if found is None:
        return {"line": None, "column": None}
    return {"line": int(found[1]), "column": int(found[2])}


def _entry(error: Mapping[str, Any]) -> dict[str, Value]:
    """Return where in the roster an error is (unit number, field) and the error as a message."""
    loc = list(error["loc"])
    entry: int | None = None
    if len(loc) >= 2 and loc[0] == "unit" and isinstance(loc[1], int):
        entry = loc[1] + 1
        loc = loc[2:]
    field = ".".join(str(p) for p in loc)
    values: dict[str, Value] = {"field": field}
    for name, value in (error.get("ctx") or {}).items():
        values[name] = _scalar(value)
    problem: Msg = msg(f"input-{kebab(error['type'])}", **values)
    return {"entry": entry, "field": field, "problem": problem}


def _scalar(value: Any) -> Value:
    """Return a pydantic error's detail as a message value."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


# --- Leaders chosen in a roster's preview (wh40k/leader) ---------------------------------


def keyed(units: tuple[RosterUnit, ...]) -> tuple[RosterUnit, ...]:
    """Give every unit a key (the handle a preview's choices name it by), keeping the file's."""
    taken = {u.key for u in units if u.key}
    out: list[RosterUnit] = []
    for i, unit in enumerate(units):
        key = unit.key or next(k for n in range(i, i + len(units) + 1)
                               if (k := f"k{n}") not in taken)
        taken.add(key)
        out.append(unit.model_copy(update={"key": key}))
    return tuple(out)


def _same(name: str) -> str:
    """Return a unit name as compared with a Leader ability's list (case, spacing, plural)."""
    return " ".join(name.casefold().split()).removesuffix("s")


def leaders(units: tuple[RosterUnit, ...]) -> list[RosterUnit]:
    """Return a roster's Leaders: its CHARACTERS whose Leader ability names the units they
    join, or, in a roster that names none (TOML, the app's export), every CHARACTER."""
    named = any(u.listed.can_lead for u in units)
    return [u for u in units if CHARACTER in u.keywords and (u.listed.can_lead or not named)]


def bodyguards(leader: RosterUnit, units: tuple[RosterUnit, ...]) -> list[RosterUnit]:
    """Return the units a Leader may join: not CHARACTERS, and named by its Leader ability
    (by datasheet, so a renamed squad still counts) where the list gives one."""
    named = {_same(n) for n in leader.listed.can_lead}
    return [u for u in units if u is not leader and CHARACTER not in u.keywords and (
        not named or _same(u.listed.sheet or u.name) in named or _same(u.name) in named)]


def leader_choices(action: LoadRoster) -> tuple[PreviewChoice, ...]:
    """Offer each Leader its eligible Bodyguards, its custom note's choice already made."""
    out: list[PreviewChoice] = []
    for leader in leaders(action.units):
        options = [ChoiceOption(label=msg("preview-leads-nobody", leader=leader.name),
                                value=NOBODY)]
        options.extend(ChoiceOption(
            label=msg("preview-leads", leader=leader.name, bodyguard=unit.name), value=unit.key,
            description=msg("preview-leads-detail", models=unit.models, points=unit.points))
            for unit in bodyguards(leader, action.units))
        if len(options) > 1:
            out.append(PreviewChoice(key=leader.key, title=msg("preview-leads-title",
                                                                 leader=leader.name),
                                     options=tuple(options), chosen=leader.leads or NOBODY))
    return tuple(out)


def choose_bodyguard(action: LoadRoster, leader_key: str, bodyguard_key: str) -> LoadRoster:
    """Return the roster with a Leader joined to the Bodyguard chosen (or to none)."""
    leader = next((u for u in leaders(action.units) if u.key == leader_key), None)
    if leader is None:
        refuse(LEADER, "refusal-preview-not-a-leader")
    if bodyguard_key != NOBODY and bodyguard_key not in {
            u.key for u in bodyguards(leader, action.units)}:
        refuse(LEADER, "refusal-preview-cannot-join", name=leader.name)
    lead = "" if bodyguard_key == NOBODY else bodyguard_key
    return action.model_copy(update={"units": tuple(
        u.model_copy(update={"leads": lead}) if u.key == leader_key else u
        for u in action.units)})

