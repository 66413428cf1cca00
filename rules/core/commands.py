"""Command declarations: each game system declares its slash commands once, as data.

The Discord extension and the console are both built from these declarations,
so a script that runs in the console runs the same way in Discord. Words are not
declared here: a command's description is the catalogue message
`command-<group>-<name>` and an option's `command-<group>-<name>-<option>`.
"""

from __future__ import annotations

from typing import Literal

from rules.core.model import Frozen

OptionKind = Literal["str", "int", "float", "bool", "user", "file"]


class Option(Frozen):
    """One option of a command."""

    name: str
    kind: OptionKind = "str"
    required: bool = True
    choices: tuple[str, ...] = ()
    min_value: float | None = None
    max_value: float | None = None
    # Where completions come from: "system", "scenario", "rule", "seat", "league", or a
    # field the game system's `suggest` knows (a piece, a card, a unit...).
    autocomplete: str | None = None


class Command(Frozen):
    """A subcommand of a group, e.g. `order` of `/samurai`.

    `action` is the action type the command applies: its options become the
    action's fields. `private` replies are shown only to the caller. A `preview`
    command (an army import) first shows its caller what the action would do, with
    Accept and Cancel buttons, and changes nothing until Accept.
    """

    name: str
    options: tuple[Option, ...] = ()
    action: str | None = None
    private: bool = False
    preview: bool = False


def action_command(name: str, action: str, *options: Option) -> Command:
    """Declare a command that applies one action type with its options as the fields."""
    return Command(name=name, action=action, options=options)


__all__ = ["Command", "Option", "OptionKind", "action_command"]
