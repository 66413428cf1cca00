"""What the command surface is made of: entries (a declaration and its handler), the surface,
and where a command was typed.

Banneret's own commands (/game, /rules, /league) are declared by area in this package, each
with the service call it makes; a game system's commands are declared next to the system
(`Engine.commands`, in rules/<system>/commands.py) and each applies one action. The console
runs the surface directly; the Discord transport builds its slash commands from it
(bot/discord/commands.py). Descriptions are catalogue messages: `command-<group>-<name>`
and `command-<group>-<name>-<option>`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.replies import Reply
from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.text import Words
from rules.core.commands import Command, Option
from rules.core.system import system


@dataclass(frozen=True)
class Context:
    """Where a command was typed and by whom (`guild_id` NO_GUILD outside a server)."""

    channel_id: str
    guild_id: str
    caller: Caller


# The guild id of a command typed outside any server (a DM, a group DM).
NO_GUILD = "dm"
# Command groups that work outside a server too: rules questions need no game.
ANYWHERE = frozenset({"rules"})


Handler = Callable[[GameService, Context, dict[str, Any]], Reply]


@dataclass(frozen=True)
class Entry:
    """One command of the surface: its group, its declaration and what running it does."""

    group: str
    command: Command
    handler: Handler
    # The game system whose catalogue words it (None: Banneret's own).
    system_id: str | None = None

    @property
    def path(self) -> str:
        """Return 'group name', e.g. 'samurai order'."""
        return f"{self.group} {self.command.name}"

    @property
    def name(self) -> str:
        """Return the subcommand name."""
        return self.command.name

    @property
    def options(self) -> tuple[Option, ...]:
        """Return the command's options."""
        return self.command.options

    def words(self, language: str | None) -> Words:
        """Return the words that describe this command."""
        return Words.of(language, system(self.system_id) if self.system_id else None)

    def description(self, language: str | None = None, option: str | None = None) -> str:
        """Return the command's (or one option's) description in a language."""
        key = f"command-{self.group}-{self.command.name}" + (f"-{option}" if option else "")
        return self.words(language)(key)


@dataclass
class Surface:
    """Every command, by path, and the slash command group of each game system."""

    entries: dict[str, Entry] = field(default_factory=dict)
    groups: dict[str, str] = field(default_factory=dict)

    def add(self, entry: Entry) -> None:
        """Register a command."""
        self.entries[entry.path] = entry

    def group_names(self) -> list[str]:
        """Return the top-level command names, in the order they were declared."""
        return list(dict.fromkeys(e.group for e in self.entries.values()))

    def by_action(self, group: str, name: str) -> Entry | None:
        """Return a group's action command by subcommand name."""
        found = self.entries.get(f"{group} {name}")
        return found if found and found.command.action else None

    def group_description(self, group: str, language: str | None = None) -> str:
        """Return a group's description in a language."""
        entry = next(e for e in self.entries.values() if e.group == group)
        return entry.words(language)(f"command-{group}")


Add = Callable[..., None]


def opt(name: str, kind: Any = "str", required: bool = True, **kw: Any) -> Option:
    """Declare an option (a required text one unless told otherwise)."""
    return Option(name=name, kind=kind, required=required, **kw)
