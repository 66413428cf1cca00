"""Read a roster file a player uploaded into the units a `roster` action stores.

A roster file is TOML: an optional top-level `name`, then one `[[unit]]` table per unit with
`name`, `models`, `wounds`, `leadership` (6 or "6+"), `oc`, and optionally `keywords` (a list),
`reserves`, `x`/`y` (deployed position in inches), `key` (a handle used only inside the file),
`leads` (the key of the unit a Leader joins) and `leaders` (how many Leaders a unit may take:
1, or 2 where its datasheet allows a second), and for the preview only `points` and `warlord`
(a top-level `points` is the list's total). data/wh40k/rosters/ holds commented samples.

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
from rules.core.errors import refuse
from rules.core.text import Msg, Value, kebab, msg
from rules.wh40k.actions import Roster

BAD_INPUT = "core/bad-input"
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
