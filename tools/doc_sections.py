"""Rewrite the generated sections of the README and the docs/ pages.

The command list (docs/playing.md) and the house rules (docs/house-rules.md) are made
from the command declarations and data/rules/*.toml. Run `python -m tools.doc_sections`
after changing either; tests/test_docs.py fails while a page is out of date.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

from bot.surface.dispatch import help_lines
from rules.core.references import all_rules
from rules.core.system import bundled

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"


def pages() -> list[Path]:
    """Return every Markdown page a reader is sent to: the README, then docs/ by name."""
    return [README, *sorted(DOCS.glob("*.md"))]


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
    """Return a page's text with whichever generated sections it holds filled in."""
    for name, body in sections().items():
        pattern = re.compile(rf"(<!-- {name}:start -->\n).*?(<!-- {name}:end -->)", re.S)
        text = pattern.sub(_filler(body), text)
    return text


def main() -> int:
    """Update every page in place, printing the ones that changed."""
    for page in pages():
        text = page.read_text(encoding="utf-8")
        fresh = render(text)
        if fresh != text:
            page.write_text(fresh, encoding="utf-8")
            print(page.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
