"""The catalogues: well-formed Fluent, the same keys in every language, and no key unused.

A key is used when the code names it, when it is the message of something a system
declares (an event class, a step, an action type, a command and its options, a
scenario, a seat), or when it belongs to a family of names the code looks up by
kind (`term("card", ...)` uses every `card-*` key).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fluent.syntax import FluentParser, ast

from bot.text import languages, locales_root
from rules.core.engine import Engine
from rules.core.system import bundled, register, system
from rules.core.text import kebab
from tests.race.engine import SYSTEM as RACE

ROOT = Path(__file__).resolve().parents[2]
register(RACE)
SYSTEMS: list[Engine[Any]] = [system(s) for s in bundled()] + [RACE]


def _file(language: str, sys: Engine[Any] | None) -> Path:
    if sys is None:
        return locales_root() / language / "core.ftl"
    return (sys.locales or locales_root()) / language / f"{sys.id}.ftl"


def _parsed(path: Path) -> ast.Resource:
    return FluentParser().parse(path.read_text(encoding="utf-8"))


def _keys(path: Path) -> set[str]:
    return {e.id.name for e in _parsed(path).body if isinstance(e, ast.Message)}


CATALOGUES = [None, *SYSTEMS]
IDS = ["core", *(s.id for s in SYSTEMS)]


@pytest.mark.parametrize("sys", CATALOGUES, ids=IDS)
def test_every_catalogue_parses_cleanly(sys: Engine[Any] | None) -> None:
    for language in languages():
        junk = [e.content[:60] for e in _parsed(_file(language, sys)).body
                if isinstance(e, ast.Junk)]
        assert junk == [], f"{language}: Fluent could not read {junk}"


@pytest.mark.parametrize("sys", CATALOGUES, ids=IDS)
def test_no_key_is_defined_twice(sys: Engine[Any] | None) -> None:
    # Two messages of one id: Fluent keeps one of them silently, and a refusal showed a
    # fixture line's words (league-fixture-open) until this was checked.
    for language in languages():
        ids = [e.id.name for e in _parsed(_file(language, sys)).body
               if isinstance(e, (ast.Message, ast.Term))]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        assert twice == [], f"{language}: defined twice: {twice}"


@pytest.mark.parametrize("sys", CATALOGUES, ids=IDS)
def test_every_language_has_the_same_keys(sys: Engine[Any] | None) -> None:
    english = _keys(_file("en", sys))
    assert english
    for language in languages():
        theirs = _keys(_file(language, sys))
        assert sorted(english - theirs) == [], f"missing in {language}"
        assert sorted(theirs - english) == [], f"only in {language}"


def test_no_system_redefines_a_core_key() -> None:
    core = _keys(_file("en", None))
    for sys in SYSTEMS:
        assert sorted(_keys(_file("en", sys)) & core) == [], sys.id


def _source(sys: Engine[Any] | None) -> str:
    if sys is None:
        folders = [ROOT / "bot", ROOT / "rules" / "core"]
    else:
        folders = [Path(__import__(type(sys).__module__, fromlist=["_"]).__file__).parent]
    return "\n".join(p.read_text(encoding="utf-8") for f in folders for p in f.rglob("*.py"))


def _declared(sys: Engine[Any]) -> set[str]:
    """Return the keys a system's declarations imply."""
    keys = {"system-title"}
    keys |= {f"scenario-{s.id}" for s in sys.scenarios()}
    keys |= {f"seat-{seat}" for s in sys.scenarios() for seat in s.seats}
    keys |= {f"step-{step}" for step in sys.steps}
    types = {h for h in sys.handlers}
    keys |= {f"action-{t}" for t in types} | {f"button-{kebab(t)}" for t in types}
    group = sys.command_group or sys.id
    keys.add(f"command-{group}")
    for command in sys.commands:
        keys.add(f"command-{group}-{command.name}")
        keys |= {f"command-{group}-{command.name}-{o.name}" for o in command.options}
    if sys.uploads_scenarios:  # bot/surface/system_commands.py declares it for them
        keys |= {f"command-{group}-scenario", f"command-{group}-scenario-upload"}
    if sys.uploads_datasheets:  # and /<group> datasheets for those that keep datasheets
        keys |= {f"command-{group}-datasheets", f"command-{group}-datasheets-upload",
                 f"command-{group}-datasheets-remove"}
    events = sys.event_types.json_schema().get("$defs", {})
    keys |= {f"event-{kebab(name)}" for name in events}
    for definition in events.values():
        kind = definition.get("properties", {}).get("type", {}).get("const")
        if isinstance(kind, str):
            keys.add(f"event-{kebab(kind)}")
    return keys


def _used(key: str, source: str, declared: set[str]) -> bool:
    if key in declared or f'"{key}"' in source or f"'{key}'" in source:
        return True
    # Input checks name their error type; the bot words it as `input-<type>`.
    if key.startswith("input-") and re.search(
            rf'PydanticCustomError\(\s*"{re.escape(key.removeprefix("input-"))}"', source):
        return True
    # A family the code looks up by kind or by a prefix it completes at run time.
    for cut in range(key.count("-"), 0, -1):
        prefix = key.rsplit("-", cut)[0]
        kind = prefix
        if (f'term("{kind}"' in source or f'Named("{kind}")' in source
                or f'kind="{kind}"' in source or f'"{prefix}-' in source
                or re.search(rf'f"{re.escape(prefix)}-\{{', source)):
            return True
    return False


@pytest.mark.parametrize("sys", CATALOGUES, ids=IDS)
def test_no_key_is_unused(sys: Engine[Any] | None) -> None:
    source = _source(sys)
    declared = _declared(sys) if sys is not None else set()
    # A system may name the turn message's button to a player's controls; the bot looks
    # it up in every system's catalogue (bot/service/boards.py, panel_button).
    declared.add("controls-button")
    if sys is None:
        # Core's own words: bot code, the skeleton, and the command surface of /game,
        # /rules and /league (declared in bot/surface/*_commands.py).
        from bot.surface.dispatch import build

        for entry in build(()).entries.values():
            declared.add(f"command-{entry.group}")
            declared.add(f"command-{entry.group}-{entry.name}")
            declared |= {f"command-{entry.group}-{entry.name}-{o.name}" for o in entry.options}
    unused = sorted(k for k in _keys(_file("en", sys)) if not _used(k, source, declared))
    assert unused == []


@pytest.mark.parametrize("sys", SYSTEMS, ids=[s.id for s in SYSTEMS])
def test_every_declared_thing_has_its_words(sys: Engine[Any]) -> None:
    keys = _keys(_file("en", sys)) | _keys(_file("en", None))
    needed = {k for k in _declared(sys) if not k.startswith(("button-", "event-"))}
    assert sorted(needed - keys) == []


# A command as texts name it: `/group name` and the `option:` words typed after it.
MENTION = re.compile(r"`/([a-z0-9]+) ([a-z0-9]+)((?: [a-z_]+:[^`\s]*)*)`")


def test_every_command_a_text_names_exists_with_those_options() -> None:
    """Prompts, refusals and help name commands players type: each must be declared."""
    from bot.surface.dispatch import surface

    entries = surface().entries
    wrong = []
    seen = 0
    texts = [*(ROOT / "data" / "locales").rglob("*.ftl"), *(ROOT / "data" / "rules").glob("*.toml")]
    for path in sorted(texts):
        for found in MENTION.finditer(path.read_text(encoding="utf-8")):
            seen += 1
            group, name, options = found.groups()
            entry = entries.get(f"{group} {name}")
            if entry is None:
                wrong.append(f"{path.name}: /{group} {name}")
                continue
            known = {o.name for o in entry.options}
            for option in re.findall(r" ([a-z_]+):", options):
                if option not in known:
                    wrong.append(f"{path.name}: /{group} {name} {option}:")
    assert seen > 50  # the texts do name commands: the pattern finds them
    assert wrong == []
