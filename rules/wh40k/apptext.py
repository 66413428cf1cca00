"""Read the official Warhammer 40,000 app's text export: unit names, points, model counts.

The export carries no characteristics, so every unit's W, Ld and OC come from a datasheet
(rules.wh40k.catalogues reads those a player or a server brings): the ones sent beside the
export first, then those shipped in data/wh40k/datasheets/, then the server's. A unit
without one refuses the whole export naming every such unit. Split from
rules/wh40k/listbuilders.py (which dispatches here) to keep each module short.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from rules.core.data import data_dir, load_toml
from rules.core.errors import refuse
from rules.core.text import items
from rules.wh40k.actions import Roster, RosterUnit
from rules.wh40k.state import Listed, ModelProfile

BAD_INPUT = "core/bad-input"
# As many as a roster action holds (rules.wh40k.actions.Roster).
MAX_UNITS = 60
MAX_TEXT_CHARS = 64 * 1024
_UNIT_LINE = re.compile(r"^(?P<name>\S.*?)\s*\((?P<points>[\d.,\s]+)\s*(?:points|pts)\)\s*$",
                        re.IGNORECASE)
_MODEL_LINE = re.compile(r"^\s*[•\-*]\s*(?P<count>\d+)\s*x\s+(?P<name>.+?)\s*$")
_APP_SIGNATURE = re.compile(r"^Exported with App Version", re.IGNORECASE | re.MULTILINE)
Sheets = Sequence[Mapping[str, Any]]


def roster_from(name: str, units: list[RosterUnit], points: int | None = None) -> Roster:
    """Return the roster of the units read (its name cut to fit), with the list's points:
    as the file gives them, or else the units' if every unit has some."""
    if points is None and units and all(u.points is not None for u in units):
        points = sum(u.points or 0 for u in units)
    try:
        return Roster(name=" ".join(name.split())[:100], unit=tuple(units), points=points)
    except ValidationError as err:
        refuse(BAD_INPUT, "refusal-roster-bad-unit", name=name[:60],
               field=".".join(str(p) for p in err.errors()[0]["loc"]))


def looks_like_app_text(text: str) -> bool:
    """Say whether text is the app's export: its signature, or units priced in points."""
    if _APP_SIGNATURE.search(text):
        return True
    lines = [ln.strip() for ln in text.splitlines()[:400] if ln.strip()]
    priced = sum(1 for ln in lines if _UNIT_LINE.match(ln))
    return priced >= 2 and not any(ln.startswith("[[") for ln in lines)


def fold(name: str) -> str:
    """Return a name as compared: accents, case, apostrophes and spacing folded."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = re.sub(r"[’‘`´]", "'", text).lower()
    return " ".join(text.split())


def _singular(name: str) -> str:
    return re.sub(r"(es|s|z)$", "", fold(name))


def datasheets(own: Sheets = (), server: Sheets = ()) -> dict[str, Mapping[str, Any]]:
    """Return the datasheets by folded name: the shipped ones, then the server's for units
    we ship none for; those sent beside the export come before both."""
    out: dict[str, Mapping[str, Any]] = {fold(sheet["name"]): sheet for sheet in server}
    for path in sorted((data_dir() / "wh40k" / "datasheets").glob("*.toml")):
        for sheet in load_toml(f"wh40k/datasheets/{path.name}").get("datasheet", []):
            out[fold(sheet["name"])] = sheet
    out.update((fold(sheet["name"]), sheet) for sheet in own)
    return out


def read_app_text(text: str, own: Sheets = (), server: Sheets = ()) -> Roster:
    """Read the app's export; every unit's characteristics come from a datasheet.

    A unit without one refuses the whole export, naming every unit that lacks one, so
    the player can bring them all at once (a BSData catalogue, `/wh40k datasheets`).
    """
    if len(text) > MAX_TEXT_CHARS:
        refuse(BAD_INPUT, "refusal-roster-too-large", chars=len(text), limit=MAX_TEXT_CHARS)
    priced = _app_entries(text)
    entries = [(name, lines) for name, lines, _ in priced]
    prices = [points for _, _, points in priced]
    if not entries:
        refuse(BAD_INPUT, "refusal-roster-no-units")
    if len(entries) > MAX_UNITS:
        refuse(BAD_INPUT, "refusal-roster-too-many-units", limit=MAX_UNITS)
    sheets = datasheets(own, server)
    missing = list(dict.fromkeys(name for name, _ in entries if fold(name) not in sheets))
    if missing:
        refuse(BAD_INPUT, "refusal-app-missing-datasheets", count=len(missing),
               units=items(missing), uploaded=len(server))
    units = [_from_datasheet(name, lines, sheets[fold(name)]).model_copy(
        update={"points": points, "warlord": _warlord(lines)})
        for (name, lines), points in zip(entries, prices, strict=True)]
    first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    title = _UNIT_LINE.match(first)
    return roster_from(title["name"] if title else "", units,
                   _app_points(title["points"]) if title else None)


def _app_points(text: str) -> int | None:
    """Return points as the app writes them ("1,000"), or None if they do not read."""
    digits = re.sub(r"[.,\s]", "", text)
    return min(int(digits), 1_000_000) if digits.isdigit() else None


def _warlord(lines: list[str]) -> bool:
    """Say whether the app lists "Warlord" under a unit (a bullet of its own)."""
    return any(fold(line.strip().lstrip("•-*◦ ")) == "warlord" for line in lines)


def _app_entries(text: str) -> list[tuple[str, list[str], int | None]]:
    """Return each unit of the export: its name, the bullet lines under it, its points."""
    entries: list[tuple[str, list[str], int | None]] = []
    in_body = False
    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if _APP_SIGNATURE.match(stripped):
            break
        if not stripped:
            continue
        if stripped.isupper() and not _UNIT_LINE.match(stripped):
            in_body = True  # a section: CHARACTERS, BATTLELINE, OTHER DATASHEETS...
            continue
        unit = _UNIT_LINE.match(stripped)
        if unit and not line[:1].isspace() and in_body:
            entries.append((" ".join(unit["name"].split())[:60], [],
                            _app_points(unit["points"])))
        elif entries and line[:1].isspace():
            entries[-1][1].append(line)
    return entries


def _counted(lines: list[str]) -> tuple[dict[str, int], int]:
    """Return the models the export lists under a unit by singular name, and their sum
    (its top-level bullets with a count; wargear is listed one level deeper, with ◦)."""
    listed: dict[str, int] = {}
    for line in lines:
        found = _MODEL_LINE.match(line)
        if found and line.lstrip()[:1] in "•-*":
            key = _singular(found["name"])
            listed[key] = listed.get(key, 0) + int(found["count"])
    return listed, sum(listed.values())


def _profiles(name: str, lines: list[str], sheet: Mapping[str, Any]) -> list[ModelProfile]:
    """Return a unit's models by profile: those the export lists by name, else all of one
    profile as the export counts them (within the datasheet's sizes), else the datasheet's."""
    listed, total = _counted(lines)
    raw = sheet.get("profiles") or [{"name": sheet.get("name", name),
                                     "models": sheet.get("models", 1),
                                     "wounds": sheet.get("wounds"), "oc": sheet.get("oc")}]
    every = [(ModelProfile.model_validate({**p, "models": max(1, p.get("models", 1))}),
              p.get("models", 1)) for p in raw]
    counted = [p.model_copy(update={"models": listed[_singular(p.name)]})
               for p, _ in every if listed.get(_singular(p.name))]
    if counted:
        return counted
    fewest, most = sheet.get("models", 1), sheet.get("max_models")
    if len(every) == 1 and isinstance(most, int) and fewest <= total <= most:
        return [every[0][0].model_copy(update={"models": total})]
    return [p for p, models in every if models >= 1]


def _from_datasheet(name: str, lines: list[str], sheet: Mapping[str, Any]) -> RosterUnit:
    """Build a unit from its datasheet, counting the models the export lists under it."""
    try:
        profiles = _profiles(name, lines, sheet)
        profiles.sort(key=lambda p: -p.models)
        mixed = len({(p.wounds, p.leadership, p.oc) for p in profiles}) > 1
        unit = RosterUnit(
            name=name, models=sum(p.models for p in profiles), wounds=profiles[0].wounds,
            leadership=sheet.get("leadership"), oc=profiles[0].oc,
            keywords=tuple(sheet.get("keywords", ())), profiles=tuple(profiles) if mixed else (),
            listed=Listed(can_lead=tuple(sheet.get("attaches_to", ()))[:30]),
        )
        # A profile without a Leadership of its own has the datasheet's.
        return unit.model_copy(update={"profiles": tuple(
            p.model_copy(update={"leadership": p.leadership or unit.leadership})
            for p in unit.profiles)})
    except (ValidationError, TypeError, ValueError, IndexError):
        refuse(BAD_INPUT, "refusal-roster-bad-datasheet", name=name)
