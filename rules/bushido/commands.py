"""The /bushido commands, declared once: the console and Discord are built from these.

Descriptions are catalogue messages: `command-bushido-<name>` and
`command-bushido-<name>-<option>` in data/locales/<language>/bushido.ftl.
"""

from __future__ import annotations

from rules.core.commands import Command, Option, action_command

# A referee's reason for an adjustment, shown in the log: a sentence or two.
_NOTE = Option(name="note", required=False, max_length=300)

_PIECE = Option(name="piece", autocomplete="piece")

COMMANDS: tuple[Command, ...] = (
    action_command("move", "move", _PIECE, Option(name="to", autocomplete="to")),
    action_command("attack", "attack", _PIECE, Option(name="target", autocomplete="target")),
    action_command("flee", "flee", Option(name="to", autocomplete="to")),
    action_command("counter", "counter"),
    action_command("hold", "hold"),
    action_command(
        "adjust",
        "adjust",
        Option(name="piece", autocomplete="piece"),
        Option(name="to", required=False, autocomplete="to"),
        Option(name="remove", kind="bool", required=False),
        Option(name="reveal", kind="bool", required=False),
        Option(name="restore", kind="bool", required=False),
        Option(name="conceal", kind="bool", required=False),
        _NOTE,
    ),
    action_command(
        "adjustmovement",
        "adjust_movement",
        _PIECE,
        Option(name="face", autocomplete="face"),
        _NOTE,
    ),
)
