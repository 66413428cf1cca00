"""Typed options: `name:value` text read into a command's options, checked and converted.

The console reads every command so; `/rules ruling` reads the action it is asked about so.
Discord delivers options already typed and checks the ranges and caps it was given, but a
forged interaction skips that: every command's typed options are checked again here
(`check`, run by the dispatcher for every transport) against the same declarations.
"""

from __future__ import annotations

import shlex
from collections.abc import Collection
from typing import Any

from bot.errors import bad_input
from bot.surface.entries import Entry, Surface
from bot.text import Said, Words
from rules.core.commands import Option


def split_options(text: str, language: str | None = None,
                  names: Collection[str] | None = None) -> dict[str, str]:
    """Read `name:value name:"two words"` into a dict, as Discord delivers options.

    A value runs to the next `name:` of the command (`names`; without them any
    `word:`), so `keyword:leader split` is one value, quoted or not. BadInput when
    the text starts with a word that names no option.
    """
    try:
        words = shlex.split(text)
    except ValueError:
        raise bad_input("input-unbalanced-quotes").where(language) from None
    out: dict[str, str] = {}
    current: str | None = None
    for word in words:
        name, sep, value = word.partition(":")
        if sep and name and (names is None or name in names or current is None):
            out[name] = value
            current = name
        elif current is not None:
            out[current] = f"{out[current]} {word}" if out[current] else word
        else:
            raise bad_input("input-not-name-value", word=word).where(language)
    return out


def parse_action_text(
    s: Surface, group: str, text: str, language: str | None = None
) -> dict[str, Any]:
    """Read 'order pieces:"U3 L1"' (a subcommand of `group` and its options) into an action."""
    words = text.strip().split(None, 1)
    if not words:
        raise bad_input("input-name-an-action", example=f"{group} ...").where(language)
    name = words[0].lstrip("/")
    if name == group and len(words) > 1:
        words = words[1].split(None, 1)
        name = words[0]
    entry = s.by_action(group, name)
    if entry is None or entry.command.action is None:
        choices = sorted(e.name for e in s.entries.values() if e.group == group
                         and e.command.action)
        raise bad_input("input-not-an-action", name=name, group=group,
                        choices=Said(", ".join(choices))).where(language)
    names = {option.name for option in entry.options}
    options = coerce(entry, split_options(words[1] if len(words) > 1 else "", language, names),
                     language)
    return {"type": entry.command.action, **{k: v for k, v in options.items() if v is not None}}


def coerce(entry: Entry, raw: dict[str, str], language: str | None = None) -> dict[str, Any]:
    """Check typed options against a command and convert them; BadInput on a mistake."""
    known = {o.name: o for o in entry.options}
    out: dict[str, Any] = {}
    for name, value in raw.items():
        option = known.get(name)
        if option is None:
            expected = Said(", ".join(f"{o.name}:" for o in entry.options))
            raise bad_input("input-no-such-option", command=entry.path, option=name,
                            expected=expected or Words.of(language)("input-no-options"),
                            ).where(language)
        out[name] = _typed(option, value, language)
    missing = [o.name for o in entry.options if o.required and o.name not in out]
    if missing:
        raise bad_input("input-needs", command=entry.path,
                        missing=Said(", ".join(f"{m}:" for m in missing))).where(language)
    return out


# A number typed longer than this is out of any option's range: refused unread.
NUMBER_TEXT_MAX = 100


def _typed(option: Option, value: str, language: str | None) -> Any:
    """Convert one typed value, refusing what its declaration does not allow."""
    typed: Any = value
    if option.kind in ("int", "float"):
        text = value if option.kind == "int" else value.rstrip('"').removesuffix("in")
        if len(text) > NUMBER_TEXT_MAX:  # outside the range, whatever it says
            problem = option.out_of_range()
            raise bad_input(problem.key, **problem.args).where(language)
        try:
            typed = int(text) if option.kind == "int" else float(text)
        except ValueError:
            key = "input-int-parsing" if option.kind == "int" else "input-float-parsing"
            raise bad_input(key, field=option.name).where(language) from None
    elif option.kind == "bool":
        return value.lower() in ("1", "true", "yes", "y", "on", "sim", "s")
    _refuse(option, typed, language)
    return typed


def _refuse(option: Option, value: object, language: str | None) -> None:
    """Raise BadInput naming the bound a value breaks (its range, cap or choices)."""
    problem = option.problem(value)
    if problem is not None:
        raise bad_input(problem.key, **problem.args).where(language)


def check(entry: Entry, options: dict[str, Any], language: str | None = None) -> None:
    """Check typed options against a command's declarations, before it runs; BadInput
    for a number outside its range or a text over its cap (measured, never read)."""
    for option in entry.options:
        value = options.get(option.name)
        if value is not None and option.kind in ("int", "float", "str"):
            _refuse(option, value, language)
