"""The /fw commands: today's surface, declared beside the rules and worded; the demo still plays."""

from __future__ import annotations

import re

from bot.text import Words
from rules.core.data import data_dir
from rules.core.engine import Outcome
from rules.fantasy_warriors.commands import COMMANDS
from rules.fantasy_warriors.engine import SYSTEM
from rules.fantasy_warriors.state import FantasyWarriorsState

# Today's /fw surface (bot/commands.py and bot/exts/fw.py before the move): for each command,
# its action and its options as (name, kind, required, choices, min, max, autocomplete).
SURFACE = {
    "order": ("order", [
        ("command", "str", True, (), None, None, "command"),
        ("order", "str", True, (), None, None, "order"),
        ("objective", "str", False, (), None, None, "objective"),
        ("target", "str", False, (), None, None, "target"),
        ("target_side", "str", False, ("enemy", "friendly"), None, None, None),
        ("approach", "str", False, ("contact", "enter", "stand over"), None, None, None),
        ("passed_test", "bool", False, (), None, None, None),
    ]),
    "ready": ("ready", []),
    "move": ("move", [
        ("unit", "str", True, (), None, None, "unit"),
        ("x", "float", True, (), 0, 72, None),
        ("y", "float", True, (), 0, 48, None),
        ("make_room", "bool", False, (), None, None, None),
        ("forced", "bool", False, (), None, None, None),
        ("facing", "float", False, (), 0, 360, None),
    ]),
    "contact": ("contact", [
        ("unit", "str", True, (), None, None, "unit"),
        ("enemy", "str", True, (), None, None, "enemy"),
    ]),
    **{name: (name, [("unit", "str", True, (), None, None, "unit")])
       for name in ("engaged", "disengaged", "destroyed", "left")},
    "sight": ("sight", [
        ("unit", "str", True, (), None, None, "unit"),
        ("visible", "bool", True, (), None, None, None),
    ]),
    "combat": ("combat", [
        ("unit", "str", True, (), None, None, "unit"),
        ("dice", "int", False, (), 1, 200, None),
        ("roll", "bool", False, (), None, None, None),
    ]),
    "endturn": ("end_turn", []),
    "adjust": ("adjust", [
        ("unit", "str", False, (), None, None, "unit"),
        ("x", "float", False, (), 0, 72, None),
        ("y", "float", False, (), 0, 48, None),
        ("facing", "float", False, (), 0, 360, None),
        ("status", "str", False, ("in-play", "destroyed", "left"), None, None, None),
        ("engaged", "bool", False, (), None, None, None),
        ("visible", "bool", False, (), None, None, None),
        ("command", "str", False, (), None, None, "command"),
        ("order", "str", False, (), None, None, "order"),
        ("objective", "str", False, (), None, None, "objective"),
        ("target", "str", False, (), None, None, "target"),
        ("target_side", "str", False, ("enemy", "friendly"), None, None, None),
        ("approach", "str", False, ("contact", "enter", "stand over"), None, None, None),
        ("stage", "str", False, ("first", "second", "fallback"), None, None, None),
    ]),
}


def test_the_commands_are_todays_surface() -> None:
    assert SYSTEM.command_group == "fw"
    assert SYSTEM.commands == COMMANDS
    declared = {
        c.name: (c.action, [(o.name, o.kind, o.required, o.choices, o.min_value, o.max_value,
                             o.autocomplete) for o in c.options])
        for c in COMMANDS
    }
    assert declared == SURFACE
    assert list(declared) == list(SURFACE)
    assert not any(c.private for c in COMMANDS)


def test_every_command_and_option_is_described_within_discords_limit() -> None:
    for language in ("en", "pt-BR"):
        words = Words(language, SYSTEM.id)
        keys = ["command-fw"]
        for c in COMMANDS:
            keys.append(f"command-fw-{c.name}")
            keys += [f"command-fw-{c.name}-{o.name}" for o in c.options]
        for key in keys:
            assert words.has(key), f"{language}: no {key}"
            text = words(key)
            assert 0 < len(text) <= 100, f"{language}: {key} is {len(text)} characters"


def test_each_command_applies_an_action_the_engine_reads() -> None:
    for c in COMMANDS:
        assert c.action in SYSTEM.handlers
        for step in SYSTEM.steps.values():
            if c.action in step.actions:
                break
        else:
            raise AssertionError(f"/fw {c.name} is open in no step")


_LINE = re.compile(r"^@(\w+) /fw (\w+)(.*)$")


def _options(command: str, text: str) -> dict[str, object]:
    kinds = {o.name: o.kind for c in COMMANDS if c.name == command for o in c.options}
    out: dict[str, object] = {}
    for word in text.split():
        name, _, value = word.partition(":")
        kind = kinds[name]
        out[name] = (float(value) if kind == "float" else int(value) if kind == "int"
                     else value.lower() == "true" if kind == "bool" else value)
    return out


def play_demo() -> tuple[FantasyWarriorsState, int]:
    """Play the /fw lines of the demo script through the rules (alice North, bob South)."""
    seats = {"alice": "north", "bob": "south"}
    actions = {c.name: c.action for c in COMMANDS}
    state = SYSTEM.new_game("the-stockade-ford", "banneret-demo-fantasy_warriors")
    played = 0
    for line in (data_dir() / "demo" / "fantasy_warriors.txt").read_text().splitlines():
        m = _LINE.match(line)
        if not m:
            continue
        who, name, rest = m.groups()
        data = {"type": actions[name], "seat": seats[who], **_options(name, rest)}
        state, _ = SYSTEM.apply(state, SYSTEM.parse_action(data))
        played += 1
    return state, played


def test_the_demo_script_still_plays_to_a_victory() -> None:
    state, played = play_demo()
    assert played == 111
    outcome = SYSTEM.outcome(state)
    assert isinstance(outcome, Outcome) and outcome.winner == "south"
    # Under rules 2 (blocks of figures): South holds one Objective, North none.
    assert outcome.reason.model_dump() == {"key": "outcome-objectives", "args": {
        "seat": {"kind": "seat", "id": "south"}, "north": 0, "south": 1}}
