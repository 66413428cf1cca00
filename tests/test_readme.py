"""The README stays true: generated sections current, two set-up commands, CI runs the test one."""

from __future__ import annotations

import re
from pathlib import Path

from tools.readme_sections import README, render

ROOT = Path(__file__).resolve().parents[1]


def test_generated_sections_are_current() -> None:
    text = README.read_text(encoding="utf-8")
    assert render(text) == text, "run `python -m tools.readme_sections`"


def test_setup_is_two_commands_and_ci_runs_the_test_one() -> None:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## Set up.*?```sh\n(.*?)```", text, re.S)
    assert block is not None
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines()]
    commands = [c for c in commands if c]
    assert commands == ["make run", "make test"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "\nmake test\n" in ci


def test_the_board_image_the_readme_shows_exists() -> None:
    for image in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", README.read_text(encoding="utf-8")):
        assert (ROOT / image).is_file(), image


def _architecture() -> str:
    text = README.read_text(encoding="utf-8")
    found = re.search(r"## Architecture\n+```\n(.*?)```", text, re.S)
    assert found is not None
    return found.group(1)


def test_the_architecture_section_names_every_module() -> None:
    listed = set(re.findall(r"[\w<>]+\.py", _architecture()))
    missing = []
    for folder in ("bot", "bot/discord", "rules/core", "renderers", "tools"):
        for path in sorted((ROOT / folder).glob("*.py")):
            if path.name not in {"__init__.py", "__main__.py"} and path.name not in listed:
                missing.append(f"{folder}/{path.name}")
    assert missing == []


def test_every_system_folder_has_the_layout_the_readme_describes() -> None:
    from rules.core.system import bundled

    block = _architecture().split("<system>/", 1)[1].split("\ndata/", 1)[0]
    layout = set(re.findall(r"(\w+)\.py", block))
    assert {"engine", "flow", "actions", "state", "picture"} <= layout
    for system_id in bundled():
        have = {p.stem for p in (ROOT / "rules" / system_id).glob("*.py")}
        assert layout - have == set(), system_id
