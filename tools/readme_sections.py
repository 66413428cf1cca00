"""Rewrite the generated sections of README.md: the command list and the house rules.

Run `python -m tools.readme_sections` after changing commands or house rules; a test
fails when the README is out of date.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

from bot.surface.dispatch import help_lines
from rules.core.references import all_rules
from rules.core.system import bundled

README = Path(__file__).resolve().parents[1] / "README.md"


def sections() -> dict[str, str]:
    """Return the text each generated section should hold."""
    commands = "\n".join(f"- `{line.split(' — ')[0]}` — {line.split(' — ', 1)[1]}"
                         for line in help_lines("en", tuple(bundled())))
    house = "\n".join(
        f"- `{r.id}` — {r.title}: {r.statement}"
        for r in sorted(all_rules().values(), key=lambda r: r.id)
        if r.source == "house"
    ) or "- (none)"
    return {"commands": commands, "house-rules": house}


def _filler(body: str) -> Callable[[re.Match[str]], str]:
    """Return a substitution that keeps the markers and puts `body` between them."""
    return lambda m: f"{m.group(1)}{body}\n{m.group(2)}"


def render(text: str) -> str:
    """Return the README text with its generated sections filled in."""
    for name, body in sections().items():
        pattern = re.compile(rf"(<!-- {name}:start -->\n).*?(<!-- {name}:end -->)", re.S)
        text = pattern.sub(_filler(body), text)
    return text


def main() -> int:
    """Update README.md in place."""
    README.write_text(render(README.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
