"""The README and the docs/ pages stay true: a short README with the two set-up commands
(CI runs the test one), generated sections current, every link and picture found, a
configuration table naming every setting, and an architecture page naming every module."""

from __future__ import annotations

import re
from pathlib import Path

from tools.doc_sections import DOCS, README, pages, render, sections

ROOT = Path(__file__).resolve().parents[1]
README_LIMIT = 10 * 1024
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")


def _unfenced(text: str) -> str:
    """Return a page without its fenced blocks, whose lines are neither headings nor links."""
    return re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)


def _prose(text: str) -> str:
    """Return a page without fenced blocks or inline code, where brackets are not links."""
    return re.sub(r"`[^`\n]*`", "", _unfenced(text))


def _anchors(page: Path) -> set[str]:
    """Return the anchors GitHub gives a page's headings (lower case, punctuation gone)."""
    anchors: set[str] = set()
    counts: dict[str, int] = {}
    for heading in re.findall(r"^#{1,6} +(.+?) *#*$", _unfenced(page.read_text(encoding="utf-8")),
                              re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        count = counts.get(slug, 0)
        counts[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def test_the_readme_is_a_page_a_newcomer_reads_in_a_minute() -> None:
    size = len(README.read_bytes())
    assert size <= README_LIMIT, f"README.md is {size} bytes; move detail to docs/"


def test_generated_sections_are_current() -> None:
    stale = [page.name for page in pages()
             if render(text := page.read_text(encoding="utf-8")) != text]
    assert stale == [], "run `python -m tools.doc_sections`"


def test_every_generated_section_is_in_exactly_one_page() -> None:
    for name in sections():
        homes = [page.relative_to(ROOT).as_posix() for page in pages()
                 if f"<!-- {name}:start -->\n" in (text := page.read_text(encoding="utf-8"))
                 and f"<!-- {name}:end -->" in text]
        assert len(homes) == 1, (name, homes)


def test_every_relative_link_finds_its_file_and_heading() -> None:
    broken = []
    for page in pages():
        for target in LINK.findall(_prose(page.read_text(encoding="utf-8"))):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            found = (page.parent / path).resolve() if path else page
            if not found.exists():
                broken.append(f"{page.name}: {target}")
            elif anchor and found.suffix == ".md" and anchor not in _anchors(found):
                broken.append(f"{page.name}: {target} (no such heading)")
    assert broken == []


def test_every_file_of_the_project_a_page_names_exists() -> None:
    folders = ("bench", "bot", "data", "docs", "fakediscord", "renderers", "rules", "tests",
               "tools")
    named = re.compile(rf"^(?:{'|'.join(folders)})/[\w.*/-]*$")
    # The example a language's translator follows names a folder that is not there yet.
    examples = {"data/locales/es/"}
    missing = [f"{page.name}: {word}"
               for page in pages()
               for span in re.findall(r"`([^`\n]+)`", _unfenced(page.read_text(encoding="utf-8")))
               for word in (token.strip("(),;:") for token in span.split())
               if named.match(word) and word not in examples and not any(ROOT.glob(word))]
    assert missing == []


def test_the_index_links_every_page() -> None:
    index = DOCS / "README.md"
    linked = {(DOCS / target.partition("#")[0]).resolve()
              for target in LINK.findall(_prose(index.read_text(encoding="utf-8")))}
    unlinked = [page.name for page in pages()[1:] if page != index and page not in linked]
    assert unlinked == []
    assert "docs/README.md" in LINK.findall(README.read_text(encoding="utf-8"))


def test_the_pictures_exist_and_each_one_is_shown() -> None:
    shown = {(page.parent / image).resolve()
             for page in pages()
             for image in IMAGE.findall(page.read_text(encoding="utf-8"))}
    assert [image for image in shown if not image.is_file()] == []
    assert (DOCS / "board.png").resolve() in shown and "docs/board.png" in README.read_text(
        encoding="utf-8")
    kept = {path.resolve() for pattern in ("*.png", "*.gif") for path in DOCS.glob(pattern)}
    assert kept - shown == set()


def test_setup_is_two_commands_and_ci_runs_the_test_one() -> None:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## Set up.*?```sh\n(.*?)```", text, re.S)
    assert block is not None
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines()]
    commands = [c for c in commands if c]
    assert commands == ["make run", "make test"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "\nmake test\n" in ci


def test_the_readme_settings_are_rows_of_the_full_table_which_names_every_setting() -> None:
    from bot.config import Settings

    full = (DOCS / "deployment.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `\w+` \|.*$", README.read_text(encoding="utf-8"), re.M)
    assert rows and [row for row in rows if row not in full.splitlines()] == []
    # Only the tests set these, to point the bot at their loopback Discord.
    test_only = {"BANNERET_API_BASE", "BANNERET_GATEWAY_URL"}
    settings = {str(field.validation_alias) for field in Settings.model_fields.values()}
    assert settings - test_only - set(re.findall(r"^\| `(\w+)` \|", full, re.M)) == set()


def _architecture() -> str:
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    found = re.search(r"## Package map\n+```\n(.*?)```", text, re.S)
    assert found is not None
    return found.group(1)


def test_the_architecture_page_names_every_module() -> None:
    listed = set(re.findall(r"[\w<>]+\.py", _architecture()))
    missing = []
    folders = [str(init.parent.relative_to(ROOT)) for init in sorted((ROOT / "bot").rglob(
        "__init__.py"))]
    for folder in (*folders, "rules/core", "renderers", "tools"):
        for path in sorted((ROOT / folder).glob("*.py")):
            if path.name not in {"__init__.py", "__main__.py"} and path.name not in listed:
                missing.append(f"{folder}/{path.name}")
    assert missing == []


def test_every_system_folder_has_the_layout_the_architecture_page_describes() -> None:
    from rules.core.system import bundled

    block = _architecture().split("<system>/", 1)[1].split("\ndata/", 1)[0]
    layout = set(re.findall(r"(\w+)\.py", block))
    assert {"engine", "flow", "actions", "state", "picture"} <= layout
    for system_id in bundled():
        have = {p.stem for p in (ROOT / "rules" / system_id).glob("*.py")}
        assert layout - have == set(), system_id


def test_the_readme_phone_picture_is_drawn_from_a_real_turn() -> None:
    """README's "A turn on a phone": the tool still draws it from a game's own replies."""
    from tools.phone_turn import draw, replies

    turn, controls = replies(None)
    assert turn.image is not None and [b.kind for b in turn.buttons] == ["panel"]
    assert controls.ephemeral and controls.picks and controls.picks[0].options
    assert draw(turn, controls).width == 400
    assert "docs/phone-turn.png" in (ROOT / "README.md").read_text(encoding="utf-8")
