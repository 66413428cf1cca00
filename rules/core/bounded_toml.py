"""Read TOML that a player uploaded, within budgets that keep a hostile file cheap.

The standard library's parser is quadratic in the parts of a dotted key
(`a.a.a… = 1`): 48 KB of one key costs it seconds of CPU and gigabytes of
memory. Before parsing, the text is held to a size, a line count and a number
of dots per line (a key cannot span lines, so this bounds every dotted key);
deep nesting ends in a refusal instead of a RecursionError; and the parsed
document is held to an item count. Within these limits the worst file we could
build parses in about a tenth of a second.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TomlLimits:
    """How large an uploaded TOML document may be."""

    max_chars: int = 64 * 1024
    max_lines: int = 2_000
    max_dots_per_line: int = 32
    max_items: int = 5_000


class TomlRefused(ValueError):
    """The text is not TOML we will read; `reason` is a code, `values` its details."""

    def __init__(self, reason: str, **values: Any) -> None:
        super().__init__(reason, values)
        self.reason = reason
        self.values = values


def _count_items(value: Any, budget: int) -> int:
    """Return how many keys and list entries `value` holds, stopping once past `budget`."""
    seen = 0
    stack = [value]
    while stack and seen <= budget:
        item = stack.pop()
        if isinstance(item, dict):
            seen += len(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            seen += len(item)
            stack.extend(item)
    return seen


def loads_bounded(text: str, limits: TomlLimits = TomlLimits()) -> dict[str, Any]:
    """Parse TOML text within `limits`; TomlRefused says which limit or syntax rule failed."""
    if len(text) > limits.max_chars:
        raise TomlRefused("too-large", chars=len(text), limit=limits.max_chars)
    lines = text.splitlines()
    if len(lines) > limits.max_lines:
        raise TomlRefused("too-many-lines", lines=len(lines), limit=limits.max_lines)
    for number, line in enumerate(lines, start=1):
        if line.count(".") > limits.max_dots_per_line:
            raise TomlRefused("line-too-dotted", line=number, limit=limits.max_dots_per_line)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise TomlRefused("syntax", detail=str(err)) from None
    except RecursionError:
        raise TomlRefused("too-deep") from None
    if _count_items(doc, limits.max_items) > limits.max_items:
        raise TomlRefused("too-many-items", limit=limits.max_items)
    return doc
