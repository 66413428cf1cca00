"""The slash commands of Race to Ten, declared once (their words are in its catalogue)."""

from __future__ import annotations

from rules.core.commands import Command, Option, action_command

COMMANDS: tuple[Command, ...] = (
    action_command("roll", "roll"),
    action_command("move", "move", Option(name="steps", kind="int", min_value=1, max_value=6,
                                          autocomplete="steps")),
    action_command("mark", "mark", Option(name="note", required=False)),
    action_command("boom", "boom"),
    action_command("fix", "fix", Option(name="pos", kind="int", min_value=0, max_value=10)),
)
