"""The bundled demo scripts are what the tool writes: each system's demo player still plays
the game its script records, line for line (tools/make_demo.py, rules/<system>/autoplay.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.core.data import data_dir
from rules.core.system import bundled, register, system
from tests.race.engine import SYSTEM as RACE
from tools import make_demo

SCRIPTS = sorted((data_dir() / "demo").glob("*.txt"))
TOOL = Path(make_demo.__file__)


def _made_by(script: Path) -> tuple[str, str, str]:
    """Return the system, scenario and name of the command the script says wrote it."""
    first = script.read_text(encoding="utf-8").splitlines()[0]
    found = re.search(r"`python -m tools\.make_demo (\S+) (\S+) (\S+)`", first)
    assert found, f"{script.name} does not say how it was made"
    system_id, scenario, name = found.groups()
    return system_id, scenario, name


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_the_tool_writes_the_committed_script(script: Path) -> None:
    system_id, scenario, name = _made_by(script)
    assert name == script.stem  # `banneret demo` seeds the dice with the file's name
    lines, winner, _result = make_demo.play_game(system_id, scenario, name)
    assert winner is not None
    assert lines == script.read_text(encoding="utf-8").splitlines()


def test_every_bundled_system_has_a_demo_player() -> None:
    for system_id in bundled():
        assert system(system_id).demo_player() is not None, system_id


def test_the_tool_refuses_a_system_without_a_demo_player() -> None:
    register(RACE)  # a system from its own folder that declares no demo player
    assert RACE.demo_player() is None
    with pytest.raises(SystemExit, match="race has no demo player"):
        make_demo.play_game("race", "short", "race")
    with pytest.raises(SystemExit, match="no game system 'nowhere'"):
        make_demo.play_game("nowhere", "short", "nowhere")


def test_the_tool_names_no_system() -> None:
    text = TOOL.read_text(encoding="utf-8")
    named = [s for s in bundled() if re.search(rf"\b{s}\b", text)]
    assert not named, f"tools/make_demo.py names {named}: a system's player is in its folder"
