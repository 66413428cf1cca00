"""Read New Recruit's JSON export: the same roster as its .ros, written as JSON.

Its objects are BattleScribe's elements (`roster`, `forces` > `force`, `selections` >
`selection`, `profiles`, `characteristics`, `categories`, `costs`), their attributes are
keys, and a characteristic's text is its `$text`. They are turned into the elements the
.ros reader keeps (rules.wh40k.listbuilders.Node) and read by the same code, so both
exports give the same army. The .ros reader's budgets hold: the text's size, the depth,
the elements kept, the units, and nothing but the kept keys is looked at. JSON is read
whole, not streamed, so its text is held to what an upload brings (1 MiB).
"""

from __future__ import annotations

import json
from typing import Any

from rules.core.errors import refuse
from rules.wh40k.actions import Roster
from rules.wh40k.listbuilders import (
    _WRAPPERS,
    ATTRS_KEPT,
    BAD_INPUT,
    MAX_DEPTH,
    MAX_ELEMENTS,
    MAX_UNITS,
    MAX_ZIPPED_BYTES,
    TEXT_KEPT,
    Node,
    other_game,
    roster_of,
)

# A wrapper's key and the element it holds ("selections" holds "selection"s).
_HELD = {wrapper: tag for tag, wrapper in _WRAPPERS.items()}
_KEPT_KEYS = frozenset(ATTRS_KEPT)
_SCALARS = (str, int, float)


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
            name = str(where.get("gameSystemName") or "")
            system_id = str(where.get("gameSystemId") or where.get("bsid_system") or "")
            game = other_game(name, system_id)
            if game is not None:
                refuse(BAD_INPUT, "refusal-roster-other-game", game=game)
    roster = inner if isinstance(inner, dict) else doc
    if not isinstance(roster, dict) or not isinstance(roster.get("forces"), list):
        refuse(BAD_INPUT, "refusal-roster-json")
    document = Node("#document", {})
    document.children.append(_element(roster, "roster", 1, [0]))
    return roster_of(document)


def _element(value: dict[str, Any], tag: str, depth: int, seen: list[int]) -> Node:
    """Turn one JSON object into a kept element, with its wrapped children (budgeted)."""
    seen[0] += 1
    if seen[0] > MAX_ELEMENTS:
        refuse(BAD_INPUT, "refusal-roster-xml-too-many-elements", limit=MAX_ELEMENTS)
    if depth > MAX_DEPTH:
        refuse(BAD_INPUT, "refusal-roster-xml-too-deep", limit=MAX_DEPTH)
    units = value.get("selections") if tag == "force" else None
    if isinstance(units, list) and len(units) > MAX_UNITS + 20:  # room for settings, as .ros
        refuse(BAD_INPUT, "refusal-roster-too-many-units", limit=MAX_UNITS)
    node = Node(tag, {k: str(v)[:200] for k, v in value.items()
                      if k in _KEPT_KEYS and isinstance(v, _SCALARS)})
    if tag in TEXT_KEPT:
        node.text = str(value.get("$text", ""))[:800]
    for key, held in value.items():
        if key in _HELD and isinstance(held, list):
            wrapper = Node(key, {})
            wrapper.children = [_element(item, _HELD[key], depth + 2, seen)
                                for item in held if isinstance(item, dict)]
            node.children.append(wrapper)
    return node
