"""The /fw commands, declared once: names, options, choices, bounds, autocomplete, actions.

Descriptions are the catalogue's `command-fw-<name>` and `command-fw-<name>-<option>`.
"""

from __future__ import annotations

from rules.core.commands import Command, Option

GROUP = "fw"

# The table is 72" x 48"; positions are inches from its bottom-left corner.
WIDTH, HEIGHT = 72, 48


def _unit(required: bool = True) -> Option:
    return Option(name="unit", required=required, autocomplete="unit")


def _inches(name: str, most: float, required: bool = True) -> Option:
    return Option(name=name, kind="float", required=required, min_value=0, max_value=most)


def _facing() -> Option:
    """A compass bearing in degrees: 0 toward the north edge, 90 toward the east edge."""
    return Option(name="facing", kind="float", required=False, min_value=0, max_value=360)


def _flag(name: str, required: bool = False) -> Option:
    return Option(name=name, kind="bool", required=required)


def _report(name: str) -> Command:
    """A report about one unit: engaged, disengaged, destroyed, left."""
    return Command(name=name, action=name, options=(_unit(),))


COMMANDS: tuple[Command, ...] = (
    Command(name="order", action="order", options=(
        Option(name="command", autocomplete="command"),
        Option(name="order", autocomplete="order"),
        Option(name="objective", required=False, autocomplete="objective"),
        Option(name="target", required=False, autocomplete="target"),
        Option(name="target_side", required=False, choices=("enemy", "friendly")),
        Option(name="approach", required=False, choices=("contact", "enter", "stand over")),
        _flag("passed_test"),
    )),
    Command(name="ready", action="ready"),
    Command(name="move", action="move", options=(
        _unit(),
        _inches("x", WIDTH),
        _inches("y", HEIGHT),
        _flag("make_room"),
        _flag("forced"),
        _facing(),
    )),
    Command(name="contact", action="contact", options=(
        _unit(),
        Option(name="enemy", autocomplete="enemy"),
    )),
    _report("engaged"),
    _report("disengaged"),
    _report("destroyed"),
    _report("left"),
    Command(name="sight", action="sight", options=(_unit(), _flag("visible", required=True))),
    Command(name="combat", action="combat", options=(
        _unit(),
        Option(name="dice", kind="int", required=False, min_value=1, max_value=200),
        _flag("roll"),
    )),
    Command(name="endturn", action="end_turn"),
    Command(name="adjust", action="adjust", options=(
        _unit(required=False),
        _inches("x", WIDTH, required=False),
        _inches("y", HEIGHT, required=False),
        _facing(),
        Option(name="status", required=False, choices=("in-play", "destroyed", "left")),
        _flag("engaged"),
        _flag("visible"),
        Option(name="command", required=False, autocomplete="command"),
        Option(name="order", required=False, autocomplete="order"),
        Option(name="objective", required=False, autocomplete="objective"),
        Option(name="target", required=False, autocomplete="target"),
        Option(name="target_side", required=False, choices=("enemy", "friendly")),
        Option(name="approach", required=False, choices=("contact", "enter", "stand over")),
        Option(name="stage", required=False, choices=("first", "second", "fallback")),
    )),
)
