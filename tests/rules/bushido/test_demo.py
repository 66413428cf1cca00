"""The bundled demo script still plays: its /bushido lines are declared commands, and the
engine accepts every one of them, with the demo's dice, to the same victory."""

from __future__ import annotations

import shlex
from pathlib import Path

from rules.bushido.engine import SYSTEM
from rules.core.data import data_dir

DEMO = Path(data_dir() / "demo" / "bushido-21.txt")
# `banneret demo` plays a script with the dice seed "banneret-demo-<name>" (bot.cli.demo_seed).
SEED = f"banneret-demo-{DEMO.stem}"
# The creator (alice) takes the first seat; bob accepts the other.
SEATS = {"alice": "west", "bob": "east"}


def test_the_demo_script_plays_to_the_same_victory() -> None:
    commands = {c.name: c for c in SYSTEM.commands}
    state = SYSTEM.new_game("skirmish", SEED)
    played = 0
    for line in DEMO.read_text(encoding="utf-8").splitlines():
        if not line.startswith("@") or f" /{SYSTEM.command_group} " not in line:
            continue
        who, _, typed = line.partition(" ")
        words = shlex.split(typed)
        command = commands[words[1]]
        options = dict(w.split(":", 1) for w in words[2:])
        assert set(options) <= {o.name for o in command.options}, line
        assert {o.name for o in command.options if o.required} <= set(options), line
        action = SYSTEM.parse_action(
            {"type": command.action, "seat": SEATS[who.lstrip("@")], **options}
        )
        state, _ = SYSTEM.apply(state, action)
        played += 1
    assert played == 28
    outcome = SYSTEM.outcome(state)
    assert outcome is not None and outcome.winner == "west"
    assert outcome.reason.key == "ending-commander-fell"  # type: ignore[union-attr]


# Today's /bushido surface (the `_bushido` block of bot/commands.py when this system moved):
# command -> (action, [(option, kind, required, autocomplete)]).
SURFACE = {
    "move": ("move", [("piece", "str", True, "piece"), ("to", "str", True, "to")]),
    "attack": ("attack", [("piece", "str", True, "piece"), ("target", "str", True, "target")]),
    "flee": ("flee", [("to", "str", True, "to")]),
    "counter": ("counter", []),
    "hold": ("hold", []),
    "adjust": (
        "adjust",
        [
            ("piece", "str", True, "piece"),
            ("to", "str", False, "to"),
            ("remove", "bool", False, None),
            ("reveal", "bool", False, None),
            ("restore", "bool", False, None),
            ("conceal", "bool", False, None),
            ("note", "str", False, None),
        ],
    ),
    "adjustmovement": (
        "adjust_movement",
        [
            ("piece", "str", True, "piece"),
            ("face", "str", True, "face"),
            ("note", "str", False, None),
        ],
    ),
}


def test_the_commands_are_todays_surface() -> None:
    assert SYSTEM.command_group == "bushido"
    declared = {
        c.name: (c.action, [(o.name, o.kind, o.required, o.autocomplete) for o in c.options])
        for c in SYSTEM.commands
    }
    assert declared == SURFACE
    assert not any(c.private for c in SYSTEM.commands)
    assert all(
        not o.choices and o.min_value is None and o.max_value is None
        for c in SYSTEM.commands
        for o in c.options
    )
