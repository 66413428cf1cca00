"""Read armies as list builders export them: BattleScribe / New Recruit rosters and app text.

Three shapes besides our own TOML (rules.wh40k.roster) are read, told apart by their content:

- `.rosz`: a zip holding one `.ros`; `.ros`: BattleScribe's roster XML (New Recruit writes
  the same, and the same roster as JSON: `read_json`). Each unit is a top-level
  `selection` of a `force`; its models are `selection`s of type "model" with a `number`;
  the characteristics come from its `profile`s of type "Unit" (M, T, SV, W, LD, OC); its
  keywords from its `category` names; its points from its `cost`s named "pts"; its
  enhancements and wargear from its upgrades. A Leader says which unit it joins in its
  custom note ("Leads: Intercessor Squad"), since the format itself has no field for it;
  the roster's preview offers the rest (rules.wh40k.roster).
- The official app's plain-text export: unit names, points and model counts, no
  characteristics; those come from the datasheet tables in data/wh40k/datasheets/, from
  the datasheets the server keeps (a BSData catalogue or our TOML, `/wh40k datasheets`),
  or from a datasheets file the player sends beside the export (rules.wh40k.catalogues);
  it is read in rules.wh40k.apptext.

Hostile files are refused as data, quickly and in bounded memory: no DOCTYPE (so no entity
can be declared or expanded, and nothing external is fetched), the unzipped size read with a
bounded read and checked against the zip's own sizes and compression ratio, a depth cap, an
element cap and a cap on units while streaming. Only the elements a roster's units need are
kept; rules text and descriptions are skipped as they stream past.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, NoReturn
from xml.parsers.expat import ExpatError, ParserCreate, errors

from pydantic import ValidationError

from rules.core.errors import refuse
from rules.wh40k.actions import Roster, RosterUnit
from rules.wh40k.apptext import (
    BAD_INPUT,
    MAX_UNITS,
    Sheets,
    fold,
    looks_like_app_text,
    read_app_text,
    roster_from,
)
from rules.wh40k.roster import read_roster
from rules.wh40k.state import Listed, ModelProfile

# A .rosz of a 2,000-point army is 20-80 KB; its .ros, with every rule's text, up to ~1 MB.
MAX_ZIPPED_BYTES = 1024 * 1024
MAX_XML_BYTES = 4 * 1024 * 1024
# Roster XML compresses about 10:1; a ratio beyond this is a zip bomb, not a roster.
MAX_RATIO = 40
MAX_DEPTH = 40
MAX_ELEMENTS = 60_000
ZIP_MAGIC = b"PK\x03\x04"
# The elements a roster's units are read from; every other subtree is skipped.
KEPT = frozenset({
    "roster", "forces", "force", "selections", "selection", "profiles", "profile",
    "characteristics", "characteristic", "categories", "category", "customNotes",
    "costs", "cost",
})
_WRAPPERS = {"force": "forces", "selection": "selections", "profile": "profiles",
             "characteristic": "characteristics", "category": "categories", "cost": "costs"}
TEXT_KEPT = frozenset({"characteristic", "customNotes"})
ATTRS_KEPT = ("name", "type", "number", "typeName", "customName", "customNotes",
              "gameSystemName", "gameSystemId", "primary", "value", "group")
# BattleScribe's ids of the 40k game systems (New Recruit writes the same): 10th edition
# (its Boarding Actions too) is read, these others are named when the file names none.
OTHER_SYSTEMS = {"28ec-711c-d87f-3aeb": "Warhammer 40,000 9th Edition",
                 "sys-352e-adc2-7639-d610": "Warhammer 40,000 11th Edition"}
# Games whose names say "Warhammer 40,000" (or not) but whose rosters are not 10th edition's.
_OTHER_GAMES = re.compile(
    r"kill\s*team|horus\s*heresy|age\s*of\s*sigmar|necromunda|apocalypse|blood\s*bowl|"
    r"old\s*world|legions\s*imperialis|titanicus|aeronautica|warcry|underworlds",
    re.IGNORECASE)
_EDITION = re.compile(r"\b([1-9]|1[1-9])(st|nd|rd|th)\b")
_POINTS = frozenset({"pts", "points"})
_LEADS = re.compile(r"^\s*(?:leads|attached to|attached|leader of)\s*:\s*(.+?)\s*$",
                    re.IGNORECASE | re.MULTILINE)
# A Leader ability's text lists the units the model can join, one a bullet.
_CAN_LEAD = re.compile(r"^\s*[■•\-*◦]\s*(.+?)\s*$", re.MULTILINE)


def read_army(data: str | bytes, own: Sheets = (), server: Sheets = ()) -> Roster:
    """Read an army in any shape we know (TOML, .ros, .rosz, app text); refuse anything else.

    `own`, `server`: datasheets for the app's text export (rules.wh40k.catalogues), those
    sent beside the export and those the server keeps (`/wh40k datasheets`).
    """
    if isinstance(data, bytes):
        if data.startswith(ZIP_MAGIC):
            return read_battlescribe(_unzipped(data))
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            refuse(BAD_INPUT, "refusal-roster-not-a-roster")
    if "\x00" in data:
        refuse(BAD_INPUT, "refusal-roster-not-a-roster")
    head = data.lstrip("\ufeff \t\r\n")[:1]
    if head == "<":
        return read_battlescribe(data.encode("utf-8"))
    if head == "{":  # New Recruit's JSON; a TOML file may open with "[" (a table)
        return read_json(data)
    if looks_like_app_text(data):
        return read_app_text(data, own, server)
    return read_roster(data)


def other_game(name: str, system_id: str) -> str | None:
    """Return the name of the game a roster is for if it is not 40k's 10th edition, or None.

    Its name says so (Kill Team, Horus Heresy..., an edition other than the 10th, or no
    "40,000" at all), or else its game system id is another edition's.
    """
    name = " ".join(name.split())[:80]
    if name and (_OTHER_GAMES.search(name) or _EDITION.search(name)
                 or not re.search(r"40,?000|40k", name, re.IGNORECASE)):
        return name
    if system_id in OTHER_SYSTEMS:
        return name or OTHER_SYSTEMS[system_id]
    return None


# --- BattleScribe / New Recruit: .rosz and .ros ----------------------------------------------


def _unzipped(data: bytes) -> bytes:
    """Return the .ros inside a .rosz, read within the size and ratio caps; a damaged or
    odd zip is refused saying what is wrong with it (members, sizes, ratio, checksum)."""
    if len(data) > MAX_ZIPPED_BYTES:
        refuse(BAD_INPUT, "refusal-roster-file-too-large", kib=-(-len(data) // 1024),
               limit=MAX_ZIPPED_BYTES // 1024)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = [i for i in archive.infolist() if not i.is_dir()]
    except (zipfile.BadZipFile, ValueError, OSError):
        refuse(BAD_INPUT, "refusal-roster-zip")
    rosters = [i for i in members if i.filename.lower().endswith(".ros")] or (
        members if len(members) == 1 else [])
    if len(rosters) != 1 or len(members) > 4:
        refuse(BAD_INPUT, "refusal-roster-zip-members", members=len(members),
               rosters=len(rosters))
    info = rosters[0]
    limit = MAX_XML_BYTES // 1024
    if info.file_size > MAX_XML_BYTES:
        refuse(BAD_INPUT, "refusal-roster-xml-too-large", limit=limit)
    if info.file_size > MAX_RATIO * max(info.compress_size, 1) + 4096:
        refuse(BAD_INPUT, "refusal-roster-zip-ratio", ratio=MAX_RATIO,
               found=info.file_size // max(info.compress_size, 1))
    out = bytearray()
    try:
        with archive.open(info) as member:
            # The sizes in the header may lie: the read itself is bounded too.
            while chunk := member.read(64 * 1024):
                out += chunk
                if len(out) > MAX_XML_BYTES or len(out) > MAX_RATIO * len(data) + 4096:
                    refuse(BAD_INPUT, "refusal-roster-xml-too-large", limit=limit)
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, ValueError, OSError,
            EOFError, zlib.error):
        _damaged(data, info)
    if len(out) != info.file_size:
        _damaged(data, info)
    return bytes(out)


def _damaged(data: bytes, info: zipfile.ZipInfo) -> NoReturn:
    """Refuse a roster member that does not unzip as its header says: its size claimed
    against the size its data really unzips to, or else its checksum."""
    found = _inflated_size(data, info)
    member = info.filename[-60:]
    if found is None:
        refuse(BAD_INPUT, "refusal-roster-zip-unreadable", member=member)
    if found != info.file_size:
        refuse(BAD_INPUT, "refusal-roster-zip-size", member=member, claimed=info.file_size,
               found=found)
    refuse(BAD_INPUT, "refusal-roster-zip-checksum", member=member)


def _inflated_size(data: bytes, info: zipfile.ZipInfo) -> int | None:
    """Return how many bytes a member's data really unzips to (at most the XML cap and one
    more), reading its local header; None if the data cannot be unzipped at all."""
    at = info.header_offset
    header = data[at:at + 30]
    if len(header) < 30 or not header.startswith(ZIP_MAGIC):
        return None
    start = at + 30 + int.from_bytes(header[26:28], "little") + int.from_bytes(
        header[28:30], "little")
    raw = data[start:start + info.compress_size]
    if info.compress_type == zipfile.ZIP_STORED:
        return len(raw)
    if info.compress_type != zipfile.ZIP_DEFLATED:
        return None
    inflate = zlib.decompressobj(-zlib.MAX_WBITS)
    size = 0
    try:
        while raw and size <= MAX_XML_BYTES:
            size += len(inflate.decompress(raw, 64 * 1024))
            raw = inflate.unconsumed_tail
    except zlib.error:
        return size or None
    return size


class Node:
    """One kept XML element: its tag, the attributes we read, children and short text."""

    __slots__ = ("tag", "attrs", "children", "text")

    def __init__(self, tag: str, attrs: dict[str, str]) -> None:
        self.tag = tag
        self.attrs = attrs
        self.children: list[Node] = []
        self.text = ""

    def all(self, tag: str) -> Iterator[Node]:
        """Yield the children with a tag, through their wrapper (`selections` > `selection`)."""
        for child in self.children:
            if child.tag == tag:
                yield child
            elif child.tag == _WRAPPERS.get(tag):
                yield from (c for c in child.children if c.tag == tag)


class _Stop(Exception):
    """Raised from inside expat's callbacks to stop reading a hostile file at once."""

    def __init__(self, key: str, **values: int) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


@dataclass(frozen=True)
class XmlShape:
    """What one kind of BattleScribe XML keeps while it streams, and where it is cut off.

    `refusals` prefixes the refusal keys (`<prefix>-xml-too-large`...), so a catalogue is
    refused as a catalogue; `skip` drops an element (and all below it) by its attributes.
    """

    kept: frozenset[str] = KEPT
    text_kept: frozenset[str] = TEXT_KEPT
    attrs_kept: tuple[str, ...] = ATTRS_KEPT
    max_bytes: int = MAX_XML_BYTES
    max_elements: int = MAX_ELEMENTS
    text_chars: int = 400
    refusals: str = "refusal-roster"
    count_units: bool = True
    skip: Callable[[str, dict[str, str]], bool] | None = None


ROSTER_XML = XmlShape()


def parse_xml(data: bytes, shape: XmlShape = ROSTER_XML) -> Node:
    """Stream roster XML into the kept elements, refusing DOCTYPEs and oversized shapes."""
    key = shape.refusals
    if len(data) > shape.max_bytes:
        refuse(BAD_INPUT, f"{key}-xml-too-large", limit=shape.max_bytes // 1024)
    parser = ParserCreate()
    root = Node("#document", {})
    stack: list[Node | None] = [root]
    count = [0, 0]  # elements seen, top-level selections seen

    def start(tag: str, attrs: dict[str, str]) -> None:
        count[0] += 1
        if count[0] > shape.max_elements:
            raise _Stop(f"{key}-xml-too-many-elements", limit=shape.max_elements)
        if len(stack) > MAX_DEPTH:
            raise _Stop(f"{key}-xml-too-deep", limit=MAX_DEPTH)
        parent = stack[-1]
        local = tag.rsplit("}", 1)[-1].rsplit(":", 1)[-1]
        if parent is None or local not in shape.kept or (
                shape.skip is not None and shape.skip(local, attrs)):
            stack.append(None)
            return
        node = Node(local, {k: v[:200] for k, v in attrs.items() if k in shape.attrs_kept})
        if shape.count_units and local == "selection" and parent.tag == "selections" and (
                _under_force(stack)):
            count[1] += 1
            if count[1] > MAX_UNITS + 20:  # room for a few settings (battle size...)
                raise _Stop("refusal-roster-too-many-units", limit=MAX_UNITS)
        parent.children.append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def text(data: str) -> None:
        node = stack[-1]
        if node is not None and node.tag in shape.text_kept and len(
                node.text) < shape.text_chars:
            node.text += data[:shape.text_chars]

    def doctype(*_: Any) -> NoReturn:
        raise _Stop(f"{key}-doctype")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    parser.ExternalEntityRefHandler = doctype
    try:
        for at in range(0, len(data), 64 * 1024):
            parser.Parse(data[at:at + 64 * 1024], False)
        parser.Parse(b"", True)
    except _Stop as stop:
        refuse(BAD_INPUT, stop.key, **stop.values)
    except ExpatError as err:
        refuse(BAD_INPUT, f"{key}-xml", line=err.lineno,
               detail=errors.messages.get(err.code, "?") if err.code else "?")
    return root


def _under_force(stack: list[Node | None]) -> bool:
    """Say whether the element opening now is a unit: a selection right under a force."""
    return len(stack) >= 2 and stack[-2] is not None and stack[-2].tag == "force"


def read_battlescribe(data: bytes) -> Roster:
    """Read a BattleScribe / New Recruit roster's units."""
    return roster_of(parse_xml(data))


def roster_of(document: Node) -> Roster:
    """Read the units of a roster's kept elements (from its XML, or its JSON: read_json)."""
    roster = next((n for n in document.children if n.tag == "roster"), None)
    if roster is None:
        refuse(BAD_INPUT, "refusal-roster-not-a-roster")
    game = other_game(roster.attrs.get("gameSystemName", ""),
                      roster.attrs.get("gameSystemId", ""))
    if game is not None:
        refuse(BAD_INPUT, "refusal-roster-other-game", game=game)
    selections = [s for force in _forces(roster) for s in force.all("selection")]
    units = [s for s in selections if s.attrs.get("type") in ("unit", "model")]
    if not units:
        refuse(BAD_INPUT, "refusal-roster-no-units")
    if len(units) > MAX_UNITS:
        refuse(BAD_INPUT, "refusal-roster-too-many-units", limit=MAX_UNITS)
    read = [_unit(s) for s in units]
    names = {u.name.lower(): f"u{i}" for i, u in reversed(list(enumerate(read)))}
    out: list[RosterUnit] = []
    for i, (selection, unit) in enumerate(zip(units, read, strict=True)):
        leads = _leads(selection)
        key = f"u{i}"
        target = names.get(leads.lower()) if leads else None
        if leads and target is None:
            refuse(BAD_INPUT, "refusal-roster-leads-nobody", name=unit.name, leads=leads[:60])
        out.append(unit.model_copy(update={"key": key, "leads": target or ""}))
    return roster_from(roster.attrs.get("name", ""), out, _points(roster.all("cost")))


def _points(costs: Iterator[Node]) -> int | None:
    """Return the points among costs (BattleScribe's "pts"), or None if none is given."""
    found = None
    for cost in costs:
        if cost.attrs.get("name", "").strip().lower() in _POINTS:
            try:
                found = (found or 0) + max(0, round(float(cost.attrs.get("value", "0"))))
            except (ValueError, OverflowError):
                continue
    return found


def _forces(node: Node) -> Iterator[Node]:
    """Yield every force of a roster, nested ones too."""
    for force in node.all("force"):
        yield force
        yield from _forces(force)


def _leads(selection: Node) -> str:
    """Return the unit a Leader's custom note names ("Leads: Intercessor Squad"), or ""."""
    notes = selection.attrs.get("customNotes", "") + "\n" + "\n".join(
        c.text for c in selection.children if c.tag == "customNotes")
    found = _LEADS.search(notes)
    return found[1] if found else ""


def _descendants(node: Node, tag: str) -> Iterator[Node]:
    """Yield the selections (or profiles) below a node, not crossing into another unit."""
    for child in node.children:
        if child.tag == tag:
            yield child
        if child.tag == "selection" and child.attrs.get("type") == "unit":
            continue
        yield from _descendants(child, tag)


def _unit_profiles(node: Node) -> list[Node]:
    """Return the node's own profiles of type Unit (not those of its sub-selections)."""
    return [p for p in node.all("profile") if p.attrs.get("typeName", "").lower()
            in ("unit", "unit profile", "model")]


def _unit(selection: Node) -> RosterUnit:
    """Read one top-level selection as a unit: its models, profiles, keywords and points."""
    name = (selection.attrs.get("customName") or selection.attrs.get("name") or "?").strip()
    name = " ".join(name.split())[:60] or "?"
    counts = _model_counts(selection, name)
    total = sum(counts.values())
    if total < 1 or total > 100:
        refuse(BAD_INPUT, "refusal-roster-model-count", name=name, models=total)
    # The most numerous profile first: ordinary models are removed before the distinct ones.
    ordered = sorted(counts.items(), key=lambda kv: -kv[1])
    main = ordered[0][0]
    keywords = [c.attrs.get("name", "") for c in selection.all("category")]
    warlord = any(fold(k) == "warlord" for k in keywords) or any(
        fold(s.attrs.get("name", "")) == "warlord" for s in _descendants(selection, "selection"))
    keywords = [k for k in keywords if k and not k.lower().startswith("faction:")][:30]
    try:
        profiles = tuple(ModelProfile(name=k[0], models=n, wounds=k[1], oc=k[3], leadership=k[2])
                         for k, n in ordered)
        mixed = len({(p.wounds, p.leadership, p.oc) for p in profiles}) > 1
        return RosterUnit(
            name=name, models=total, wounds=main[1], leadership=min(k[2] for k, _ in ordered),
            oc=main[3], keywords=tuple(k[:60] for k in keywords),
            profiles=profiles if mixed else (), warlord=warlord,
            points=_points(c for c in _descendants(selection, "cost")),
            listed=_listed(selection, name),
        )
    except ValidationError as err:
        refuse(BAD_INPUT, "refusal-roster-bad-unit", name=name,
               field=".".join(str(p) for p in err.errors()[0]["loc"]))


def _listed(selection: Node, name: str) -> Listed:
    """Read what a unit's list names besides its models: enhancements (upgrades from an
    Enhancements group, or priced: 10th-edition wargear costs nothing), wargear (the other
    upgrades at the ends of the tree, counted by name) and the units its Leader ability's
    text lists."""
    enhancements: list[str] = []
    wargear: dict[str, int] = {}
    for upgrade in _descendants(selection, "selection"):
        label = " ".join(upgrade.attrs.get("name", "").split())[:70]
        if upgrade.attrs.get("type") != "upgrade" or not label or fold(label) == "warlord":
            continue
        kinds = [upgrade.attrs.get("group", "")] + [c.attrs.get("name", "")
                                                    for c in upgrade.all("category")]
        if any("enhancement" in fold(k) for k in kinds) or _points(upgrade.all("cost")):
            enhancements.append(label)
        elif not any(c.attrs.get("type") == "upgrade" for c in upgrade.all("selection")):
            wargear[label] = wargear.get(label, 0) + max(_number(upgrade), 1)
    lead = [_CAN_LEAD.findall(c.text) for p in _descendants(selection, "profile")
            if fold(p.attrs.get("name", "")) == "leader" for c in p.all("characteristic")]
    sheet = " ".join(selection.attrs.get("name", "").split())[:60]
    return Listed(sheet=sheet if sheet != name else "", enhancements=tuple(enhancements[:4]),
                  wargear=tuple(f"{n}x {w}" if n > 1 else w
                                for w, n in list(wargear.items())[:20]),
                  can_lead=tuple(dict.fromkeys(u[:80] for found in lead for u in found))[:30])


def _model_counts(selection: Node, name: str) -> dict[tuple[str, int, int, int], int]:
    """Count a unit's models by (model name, W, Ld, OC): each model takes its own profile,
    or the one named like it anywhere in the unit, or the unit's."""
    own = _unit_profiles(selection)
    everywhere = [p for p in _descendants(selection, "profile")
                  if p.attrs.get("typeName", "").lower() in ("unit", "unit profile", "model")]
    by_name = {p.attrs.get("name", "").lower(): p for p in everywhere}
    if selection.attrs.get("type") == "model":
        models = [(selection, _number(selection))]
    else:
        models = [(m, _number(m)) for m in _descendants(selection, "selection")
                  if m.attrs.get("type") == "model"]
        if not models:
            models = [(selection, 1)]
    counts: dict[tuple[str, int, int, int], int] = {}
    for model, number in models:
        found = (_unit_profiles(model) if model is not selection else []) or (
            [by_name[model.attrs.get("name", "").lower()]]
            if model.attrs.get("name", "").lower() in by_name else []) or own or everywhere[:1]
        if not found:
            refuse(BAD_INPUT, "refusal-roster-no-profile", name=name)
        if number == 0:
            continue
        profile = found[0]
        wounds, leadership, oc = (_characteristic(profile, name, c) for c in ("W", "LD", "OC"))
        key = (model.attrs.get("name", name)[:60], wounds, leadership, oc)
        counts[key] = counts.get(key, 0) + number
    return counts


def _number(node: Node) -> int:
    """Return a selection's `number` (how many of it were taken)."""
    try:
        return max(0, min(int(node.attrs.get("number", "1")), 1000))
    except ValueError:
        return 1


def _characteristic(profile: Node, unit: str, name: str) -> int:
    """Return a profile's W, LD or OC as a number ("6+" is 6); refuse a missing or odd one."""
    for child in profile.all("characteristic"):
        if child.attrs.get("name", "").upper() == name:
            value = child.text.strip().rstrip("+").strip()
            if value.isdigit():
                return int(value)
            refuse(BAD_INPUT, "refusal-roster-bad-characteristic", name=unit,
                   characteristic=name, value=child.text.strip()[:20])
    refuse(BAD_INPUT, "refusal-roster-no-characteristic", name=unit, characteristic=name)


# --- New Recruit's JSON export --------------------------------------------------------------
# The same roster as its .ros: objects are the elements (`forces` > `force`, `selections` >
# `selection`...), attributes are keys and a characteristic's text is its `$text`. They are
# made into kept elements and read by roster_of, within the same budgets; JSON is read
# whole, not streamed, so its text is held to what an upload brings (1 MiB).
_HELD = {wrapper: tag for tag, wrapper in _WRAPPERS.items()}
_KEPT_KEYS = frozenset(ATTRS_KEPT)


def read_json(text: str) -> Roster:
    """Read a New Recruit JSON roster's units; refuse another game's, or JSON that is no
    roster (`refusal-roster-json`)."""
    size = len(text.encode("utf-8"))
    if size > MAX_ZIPPED_BYTES:  # as much as an upload brings (bot/uploads.py)
        refuse(BAD_INPUT, "refusal-roster-file-too-large", kib=-(-size // 1024),
               limit=MAX_ZIPPED_BYTES // 1024)
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        refuse(BAD_INPUT, "refusal-roster-json")
    inner = doc.get("roster") if isinstance(doc, dict) else None
    for where in (inner, doc):
        if isinstance(where, dict):
            game = other_game(str(where.get("gameSystemName") or ""), str(
                where.get("gameSystemId") or where.get("bsid_system") or ""))
            if game is not None:
                refuse(BAD_INPUT, "refusal-roster-other-game", game=game)
    roster = inner if isinstance(inner, dict) else doc
    if not isinstance(roster, dict) or not isinstance(roster.get("forces"), list):
        refuse(BAD_INPUT, "refusal-roster-json")
    document = Node("#document", {})
    document.children.append(_element(roster, "roster", 1, [0]))
    return roster_of(document)


def _element(value: dict[str, Any], tag: str, depth: int, seen: list[int]) -> Node:
    """Make one JSON object a kept element, with its wrapped children (budgeted)."""
    seen[0] += 1
    if seen[0] > MAX_ELEMENTS:
        refuse(BAD_INPUT, "refusal-roster-xml-too-many-elements", limit=MAX_ELEMENTS)
    if depth > MAX_DEPTH:
        refuse(BAD_INPUT, "refusal-roster-xml-too-deep", limit=MAX_DEPTH)
    units = value.get("selections") if tag == "force" else None
    if isinstance(units, list) and len(units) > MAX_UNITS + 20:  # room for settings, as .ros
        refuse(BAD_INPUT, "refusal-roster-too-many-units", limit=MAX_UNITS)
    node = Node(tag, {k: str(v)[:200] for k, v in value.items()
                      if k in _KEPT_KEYS and isinstance(v, str | int | float)})
    if tag in TEXT_KEPT:
        node.text = str(value.get("$text", ""))[:800]
    for key, held in value.items():
        if key in _HELD and isinstance(held, list):
            wrapper = Node(key, {})
            wrapper.children = [_element(item, _HELD[key], depth + 2, seen)
                                for item in held if isinstance(item, dict)]
            node.children.append(wrapper)
    return node
