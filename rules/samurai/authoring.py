"""Scenarios of the players' own: a TOML file read within budgets, judged line by line.

The format is the bundled scenarios' (data/samurai/scenarios/, docs/scenarios.md) with
a `title` of its own. Every mistake is refused with the line and the field it is on,
so an author can fix the file from the refusal alone; a file that is read becomes a
`Scenario` checked as the bundled ones are (catalogue.check_scenario). tomllib gives
no line numbers, so `_Lines` finds them in the text: a top-level key's line, the
header of the n-th `[[side]]` or `[[piece]]`, and a field's line below it.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from functools import partial
from typing import Any, NoReturn

from rules.core.bounded_toml import TomlLimits, TomlRefused, loads_bounded
from rules.core.errors import refuse
from rules.core.text import Value, items, term
from rules.samurai.catalogue import (
    BOARD,
    Scenario,
    check_scenario,
    may_lead,
    terrain_types,
    unit_types,
)

BAD_INPUT = "core/bad-input"
# A full board is 13 x 9 hexes; the largest published battles place about 50 pieces.
MAX_PIECES = 80
MAX_TERRAIN = BOARD.cols * BOARD.rows
# A scenario with comments is 3-8 KB; these budgets keep the costliest file near 20 ms.
SCENARIO_LIMITS = TomlLimits(max_chars=32 * 1024, max_lines=1_500, max_dots_per_line=8,
                             max_items=2_000)
_WHERE = re.compile(r"\(at line (\d+), column (\d+)\)")
_NAME = re.compile(r"[a-z][a-z0-9-]{1,39}")
# The side names an uploaded scenario may use: each is translated in every catalogue
# (`seat-<name>`, with the articles pt-BR puts before it), so a game reads well in each.
SEATS = ("black", "blue", "red", "white", "yellow", "asakura", "azai", "date", "hojo",
         "imagawa", "ishida", "mori", "oda", "shimazu", "takeda", "tokugawa", "toyotomi",
         "uesugi")
_PIECE = re.compile(r"[A-Za-z][A-Za-z0-9]{0,7}")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
# A title is shown as written in the channel: letters, digits, spaces and plain punctuation,
# nothing Discord reads as markup or a mention.
_TITLE = re.compile(r"(?:[^\W_]|[ ,.'()/&:!?+-]){1,60}")

_TOP = ("id", "title", "first", "source", "terrain", "side", "piece")
_SIDE = {"seat": "text", "colour": "text", "edge": "text", "hand": "number",
         "banners": "number", "honor": "number", "dragon": "number"}
_SIDE_RANGES = {"hand": (1, 10), "banners": (1, 15), "honor": (0, 30), "dragon": (0, 10)}
_PIECE_FIELDS = {"id": "text", "type": "text", "side": "text", "hex": "text",
                 "figures": "number"}
_TERRAIN = {"hex": "text", "kind": "text"}


# A line number, or how to find it (looked up only when a mistake is refused).
Line = int | None | Callable[[], int | None]


class _Lines:
    """Find the line of a field in the uploaded text (1-based; None when not found)."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.headers: dict[str, list[int]] = {}
        self.first_header = len(self.lines)
        for number, line in enumerate(self.lines):
            found = re.match(r"\s*\[\[?\s*([A-Za-z_-]+)\s*\]", line)
            if found:
                self.headers.setdefault(found[1], []).append(number)
                self.first_header = min(self.first_header, number)
        self.every_header = sorted(n for rows in self.headers.values() for n in rows)

    def _key(self, name: str, start: int, end: int) -> int | None:
        pattern = re.compile(rf"\s*{re.escape(name)}\s*=")
        for number in range(start, min(end, len(self.lines))):
            if pattern.match(self.lines[number]):
                return number + 1
        return None

    def top(self, name: str) -> int | None:
        """Return the line of a top-level key (or of its [[table]]'s first header)."""
        found = self._key(name, 0, self.first_header)
        if found is None and self.headers.get(name):
            return self.headers[name][0] + 1
        return found

    def entry(self, table: str, index: int, name: str | None = None) -> int | None:
        """Return the line of the index-th `[[table]]` (or of a field under it)."""
        starts = self.headers.get(table, [])
        if index < len(starts):
            start = starts[index]
            later = bisect_right(self.every_header, start)
            end = (self.every_header[later] if later < len(self.every_header)
                   else len(self.lines))
            if name is not None:
                found = self._key(name, start + 1, end)
                if found is not None:
                    return found
            return start + 1
        return self._inline(table, index) or self.top(table)

    def _inline(self, table: str, index: int) -> int | None:
        """Return the line of the index-th `{ ... }` of an inline list (`terrain = [...]`)."""
        begin = self.top(table)
        if begin is None:
            return None
        seen = 0
        for number in range(begin - 1, len(self.lines)):
            for _ in re.finditer(r"\{", self.lines[number]):
                if seen == index:
                    return number + 1
                seen += 1
        return None


class _Reader:
    """Judge one uploaded file's parsed document, refusing the first mistake by its line."""

    def __init__(self, text: str, doc: dict[str, Any]) -> None:
        self.where = _Lines(text)
        self.doc = doc

    def fail(self, key: str, line: Line, field: str, **values: Value) -> NoReturn:
        """Refuse the file: what is wrong, on which line and in which field."""
        found = line() if callable(line) else line
        refuse(BAD_INPUT, f"refusal-scenario-{key}", line=found, field=field, **values)

    def fields(self, raw: Any, spec: dict[str, str], table: str, index: int) -> dict[str, Any]:
        """Return one [[table]] entry's fields, each of the kind `spec` says."""
        label = f"{table} {index + 1}"
        if not isinstance(raw, dict):
            self.fail("not-table", self.where.entry(table, index), label)
        for name, value in raw.items():
            line = partial(self.where.entry, table, index, name)
            if name not in spec:
                self.fail("unknown-field", line, f"{label}: {name}")
            wanted = spec[name]
            if wanted == "number" and (isinstance(value, bool) or not isinstance(value, int)):
                self.fail("not-number", line, f"{label}: {name}")
            if wanted == "text" and not isinstance(value, str):
                self.fail("not-text", line, f"{label}: {name}")
        return raw

    def need(self, raw: dict[str, Any], name: str, table: str, index: int) -> Any:
        """Return a field an entry must have; refuse the entry without it."""
        if name not in raw:
            self.fail("missing", self.where.entry(table, index), f"{table} {index + 1}: {name}")
        return raw[name]

    def listed(self, name: str, low: int, high: int) -> list[Any]:
        """Return a top-level list (`[[side]]`, `[[piece]]`, `terrain`) of low..high entries."""
        value = self.doc.get(name, [])
        line = self.where.top(name)
        if not isinstance(value, list):
            self.fail("not-list", line, name)
        if name == "side" and len(value) != 2:
            self.fail("sides", line, name, count=len(value))
        if len(value) < low or len(value) > high:
            self.fail("count", line, name, count=len(value), low=low, high=high)
        return value

    def number(self, value: int, low: int, high: int, line: Line, field: str) -> int:
        """Return a number within low..high; refuse it otherwise."""
        if not low <= value <= high:
            self.fail("number", line, field, value=value, low=low, high=high)
        return value

    def hex(self, value: str, line: Line, field: str) -> str:
        """Return a hex label on the board (A1..M9 as the board reads); refuse another."""
        try:
            label = BOARD.parse(value.strip().upper()).label
        except ValueError:
            self.fail("hex", line, field, value=value[:10])
        return label


def read_scenario(text: str) -> Scenario:
    """Read an uploaded scenario file; refuse the first mistake, naming its line and field."""
    try:
        doc = loads_bounded(text, SCENARIO_LIMITS)
    except TomlRefused as err:
        refuse(BAD_INPUT, f"refusal-scenario-toml-{err.reason}", **_toml_values(err))
    reader = _Reader(text, doc)
    for name in doc:
        if name not in _TOP:
            reader.fail("unknown-field", reader.where.top(name), name)
    name = _named(reader, "id", _NAME)
    title = _titled(reader)
    sides = _sides(reader)
    seats = [s["seat"] for s in sides]
    first = _named(reader, "first", _NAME)
    if first not in seats:
        reader.fail("no-such-side", reader.where.top("first"), "first", value=first,
                    choices=items(seats, "or", typed=True))
    terrain = _terrain(reader)
    pieces = _pieces(reader, seats, terrain)
    source = doc.get("source", "")
    if not isinstance(source, str) or len(source) > 300:
        reader.fail("not-text", reader.where.top("source"), "source")
    scenario = Scenario.model_validate({
        "id": name, "title": title, "first": first, "source": source, "sides": sides,
        "terrain": [{"hex": h, "kind": k} for h, k in terrain.items()], "pieces": pieces})
    check_scenario(scenario)  # everything it refuses was refused above, by line
    return scenario


def _toml_values(err: TomlRefused) -> dict[str, Value]:
    """Return the bounded reader's details as message values (a syntax error's place)."""
    if err.reason != "syntax":
        return {k: v for k, v in err.values.items() if isinstance(v, int)}
    found = _WHERE.search(str(err.values.get("detail", "")))
    if found is None:
        return {"line": None, "column": None}
    return {"line": int(found[1]), "column": int(found[2])}


def _named(reader: _Reader, field: str, pattern: re.Pattern[str]) -> str:
    """Return a top-level name (the scenario's id, the first seat) of the allowed form."""
    line = reader.where.top(field)
    if field not in reader.doc:
        reader.fail("missing", line, field)
    value = reader.doc[field]
    if not isinstance(value, str):
        reader.fail("not-text", line, field)
    if not pattern.fullmatch(value):
        reader.fail("name", line, field, value=value[:40])
    return value


def _titled(reader: _Reader) -> str:
    """Return the title players read, plain text of at most 60 characters."""
    line = reader.where.top("title")
    value = reader.doc.get("title")
    if value is None:
        reader.fail("missing", line, "title")
    if not isinstance(value, str):
        reader.fail("not-text", line, "title")
    if not _TITLE.fullmatch(value) or not value.strip():
        reader.fail("title", line, "title")
    return value.strip()


def _sides(reader: _Reader) -> list[dict[str, Any]]:
    """Return the two [[side]] tables, one per edge, each seat named once."""
    out: list[dict[str, Any]] = []
    for index, raw in enumerate(reader.listed("side", 2, 2)):
        side = dict(reader.fields(raw, _SIDE, "side", index))
        for name in ("seat", "colour", "edge", "hand", "banners"):
            reader.need(side, name, "side", index)
        label = f"side {index + 1}"
        line = partial(reader.where.entry, "side", index, "seat")
        if side["seat"] not in SEATS:
            reader.fail("seat", line, f"{label}: seat", value=side["seat"][:20],
                        choices=items(SEATS, "or", typed=True))
        if any(o["seat"] == side["seat"] for o in out):
            reader.fail("seat-twice", line, f"{label}: seat", value=side["seat"])
        line = partial(reader.where.entry, "side", index, "colour")
        if not _COLOUR.fullmatch(side["colour"]):
            reader.fail("colour", line, f"{label}: colour", value=side["colour"][:10])
        line = partial(reader.where.entry, "side", index, "edge")
        if side["edge"] not in ("top", "bottom") or any(o["edge"] == side["edge"] for o in out):
            reader.fail("edge", line, f"{label}: edge", value=side["edge"][:10])
        for name, (low, high) in _SIDE_RANGES.items():
            if name in side:
                where = partial(reader.where.entry, "side", index, name)
                reader.number(side[name], low, high, where, f"{label}: {name}")
        out.append(side)
    return out


def _terrain(reader: _Reader) -> dict[str, str]:
    """Return the terrain by hex: each entry a hex on the board and a kind we know."""
    kinds = terrain_types()
    out: dict[str, str] = {}
    for index, raw in enumerate(reader.listed("terrain", 0, MAX_TERRAIN)):
        entry = reader.fields(raw, _TERRAIN, "terrain", index)
        label = f"terrain {index + 1}"
        line = partial(reader.where.entry, "terrain", index, None)
        label_hex = reader.hex(reader.need(entry, "hex", "terrain", index), line, f"{label}: hex")
        kind = reader.need(entry, "kind", "terrain", index)
        if kind not in kinds:
            reader.fail("terrain-kind", line, f"{label}: kind", value=kind[:20],
                        choices=items(sorted(kinds), "or", typed=True))
        if label_hex in out:
            reader.fail("terrain-twice", line, f"{label}: hex", value=label_hex)
        out[label_hex] = kind
    return out


def _pieces(reader: _Reader, seats: list[str], terrain: dict[str, str]) -> list[dict[str, Any]]:
    """Return the [[piece]] tables: known types, own sides, free hexes, leaders that may lead."""
    types = unit_types()
    out: list[dict[str, Any]] = []
    taken: dict[tuple[str, bool], tuple[int, dict[str, Any]]] = {}
    for index, raw in enumerate(reader.listed("piece", 2, MAX_PIECES)):
        piece = dict(reader.fields(raw, _PIECE_FIELDS, "piece", index))
        label = f"piece {index + 1}"
        def at(name: str, index: int = index) -> Line:
            return partial(reader.where.entry, "piece", index, name)

        kind = reader.need(piece, "type", "piece", index)
        if kind not in types:
            reader.fail("unit-type", at("type"), f"{label}: type", value=kind[:30],
                        choices=items(sorted(types), "or", typed=True))
        unit = types[kind]
        side = reader.need(piece, "side", "piece", index)
        if side not in seats:
            reader.fail("no-such-side", at("side"), f"{label}: side", value=side[:20],
                        choices=items(seats, "or", typed=True))
        piece["hex"] = reader.hex(reader.need(piece, "hex", "piece", index), at("hex"),
                                  f"{label}: hex")
        same = sum(1 for o in out if types[o["type"]].leader == unit.leader)
        piece.setdefault("id", f"{'L' if unit.leader else 'U'}{same + 1}")
        if not _PIECE.fullmatch(piece["id"]):
            reader.fail("name", at("id"), f"{label}: id", value=piece["id"][:10])
        if any(o["id"].lower() == piece["id"].lower() for o in out):
            reader.fail("id-twice", at("id"), f"{label}: id", value=piece["id"])
        if "figures" in piece:
            reader.number(piece["figures"], 1, unit.figures, at("figures"), f"{label}: figures")
        kind_here = terrain.get(piece["hex"])
        if kind_here is not None and terrain_types()[kind_here].impassable:
            reader.fail("impassable", at("hex"), f"{label}: hex", value=piece["hex"],
                        kind=term("terrain", kind_here))
        slot = (piece["hex"], unit.leader)
        if slot in taken:
            reader.fail("hex-taken", at("hex"), f"{label}: hex", value=piece["hex"],
                        other=taken[slot][0] + 1)
        taken[slot] = (index, piece)
        out.append(piece)
    _leaders_fit(reader, out, taken)
    _every_side_fields(reader, out, seats)
    return out


def _leaders_fit(reader: _Reader, pieces: list[dict[str, Any]],
                 taken: dict[tuple[str, bool], tuple[int, dict[str, Any]]]) -> None:
    """Refuse a leader placed with an enemy unit, or a foot leader with cavalry."""
    types = unit_types()
    for (label_hex, leader), (index, piece) in taken.items():
        if not leader or (label_hex, False) not in taken:
            continue
        unit_index, unit = taken[(label_hex, False)]
        if unit["side"] != piece["side"] or not may_lead(types[piece["type"]],
                                                          types[unit["type"]]):
            reader.fail("leader", reader.where.entry("piece", index, "hex"),
                        f"piece {index + 1}: hex", value=label_hex, other=unit_index + 1)


def _every_side_fields(reader: _Reader, pieces: list[dict[str, Any]], seats: list[str]) -> None:
    """Refuse a side with no unit on the map (it could never play an order)."""
    types = unit_types()
    for seat in seats:
        if not any(p["side"] == seat and not types[p["type"]].leader for p in pieces):
            reader.fail("side-empty", reader.where.top("piece"), "piece", value=seat)

