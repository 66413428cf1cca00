"""Command declarations: each game system declares its slash commands once, as data.

The Discord extension and the console are both built from these declarations,
so a script that runs in the console runs the same way in Discord. Words are not
declared here: a command's description is the catalogue message
`command-<group>-<name>` and an option's `command-<group>-<name>-<option>`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import model_validator

from rules.core.model import Frozen
from rules.core.text import Msg, items

OptionKind = Literal["str", "int", "float", "bool", "user", "file"]

# The range of a number option that declares none: signed 32 bits, far inside what
# Discord (±2^53) and SQLite (signed 64 bits) hold, so no number option is unbounded.
DEFAULT_LOWEST = -(2**31)
DEFAULT_HIGHEST = 2**31 - 1
# The most characters of a text option that declares no cap: a name, an id, a short
# phrase (Discord's autocomplete values are at most 100 characters too).
DEFAULT_MAX_LENGTH = 100
# The most characters Discord lets a string option carry.
DISCORD_MAX_LENGTH = 6000
# The widest range Discord accepts for a number option: -DISCORD_HIGHEST to DISCORD_HIGHEST.
DISCORD_HIGHEST = 2**53


class Option(Frozen):
    """One option of a command.

    Every number option has a range and every text option a length cap (defaults
    above when none is declared); both transports enforce them through `problem`,
    Discord also by the `min_value`/`max_value`/`max_length` it is given.
    """

    name: str
    kind: OptionKind = "str"
    required: bool = True
    choices: tuple[str, ...] = ()
    min_value: float | None = None
    max_value: float | None = None
    max_length: int | None = None
    # Where completions come from: "system", "scenario", "rule", "seat", "league", or a
    # field the game system's `suggest` knows (a piece, a card, a unit...).
    autocomplete: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _bounded(cls, data: Any) -> Any:
        """Give a number option without a declared range, and a text option without a cap,
        the defaults: nothing a player types is unbounded."""
        if not isinstance(data, dict):
            return data
        kind = data.get("kind", "str")
        out = dict(data)
        if kind in ("int", "float"):
            if out.get("min_value") is None:
                out["min_value"] = DEFAULT_LOWEST
            if out.get("max_value") is None:
                out["max_value"] = DEFAULT_HIGHEST
        elif kind == "str" and out.get("max_length") is None:
            out["max_length"] = DEFAULT_MAX_LENGTH
        return out

    @model_validator(mode="after")
    def _within_discord(self) -> Option:
        """Refuse a declaration Discord would refuse (a range past ±2^53, a cap past 6,000)."""
        if self.min_value is not None and self.max_value is not None:
            if not -DISCORD_HIGHEST <= self.min_value <= self.max_value <= DISCORD_HIGHEST:
                raise ValueError(f"option {self.name}: range {self.min_value}..{self.max_value}")
        if self.max_length is not None and not 1 <= self.max_length <= DISCORD_MAX_LENGTH:
            raise ValueError(f"option {self.name}: max_length {self.max_length}")
        return self

    def problem(self, value: object) -> Msg | None:
        """Say what is wrong with a typed value (a message for the catalogue), or None.

        Cheap whatever the value: a text is measured, never read, before it is refused.
        """
        if self.kind in ("int", "float"):
            return self._number_problem(value)
        if self.kind == "str":
            if not isinstance(value, str):
                return Msg(key="input-string-type", args={"field": self.name})
            if self.max_length is not None and len(value) > self.max_length:
                return Msg(key="input-string-too-long",
                           args={"field": self.name, "max_length": self.max_length})
            if self.choices and value not in self.choices:
                return Msg(key="input-one-of",
                           args={"option": self.name, "choices": items(self.choices, "or")})
        return None

    def _number_problem(self, value: object) -> Msg | None:
        whole = self.kind == "int"
        if isinstance(value, bool) or not isinstance(value, int | float) or (
                whole and not isinstance(value, int)):
            key = "input-int-type" if whole else "input-float-type"
            return Msg(key=key, args={"field": self.name})
        low, high = self._range()
        if not low <= value <= high:  # NaN fails both comparisons, infinity one
            return self.out_of_range()
        return None

    def _range(self) -> tuple[float, float]:
        low = DEFAULT_LOWEST if self.min_value is None else self.min_value
        high = DEFAULT_HIGHEST if self.max_value is None else self.max_value
        return low, high

    def out_of_range(self) -> Msg:
        """Say a number option takes numbers from its lowest to its highest."""
        low, high = self._range()
        return Msg(key="input-number-range",
                   args={"field": self.name, "low": _shown(low), "high": _shown(high)})


def _shown(number: float) -> int | float:
    """Return a bound as it reads best: 5, not 5.0."""
    return int(number) if float(number).is_integer() else number


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


__all__ = [
    "DEFAULT_HIGHEST",
    "DEFAULT_LOWEST",
    "DEFAULT_MAX_LENGTH",
    "DISCORD_HIGHEST",
    "DISCORD_MAX_LENGTH",
    "Command",
    "Option",
    "OptionKind",
    "action_command",
]
