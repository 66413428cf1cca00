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
