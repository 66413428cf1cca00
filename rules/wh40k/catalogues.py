"""Read datasheets a player brings for the app's text export: our TOML, or a BSData catalogue.

The official app's export names units and counts models but gives no characteristics, and
Games Workshop's datasheets are not ours to ship beyond the few in data/wh40k/datasheets/.
So a server uploads them once (`/wh40k datasheets upload:`), in one of two shapes:

- our datasheets TOML (the shape of data/wh40k/datasheets/*.toml), checked field by field;
- a BSData catalogue (`.cat`, the community wh40k-10e data BattleScribe and New Recruit
  read): each `selectionEntry` of type "unit" or "model" at the catalogue's top level is a
  datasheet; its models are the "model" entries below it (through groups and entry links),
  counted by their `min`/`max` constraints; each model's W, LD and OC come from its own
  profile of type "Unit", or else the unit's; a "Leader" ability lists the units it can
  join ("This model can be attached to the following units: ■ IMMORTALS ■ ...").

A catalogue is streamed by listbuilders.parse_xml within its own caps (no DOCTYPE, so no
entity is ever declared or expanded; bytes, elements and depth bounded), keeping only the
elements datasheets are read from: weapons, rules text, modifiers and costs stream past.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from pydantic import Field, ValidationError, model_validator

from rules.core.bounded_toml import TomlRefused, loads_bounded
from rules.core.errors import refuse
from rules.core.model import Frozen
from rules.core.text import Msg, items, msg
from rules.wh40k.apptext import BAD_INPUT, fold
from rules.wh40k.listbuilders import OTHER_SYSTEMS, Node, XmlShape, parse_xml
from rules.wh40k.roster import ROSTER_LIMITS

# The largest BSData wh40k-10e catalogue (Space Marines) is 3.8 MB of 35,000 elements.
MAX_CATALOGUE_BYTES = 8 * 1024 * 1024
MAX_CATALOGUE_ELEMENTS = 150_000
# Space Marines hold about 250 datasheets; a file of more is not a faction's.
MAX_DATASHEETS = 600
UNIT_PROFILES = frozenset({"unit", "unit profile", "model"})
_KEPT = frozenset({
    "catalogue", "sharedSelectionEntries", "selectionEntries", "selectionEntry",
    "sharedSelectionEntryGroups", "selectionEntryGroups", "selectionEntryGroup",
    "entryLinks", "entryLink", "sharedProfiles", "profiles", "profile", "characteristics",
    "characteristic", "infoLinks", "infoLink", "sharedInfoGroups", "infoGroups", "infoGroup",
    "categoryLinks", "categoryLink", "constraints", "constraint",
})
_WRAPPED = {"selectionEntry": ("selectionEntries", "sharedSelectionEntries"),
            "selectionEntryGroup": ("selectionEntryGroups", "sharedSelectionEntryGroups"),
            "entryLink": ("entryLinks",), "profile": ("profiles", "sharedProfiles"),
            "infoLink": ("infoLinks",), "infoGroup": ("infoGroups", "sharedInfoGroups"),
            "categoryLink": ("categoryLinks",), "constraint": ("constraints",),
            "characteristic": ("characteristics",)}
_LIST_START = re.compile(r"attached to the following units?\s*:", re.IGNORECASE)
_SUFFIX = re.compile(r"\s*\[[^\]]*\]\s*$")


def _skipped(tag: str, attrs: dict[str, str]) -> bool:
    """Say whether an element (and all below it) is left out: what no datasheet needs."""
    if tag == "profile":
        return not (attrs.get("typeName", "").lower() in UNIT_PROFILES
                    or attrs.get("name", "").strip().lower() == "leader")
    if tag == "selectionEntry":  # an upgrade may hold models ("1 Runtherd and 10 Gretchin")
        return attrs.get("type") not in ("unit", "model", "upgrade")
    if tag == "constraint":
        return attrs.get("field") != "selections" or attrs.get("scope") != "parent"
    if tag == "infoLink":
        return attrs.get("type") not in ("profile", "infoGroup")
    return False


CATALOGUE_XML = XmlShape(
    kept=_KEPT, text_kept=frozenset({"characteristic"}),
    attrs_kept=("name", "type", "typeName", "id", "targetId", "value", "field", "scope",
                "library", "gameSystemId", "defaultSelectionEntryId"),
    max_bytes=MAX_CATALOGUE_BYTES, max_elements=MAX_CATALOGUE_ELEMENTS, text_chars=2000,
    refusals="refusal-catalogue", count_units=False, skip=_skipped)


class SheetProfile(Frozen):
    """The models of one profile in a datasheet (0 models: optional, counted only if listed)."""

    name: str = Field(min_length=1, max_length=60)
    models: int = Field(default=1, ge=0, le=100)
    wounds: int = Field(ge=1, le=100)
    oc: int = Field(ge=0, le=20)
    leadership: int | None = Field(default=None, ge=2, le=12)


class Datasheet(Frozen):
    """What the app's export leaves out of one unit: its models' W, Ld and OC, its keywords."""

    name: str = Field(min_length=1, max_length=60)
    models: int = Field(default=1, ge=1, le=100)
    # The most models the unit may take (the export's count is trusted up to it).
    max_models: int | None = Field(default=None, ge=1, le=100)
    wounds: int | None = Field(default=None, ge=1, le=100)
    oc: int | None = Field(default=None, ge=0, le=20)
    leadership: int = Field(ge=2, le=12)
    keywords: tuple[str, ...] = Field(default=(), max_length=30)
    profiles: tuple[SheetProfile, ...] = Field(default=(), max_length=20)
    # The units a Leader can be attached to, as its Leader ability names them.
    attaches_to: tuple[str, ...] = Field(default=(), max_length=30)

    @model_validator(mode="after")
    def _characteristics(self) -> Datasheet:
        if not self.profiles and (self.wounds is None or self.oc is None):
            raise ValueError("wounds and oc, or profiles")
        return self


class DatasheetFile(Frozen):
    """A datasheets file: its army's name and its datasheets."""

    army: str = Field(default="", max_length=100)
    datasheet: tuple[Datasheet, ...] = Field(min_length=1, max_length=MAX_DATASHEETS)


def read_datasheets(data: str | bytes) -> DatasheetFile:
    """Read a datasheets file in either shape (our TOML, a BSData `.cat`), or refuse it."""
    if isinstance(data, bytes):
        if len(data) > MAX_CATALOGUE_BYTES:
            refuse(BAD_INPUT, "refusal-catalogue-xml-too-large",
                   limit=MAX_CATALOGUE_BYTES // 1024)
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            refuse(BAD_INPUT, "refusal-datasheets-not-datasheets")
    if "\x00" in data:
        refuse(BAD_INPUT, "refusal-datasheets-not-datasheets")
    if data.lstrip("\ufeff \t\r\n")[:1] == "<":
        return read_catalogue(data.encode("utf-8"))
    try:
        doc = loads_bounded(data, ROSTER_LIMITS)
    except TomlRefused as err:
        refuse(BAD_INPUT, "refusal-roster-datasheets-unreadable", reason=err.reason)
    try:
        return DatasheetFile.model_validate(doc)
    except ValidationError as err:
        first = err.errors()[0]
        refuse(BAD_INPUT, "refusal-datasheets-field",
               field=".".join(str(p) for p in first["loc"])[:80] or "?",
               name=_sheet_name(doc, first["loc"]))


def _sheet_name(doc: dict[str, object], loc: tuple[int | str, ...]) -> str:
    """Return the name of the datasheet a mistake is in ("" if it has none)."""
    sheets = doc.get("datasheet")
    if len(loc) >= 2 and loc[0] == "datasheet" and isinstance(sheets, list) and isinstance(
            loc[1], int) and loc[1] < len(sheets) and isinstance(sheets[loc[1]], dict):
        return str(sheets[loc[1]].get("name", ""))[:60]
    return ""


def read_catalogue(data: bytes) -> DatasheetFile:
    """Read a BSData catalogue's units as datasheets; refuse what is not a 10th-edition one."""
    document = parse_xml(data, CATALOGUE_XML)
    root = next((n for n in document.children if n.tag == "catalogue"), None)
    if root is None:
        refuse(BAD_INPUT, "refusal-datasheets-not-datasheets")
    system_id = root.attrs.get("gameSystemId", "")
    if system_id in OTHER_SYSTEMS:
        refuse(BAD_INPUT, "refusal-roster-other-game", game=OTHER_SYSTEMS[system_id])
    index = _index(root)
    # Units before models: a unit's own models may also stand alone under its name.
    entries = sorted((e for e in _all(root, "selectionEntry")
                      if e.attrs.get("type") in ("unit", "model")),
                     key=lambda e: e.attrs.get("type") != "unit")
    names = {fold(_clean(e.attrs.get("name", ""))): _clean(e.attrs.get("name", ""))
             for e in entries}
    sheets: dict[str, Datasheet] = {}
    for entry in entries:
        sheet = _datasheet(entry, index, names)
        if sheet is not None and fold(sheet.name) not in sheets:
            sheets[fold(sheet.name)] = sheet
    if not sheets:
        refuse(BAD_INPUT, "refusal-catalogue-no-datasheets")
    if len(sheets) > MAX_DATASHEETS:
        refuse(BAD_INPUT, "refusal-catalogue-too-many", limit=MAX_DATASHEETS)
    name = _clean(root.attrs.get("name", ""))[:100]
    return DatasheetFile(army=name, datasheet=tuple(sheets.values()))


def _clean(name: str) -> str:
    """Return a catalogue's name for a unit as the app writes it: no "[Legends]" tag."""
    return " ".join(_SUFFIX.sub("", name).split())[:60]


def _all(node: Node, tag: str) -> Iterator[Node]:
    """Yield a node's children with a tag, directly or through their wrappers."""
    wrappers = _WRAPPED.get(tag, ())
    for child in node.children:
        if child.tag == tag:
            yield child
        elif child.tag in wrappers:
            yield from (c for c in child.children if c.tag == tag)


def _index(root: Node) -> dict[str, Node]:
    """Return every entry, group, profile and info group of the catalogue by its id."""
    out: dict[str, Node] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node.tag in ("selectionEntry", "selectionEntryGroup", "profile", "infoGroup"):
            out.setdefault(node.attrs.get("id", ""), node)
        stack.extend(node.children)
    return out


def _bounds(*nodes: Node) -> tuple[int | None, int | None]:
    """Return the min and max count constraints of an entry (a link's own come first)."""
    low: int | None = None
    high: int | None = None
    for node in nodes:
        for constraint in _all(node, "constraint"):
            try:
                value = max(0, min(int(float(constraint.attrs.get("value", ""))), 1000))
            except (ValueError, OverflowError):
                continue
            if constraint.attrs.get("type") == "min" and low is None:
                low = value
            elif constraint.attrs.get("type") == "max" and high is None:
                high = value
    return low, high


Counted = list[tuple[Node, int, int]]


def _members(node: Node, index: dict[str, Node]) -> Iterator[tuple[Node, Node | None]]:
    """Yield the entries and groups directly below a node, with the link that led there."""
    for tag in ("selectionEntry", "selectionEntryGroup"):
        yield from ((child, None) for child in _all(node, tag))
    for link in _all(node, "entryLink"):
        target = index.get(link.attrs.get("targetId", ""))
        if target is not None and target.tag in ("selectionEntry", "selectionEntryGroup"):
            yield target, link


def _models(node: Node, index: dict[str, Node], depth: int = 0) -> Counted:
    """Return the model entries below a unit or group, each with its fewest and most.

    Models inside an upgrade (a unit's size chosen as a pack) count at their fewest only if
    the pack is taken by default: its own minimum, or its group's default choice.
    """
    out: Counted = []
    if depth > 6:
        return out
    default = node.attrs.get("defaultSelectionEntryId", "")
    for member, link in _members(node, index):
        own = (link, member) if link is not None else (member,)
        kind = member.attrs.get("type")
        if member.tag == "selectionEntry" and kind == "model":
            low, high = _bounds(*own)
            out.append((member, low or 0, high if high is not None else max(low or 0, 1)))
        elif member.tag == "selectionEntry" and kind == "upgrade":
            inner = _models(member, index, depth + 1)
            taken = (_bounds(*own)[0] or 0) >= 1 or member.attrs.get("id") == default
            out.extend(inner if taken else [(m, 0, most) for m, _, most in inner])
        elif member.tag == "selectionEntryGroup":
            out.extend(_group(member, own, index, depth))
    return out


def _group(group: Node, own: tuple[Node, ...], index: dict[str, Node], depth: int) -> Counted:
    """Count a group's models: its `min` goes to its default model, its `max` caps them all."""
    inner = _models(group, index, depth + 1)
    if not inner:
        return inner
    low, high = _bounds(*own)
    short = (low or 0) - sum(n for _, n, _ in inner)
    if short > 0:
        default = group.attrs.get("defaultSelectionEntryId", "")
        at = next((i for i, (m, _, _) in enumerate(inner) if m.attrs.get("id") == default), 0)
        model, fewest, most = inner[at]
        inner[at] = (model, fewest + short, max(most, fewest + short))
    packs = any(m.attrs.get("type") == "upgrade" for m, _ in _members(group, index))
    if high is None or packs or sum(most for _, _, most in inner) <= high:
        return inner  # a group of packs counts the packs taken, not their models
    # The group's max bounds its models together: each keeps its fewest, the rest is shared.
    spare = max(0, high - sum(n for _, n, _ in inner))
    out: Counted = []
    for model, fewest, most in inner:
        extra = min(most - fewest, spare)
        spare -= extra
        out.append((model, fewest, fewest + extra))
    return out


def _profiles(node: Node, index: dict[str, Node]) -> Iterator[Node]:
    """Yield a node's own profiles: in place, through info groups and through info links."""
    yield from _all(node, "profile")
    for group in _all(node, "infoGroup"):
        yield from _all(group, "profile")
    for link in _all(node, "infoLink"):
        target = index.get(link.attrs.get("targetId", ""))
        if target is not None and target.tag == "profile":
            yield target
        elif target is not None and target.tag == "infoGroup":
            yield from _all(target, "profile")


def _unit_profile(node: Node, index: dict[str, Node]) -> Node | None:
    """Return a node's own profile of type Unit, or None."""
    return next((p for p in _profiles(node, index)
                 if p.attrs.get("typeName", "").lower() in UNIT_PROFILES), None)


def _number(profile: Node, name: str) -> int | None:
    """Return a profile's W, LD or OC as a number ("7+" is 7), or None if it has none."""
    for child in _all(profile, "characteristic"):
        if child.attrs.get("name", "").upper() == name:
            value = child.text.strip().rstrip("+").strip()
            return int(value) if value.isdigit() else None
    return None


def _datasheet(entry: Node, index: dict[str, Node], names: dict[str, str]) -> Datasheet | None:
    """Read one unit entry as a datasheet; None if its profiles do not give W, LD and OC."""
    name = _clean(entry.attrs.get("name", ""))
    own = _unit_profile(entry, index)
    counted = ([(entry, 1, 1)] if entry.attrs.get("type") == "model"
               else _models(entry, index)) or [(entry, 1, 1)]
    kinds: dict[tuple[str, int, int, int], list[int]] = {}
    for model, fewest, most in counted:
        profile = (_unit_profile(model, index) if model is not entry else None) or own
        if profile is None:
            return None
        numbers = [_number(profile, c) for c in ("W", "LD", "OC")]
        wounds, leadership, oc = numbers
        if wounds is None or leadership is None or oc is None:
            return None
        key = (_clean(profile.attrs.get("name", "")) or name, wounds, leadership, oc)
        kinds.setdefault(key, [0, 0])
        kinds[key][0] += fewest
        kinds[key][1] += most
    keywords = tuple(k for k in (c.attrs.get("name", "")[:60] for c in _all(
        entry, "categoryLink")) if k and not k.lower().startswith("faction:"))[:30]
    fewest = max(1, min(100, sum(n for n, _ in kinds.values())))
    most = max(fewest, min(100, sum(m for _, m in kinds.values())))
    try:
        if len({k[1:] for k in kinds}) == 1:
            (_, wounds, leadership, oc), = list(kinds)[:1]
            return Datasheet(name=name, models=fewest, max_models=most, wounds=wounds, oc=oc,
                             leadership=leadership, keywords=keywords,
                             attaches_to=_attaches_to(entry, index, names))
        return Datasheet(
            name=name, models=fewest, max_models=most, leadership=min(k[2] for k in kinds),
            keywords=keywords, attaches_to=_attaches_to(entry, index, names),
            profiles=tuple(SheetProfile(name=k[0], models=min(n[0], 100), wounds=k[1],
                                        oc=k[3], leadership=k[2]) for k, n in kinds.items()))
    except ValidationError:
        return None


def _attaches_to(entry: Node, index: dict[str, Node], names: dict[str, str]) -> tuple[str, ...]:
    """Return the units the entry's Leader ability names, spelt as the catalogue's units."""
    leader = next((p for p in _profiles(entry, index)
                   if p.attrs.get("name", "").strip().lower() == "leader"), None)
    if leader is None:
        return ()
    text = next((c.text for c in _all(leader, "characteristic")), "")
    found = _LIST_START.search(text)
    if found is None:
        return ()
    out: list[str] = []
    for line in re.split(r"[\n■•,]", text[found.end():]):
        item = re.sub(r"[\^*]", "", line).strip().lstrip("-–— ").strip(" ,;")
        if not item:
            continue
        if len(item) > 60 or "." in item:
            break  # the sentences after the list ("You can attach this model...")
        out.append(names.get(fold(_clean(item))) or item.title())
    return tuple(dict.fromkeys(out))[:30]


def stored_form(sheets: DatasheetFile) -> str:
    """Return the form a server keeps of an uploaded datasheets file (compact JSON)."""
    return sheets.model_dump_json(exclude_defaults=True)


def stored_sheets(stored: str) -> list[dict[str, Any]]:
    """Return the datasheets of a stored upload as the app text reader takes them."""
    try:
        found = DatasheetFile.model_validate_json(stored)
    except ValidationError:
        return []  # written by a newer Banneret: its datasheets are not ours to read
    return [s.model_dump(exclude_none=True) for s in found.datasheet]


def preview(sheets: DatasheetFile) -> tuple[Msg, ...]:
    """List an upload's datasheets before it is kept: models, W, Ld, OC and whom it leads."""
    out = [msg("datasheets-preview", name=sheets.army or None, count=len(sheets.datasheet),
               leaders=sum(1 for s in sheets.datasheet if s.attaches_to))]
    for sheet in sheets.datasheet:
        single = not sheet.profiles
        out.append(msg("datasheets-sheet", name=sheet.name, models=sheet.models,
                       most=sheet.max_models if (sheet.max_models or 0) > sheet.models else None,
                       wounds=sheet.wounds if single else None, leadership=sheet.leadership,
                       oc=sheet.oc if single else None,
                       leads=items(sheet.attaches_to) if sheet.attaches_to else None))
        out.extend(msg("preview-roster-profile", name=p.name, models=p.models, wounds=p.wounds,
                       leadership=p.leadership or sheet.leadership, oc=p.oc)
                   for p in sheet.profiles)
    return tuple(out)
